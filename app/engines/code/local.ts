import { render } from "~/domain/render";
import { estimateUsage } from "../prompts/usage";
import type { CodeEngine, CodeInput, CodeResult } from "./port";

/** The renderer is the local code engine: deterministic HTML per docs/email-markup.md. Examples are not needed. */
export class LocalCodeEngine implements CodeEngine {
  readonly kind = "local" as const;
  async generate(input: CodeInput): Promise<CodeResult> {
    const json = JSON.stringify(input.blueprint);
    const out = render(input.blueprint);
    if (!out.ok) {
      return {
        ok: false,
        error: `Blueprint is not renderable: ${out.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
        issues: out.issues,
        usage: estimateUsage(json, ""),
      };
    }
    return { ok: true, html: out.html, usage: estimateUsage(json, out.html) };
  }
}
