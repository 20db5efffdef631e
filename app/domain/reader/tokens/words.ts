// The brief's words, read once: Intl.Segmenter's word segments, each split where an apostrophe or
// a dot joins two parts ("l’offre" → "l", "offre"; "don't" → "don", "t"), folded to lower case.
// Cue phrases are matched on the same folded parts, so "jusqu'au" in the data matches "jusqu’au".

export interface Word {
  /** The part as written. */
  text: string;
  /** Lower case, one apostrophe. */
  folded: string;
  start: number;
  end: number;
  /** Whether it starts with a capital letter. */
  capital: boolean;
  /** Whether it is only digits (with separators inside: "14,50"). */
  numeric: boolean;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    s = new Intl.Segmenter(lang, { granularity: "word" });
    segmenters.set(lang, s);
  }
  return s;
}

/** Whether every character of a piece of text is one of these (blanks count as " "). */
export const onlyOf = (s: string, chars: string): boolean => [...s].every((c) => chars.includes(c) || c.trim() === "");
/** Whether a piece of text holds one of these characters. */
export const holdsAny = (s: string, chars: string): boolean => [...s].some((c) => chars.includes(c));
/** Whether a character is a letter (it has a case) — enough for the scripts the reader cases. */
export const isLetter = (c: string | undefined): boolean => c !== undefined && c.toLowerCase() !== c.toUpperCase();

const JOINERS = new Set(["'", "’", "."]);
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
export const isDigit = (c: string) => c >= "0" && c <= "9";

export function fold(s: string): string {
  return s.normalize("NFC").toLowerCase().replaceAll("’", "'");
}

/**
 * The longest piece of text segmented at once. Iterating Intl.Segmenter's segments grows with the
 * square of the text's length (256 ms for 20,000 characters, 20 ms in 200-character pieces), so the
 * text is cut at a blank before this length, or at it when a "word" is longer.
 */
const SEGMENT_CHUNK_CHARS = 256;

/** The words of `text` (from offset `base`), in order. Linear in the text. */
export function wordsOf(text: string, lang = "en", base = 0): Word[] {
  const out: Word[] = [];
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + SEGMENT_CHUNK_CHARS);
    if (to < text.length) {
      const blank = text.slice(from, to).search(/\s\S*$/u);
      if (blank > 0) to = from + blank + 1;
    }
    wordsOfChunk(text.slice(from, to), lang, base + from, out);
    from = to;
  }
  return out;
}

function wordsOfChunk(text: string, lang: string, base: number, out: Word[]): void {
  for (const seg of segmenter(lang).segment(text)) {
    if (!seg.isWordLike) continue;
    let from = 0;
    const s = seg.segment;
    const push = (a: number, b: number) => {
      if (b <= a) return;
      const part = s.slice(a, b);
      out.push({
        text: part,
        folded: fold(part),
        start: base + seg.index + a,
        end: base + seg.index + b,
        capital: isUpper(part[0]),
        numeric: isDigit(part[0]) && [...part].every((c) => isDigit(c) || c === "," || c === "."),
      });
    };
    // Numbers keep their separators ("14,50", "1.299"); words are cut at a joiner.
    if (!isDigit(s[0]))
      for (let i = 0; i < s.length; i++) {
        if (JOINERS.has(s[i])) {
          push(from, i);
          from = i + 1;
        }
      }
    push(from, s.length);
  }
}

/** A phrase as the folded parts the matcher compares. */
export function phraseParts(phrase: string): string[] {
  return wordsOf(phrase).map((w) => w.folded);
}
