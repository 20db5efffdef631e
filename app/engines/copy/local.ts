import type { Technique } from "~/domain/blueprint/schema";
import { readPrompt } from "~/domain/brief/read";
import { CopyDocSchema, type CopyDoc } from "~/domain/copy/schema";
import type { PromptFacts } from "~/domain/prompt/facts";
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
export function masthead(facts: PromptFacts, techniques: readonly Technique[] = []): string {
  const lang = facts.language?.frame ?? "en";
  // An event email with a survey is the follow-up: "Your feedback", not "Event".
  const type = facts.emailType === "event" && techniques.includes("survey") ? "feedback" : facts.emailType;
  const occasion = facts.occasion?.trim();
  return facts.brand ?? (occasion ? (lang === "en" ? productCase(occasion) : cap(occasion)) : WORDING[lang].masthead[type]);
}

/** The local copy: composed from the brief (read from the prompt when the caller has none). */
export function writeLocalCopy(input: CopyInput): CopyDoc {
  const brief = input.brief ?? readPrompt(input.prompt, input.emailType).brief;
  const techniques = input.techniques.length > 0 ? input.techniques : (["tabs"] as Technique[]);
  return composeCopy(brief, techniques, { prompt: input.prompt });
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
