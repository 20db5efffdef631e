// The brief's typed tokens, read once, line by line: money, percents, URLs and email addresses,
// dates and times, codes, quoted titles, numbers, and the words themselves. Each kind is found by
// its own module; a later kind never takes characters an earlier one holds (a price is no date, a
// URL's digits are no price).
import type { Cues } from "../cues/types";
import type { Line, Range } from "../layout";
import { dateTokens, type DateToken } from "./dates";
import { linkTokens, type EmailToken, type UrlToken } from "./links";
import { moneyTokens, type MoneyToken } from "./money";
import { Lexicon } from "../lexicon";
import { fold, wordsOf, type Word } from "./words";

export type { DateToken, EmailToken, MoneyToken, UrlToken, Word };

export interface PercentToken {
  kind: "percent";
  start: number;
  end: number;
  text: string;
  value: number;
}
export interface CodeToken {
  kind: "code";
  start: number;
  end: number;
  text: string;
}
export interface QuotedToken {
  kind: "quoted";
  start: number;
  end: number;
  /** The words inside the quotes. */
  inner: Range;
  text: string;
}
export interface NumberToken {
  kind: "number";
  start: number;
  end: number;
  text: string;
  value: number;
}

export type Token = MoneyToken | PercentToken | UrlToken | EmailToken | DateToken | CodeToken | QuotedToken | NumberToken;

export interface LineTokens {
  words: Word[];
  tokens: Token[];
}

const PERCENT = /(?<![\p{L}\d.,])(?:[-−–]\s?)?(\d{1,3}(?:[.,]\d{1,2})?)\s?%/gu;
const QUOTED = /["“”„«»]\s?([^"“”„«»\n]{1,200}?)\s?["“”«»]/g;

/** The percent words' matcher of each language's cues, built once. */
const percentLexicons = new WeakMap<Cues, Lexicon<"percent">>();

function percents(text: string, base: number, cues: Cues, words: readonly Word[]): PercentToken[] {
  const out: PercentToken[] = [];
  PERCENT.lastIndex = 0;
  for (let m = PERCENT.exec(text); m; m = PERCENT.exec(text))
    out.push({
      kind: "percent",
      start: base + m.index,
      end: base + m.index + m[0].length,
      text: m[0],
      value: Number(m[1].replace(",", ".")),
    });
  // "20 percent", "30 pour cent": a number and the language's word for it.
  let percentWords = percentLexicons.get(cues);
  if (!percentWords) {
    percentWords = new Lexicon<"percent">({ percent: cues.percentWords });
    percentLexicons.set(cues, percentWords);
  }
  for (let i = 0; i + 1 < words.length; i++) {
    const m = words[i].numeric ? percentWords.at(words, i + 1) : undefined;
    if (m)
      out.push({
        kind: "percent",
        start: words[i].start,
        end: m.end,
        text: text.slice(words[i].start - base, m.end - base),
        value: Number(words[i].text.replace(",", ".")),
      });
  }
  return out;
}

function quoted(text: string, base: number): QuotedToken[] {
  const out: QuotedToken[] = [];
  QUOTED.lastIndex = 0;
  for (let m = QUOTED.exec(text); m; m = QUOTED.exec(text)) {
    const innerStart = base + m.index + m[0].indexOf(m[1]);
    out.push({
      kind: "quoted",
      start: base + m.index,
      end: base + m.index + m[0].length,
      inner: { start: innerStart, end: innerStart + m[1].length },
      text: m[1],
    });
  }
  return out;
}

/** A code: an upper-case word with letters and digits ("TRAIL10", "NOEL-15"), or any upper-case word right after a code cue ("code WELCOME"). */
function codes(text: string, base: number, words: Word[], cues: Cues, free: (s: number, e: number) => boolean): CodeToken[] {
  const out: CodeToken[] = [];
  const codeWords = new Set((cues.offer.code ?? []).flatMap((c) => wordsOf(c).map((w) => w.folded)));
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const upper = w.text === w.text.toUpperCase() && /\p{Lu}/u.test(w.text);
    if (!upper || !free(w.start, w.end) || w.text.length > 24) continue;
    // "NOEL-15", "SUMMER_20": a code's parts the word segmenter cuts apart.
    const next = words[i + 1];
    const joined = next && /^[-_]$/.test(text.slice(w.end - base, next.start - base)) && next.numeric ? next : undefined;
    const whole = joined ? text.slice(w.start - base, joined.end - base) : w.text;
    const mixed = /^\p{Lu}/u.test(whole) && /\d/.test(whole) && whole.length >= 4;
    const afterCue = i > 0 && codeWords.has(words[i - 1].folded) && w.text.length >= 3;
    if (mixed || afterCue) out.push({ kind: "code", start: w.start, end: joined ? joined.end : w.end, text: whole });
    if (joined) i++;
  }
  return out;
}

/** The tokens of one line: each kind from its own module, none overlapping an earlier kind's. */
export function lineTokens(text: string, line: Line, lang: string, cues: Cues): LineTokens {
  const body = text.slice(line.start, line.end);
  const base = line.start;
  const words = wordsOf(body, lang, base);
  const taken: Range[] = [];
  const tokens: Token[] = [];
  // The taken ranges never overlap and are kept in order: a binary search finds the one a range could meet.
  const free = (s: number, e: number) => {
    let lo = 0;
    let hi = taken.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (taken[mid].end <= s) lo = mid + 1;
      else hi = mid;
    }
    return lo >= taken.length || taken[lo].start >= e;
  };
  const keep = <T extends Token>(list: T[]) => {
    for (const t of list)
      if (free(t.start, t.end)) {
        tokens.push(t);
        if (t.kind !== "quoted") {
          let at = taken.length;
          while (at > 0 && taken[at - 1].start > t.start) at--;
          taken.splice(at, 0, t);
        }
      }
  };
  keep(linkTokens(body, base));
  keep(moneyTokens(body, base));
  keep(percents(body, base, cues, words));
  keep(codes(body, base, words, cues, free));
  keep(dateTokens(body, base, lang, cues, taken));
  keep(quoted(body, base));
  keep(
    words
      .filter((w) => w.numeric && free(w.start, w.end))
      .map((w): NumberToken => ({ kind: "number", start: w.start, end: w.end, text: w.text, value: Number(w.text.replace(",", ".")) })),
  );
  tokens.sort((a, b) => a.start - b.start);
  return { words, tokens };
}

/** The tokens of a kind that lie inside a range. */
export function within<K extends Token["kind"]>(tokens: readonly Token[], range: Range, kind: K): Array<Extract<Token, { kind: K }>> {
  return tokens.filter((t): t is Extract<Token, { kind: K }> => t.kind === kind && t.start >= range.start && t.end <= range.end);
}

/** The words inside a range: a binary search, since a line's words are in order and a long line is read many times. */
export function wordsIn(words: readonly Word[], range: Range): Word[] {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid].start < range.start) lo = mid + 1;
    else hi = mid;
  }
  const out: Word[] = [];
  for (let i = lo; i < words.length && words[i].start < range.end; i++) if (words[i].end <= range.end) out.push(words[i]);
  return out;
}

export { fold };
