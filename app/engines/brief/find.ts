// Finding a model's value in the prompt as written, so it gets a span and the prompt's own words.
// The prompt is searched as the reader reads it (markup as its text, blanks folded) and folded once
// more, character for character so offsets stay put: case, curly quotes and dashes, line breaks.
// A value is found as a whole first; else by its words, in order, with at most a few of the
// prompt's words between two of them (the model dropped a bracket or a "the"). A value whose
// words are not all there is not the prompt's.
import type { Span } from "~/domain/brief/schema";
import type { PromptToken } from "~/domain/reader";
import { parseMoney } from "~/domain/reader/tokens/money";
import { rawSpan, readIndex, readSource, type PromptSource } from "~/domain/reader/source";

export interface Found {
  /** The prompt's own words at the span (as the reader reads them). */
  value: string;
  span: Span;
}

export interface FoundPrice {
  display: string;
  minor: number;
  currency: string;
  span: Span;
}

/** Prompt words allowed between two words of a value. */
const MAX_SKIPPED = 3;
/** Places the first word of a value is tried at: bounds the search on a prompt repeating a word. */
const MAX_STARTS = 200;
/** Words of a value matched word by word; a longer value must be found whole. */
const MAX_VALUE_WORDS = 80;

const FOLD: Record<string, string> = {
  "\u2019": "'",
  "\u2018": "'",
  "\u02bc": "'",
  "`": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u00a0": " ",
  "\u202f": " ",
  "\n": " ",
  "\t": " ",
};

/** Case and typography folded one UTF-16 unit for one, so an index in the result is one in the text. */
function fold(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const f = FOLD[c];
    if (f) out += f;
    else {
      const lower = c.toLowerCase();
      out += lower.length === 1 ? lower : c;
    }
  }
  return out;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** Scripts written without blanks between words: a value may start or end anywhere in a run of them. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c) && !UNSPACED.test(c);

/** A token's span without the blanks its pattern may take at either end (" 20%"). */
export function tokenSpan(t: PromptToken): Span {
  const lead = t.text.length - t.text.trimStart().length;
  const trail = t.text.length - t.text.trimEnd().length;
  return { start: t.span.start + lead, end: Math.max(t.span.start + lead, t.span.end - trail) };
}

interface Word {
  text: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

export interface Finder {
  /** The value's place, searched after `after` (an offset of the prompt as written) first, then from the start. */
  find(value: string | null | undefined, after?: number, max?: number): Found | undefined;
  /** A written price: the prompt's amount of money with the same value and currency, after `after` first. */
  price(written: string | null | undefined, after?: number): FoundPrice | undefined;
}

export function finderFor(prompt: string, tokens: readonly PromptToken[]): Finder {
  const src: PromptSource = readSource(prompt);
  const hay = fold(src.text);
  const words = wordsOf(hay);
  const byText = new Map<string, number[]>();
  words.forEach((w, i) => {
    const at = byText.get(w.text);
    if (at) at.push(i);
    else byText.set(w.text, [i]);
  });
  const money: FoundPrice[] = [];
  for (const t of tokens) {
    const m = t.kind === "money" ? parseMoney(t.text) : undefined;
    if (m) money.push({ ...m, span: tokenSpan(t) });
  }

  /** A whole match at or after `from` (read offsets) that cuts no word in two. */
  function whole(needle: string, from: number): [number, number] | undefined {
    for (let at = hay.indexOf(needle, from); at >= 0; at = hay.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      const cutsStart = isWordChar(needle[0]) && isWordChar(hay[at - 1]);
      const cutsEnd = isWordChar(needle[needle.length - 1]) && isWordChar(hay[end]);
      if (!cutsStart && !cutsEnd) return [at, end];
    }
    return undefined;
  }

  /** The needle's words in order, each within MAX_SKIPPED prompt words of the one before. */
  function byWords(needle: string, from: number): [number, number] | undefined {
    const wanted = wordsOf(needle).map((w) => w.text);
    if (wanted.length === 0 || wanted.length > MAX_VALUE_WORDS) return undefined;
    const starts = byText.get(wanted[0]) ?? [];
    let tried = 0;
    for (const first of starts) {
      if (words[first].start < from) continue;
      if (++tried > MAX_STARTS) return undefined;
      let last = first;
      for (let k = 1; k < wanted.length && last >= 0; k++) {
        let next = -1;
        for (let q = last + 1; q <= last + 1 + MAX_SKIPPED && q < words.length; q++)
          if (words[q].text === wanted[k]) {
            next = q;
            break;
          }
        last = next;
      }
      if (last >= 0) return [words[first].start, words[last].end];
    }
    return undefined;
  }

  return {
    find(value, after = 0, max = 400) {
      const needle = fold(value ?? "")
        .replace(/ {2,}/g, " ")
        .trim();
      if (needle === "") return undefined;
      const from = readIndex(src, after);
      const hit = whole(needle, from) ?? byWords(needle, from) ?? whole(needle, 0) ?? byWords(needle, 0);
      if (!hit) return undefined;
      const text = src.text.slice(hit[0], hit[1]).trim();
      if (text === "" || text.length > max) return undefined;
      return { value: text, span: rawSpan(src, hit[0], hit[1]) };
    },

    price(written, after = 0) {
      const wanted = parseMoney(written ?? "");
      if (!wanted) return undefined;
      const same = money.filter((m) => m.minor === wanted.minor && m.currency === wanted.currency);
      return same.find((m) => m.span.start >= after) ?? same[0];
    },
  };
}
