// The brief reader: a prompt read once into a Brief (docs/brief.md). Layout first (./layout), one
// token stream (./tokens), a role for every block and clause (./roles), relations from the layout
// (./fields), then the brief with what it leaves unused.
import type { Brief, Span } from "~/domain/brief/schema";
import { detectLanguage } from "./language";
import { readPromptBrief } from "./read";
import { cuesFor } from "./cues";
import { layoutOf } from "./layout";
import { readSource, rawSpan } from "./source";
import { lineTokens } from "./tokens";

export interface ReadOptions {
  /** The caller's email type, when it gives one. */
  emailType?: string | null;
}

export function readBrief(prompt: string, options: ReadOptions = {}): Brief {
  return readPromptBrief(prompt, options.emailType);
}

export type PromptTokenKind = "money" | "percent" | "date" | "url" | "email" | "code" | "name";

/** A fact-like token of the prompt as written: what any reading of it must use or list as not used. */
export interface PromptToken {
  kind: PromptTokenKind;
  text: string;
  span: Span;
}

/** The prompt's fact-like tokens (money, percents, dates, URLs, email addresses, codes, names), in order. */
export function promptTokens(prompt: string): PromptToken[] {
  const src = readSource(prompt);
  const lang = detectLanguage(src.text).code;
  const cues = cuesFor(lang);
  const out: PromptToken[] = [];
  for (const line of layoutOf(src.text, lang, cues.cues)) {
    const { tokens, words } = lineTokens(src.text, line, lang, cues.cues);
    for (const t of tokens) {
      if (t.kind === "number" || t.kind === "quoted") continue;
      out.push({ kind: t.kind, text: src.text.slice(t.start, t.end), span: rawSpan(src, t.start, t.end) });
    }
    // Names: runs of capitalised words that are not the line's first word alone and no other token's.
    let run: typeof words = [];
    const flush = () => {
      if (run.length > 0 && !(run.length === 1 && run[0].start === line.body.start)) {
        const start = run[0].start;
        const end = run[run.length - 1].end;
        if (!tokens.some((t) => start < t.end && t.start < end))
          out.push({ kind: "name", text: src.text.slice(start, end), span: rawSpan(src, start, end) });
      }
      run = [];
    };
    for (const w of words) {
      if (w.capital && !w.numeric && !cues.cues.notNames.includes(w.folded)) run.push(w);
      else flush();
    }
    flush();
  }
  return out;
}
