import type { LlmClient } from "~/adapters/llm/port";
import { REFINE_PROMPT_VERSION, REFINE_SYSTEM, RefineOutputSchema, refinePrompt } from "../prompts/refine";
import { fromLlmUsage } from "../prompts/usage";
import { extractHtml } from "../code/llm";
import type { RefineEngine, RefineResult } from "./port";

/** The model edits the HTML and says what it applied and what not; the caller runs the auto-fixes. */
export class LlmRefineEngine implements RefineEngine {
  readonly kind = "llm" as const;
  constructor(private readonly client: LlmClient) {}

  async refine(html: string, instructions: string): Promise<RefineResult> {
    const r = await this.client.completeJson({
      role: "refine",
      system: REFINE_SYSTEM,
      prompt: refinePrompt({ html, instructions }),
      schema: RefineOutputSchema,
      schemaName: "RefineResult",
      promptVersion: REFINE_PROMPT_VERSION,
      maxTokens: 16_000,
    });
    const usage = fromLlmUsage(r.usage);
    if (!r.ok) return { ok: false, error: `Refine model failed (${r.error.kind}): ${r.error.message}`, usage };
    // A full document must come back as one; a fragment may come back as a fragment.
    const wholeDocument = /<html[\s>]/i.test(html);
    const edited = wholeDocument ? extractHtml(r.value.html) : r.value.html.trim();
    if (!edited) return { ok: false, error: "Refine model returned no complete HTML document", usage };
    return { ok: true, html: edited, applied: r.value.applied, notApplied: r.value.notApplied, usage };
  }
}
