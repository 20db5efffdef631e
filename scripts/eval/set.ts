// The prompt set file on disk: the default set of the CLIs and reading a set file. The schema and
// the parser are app/domain/eval/prompt-set.ts, shared with the admin pages' eval runner.
import fs from "node:fs";
import { type PromptSet, parsePromptSet } from "../../app/domain/eval/prompt-set";

/** The set the CLIs use when none is named. */
export const DEFAULT_PROMPT_SET = "scripts/eval/prompts.v4.json";

export function loadPromptSet(file: string): { ok: true; set: PromptSet } | { ok: false; error: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    return { ok: false, error: `cannot read ${file}: ${e instanceof Error ? e.message : String(e)}` };
  }
  return parsePromptSet(text, file);
}
