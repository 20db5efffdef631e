import type * as Chrono from "chrono-node";
import { priceMentions } from "./money";
import { boundedPieces, MONTH_NAMES, MONTHS } from "./text";
import type { FrameLanguage } from "./types";

/**
 * Dates and deadlines as the prompt words them ("May 3", "Sunday at midnight", "15 janvier"),
 * read by chrono-node in the prompt's language. Only the wording is kept: the copy repeats it,
 * it never computes with it.
 */

/** Text chrono reads; a brief states its dates near the top and chrono's work grows with the text. */
const DATE_SAMPLE_CHARS = 2_000;
/** The longest piece chrono reads at once. */
const DATE_PIECE_CHARS = 300;
/** chrono resolves dates against a day; only the wording is kept, so any fixed day will do. */
const REFERENCE = new Date(2026, 0, 1);
/** Dates kept from one prompt; a real brief names a handful. */
const MAX_DATES = 24;

type Parser = { parse: (text: string, ref?: Date, option?: { forwardDate?: boolean }) => Array<{ index: number; text: string }> };

let loaded: typeof Chrono | undefined;
let parsers: Record<string, Parser> | undefined;

/**
 * chrono-node is some 270 modules: loaded at the first prompt or instruction read, not when the
 * server starts (docs/operations.md, "Start-up time").
 */
function chronoModule(): typeof Chrono {
  loaded ??= require("chrono-node") as typeof Chrono;
  return loaded;
}

function chronoParsers(): Record<string, Parser> {
  if (parsers) return parsers;
  const chrono = chronoModule();
  parsers = { en: chrono, fr: chrono.fr, es: chrono.es, de: chrono.de, pt: chrono.pt, it: chrono.it, nl: chrono.nl, ja: chrono.ja };
  return parsers;
}

/** chrono's parser of a frame language, for the refine instructions (app/domain/refine). */
export function chronoParser(lang: FrameLanguage): Parser {
  return chronoModule()[lang];
}

/**
 * Words chrono reads as "the present moment", which in a prompt are calls to act ("shop now"), and
 * a part of the day alone ("which night suits you", "$129/night"), which says no when.
 */
const NOT_A_DATE = /^(?:now|ahora|maintenant|jetzt|agora|ora|nu|right now|night|morning|evening|afternoon)$/i;

/** "by the 15th", "until the 3rd": a day of the month alone, which chrono leaves out. */
const ORDINAL_DAY = /\b(?:by|until|till|through|before|on|ends?|from)\s+(the\s+\d{1,2}(?:st|nd|rd|th))\b/gi;

/** A length of time alone, in the six frame languages ("about 80s": chrono reads the decade as eighty seconds). */
const DURATION =
  /^(?:(?:in|about|around)\s+)?\d{1,3}\s?(?:s|secs?|seconds?|min(?:ute)?s?|minuten|minutos|minuti|h|hours?|hrs?|heures?|horas?|ore|stunden?|std)\.?$/i;

/** "Abono 4 días", "a 3-night stay": how long, not when ("in 3 days" stays a date). */
const LENGTH_IN_DAYS =
  /^(?:(?:de|of|for|für|por|per|pour)\s+)?\d{1,3}[\s-]?(?:days?|días|dias|jours?|tage?n?|giorni|nights?|noches|nuits?|nächte|notti|noites|weeks?|semanas?|semaines?|wochen?|settimane?)$/i;

export function extractDates(prompt: string, language = "en"): string[] {
  return dateMentions(prompt, language).map((f) => f.text);
}

/** The dates with where each starts in the text read, in order. */
export function dateMentions(prompt: string, language = "en"): { index: number; text: string }[] {
  const found: { index: number; text: string }[] = [];
  // A price is never a date: "à 14,50 €" is not "at 14:00", "ab 40 €" not "from the 40th".
  const prices = priceMentions(prompt.slice(0, DATE_SAMPLE_CHARS + DATE_PIECE_CHARS)).map((p) => ({
    start: p.index,
    end: p.index + p.display.length,
  }));
  const onPrice = (start: number, end: number) => prices.some((p) => start < p.end && p.start < end);
  const add = (index: number, raw: string, following: string) => {
    let wording = raw.replace(/^[\s,;:(]+|[\s,;:.)]+$/g, "").replace(/^(?:on|by|at|am|le|el|il|em|op)\s+/i, "");
    // "next Friday, 10 seats": chrono takes the count for a day of the month.
    const trailingNumber = /,\s?\d{1,2}$/.exec(wording);
    if (trailingNumber && /^\s+\p{L}/u.test(following) && !new RegExp(`^\\s+(?:${MONTHS})`, "i").test(following))
      wording = wording.slice(0, trailingNumber.index);
    if (!wording || NOT_A_DATE.test(wording) || found.length >= MAX_DATES) return;
    let at = index + Math.max(0, raw.indexOf(wording));
    // A date starts and ends at the edge of a word (in scripts written with spaces): "A10" of the
    // code "VOLTA10" is no time, and "HERBST15 bis 30. Oktober" dates from "bis", not from "15".
    const inWord = /[\p{Script=Latin}\p{N}]/u;
    if (inWord.test(prompt[at - 1] ?? "")) {
      const cut = /^\S+\s+/.exec(wording);
      if (!cut) return;
      wording = wording.slice(cut[0].length);
      at += cut[0].length;
    }
    if (inWord.test(prompt[at + wording.length] ?? "")) return;
    if (onPrice(at, at + wording.length) || /^\s?[.,]\d/.test(following)) return;
    // "(0–10)" is a scale, "1-5" a range of numbers: a date names a month, a weekday or a time.
    if (/^\d{1,2}\s?[–—-]\s?\d{1,2}$/.test(wording)) return;
    // "45 minutes" is how long, not when (chrono reads it as "45 minutes from now").
    if (DURATION.test(wording) || LENGTH_IN_DAYS.test(wording)) return;
    if (found.some((f) => at < f.index + f.text.length && f.index < at + wording.length)) return;
    found.push({ index: at, text: wording });
  };
  const all = chronoParsers();
  const parsers = language === "en" || !all[language] ? [all.en] : [all[language], all.en];
  // chrono re-reads the text after each date it finds, so it reads bounded pieces: "may 1 " × 3,000 in one call was quadratic.
  let offset = 0;
  for (const piece of boundedPieces(prompt, DATE_SAMPLE_CHARS, DATE_PIECE_CHARS)) {
    if (found.length >= MAX_DATES) break;
    const at = prompt.indexOf(piece, offset);
    const base = at >= 0 ? at : offset;
    for (const parser of parsers) {
      for (const r of parser.parse(piece, REFERENCE, { forwardDate: true }))
        add(base + r.index, r.text, piece.slice(r.index + r.text.length, r.index + r.text.length + 20));
    }
    ORDINAL_DAY.lastIndex = 0;
    for (let m = ORDINAL_DAY.exec(piece); m; m = ORDINAL_DAY.exec(piece)) add(base + m.index + m[0].length - m[1].length, m[1], "");
    offset = base + piece.length;
  }
  return joinedRanges(
    prompt,
    found.sort((a, b) => a.index - b.index),
  );
}

const RANGE_JOIN = String.raw`(?:et|y|e|und|and|au|al|bis|to|a|à|[–-])`;
const LONE_DAY = new RegExp(String.raw`^\d{1,2}\.?(?:\s+${RANGE_JOIN})?$`, "i");
const RANGE_GAP = new RegExp(String.raw`^\s*${RANGE_JOIN}?\s*$`, "i");

const RANGE_START = /(?<![\p{L}])(?:dal|du|del|vom|from)\s+$/iu;
const RANGE_OF_DAYS = new RegExp(String.raw`^\d{1,2}\.?\s+(?:al|au|a|bis|to)\s+\d`, "i");
// The month a range of days ends with: "del 12 al 15| de junio", "dal 3 al 6| aprile".
const MONTH_AFTER = new RegExp(String.raw`^(?:\s+(?:de|di|of))?\s+${MONTH_NAMES}(?![\p{L}])`, "iu");

/**
 * "les 14 et 15 mars": chrono reads a day alone ("14 et") and the date after it; the range is one
 * date. And a range of days chrono reads without its month ("del 12 al 15 de junio") gets it back.
 */
function joinedRanges(prompt: string, found: { index: number; text: string }[]): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  for (const f of found) {
    const prev = out[out.length - 1];
    const prevEnd = prev ? prev.index + prev.text.length : 0;
    if (prev && LONE_DAY.test(prev.text) && f.index - prevEnd <= 6 && RANGE_GAP.test(prompt.slice(prevEnd, f.index))) {
      prev.text = prompt.slice(prev.index, f.index + f.text.length);
      continue;
    }
    out.push({ ...f });
  }
  for (const d of out) {
    // "dal 3 al 6 aprile", "du 3 au 6 avril": the word that opens the range is the range's.
    const opening = RANGE_START.exec(prompt.slice(Math.max(0, d.index - 8), d.index));
    if (opening && RANGE_OF_DAYS.test(d.text)) {
      d.index -= opening[0].length;
      d.text = opening[0] + d.text;
    }
    if (!/\d\.?$/.test(d.text)) continue;
    const month = MONTH_AFTER.exec(prompt.slice(d.index + d.text.length, d.index + d.text.length + 16));
    if (month) d.text += month[0];
  }
  return out;
}
