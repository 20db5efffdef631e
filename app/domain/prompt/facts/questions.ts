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
const LEAD_IN =
  /^(?:(?:and|then|also)\s+)?(?:ask(?:ing|s)?(?:\s+(?:them|people|users|guests|customers|readers))?|q\d{1,2}|questions?\s*\d{0,2})\s*[:\-–—]?\s*/i;

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
const OPTIONS =
  /^\s*(?:\((?<paren>[^)]{1,400})\)|(?:options?|choices?|answers?|choix|opciones|optionen|opções|opzioni|réponses|respuestas|antworten)\s*(?:are|:|-|–)?\s*(?<list>[^?\n]{1,400}?)(?=[.;\n]|\s+(?:q\d|ask|question)\b|$)|[—–-]\s*(?<dash>[^?\n]{1,400}?)(?=[.;\n]|$))/i;

// ", or C" is one separator: the "or" is not part of the option.
const OPTION_SEPARATOR = /\s*(?:,(?:\s*(?:or|ou|o|oder)\s)?|\/|\|\s*|\s+or\s+|\s+ou\s+|\s+o\s+|\s+oder\s+|\s+of\s+)\s*/i;
/** A full reading also splits "A, B and C" in the six frame languages ("y", "e", "und", "et"). */
const OPTION_SEPARATOR_FULL =
  /\s*(?:,(?:\s*(?:or|ou|o|oder|and|y|e|und|et)\s)?|\/|\|\s*|\s+or\s+|\s+ou\s+|\s+o\s+|\s+oder\s+|\s+of\s+|\s+y\s+|\s+e\s+|\s+und\s+|\s+et\s+|\s+and\s+)\s*/i;

/** A list of options is joined by "or" in the frame languages. */
const OR_WORD = /\s(?:or|ou|o|oder)\s/i;

function splitOptions(list: string, maxOptions = MAX_OPTIONS): string[] {
  return list
    .split(maxOptions > MAX_OPTIONS ? OPTION_SEPARATOR_FULL : OPTION_SEPARATOR, maxOptions * 2)
    .map(cleanPhrase)
    .filter((o) => o.length > 0 && o.length <= MAX_OPTION_CHARS)
    .slice(0, maxOptions);
}

function capitalise(s: string): string {
  return s.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

export function extractQuestions(prompt: string): PromptQuestion[] {
  return questionMentions(prompt, { maxOptions: MAX_OPTIONS }).map((q) => ({ text: q.text, options: q.options.map((o) => o.text) }));
}

export interface OptionMention {
  text: string;
  /** Where the option's words start in the text read (-1 when the option was spelled out from a scale). */
  index: number;
}

export interface QuestionMention {
  text: string;
  /** Where the question's wording starts in the text read. */
  index: number;
  options: OptionMention[];
  /** A numeric scale ("(0–10)", "from 1 to 5"): its options are every step, min..max. */
  scale?: { min: number; max: number; index: number; text: string };
}

/** The most options a full reading keeps (an 0–10 scale has eleven). */
export const MAX_FULL_OPTIONS = 20;
/** The widest scale spelled out as options. */
const MAX_SCALE_STEPS = 11;

/**
 * A numeric scale next to a question, in the six frame languages: "(0–10)", "0-10", "1 to 5",
 * "on a scale of 1-10", "de 0 à 10", "von 1 bis 5", "da 1 a 10", "de 1 a 5".
 */
const SCALE =
  /(?:\(\s*|\b(?:on a |sur une |en una |auf einer |numa |su una )?(?:scale|échelle|escala|skala|scala)(?: of| de| von| da| di)?\s*|\b(?:from|de|von|da|entre)\s+)?(?<![\d.,])(\d{1,2})\s*(?:[–—-]|to|à|a|bis|al?|et|e|y|und)\s*(\d{1,2})(?![\d.,%€$£])(?:\s*\))?/iu;

function scaleIn(text: string, offset: number): QuestionMention["scale"] | undefined {
  const m = SCALE.exec(text);
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = Number(m[2]);
  if (!(max > min) || max - min + 1 > MAX_SCALE_STEPS || min > 1) return undefined;
  return { min, max, index: offset + m.index, text: m[0] };
}

function scaleOptions(scale: NonNullable<QuestionMention["scale"]>): OptionMention[] {
  const out: OptionMention[] = [];
  for (let n = scale.min; n <= scale.max; n++) out.push({ text: String(n), index: -1 });
  return out;
}

/** Where each option occurs in the list it was split from. */
function placed(options: string[], list: string, listIndex: number): OptionMention[] {
  let from = 0;
  const lower = list.toLowerCase();
  return options.map((o) => {
    const at = lower.indexOf(o.toLowerCase(), from);
    if (at >= 0) from = at + o.length;
    return { text: o, index: at >= 0 ? listIndex + at : -1 };
  });
}

/**
 * A question asked without "?" and its options after a colon or a dash: "which feature do you use
 * most: Reports, Dashboards or Alerts", "quelle fonctionnalité utilisez-vous le plus : A, B ou C",
 * "a poll asking which night suits you — Thursday or Friday".
 */
const COLON_QUESTION =
  /\b((?:which|what|how|who|where|when|do you|are you|would you|quel(?:le)?s?|comment|combien|cu[aá]l(?:es)?|qu[eé]|c[oó]mo|welche[rsnm]?|was|wie|qual|quais|como|quale|quali|che|come)\b[^:?.!\n—–]{3,160}?)\s*(?::|\s[—–])\s*([^:?.!\n]{2,400}?)(?=[.;!\n]|$)/giu;

/** A short list right after a question, up to its sentence's end: "clock, weather or notes." */
const BARE_LIST = /^\s*([^?.!;:\n()]{3,120}?)\s*(?:[.!;\n]|$)/u;

/** Words that open a question in the six frame languages. */
const ASKING =
  /(?:^|[\s(])(¿?(?:which|what|how|who|where|when|do you|are you|would you|quel(?:le)?s?|comment|combien|cu[aá]l(?:es)?|qu[eé]|c[oó]mo|welche[rsnm]?|was|wie|qual|quais|como|quale|quali|che|come)(?![\p{L}])[^:?.!;\n]{3,160})$/iu;

/** The question a colon ends ("…: Which module helped most:" → "Which module helped most"), if the words before it ask one. */
function askedBeforeColon(before: string): { text: string; index: number } | undefined {
  const head = before.replace(/\s*:\s*$/, "");
  if (head.length === before.length) return undefined;
  const m = ASKING.exec(head.slice(-170));
  if (!m) return undefined;
  const text = cleanPhrase(m[1]!.replace(LEAD_IN, ""));
  if (text.split(/\s+/).length < 2) return undefined;
  return { text, index: Math.max(0, head.length - 170) + m.index + m[0].length - m[1]!.length };
}

export function questionMentions(prompt: string, { maxOptions = MAX_FULL_OPTIONS, full = false } = {}): QuestionMention[] {
  const text = prompt.slice(0, QUESTION_SAMPLE_CHARS);
  const out: QuestionMention[] = [];
  let from = 0;
  for (let end = text.indexOf("?"); end >= 0 && out.length < MAX_QUESTIONS; end = text.indexOf("?", end + 1)) {
    // The question's wording: at most MAX_QUESTION_CHARS before its "?", after its trigger.
    const windowStart = Math.max(from, end - MAX_QUESTION_CHARS);
    const before = text.slice(windowStart, end);
    const rawWording = before.slice(sentenceStart(before)).trim().replace(LEAD_IN, "");
    const wording = cleanPhrase(rawWording);
    const wordingIndex = windowStart + Math.max(0, before.toLowerCase().lastIndexOf(wording.toLowerCase()));
    from = end + 1;
    if (!wording || wording.split(/\s+/).length < 2) continue;
    // "which roast do you prefer — light, medium or dark?": the options inside the question.
    const inline = /^(.+?)\s+[—–-]\s+(.+)$/.exec(wording);
    const inlineOptions = inline ? splitOptions(inline[2], maxOptions) : [];
    if (inline && inlineOptions.length >= 2) {
      out.push({
        text: `${capitalise(cleanPhrase(inline[1]))}?`,
        index: wordingIndex,
        options: placed(inlineOptions, wording, wordingIndex),
      });
      continue;
    }
    // "thé, café ou chocolat ?", "still want emails? yes / less often / no": the question is its
    // own list of short options, or a slash list follows it.
    const own = OR_WORD.test(wording) ? splitOptions(wording, maxOptions) : [];
    if (own.length >= 2 && own.every((o) => o.split(/\s+/).length <= 3)) {
      // "Which module helped most: Budgeting, Investing or Taxes?": the words before the colon ask.
      const asked = askedBeforeColon(before.slice(0, sentenceStart(before)));
      const askedIndex = asked ? windowStart + asked.index : wordingIndex;
      out.push({ text: `${capitalise(asked?.text ?? wording)}?`, index: askedIndex, options: placed(own, wording, wordingIndex) });
      continue;
    }
    const after = text.slice(end + 1, end + 1 + 420);
    const slash = /^\s*([^.;?!\n]{1,200})/.exec(after)?.[1] ?? "";
    const slashOptions = slash.includes("/") && !slash.includes("://") ? slash.split("/").map(cleanPhrase) : [];
    if (slashOptions.length >= 2 && slashOptions.length <= maxOptions && slashOptions.every((o) => o && o.split(/\s+/).length <= 4)) {
      from = end + 1 + slash.length;
      out.push({
        text: `${capitalise(wording)}?`,
        index: wordingIndex,
        options: placed(slashOptions, slash, end + 1 + after.indexOf(slash)),
      });
      continue;
    }
    // "favorite widget? clock, weather or notes": a bare list of short options after the question, to its sentence's end.
    const bare = BARE_LIST.exec(after);
    const bareOptions = bare && OR_WORD.test(` ${bare[1]} `) && !bare[1]!.includes("://") ? splitOptions(bare[1]!, maxOptions) : [];
    if (bareOptions.length >= 2 && bareOptions.every((o) => o.split(/\s+/).length <= 3 && !/\d/.test(o))) {
      from = end + 1 + bare![0].length;
      out.push({
        text: `${capitalise(wording)}?`,
        index: wordingIndex,
        options: placed(bareOptions, bare![1]!, end + 1 + bare![0].indexOf(bare![1]!)),
      });
      continue;
    }
    const m = OPTIONS.exec(after);
    const list = m?.groups?.paren ?? m?.groups?.list ?? m?.groups?.dash;
    // "réponses sur https://…" says where to answer, not what.
    const options = list && !/:\/\//.test(list) ? splitOptions(list, maxOptions) : [];
    const scale = full ? (scaleIn(wording, wordingIndex) ?? (m?.groups?.paren ? scaleIn(m[0], end + 1) : undefined)) : undefined;
    if (m && (options.length >= 2 || scale)) from = end + 1 + m[0].length;
    const listIndex = list && m ? end + 1 + m.index + m[0].indexOf(list) : -1;
    const question: QuestionMention = {
      text: `${capitalise(wording)}?`,
      index: wordingIndex,
      options: scale ? scaleOptions(scale) : options.length >= 2 && list ? placed(options, list, listIndex) : [],
    };
    if (scale) question.scale = scale;
    out.push(question);
  }
  if (!full) return out;
  // Questions without "?": a scale after the wording, or options after a colon.
  COLON_QUESTION.lastIndex = 0;
  for (let m = COLON_QUESTION.exec(text); m && out.length < MAX_QUESTIONS; m = COLON_QUESTION.exec(text)) {
    const index = m.index;
    if (out.some((q) => Math.abs(q.index - index) < 3 || (index >= q.index && index < q.index + q.text.length))) continue;
    const options = splitOptions(m[2], maxOptions);
    if (options.length < 2) continue;
    const wording = cleanPhrase(m[1]);
    out.push({ text: capitalise(wording), index, options: placed(options, m[2], index + m[0].indexOf(m[2], m[1].length)) });
  }
  const SCALE_QUESTION =
    /\b((?:how likely|how satisfied|how would you rate|rate (?:us|your)|quelle est la probabilité|recommanderiez|qu'elle probabilité|qué probabilidad|recomendarías|wie wahrscheinlich|weiterempfehlen|qual a probabilidade|recomendaria|quanto è probabile|consiglieresti)[^?.!\n]{0,160}?)\s*\(?\s*(\d{1,2})\s*(?:[–—-]|to|à|a|bis|al?)\s*(\d{1,2})\s*\)?/giu;
  for (let m = SCALE_QUESTION.exec(text); m && out.length < MAX_QUESTIONS; m = SCALE_QUESTION.exec(text)) {
    const index = m.index;
    if (out.some((q) => index >= q.index - 2 && index <= q.index + q.text.length)) continue;
    const scale = scaleIn(m[0].slice(m[1].length), index + m[1].length);
    if (!scale) continue;
    out.push({ text: capitalise(cleanPhrase(m[1])), index, options: scaleOptions(scale), scale });
  }
  return out.sort((a, b) => a.index - b.index);
}
