/**
 * Content edits in plain sentences, in the six frame languages (docs/refine.md "Content edits"):
 * items, prices, links, survey and quiz questions and options, an offer's deadline or minimum
 * spend. Pure. An instruction is read as words, not by one pattern per phrasing: quoted text, a
 * link, prices (before dates, so "14,50 €" is never a date) and a date (chrono-node) are taken
 * out first, then the verbs and nouns of ./lexicon.ts say what it is and the words left name the
 * item, question or offer. Each step is one pass over a bounded instruction.
 */
import { chronoParser } from "~/domain/prompt/facts/dates";
import { priceMentions } from "~/domain/prompt/facts/money";
import type { FrameLanguage, Price } from "~/domain/prompt/facts/types";
import { COSTS, ENDS, FILLER, LINK_WORDS, NOUNS, THRESHOLD, TO_WORDS, VERBS, fold } from "./lexicon";

export type QuestionRef = { index: number } | { text: string };

export type ContentEdit =
  | { kind: "addItem"; name: string; price?: Price; url?: string }
  | { kind: "removeItem"; item: string }
  | { kind: "renameItem"; item: string; to: string }
  | { kind: "itemPrice"; item: string; price: Price }
  | { kind: "itemLink"; item: string; url: string }
  | { kind: "buttonLink"; url: string }
  | { kind: "addQuestion"; question: string; options: string[] }
  | { kind: "removeQuestion"; question: QuestionRef }
  | { kind: "editQuestion"; question: QuestionRef; to: string }
  | { kind: "addOption"; question?: QuestionRef; option: string }
  | { kind: "removeOption"; question?: QuestionRef; option: string }
  | { kind: "offerDeadline"; offer: string; date: string }
  | { kind: "offerThreshold"; offer: string; price: Price };

export type ContentParse = { instruction: string; lang: FrameLanguage; edit: ContentEdit } | { instruction: string; error: string };

/** Longer than any edit people write; a longer line is not read (and not understood). */
export const MAX_INSTRUCTION_CHARS = 400;

const QUOTES: Record<string, string> = { '"': '"', "“": "”", "«": "»", "„": "“", "‘": "’", "'": "'" };
const LETTER = /[\p{L}\p{N}]/u;

interface Token {
  /** As written. */
  raw: string;
  /** Folded, without surrounding punctuation. */
  key: string;
  /** Lower case with accents kept ("thé" is a word, "the" is not). */
  low: string;
  /** As it stood in the instruction, punctuation included ("20." for chrono). */
  orig: string;
  kind: "word" | "quote" | "url" | "price";
  /** For kind quote / url / price: the index into the instruction's lists. */
  ref?: number;
}

interface Read {
  tokens: Token[];
  quotes: string[];
  urls: string[];
  prices: Price[];
  date?: string;
  lang?: FrameLanguage;
}

/** Quoted text out first (an apostrophe inside a word, as in "l'option", opens nothing). */
function takeQuotes(text: string): { rest: string; quotes: string[] } {
  const quotes: string[] = [];
  let rest = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const closer = QUOTES[ch];
    const opens = closer !== undefined && (ch !== "'" || i === 0 || !LETTER.test(text[i - 1]));
    if (opens) {
      const end = text.indexOf(closer, i + 1);
      if (end > i) {
        quotes.push(text.slice(i + 1, end).trim());
        rest += ` \u0001q${quotes.length - 1} `;
        i = end;
        continue;
      }
    }
    rest += ch;
  }
  return { rest, quotes };
}

const TRIM_PUNCT = /^[([{,;:!?.…]+|[)\]},;:!?.…]+$/g;

function read(instruction: string, fallback: FrameLanguage): Read {
  const { rest, quotes } = takeQuotes(instruction);
  const urls: string[] = [];
  const words: string[] = [];
  for (const w of rest.split(/\s+/)) {
    if (!w) continue;
    if (/^(?:https?:\/\/|mailto:)/i.test(w)) {
      urls.push(w.replace(/[.,;:!?)\]]+$/, ""));
      words.push(`\u0001u${urls.length - 1}`);
    } else words.push(w);
  }
  // Prices before dates: "14,50 €" is a price, and chrono reads "20 décembre 14" as a year.
  let text = words.join(" ");
  const prices: Price[] = [];
  const found = priceMentions(text);
  if (found.length) {
    let out = "";
    let at = 0;
    for (const p of found) {
      const start = text.indexOf(p.display, p.index);
      if (start < at) continue;
      out += `${text.slice(at, start)} \u0001p${prices.length} `;
      prices.push({ display: p.display, minor: p.minor, currency: p.currency });
      at = start + p.display.length;
    }
    text = out + text.slice(at);
  }
  const tokens: Token[] = [];
  let lang: FrameLanguage | undefined;
  for (const raw of text.split(/\s+/)) {
    if (!raw) continue;
    // eslint-disable-next-line no-control-regex -- \u0001 marks where a quote, URL or price was lifted out of the text
    const marker = /^\u0001([qup])(\d+)/.exec(raw);
    if (marker) {
      tokens.push({
        raw,
        key: "",
        low: "",
        orig: "·",
        kind: marker[1] === "q" ? "quote" : marker[1] === "u" ? "url" : "price",
        ref: Number(marker[2]),
      });
      continue;
    }
    const clean = raw.replace(TRIM_PUNCT, "");
    if (!clean) continue;
    // "l'option", "dell'articolo": the article's elision is a word of its own.
    const elided = /^([\p{L}]{1,5})['’](.+)$/u.exec(clean);
    const parts = elided ? [elided[1], elided[2]] : [clean];
    for (const [i, part] of parts.entries()) {
      const key = fold(part);
      tokens.push({ raw: part, key, low: part.toLowerCase(), orig: parts.length === 1 || i === 1 ? raw : part, kind: "word" });
      lang ??=
        VERBS.add.get(key) ??
        VERBS.remove.get(key) ??
        VERBS.rename.get(key) ??
        VERBS.change.get(key) ??
        NOUNS.price.get(key) ??
        NOUNS.question.get(key) ??
        NOUNS.option.get(key);
    }
  }
  const r: Read = { tokens, quotes, urls, prices, lang: lang ?? fallback };
  // A percentage is not a day of the month ("del 15 %" is no date); the rest as written ("20.").
  const plain = tokens
    .map((t, i) => (t.kind !== "word" || t.raw.includes("%") || tokens[i + 1]?.raw.startsWith("%") ? "·" : t.orig))
    .join(" ");
  const parser = chronoParser(r.lang ?? "en");
  const dates = parser.parse(plain, new Date(Date.UTC(2025, 0, 1)));
  if (dates[0]) r.date = dates[0].text.replace(/^(?:on|le|el|am|em|il)\s+/i, "").trim();
  return r;
}

const has = (r: Read, map: Map<string, FrameLanguage>) => r.tokens.some((t) => t.kind === "word" && map.has(t.key));
const firstVerb = (r: Read): keyof typeof VERBS | undefined => {
  const first = r.tokens.find((t) => t.kind !== "word" || !FILLER.has(t.low) || VERBS.remove.has(t.key));
  if (!first || first.kind !== "word") return undefined;
  for (const k of ["add", "remove", "rename", "change"] as const) if (VERBS[k].has(first.key)) return k;
  return undefined;
};

const isFunctionWord = (t: Token) =>
  t.kind === "word" &&
  (FILLER.has(t.low) ||
    [VERBS.add, VERBS.remove, VERBS.rename, VERBS.change, NOUNS.item, NOUNS.price, NOUNS.name, COSTS, LINK_WORDS].some((m) =>
      m.has(t.key),
    ));

/** The words that name something: quoted text when there is one, else the words that are not grammar. */
function nameOf(r: Read, tokens: Token[] = r.tokens): string {
  const quote = tokens.find((t) => t.kind === "quote");
  if (quote) return r.quotes[quote.ref!];
  return tokens
    .filter((t) => t.kind === "word" && !isFunctionWord(t))
    .map((t) => t.raw)
    .join(" ");
}

/** An added item's name: the words after the verb, kept whole, without a leading article or trailing "at". */
function addedName(r: Read, tokens: Token[]): string {
  const quote = tokens.find((t) => t.kind === "quote");
  if (quote) return r.quotes[quote.ref!];
  const words = tokens.filter((t) => t.kind === "word");
  let start = 0;
  while (start < words.length && (FILLER.has(words[start].low) || VERBS.add.has(words[start].key) || NOUNS.item.has(words[start].key)))
    start++;
  let end = words.length;
  while (end > start && (FILLER.has(words[end - 1].low) || TO_WORDS.has(words[end - 1].key))) end--;
  const name = words
    .slice(start, end)
    .map((t) => t.raw)
    .join(" ");
  return name ? name[0].toLocaleUpperCase() + name.slice(1) : "";
}

function questionRef(r: Read): QuestionRef | undefined {
  const at = r.tokens.findIndex((t) => t.kind === "word" && NOUNS.question.has(t.key));
  if (at < 0) return undefined;
  for (const t of r.tokens.slice(at + 1, at + 3)) {
    const n = /^(?:#|n°|nr\.?|no\.?)?(\d{1,2})(?:st|nd|rd|th|e|er|º|ª|\.)?$/.exec(t.key);
    if (t.kind === "word" && n) return { index: Number(n[1]) };
  }
  const quote = r.tokens.slice(at + 1).find((t) => t.kind === "quote");
  return quote ? { text: r.quotes[quote.ref!] } : undefined;
}

/** The option named: the first quoted text, else the words between "option" and the question. */
function optionText(r: Read): string {
  const at = r.tokens.findIndex((t) => t.kind === "word" && NOUNS.option.has(t.key));
  const q = r.tokens.findIndex((t) => t.kind === "word" && NOUNS.question.has(t.key));
  const quote = r.tokens.find((t) => t.kind === "quote" && (q < 0 || r.tokens.indexOf(t) < q || at > q));
  if (quote) return r.quotes[quote.ref!];
  const span = r.tokens.slice(at + 1, q > at ? q : undefined);
  let end = span.length;
  while (end > 0 && (FILLER.has(span[end - 1].low) || TO_WORDS.has(span[end - 1].key))) end--;
  return span
    .slice(0, end)
    .filter((t) => t.kind === "word" && !(span.indexOf(t) === 0 && FILLER.has(t.low)))
    .map((t) => t.raw)
    .join(" ");
}

function addQuestion(r: Read): ContentEdit | string {
  const quoted = r.tokens.filter((t) => t.kind === "quote").map((t) => r.quotes[t.ref!]);
  const question = quoted[0];
  let options = quoted.slice(1);
  if (!question) return 'Put the new question in quotes, e.g. add question "How did you find us?" with options "Friends", "Search"';
  if (options.length < 2) {
    const at = r.tokens.findIndex((t) => t.kind === "word" && NOUNS.options.has(t.key));
    if (at >= 0) {
      options = r.tokens
        .slice(at + 1)
        .map((t) => t.raw)
        .join(" ")
        .split(/,|\s(?:or|ou|o|oder|od)\s|\s(?:and|et|y|und|e)\s/i)
        .map((s) => s.trim())
        .filter(Boolean);
    }
  }
  if (options.length < 2) return 'A new question needs at least two options (…with options "Yes", "No")';
  return { kind: "addQuestion", question, options };
}

/**
 * One instruction as a content edit; null when it is not one (the HTML grammar may know it), or
 * the reason it is a content edit that cannot be read.
 */
export function parseContentInstruction(instruction: string, emailLang: FrameLanguage = "en"): ContentParse | null {
  const text = instruction.trim();
  if (text.length > MAX_INSTRUCTION_CHARS) return null;
  const r = read(text, emailLang);
  const lang = r.lang ?? emailLang;
  const ok = (edit: ContentEdit | string): ContentParse =>
    typeof edit === "string" ? { instruction, error: edit } : { instruction, lang, edit };
  const verb = firstVerb(r);
  const priceAt = r.tokens.findIndex((t) => t.kind === "price");
  const price = priceAt >= 0 ? r.prices[r.tokens[priceAt].ref!] : undefined;
  const url = r.urls[0];
  const option = has(r, NOUNS.option);
  const question = has(r, NOUNS.question);

  // A minimum spend: "free gift wrap over $60", "livraison offerte dès 60 €".
  const thresholdWord = (t: Token | undefined) => t?.kind === "word" && (THRESHOLD.has(t.key) || t.key === "partir");
  const ofWord = (t: Token | undefined) => t?.kind === "word" && ["de", "da", "di", "von", "of", "i"].includes(t.key);
  if (
    price &&
    priceAt > 0 &&
    (thresholdWord(r.tokens[priceAt - 1]) || (ofWord(r.tokens[priceAt - 1]) && thresholdWord(r.tokens[priceAt - 2])))
  ) {
    const before = r.tokens.slice(0, priceAt).filter((t) => !thresholdWord(t));
    const offer = nameOf(r, before);
    return offer
      ? ok({ kind: "offerThreshold", offer, price })
      : ok("Name the offer the minimum spend is for, e.g. free gift wrap over $60");
  }

  if (verb === "add") {
    if (option) {
      const text = optionText(r);
      return ok(
        text
          ? { kind: "addOption", question: questionRef(r), option: text }
          : 'Put the new option in quotes, e.g. add option "Never" to question 2',
      );
    }
    if (question) return ok(addQuestion(r));
    const before = priceAt >= 0 ? r.tokens.slice(0, priceAt) : r.tokens.filter((t) => t.kind !== "url");
    const name = addedName(r, before);
    if (!name) return ok("Name the item to add, e.g. add Oolong tea $12");
    return ok({ kind: "addItem", name, ...(price ? { price } : {}), ...(url ? { url } : {}) });
  }
  if (verb === "remove") {
    if (option) {
      const text = optionText(r);
      return ok(
        text
          ? { kind: "removeOption", question: questionRef(r), option: text }
          : 'Put the option in quotes, e.g. remove option "Never" from question 2',
      );
    }
    if (question) {
      const ref = questionRef(r);
      return ok(ref ? { kind: "removeQuestion", question: ref } : "Say which question, e.g. remove question 2");
    }
    const item = nameOf(r);
    return item ? ok({ kind: "removeItem", item }) : null;
  }
  if (url) {
    if (has(r, NOUNS.button)) return ok({ kind: "buttonLink", url });
    if (!has(r, LINK_WORDS)) return null;
    const item = nameOf(r);
    return ok(item ? { kind: "itemLink", item, url } : "Name the item the link is for, e.g. the Spruce item links to https://…");
  }
  if (verb === "rename" || (has(r, NOUNS.name) && verb === "change")) {
    // The new name follows the last "to" / "en" / "in" / "para"; quoted names need no such word.
    const quotes = r.tokens.filter((t) => t.kind === "quote");
    if (quotes.length >= 2) return ok({ kind: "renameItem", item: r.quotes[quotes[0].ref!], to: r.quotes[quotes[1].ref!] });
    let cut = -1;
    // "benenne X in Y um": the separable particle closes the sentence.
    const words = r.tokens.at(-1)?.key === "um" ? r.tokens.slice(0, -1) : r.tokens;
    words.forEach((t, i) => {
      if (t.kind === "word" && TO_WORDS.has(t.key) && i > 1) cut = i;
    });
    if (cut < 0) return ok('Say the new name, e.g. rename Spruce candle to "Spruce & fir candle"');
    const item = nameOf(r, words.slice(0, cut));
    const to = addedName(r, words.slice(cut + 1));
    return ok(item && to ? { kind: "renameItem", item, to } : "Say the item and its new name, e.g. rename Spruce candle to Fir candle");
  }
  if (price && (has(r, NOUNS.price) || has(r, COSTS))) {
    const item = nameOf(
      r,
      r.tokens.filter((t) => t.kind !== "price"),
    );
    return ok(item ? { kind: "itemPrice", item, price } : "Name the item whose price changes, e.g. change the price of Spruce to $28");
  }
  if (question && verb === "change") {
    const ref = questionRef(r);
    const quotes = r.tokens.filter((t) => t.kind === "quote");
    const to = quotes.length ? r.quotes[quotes[quotes.length - 1].ref!] : "";
    if (!ref || !to || ("text" in ref && ref.text === to))
      return ok('Say which question and its new words, e.g. change question 2 to "How often do you visit?"');
    return ok({ kind: "editQuestion", question: ref, to });
  }
  if (r.date && (has(r, ENDS) || has(r, NOUNS.offer))) {
    const offer = offerRef(r);
    return ok(offer ? { kind: "offerDeadline", offer, date: r.date } : "Name the offer that ends, e.g. the 15% code ends on Dec 20");
  }
  return null;
}

/** The offer named: a percentage ("15%"), a code (upper-case), quoted words, or the words left. */
function offerRef(r: Read): string {
  const quote = r.tokens.find((t) => t.kind === "quote");
  if (quote) return r.quotes[quote.ref!];
  for (let i = 0; i < r.tokens.length; i++) {
    const t = r.tokens[i];
    if (t.kind !== "word") continue;
    const pct =
      /^(\d{1,3}(?:[.,]\d)?)\s?%/.exec(t.raw) ?? (r.tokens[i + 1]?.raw.startsWith("%") && /^\d{1,3}$/.test(t.raw) ? [t.raw, t.raw] : null);
    if (pct) return `${pct[1]}%`;
    if (/^[A-Z][A-Z0-9]{2,19}$/.test(t.raw) && /\d/.test(t.raw)) return t.raw;
  }
  const dateWords = new Set((r.date ?? "").split(/\s+/).map((w) => fold(w.replace(TRIM_PUNCT, ""))));
  return r.tokens
    .filter((t) => t.kind === "word" && !isFunctionWord(t) && !ENDS.has(t.key) && !NOUNS.offer.has(t.key) && !dateWords.has(t.key))
    .map((t) => t.raw)
    .join(" ");
}

const CONJUNCTIONS = new Set(["and", "et", "und", "y", "e", "then", "puis", "luego", "dann", "depois", "poi"]);
const ANY_VERB = (key: string) => Object.values(VERBS).some((m) => m.has(key));

/**
 * Splits one line at "and" / "et" / "und" / "y" / "e" (or a comma) when the words after it start
 * a new instruction with a verb: "add Oolong tea $12 and remove the Spruce candle" is two, "salt
 * and pepper" is one name. Never inside quotes.
 */
export function splitOnConjunctions(line: string): string[] {
  const out: string[] = [];
  const words = line.split(/(\s+)/);
  let cur = "";
  let quote: string | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!quote) {
      const bare = fold(w.replace(/^,+|,+$/g, ""));
      // split() with a captured separator alternates word, blanks, word: the next word is two on.
      const next = words[i + 2];
      const afterComma = w.endsWith(",") && next && ANY_VERB(fold(next)) && cur.trim();
      if (CONJUNCTIONS.has(bare) && next && ANY_VERB(fold(next.replace(/^[,]+/, ""))) && cur.trim()) {
        out.push(cur.trim().replace(/,$/, ""));
        cur = "";
        continue;
      }
      if (afterComma) {
        out.push((cur + w).trim().replace(/,$/, ""));
        cur = "";
        continue;
      }
    }
    for (const ch of w) {
      if (quote) {
        if (ch === quote) quote = null;
      } else if (QUOTES[ch] && ch !== "'") quote = QUOTES[ch];
    }
    cur += w;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
