// A brief as its writer laid it out: lines, bullet and numbered items, `Label: value` lines, a
// heading line that governs the lines under it ("Products:", "Tabs: …"), table rows, paragraphs;
// and inside each line its sentences (Intl.Segmenter), never cut after a day number, an ordinal or
// an abbreviation ("am 21. Juni", "Dr. Weber", "approx. 200"). Linear in the text.
import type { Cues } from "./cues/types";
import { fold, wordsOf } from "./tokens/words";

export type LineKind = "bullet" | "numbered" | "label" | "heading" | "row" | "text" | "rule";

export interface Range {
  start: number;
  end: number;
}

export interface Line extends Range {
  index: number;
  kind: LineKind;
  /** The line's content: after its marker and label. */
  body: Range;
  /** "Offer" of "Offer: 20% off"; a heading's words. */
  label?: Range;
  /** Which paragraph (blank-line separated group) it is in. */
  paragraph: number;
  /** The heading line that governs it. */
  parent?: number;
  /** A table row's cells. */
  cells?: Range[];
  /** Its sentences (a bullet or label value is usually one). */
  sentences: Range[];
}

/** The longest label of a `Label: value` line, in words and characters. */
const LABEL_MAX_WORDS = 5;
const LABEL_MAX_CHARS = 40;
/** Lines read; a brief is a page, this is a hundred. */
export const MAX_LINES = 400;

const BULLET = /^[ \t]*(?:[-*•·▪◦‣⁃–—>+]|\p{Extended_Pictographic}\uFE0F?|☐|☑|✅|✔️?|✓)[ \t]+/u;
const NUMBERED = /^[ \t]*(?:\d{1,2}|[a-hA-H]|[ivxIVX]{1,4})[.)][ \t]+/;
const HEADING_MARK = /^[ \t]*#{1,6}[ \t]+/;
/** A table's separator row ("|---|:---:|"). */
const TABLE_RULE = /^[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*(?::?-{2,}:?)?[ \t]*$/;
const RULE = /^[ \t]*(?:[-=_*~]{3,}|-{2,}[ \t]*[\p{L} ]{0,40}[ \t]*-{2,})[ \t]*$/u;

const segmenters = new Map<string, Intl.Segmenter>();
function sentenceSegmenter(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    s = new Intl.Segmenter(lang, { granularity: "sentence" });
    segmenters.set(lang, s);
  }
  return s;
}

/** The words that tell a full stop inside a sentence from its end. */
interface KnownWords {
  abbreviations: ReadonlySet<string>;
  functionWords: ReadonlySet<string>;
  months: ReadonlySet<string>;
}

/** Whether a sentence the segmenter ended goes on: it ended at a day number, an ordinal, an initial or an abbreviation. */
function goesOn(before: string, after: string, known: KnownWords): boolean {
  const { abbreviations, functionWords, months } = known;
  const t = before.trimEnd();
  // A quotation goes on until it is closed: "… "Da 0 a 10, quanto è probabile …?" + campo libero".
  const straight = (t.match(/"/g) ?? []).length;
  const opened = (t.match(/[«“„]/g) ?? []).length - (t.match(/[»”]/g) ?? []).length;
  if (straight % 2 === 1 || opened > 0) return true;
  // 'Quiz "¿Qué vino eres?" para la newsletter…': a quoted question inside a sentence.
  const next = /^\s*(\p{Ll}+)/u.exec(after)?.[1];
  if (/[?!？！]["»”']$/u.test(t) && next && functionWords.has(next)) return true;
  if (!t.endsWith(".")) return false;
  if (/^\p{Ll}|^\d/u.test(after.trimStart())) return true;
  const words = wordsOf(t.slice(-24));
  const last = words[words.length - 1];
  if (!last) return false;
  // A day or an ordinal ("am 21. Juni"), never an amount ("Kenya AA $21. Free shipping…") nor the day after its month ("closes December 31. Donate").
  const dayAfterMonth = months.has(words[words.length - 2]?.folded ?? "");
  if (last.numeric && last.text.length <= 2 && !dayAfterMonth && !/[$€£¥₹][\s\u00a0]?\d{1,2}\.$/u.test(t)) return true;
  // An initial ("J. Smith") or a piece of a two-part abbreviation ("z. B.", "p. ex.").
  if (last.text.length === 1) return true;
  const tail = fold(t.slice(0, -1).slice(-12));
  for (const a of abbreviations) if (tail === a || tail.endsWith(` ${a}`) || tail.endsWith(`(${a}`)) return true;
  return false;
}

/** A full stop the segmenter reads on through because the next sentence opens with a price or a number ("Kenya. $25 funds…", "6,50 €. -20 % sur tout"). */
const STOP_BEFORE_FIGURE = /[.!]\s+(?=[-−]?[$€£¥₹\d])/gu;
/** How far back the word before such a stop is looked for. */
const WORD_BEFORE_STOP_CHARS = 32;

/** The segmenter's sentence, cut again where a sentence ends before a figure; never after an abbreviation. */
function cutBeforeFigures(text: string, range: Range, abbreviations: ReadonlySet<string>): Range[] {
  const out: Range[] = [];
  let from = range.start;
  const raw = text.slice(range.start, range.end);
  STOP_BEFORE_FIGURE.lastIndex = 0;
  for (let m = STOP_BEFORE_FIGURE.exec(raw); m; m = STOP_BEFORE_FIGURE.exec(raw)) {
    // A word ("Kenya."), a bracket or an amount ("Bags ($59). 20% off", "6,50 €.") ends the sentence; an abbreviation does not.
    const word = /(?:\p{L}{3,}|[)\]»”"$€£¥₹]|\d)$/u.exec(raw.slice(Math.max(0, m.index - WORD_BEFORE_STOP_CHARS), m.index))?.[0];
    if (!word || abbreviations.has(fold(word))) continue;
    const stop = range.start + m.index + 1;
    out.push({ start: from, end: stop });
    from = range.start + m.index + m[0].length;
  }
  out.push({ start: from, end: range.end });
  return out;
}

/** The sentences of a range of text. */
function sentencesOf(text: string, range: Range, lang: string, known: KnownWords): Range[] {
  const body = text.slice(range.start, range.end);
  const out: Range[] = [];
  for (const seg of sentenceSegmenter(lang).segment(body)) {
    const start = range.start + seg.index;
    const end = start + seg.segment.trimEnd().length;
    const prev = out[out.length - 1];
    if (prev && goesOn(text.slice(prev.start, prev.end), seg.segment, known)) prev.end = end;
    else if (end > start) out.push({ start, end });
  }
  return out.flatMap((s) => cutBeforeFigures(text, s, known.abbreviations));
}

/** Whether the words list short answers ("Budgeting, Investing or Taxes"). */
function listsAnswers(value: string, joints: ReadonlySet<string>): boolean {
  const parts = value
    .split(/[,/;]/)
    .flatMap((p) => {
      const words = wordsOf(p);
      const cuts = words.flatMap((w, i) => (joints.has(w.folded) ? [i] : []));
      return cuts.length === 0 ? [words.length] : [cuts[0], ...cuts.map((c, k) => (cuts[k + 1] ?? words.length) - c - 1)];
    })
    .filter((n) => n > 0);
  return parts.length >= 2 && parts.every((n) => n <= 4);
}

function labelOf(text: string, start: number, end: number, joints: ReadonlySet<string>): Range | undefined {
  const line = text.slice(start, end);
  const colon = line.search(/[:：]/);
  if (colon <= 0 || colon > LABEL_MAX_CHARS * 3) return undefined;
  const label = line.slice(0, colon);
  // "Which module helped most: Budgeting, Investing or Taxes?" is a question with its options;
  // "NPS survey for Acme: how likely are you to recommend us?" a label and its question.
  if (/[?？]\s*$/u.test(line) && wordsOf(label).length >= 3 && listsAnswers(line.slice(colon + 1).replace(/[?？]\s*$/u, ""), joints))
    return undefined;
  const next = line[colon + 1];
  // "10:30", "https://", "Re:" of a reply stay as they are; a label is a few words.
  if (next !== undefined && next !== " " && next !== "\t") return undefined;
  // "Modules (make these an expandable list, one per module):": what the brackets say is the label's too.
  const outside = label.replace(/\([^()]{0,120}\)/g, " ");
  if (outside.trim().length > LABEL_MAX_CHARS) return undefined;
  if (!/\p{L}/u.test(outside) || /[.!?,;()]/.test(outside.replace(/\.$/, ""))) return undefined;
  const words = wordsOf(outside);
  if (words.length === 0 || words.length > LABEL_MAX_WORDS) return undefined;
  const lead = label.length - label.trimStart().length;
  return { start: start + lead, end: start + label.trimEnd().length };
}

function cellsOf(text: string, start: number, end: number): Range[] | undefined {
  const line = text.slice(start, end);
  const sep = line.includes("\t") ? "\t" : line.split("|").length >= 3 ? "|" : undefined;
  if (!sep) return undefined;
  const out: Range[] = [];
  let at = start;
  for (const part of line.split(sep)) {
    const lead = part.length - part.trimStart().length;
    const s = at + lead;
    const e = at + part.trimEnd().length;
    if (e > s && !/^[-:=\s]+$/.test(part)) out.push({ start: s, end: e });
    at += part.length + 1;
  }
  return out.length >= 2 ? out : undefined;
}

/** The lines of the read text (its blank lines are "\n\n"), each with its kind, body, label, parent and sentences. */
export function layoutOf(text: string, lang: string, cues: Cues): Line[] {
  const abbreviations = new Set(cues.abbreviations.map(fold));
  const functionWords = new Set(cues.functionWords);
  const known: KnownWords = { abbreviations, functionWords, months: new Set(cues.months.map(fold)) };
  const joints = new Set([...cues.list.or, ...cues.list.and]);
  const lines: Line[] = [];
  let paragraph = 0;
  let heading: number | undefined;
  let at = 0;
  while (at <= text.length && lines.length < MAX_LINES) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (end === at) {
      // A blank line: a new paragraph; a heading keeps governing a list that starts after it.
      paragraph++;
      if (heading !== undefined && lines[lines.length - 1]?.index !== heading) heading = undefined;
      at = end + 1;
      continue;
    }
    const raw = text.slice(at, end);
    const line: Line = { index: lines.length, kind: "text", start: at, end, body: { start: at, end }, paragraph, sentences: [] };
    const marker = BULLET.exec(raw) ?? NUMBERED.exec(raw) ?? HEADING_MARK.exec(raw);
    // A `Label: a | b | c` line is a label with a list, not a table row.
    const cells = labelOf(text, at + (marker?.[0].length ?? 0), end, joints) ? undefined : cellsOf(text, at, end);
    if (RULE.test(raw) || TABLE_RULE.test(raw)) line.kind = "rule";
    else if (cells) {
      line.kind = "row";
      line.cells = cells;
    } else if (marker) {
      line.kind = HEADING_MARK.test(raw) ? "heading" : BULLET.test(raw) ? "bullet" : "numbered";
      line.body = { start: at + marker[0].length, end };
    }
    const label = line.kind === "rule" || line.kind === "row" ? undefined : labelOf(text, line.body.start, end, joints);
    if (label) {
      const valueStart = text.slice(label.end, end).search(/[^:：\s]/);
      line.label = label;
      // A bullet keeps its label in its body ("- 250g bag: £8.50 → £9.25" is an item named by it); the roles read the label.
      if (line.kind === "text" || valueStart < 0) line.body = { start: valueStart < 0 ? end : label.end + valueStart, end };
      if (line.kind === "text") line.kind = valueStart < 0 ? "heading" : "label";
      else if (valueStart < 0 && line.kind !== "heading") line.kind = "heading";
    }
    if (line.kind === "heading" && !line.label) line.label = { ...line.body };
    // A heading governs the list under it; a line of another shape after the list ends it.
    const prevChild = lines[lines.length - 1]?.parent === heading ? lines[lines.length - 1] : undefined;
    if (heading !== undefined && prevChild && (line.kind === "text" || line.kind === "label") && prevChild.kind !== line.kind)
      heading = undefined;
    // A label line right under a heading is one of its entries ("Secciones:" then "Obras: …", "Cultura: …").
    const firstChild = heading !== undefined && lines[lines.length - 1]?.index === heading;
    if (line.kind === "heading") heading = line.index;
    else if (
      heading !== undefined &&
      (line.kind === "bullet" ||
        line.kind === "numbered" ||
        line.kind === "row" ||
        line.kind === "text" ||
        (line.kind === "label" && (firstChild || prevChild?.kind === "label")))
    )
      line.parent = heading;
    else if (line.kind === "label" || line.kind === "rule") heading = undefined;
    line.sentences = line.kind === "rule" ? [] : sentencesOf(text, line.body, lang, known);
    lines.push(line);
    at = end + 1;
  }
  return lines;
}
