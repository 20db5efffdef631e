// A question and every option, as the writer laid them out: inline after the question ("(oui /
// non / sans avis)", ": Reports, Dashboards or Alerts"), in brackets with the right answer marked
// ("(Saturn is correct; Jupiter; Neptune)"), as lines under it, or as a scale ("0–10",
// "de 1 à 5"). A quiz's right answer is marked by a cue ("(correct)", "✓", "is correct") that is
// no part of the option's words.
import type { CueSet } from "../cues";
import type { Range } from "../layout";
import type { Word } from "../tokens";
import { trim } from "./items";

export interface QuestionRead {
  text: Range;
  options: Range[];
  scale?: { min: number; max: number; range: Range };
  correct?: number;
  /** The words after the "?" on the question's own clause. */
  rest?: Range;
}

/** The largest scale read as steps ("0–10" is eleven options). */
const SCALE_MAX_STEPS = 21;

/** An option's words without the cue that marks it right, and whether it was marked. */
export function optionOf(text: string, range: Range, words: readonly Word[], cues: CueSet): { range: Range; correct: boolean } | undefined {
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  let end = range.end;
  let start = range.start;
  let correct = false;
  const raw = text.slice(range.start, range.end);
  // "Liguria*": a star after the option marks it right.
  if (/\*\s*$/.test(raw) && !raw.trim().startsWith("*")) {
    correct = true;
    end = range.start + raw.lastIndexOf("*");
  }
  for (const mark of ["✓", "✔", "✅", "←", "<-", "(x)", "[x]"]) {
    const at = raw.indexOf(mark);
    if (at >= 0) {
      correct = true;
      if (at === 0) start = range.start + mark.length;
      else end = Math.min(end, range.start + at);
    }
  }
  for (let k = 0; k < own.length; k++) {
    const m = cues.words.at(own, k, ["question.correct"]);
    if (!m) continue;
    // "Saturn is correct", "Brazil (correct)", "correct: Saturn".
    correct = true;
    if (k === 0 && m.to < own.length) start = own[m.to].start;
    else end = Math.min(end, own[k].start);
    break;
  }
  let r = trim(text, { start, end });
  // "Options: one, two, three.": the sentence's full stop is no part of the last option.
  if (
    r &&
    text[r.end - 1] === "." &&
    !/\.\p{L}{1,3}\.$/u.test(text.slice(r.start, r.end)) &&
    own.length > 0 &&
    own[own.length - 1].text.length > 2
  )
    r = trim(text, { start: r.start, end: r.end - 1 });
  return r ? { range: r, correct } : undefined;
}

/** A list of options written on one line: split at "/", ";", "," and the language's "or"/"and". */
export function splitOptions(text: string, range: Range, words: readonly Word[], cues: CueSet): Range[] {
  const raw = text.slice(range.start, range.end);
  const dashes = (raw.match(/\s[–—]\s/g) ?? []).length;
  // "$9/month" is a price per month, "Oui/Non" two options.
  const slash = (i: number) => raw[i] === "/" && !/\d/.test(raw[i - 1] ?? "");
  const slashes = [...raw].some((_, i) => slash(i));
  // "Import — drag a folder, Edit — one-tap presets": a name and its words in each part between commas.
  const dashedParts = raw.includes(",") && raw.split(",").every((p) => /\s[–—]\s/.test(p));
  const strong = raw.includes(";")
    ? ";"
    : slashes
      ? "/"
      : raw.includes("|")
        ? "|"
        : dashes >= 2 && !dashedParts
          ? raw.includes("—")
            ? "—"
            : "–"
          : ",";
  const joints = new Set([...cues.cues.list.or, ...cues.cues.list.and]);
  const cuts: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < raw.length; i++)
    if (raw[i] === strong && (strong !== "/" || slash(i))) cuts.push({ start: range.start + i, end: range.start + i + 1 });
  if (strong === "," || cuts.length === 0)
    for (const w of words)
      if (w.start >= range.start && w.end <= range.end && joints.has(w.folded)) cuts.push({ start: w.start, end: w.end });
  cuts.sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  let from = range.start;
  for (const c of cuts) {
    const r = trim(text, { start: from, end: c.start });
    if (r) out.push(r);
    from = c.end;
  }
  const last = trim(text, { start: from, end: range.end });
  if (last) out.push(last);
  return out;
}

/** The most words of one option in a list after a dash. */
const DASHED_OPTION_WORDS = 4;

/** "Which class do you enjoy most — Spin, Yoga or HIIT": the question before the last dash, and a list of short answers after it. */
function dashedList(text: string, range: Range, words: readonly Word[], cues: CueSet): { question: Range; list: Range } | undefined {
  const raw = text.slice(range.start, range.end);
  const at = Math.max(raw.lastIndexOf(" — "), raw.lastIndexOf(" – "));
  if (at <= 0) return undefined;
  const list = trim(text, { start: range.start + at + 3, end: range.end });
  const question = trim(text, { start: range.start, end: range.start + at });
  if (!list || !question) return undefined;
  const parts = splitOptions(text, list, words, cues);
  const short = parts.every((p) => words.filter((w) => w.start >= p.start && w.end <= p.end).length <= DASHED_OPTION_WORDS);
  return parts.length >= 2 && short ? { question, list } : undefined;
}

/** A scale the question gives: two numbers with a range joint between them ("0–10", "de 0 à 10", "1 to 5"). */
export function scaleOf(text: string, words: readonly Word[], range: Range, cues: CueSet): QuestionRead["scale"] {
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  for (let k = 0; k + 1 < own.length; k++) {
    const a = own[k];
    const b = own[k + 1];
    const c = own[k + 2];
    if (!a.numeric) continue;
    const gap = text.slice(a.end, b.start);
    const joined = b.numeric && /^\s?[–—-]\s?$/.test(gap);
    const worded = c?.numeric && cues.cues.dateJoiners.includes(b.folded) && text.slice(b.end, c.start).trim() === "";
    const end = joined ? b : worded ? c : undefined;
    if (!end) continue;
    const min = Number(a.text);
    const max = Number(end.text);
    if (Number.isInteger(min) && Number.isInteger(max) && max > min && max - min < SCALE_MAX_STEPS && min <= 1)
      return { min, max, range: { start: a.start, end: end.end } };
  }
  return undefined;
}

/**
 * The question of a clause ending in "?" (or of a label line "Question: …"), with the options written
 * on its own line. Options on the lines under it are added by the caller.
 */
export function questionOf(text: string, range: Range, lineEnd: number, words: readonly Word[], cues: CueSet): QuestionRead {
  const raw = text.slice(range.start, lineEnd);
  const q = raw.search(/[?？]/u);
  const qEnd = q >= 0 ? range.start + q + 1 : range.end;
  const out: QuestionRead = { text: { start: range.start, end: qEnd }, options: [] };
  let optionsRange: Range | undefined;
  const after = text.slice(qEnd, lineEnd);
  const afterTrim = trim(text, { start: qEnd, end: lineEnd });
  // What follows the "?" on its own clause is for the caller to read as options ("? a) X b) Y", "? (oui / non)").
  if (afterTrim && after.trim().length > 0) out.rest = afterTrim;
  else {
    // "Which module helped most: Budgeting, Investing or Taxes?": the list after a colon inside the question.
    const colon = text.slice(range.start, qEnd).lastIndexOf(":");
    if (colon > 0) {
      optionsRange = trim(text, { start: range.start + colon + 1, end: q >= 0 ? qEnd - 1 : qEnd });
      out.text = { start: range.start, end: range.start + colon };
    } else if (dashedList(text, { start: range.start, end: q >= 0 ? qEnd - 1 : qEnd }, words, cues)) {
      // "Which class do you enjoy most — Spin, Yoga or HIIT?": the list after a dash.
      const d = dashedList(text, { start: range.start, end: q >= 0 ? qEnd - 1 : qEnd }, words, cues)!;
      optionsRange = d.list;
      out.text = d.question;
    } else {
      // "… ? (oui / non)" already handled; "(Saturn is correct; Jupiter; Neptune)" inside the question's line before "?".
      const open = text.slice(range.start, qEnd).lastIndexOf("(");
      const close = text.slice(range.start, qEnd).lastIndexOf(")");
      const inner = { start: range.start + open + 1, end: range.start + close };
      // ("how likely are you to recommend us (0–10)?": a scale in brackets stays the question's.)
      if (open > 0 && close > open && close >= qEnd - range.start - 3 && !scaleOf(text, words, inner, cues)) {
        optionsRange = inner;
        out.text = trim(text, { start: range.start, end: range.start + open }) ?? out.text;
      } else if (q >= 0 && /[,;/]/.test(text.slice(range.start, qEnd))) {
        // "Tea, coffee or chocolate?": a question that is its own list of short answers.
        const own = trim(text, { start: range.start, end: qEnd - 1 });
        const parts = own ? splitOptions(text, own, words, cues) : [];
        if (parts.length >= 2 && parts.every((p) => words.filter((w) => w.start >= p.start && w.end <= p.end).length <= 2))
          optionsRange = own;
      }
    }
  }
  const scale = scaleOf(text, words, { start: range.start, end: out.rest ? out.rest.start : lineEnd }, cues);
  if (scale) out.scale = scale;
  if (optionsRange && !scale) {
    // Options written after the question: "(oui / non / sans avis)", "A, B or C", "options: a / b / c".
    let r = optionsRange;
    const head = words.filter((w) => w.start >= r.start && w.end <= r.end);
    const label = cues.words.at(head, 0, ["question.options"]);
    if (label) r = trim(text, { start: label.end, end: r.end }) ?? r;
    const inner = text.slice(r.start, r.end);
    if (inner.startsWith("(") && inner.endsWith(")")) r = { start: r.start + 1, end: r.end - 1 };
    const parts = splitOptions(text, r, words, cues);
    if (parts.length >= 2) addOptions(out, text, parts, words, cues);
  }
  return out;
}

/** Options added to a question, with the right answer noted. */
export function addOptions(q: QuestionRead, text: string, ranges: Range[], words: readonly Word[], cues: CueSet): void {
  for (const r of ranges) {
    const o = optionOf(text, r, words, cues);
    if (!o) continue;
    if (o.correct && q.correct === undefined) q.correct = q.options.length;
    q.options.push(o.range);
  }
}
