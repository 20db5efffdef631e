import { cleanPhrase } from "./text";
import type { PromptQuestion } from "./types";

/**
 * Survey and quiz questions the prompt spells out: "ask: how did you hear about us? options:
 * friend, ad, search", "Q1: Which roast do you prefer? (light, medium, dark)". A question is the
 * text before a "?" back to its trigger or the previous sentence end; its options follow it.
 */

const MAX_QUESTIONS = 10;
const MAX_QUESTION_CHARS = 200;
const MAX_OPTIONS = 8;
const MAX_OPTION_CHARS = 60;
/** Text read for questions. */
const QUESTION_SAMPLE_CHARS = 4_000;

/** Words that introduce a question rather than belong to it ("ask", "and asking them"). */
const LEAD_IN = /^(?:(?:and|then|also)\s+)?(?:ask(?:ing|s)?(?:\s+(?:them|people|users|guests|customers|readers))?|q\d{1,2}|questions?\s*\d{0,2})\s*[:\-–—]?\s*/i;

/** The start of a question's sentence: after the last ".", "!", ";", ":" or line break before it. */
function sentenceStart(before: string): number {
  let at = 0;
  for (const mark of [". ", "! ", ";", ":", "\n"]) {
    const i = before.lastIndexOf(mark);
    if (i >= 0) at = Math.max(at, i + mark.length);
  }
  return at;
}

/** The options after a question: "options: a, b, c", "(a, b or c)", "— a, b or c", ": a / b / c". */
const OPTIONS = /^\s*(?:\((?<paren>[^)]{1,400})\)|(?:options?|choices?|answers?|choix|opciones|optionen|opções|opzioni|réponses|respuestas|antworten)\s*(?:are|:|-|–)?\s*(?<list>[^?\n]{1,400}?)(?=[.;\n]|\s+(?:q\d|ask|question)\b|$)|[—–-]\s*(?<dash>[^?\n]{1,400}?)(?=[.;\n]|$))/i;

function splitOptions(list: string): string[] {
  return list
    .split(/\s*(?:,|\/|\|\s*|\s+or\s+|\s+ou\s+|\s+o\s+|\s+oder\s+|\s+of\s+)\s*/i, MAX_OPTIONS * 2)
    .map(cleanPhrase)
    .filter((o) => o.length > 0 && o.length <= MAX_OPTION_CHARS)
    .slice(0, MAX_OPTIONS);
}

function capitalise(s: string): string {
  return s.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

export function extractQuestions(prompt: string): PromptQuestion[] {
  const text = prompt.slice(0, QUESTION_SAMPLE_CHARS);
  const out: PromptQuestion[] = [];
  let from = 0;
  for (let end = text.indexOf("?"); end >= 0 && out.length < MAX_QUESTIONS; end = text.indexOf("?", end + 1)) {
    // The question's wording: at most MAX_QUESTION_CHARS before its "?", after its trigger.
    const windowStart = Math.max(from, end - MAX_QUESTION_CHARS);
    const before = text.slice(windowStart, end);
    const wording = cleanPhrase(before.slice(sentenceStart(before)).trim().replace(LEAD_IN, ""));
    from = end + 1;
    if (!wording || wording.split(/\s+/).length < 2) continue;
    // "which roast do you prefer — light, medium or dark?": the options inside the question.
    const inline = /^(.+?)\s+[—–-]\s+(.+)$/.exec(wording);
    const inlineOptions = inline ? splitOptions(inline[2]) : [];
    if (inline && inlineOptions.length >= 2) {
      out.push({ text: `${capitalise(cleanPhrase(inline[1]))}?`, options: inlineOptions });
      continue;
    }
    const after = text.slice(end + 1, end + 1 + 420);
    const m = OPTIONS.exec(after);
    const list = m?.groups?.paren ?? m?.groups?.list ?? m?.groups?.dash;
    const options = list ? splitOptions(list) : [];
    if (m && options.length >= 2) from = end + 1 + m[0].length;
    out.push({ text: `${capitalise(wording)}?`, options: options.length >= 2 ? options : [] });
  }
  return out;
}
