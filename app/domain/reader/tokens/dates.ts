// Dates and times as the brief words them ("June 30", "le 3 mars à 19h", "21. Juni", "das 19h às
// 21h"), read by chrono-node's parser of the brief's language, plus the numeric notations every
// language shares ("14/6", "14.6.", "19:00", "9h30", "7pm"). Pieces next to each other with only a
// joining word between them ("du 3 au 6 avril", "viernes 3 a las 20:00") are one date. Only the
// wording is kept: the copy repeats it, it never computes with it.
import type * as Chrono from "chrono-node";
import type { Cues } from "../cues/types";
import { fold, wordsOf } from "./words";

export interface DateToken {
  kind: "date";
  start: number;
  end: number;
  text: string;
}

type Parser = { parse: (text: string, ref?: Date, option?: { forwardDate?: boolean }) => Array<{ index: number; text: string }> };

/** chrono reads the text again after each date it finds: it reads pieces of at most this many characters. */
const PIECE_CHARS = 300;
/** chrono resolves dates against a day; only the wording is kept, so any fixed day will do. */
const REFERENCE = new Date(2026, 0, 1);

let chronoLoaded: typeof Chrono | undefined;
/** chrono-node is some 270 modules: loaded at the first brief read, not when the server starts. */
function chrono(): typeof Chrono {
  chronoLoaded ??= require("chrono-node") as typeof Chrono;
  return chronoLoaded;
}

const LOCALES = ["en", "fr", "de", "es", "it", "pt", "nl", "sv", "fi", "ru", "uk", "ja", "zh"] as const;

/** chrono's parser for a language (English for one it has no parser for). */
export function chronoParser(lang: string): Parser {
  const c = chrono() as unknown as Record<string, Parser>;
  return (LOCALES as readonly string[]).includes(lang) ? c[lang] : c.en;
}

// Numeric dates and clock times, which every language writes alike.
const NUMERIC =
  /(?<![\p{L}\d.,/])(?:\d{1,2}[./]\d{1,2}(?:[./](?:\d{4}|\d{2}))?\.?|\d{1,2}(?::\d{2}|h\d{2}|h(?![\p{L}]))(?:\s?[ap]\.?m\.?)?|\d{1,2}\s?[ap]\.?m\.?)(?![\p{L}\d])/giu;

function numericDates(text: string, base: number): DateToken[] {
  const out: DateToken[] = [];
  NUMERIC.lastIndex = 0;
  for (let m = NUMERIC.exec(text); m; m = NUMERIC.exec(text))
    out.push({ kind: "date", start: base + m.index, end: base + m.index + m[0].length, text: m[0] });
  return out;
}

/** Whether a piece is only a length of time ("48 hours", "for 3 nights") or a word that says no when. */
function saysNoWhen(text: string, cues: Cues): boolean {
  const words = wordsOf(text).map((w) => w.folded);
  if (words.length === 0) return true;
  if (cues.notDates.includes(fold(text.trim()))) return true;
  const rest = words.filter(
    (w) => !cues.list.and.includes(w) && !cues.dateJoiners.includes(w) && !cues.determiners.includes(w) && !/^\d+$/.test(w),
  );
  return rest.length > 0 && rest.every((w) => cues.durations.includes(w)) && !words.includes("in");
}

interface Found {
  start: number;
  end: number;
}

/**
 * The dates of one piece of the brief (a line or a sentence), in order. `taken` are the spans
 * other tokens hold (money, percents, URLs): a price is never a date.
 */
export function dateTokens(text: string, base: number, lang: string, cues: Cues, taken: readonly Found[]): DateToken[] {
  const found: Found[] = [];
  const clash = (s: number, e: number) => taken.some((t) => s < t.end && t.start < e);
  const add = (s: number, e: number) => {
    // Trim blanks and punctuation at the edges, and a leading joiner chrono includes ("on", "am", "le").
    while (s < e && " ,;:()\t\n".includes(text[s - base])) s++;
    while (e > s && " ,;:.()\t\n".includes(text[e - 1 - base])) e--;
    const inWord = (c: string | undefined) => c !== undefined && /[\p{L}\d]/u.test(c);
    if (e <= s || inWord(text[s - base - 1]) || inWord(text[e - base])) return;
    const said = text.slice(s - base, e - base);
    // A scale ("0–10", "de 0 a 10") is no date; a date has a digit, a month, a weekday or a word for a day ("tomorrow").
    if (/^\D{0,4}\d{1,2}\s?(?:[–—-]|\p{L}{1,3})\s?\d{1,2}\D{0,3}$/u.test(said) && !/[:h.]/.test(said.replace(/\s/g, ""))) {
      // (A month right after it makes it a range of days: "del 2 al 11 | de mayo".)
      const words = wordsOf(text.slice(s - base, e - base + 16)).map((w) => w.folded);
      if (!words.some((w) => cues.months.includes(w) || cues.weekdays.includes(w))) return;
    }
    if (
      !/\d/.test(said) &&
      !wordsOf(said).some(
        (w) => cues.months.includes(w.folded) || cues.weekdays.includes(w.folded) || (cues.dayWords ?? []).includes(w.folded),
      )
    )
      return;
    // "A5", "V60", "4K": one word of letters and digits is a name or a size, not a date (a time "7pm", "19h" is).
    if (/^[\p{L}\d]+$/u.test(said) && /\p{L}/u.test(said) && /\d/.test(said) && !/^\d{1,2}(?:[ap]m|h\d{0,2}|uhr)$/i.test(said)) return;
    if (clash(s, e) || saysNoWhen(said, cues)) return;
    found.push({ start: s, end: e });
  };
  const parser = chronoParser(lang);
  for (let at = 0; at < text.length; at += PIECE_CHARS) {
    const piece = text.slice(at, at + PIECE_CHARS);
    for (const r of parser.parse(piece, REFERENCE, { forwardDate: true })) add(base + at + r.index, base + at + r.index + r.text.length);
  }
  for (const n of numericDates(text, base)) add(n.start, n.end);
  return joined(text, base, cues, found);
}

const TIME_ONLY = /^(?:\d{1,2}(?::\d{2}|h\d{0,2})?\s?(?:[ap]\.?m\.?|uhr|h)?|\d{1,2}:\d{2})$/i;

/** Whether the numbers of a numeric date can be a day and a month ("3.0" is a version, "14/6" a date). */
function plausible(text: string): boolean {
  const m = /^(\d{1,2})[./](\d{1,2})(?:[./]\d{2,4})?\.?$/.exec(text);
  if (!m) return true;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));
}

/**
 * Dates next to each other are one when only joining words lie between them ("du 3 au 6 avril",
 * "viernes 3 a las 20:00"), or a comma before a time ("Sat 14/6, 7pm"); a day number takes the
 * month right after it ("del 2 al 11 | de mayo").
 */
function joined(text: string, base: number, cues: Cues, found: Found[]): DateToken[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Found[] = [];
  const joiners = new Set(cues.dateJoiners.map(fold));
  const slice = (f: Found) => text.slice(f.start - base, f.end - base);
  const joins = (gap: string, next: Found) => {
    if (gap.length > 16 || /[.;!?\n]/.test(gap)) return false;
    if (gap.includes(",")) return TIME_ONLY.test(slice(next).trim()) && gap.replace(",", "").trim() === "";
    return wordsOf(gap).every((w) => joiners.has(w.folded));
  };
  for (const f of sorted) {
    if (!plausible(slice(f))) continue;
    const prev = out[out.length - 1];
    if (prev && f.start < prev.end) prev.end = Math.max(prev.end, f.end);
    else if (prev && joins(text.slice(prev.end - base, f.start - base), f)) prev.end = f.end;
    else out.push({ ...f });
  }
  const months = new Set(cues.months.map(fold));
  for (const d of out) {
    if (!/\d\.?$/.test(slice(d))) continue;
    const after = wordsOf(text.slice(d.end - base, d.end - base + 16), "en", d.end);
    const month = after.slice(0, 2).find((w) => months.has(w.folded));
    if (
      month &&
      !/[;,.!?\n]/.test(text.slice(d.end - base, month.start - base)) &&
      after.slice(0, after.indexOf(month)).every((w) => joiners.has(w.folded))
    )
      d.end = month.end;
  }
  // "on Saturday, June 14", "am 21. Juni": the small word chrono reads before a date is no part of it
  // (a range keeps its opener: "del 2 al 11 de mayo", "from June 3 to June 5"; "on Saturday, April 12 from 10am" drops "on").
  const small = new Set([...cues.functionWords, ...cues.dateJoiners].map(fold));
  for (const d of out) {
    const lead = wordsOf(slice(d), "en", d.start);
    let k = 0;
    while (k < lead.length - 1 && small.has(lead[k].folded)) k++;
    const opensRange = (cues.rangeOpeners ?? []).includes(lead[k - 1]?.folded ?? "") && lead.slice(k).some((w) => joiners.has(w.folded));
    if (k > 0 && !opensRange) d.start = lead[k].start;
  }
  return out.map((d) => ({ kind: "date", start: d.start, end: d.end, text: slice(d) }));
}
