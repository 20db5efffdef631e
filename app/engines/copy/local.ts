import type { Technique } from "~/domain/blueprint/schema";
import type { Brief } from "~/domain/brief/schema";
import { CopyDocSchema, type CopyDoc } from "~/domain/copy/schema";
import { estimateUsage } from "../prompts/usage";
import { composeCopy } from "./compose";
import { cap, productCase } from "./names";
import type { CopyEngine, CopyInput, CopyResult } from "./port";
import { WORDING } from "./wording";

export { SUBJECT_MAX } from "./compose";

/**
 * The name at the top of the email when the prompt gives no brand: the occasion, else a plain
 * heading for the type in the email's language — never an invented brand ("Our shop").
 */
export function masthead(brief: Brief, techniques: readonly Technique[] = []): string {
  const lang = brief.language.frame;
  // An event email with a survey is the follow-up: "Your feedback", not "Event".
  const type = brief.emailType.value === "event" && techniques.includes("survey") ? "feedback" : brief.emailType.value;
  const occasion = brief.occasion.named?.value.trim();
  return brief.brand?.value ?? (occasion ? (lang === "en" ? productCase(occasion) : cap(occasion)) : WORDING[lang].masthead[type]);
}

/** The local copy: composed from the brief alone (docs/decisions/018). */
export function writeLocalCopy(input: Pick<CopyInput, "brief" | "techniques">): CopyDoc {
  const techniques = input.techniques.length > 0 ? input.techniques : (["tabs"] as Technique[]);
  return composeCopy(input.brief, techniques);
}

export class LocalCopyEngine implements CopyEngine {
  readonly kind = "local" as const;
  async write(input: CopyInput): Promise<CopyResult> {
    const copyDoc = writeLocalCopy(input);
    const parsed = CopyDocSchema.safeParse(copyDoc);
    const usage = estimateUsage(input.prompt, JSON.stringify(copyDoc));
    if (!parsed.success)
      return {
        ok: false,
        error: `Local copy failed its own schema: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
        usage,
      };
    return { ok: true, copyDoc: parsed.data, usage };
  }
}
