/** Small text helpers shared by the fact extractors. */

/** English month names and their short forms (MONTH_NAMES has the six frame languages'). */
export const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
/** Month names and their short forms in the six frame languages, as one regex group (lowercase; match with "i"). */
export const MONTH_NAMES = String.raw`(?:jan(?:uary|vier|v)?|janeiro|gennaio|enero|januar|feb(?:ruary|rero|ruar|braio)?|f[ée]vr(?:ier)?|fevereiro|mar(?:ch|s|zo)?|märz|mar[çc]o|apr(?:il|ile)?|avr(?:il)?|abr(?:il)?|may|mai|mayo|maio|maggio|june?|juin|junio|juni|junho|giugno|july?|juil(?:let)?|julio|juli|julho|luglio|aug(?:ust)?|ao[ûu]t|agosto|sept?(?:ember|embre|iembre)?|setembro|settembre|oct(?:ober|obre|ubre)?|okt(?:ober)?|outubro|ottobre|nov(?:ember|embre|iembre|embro)?|d[ée]c(?:ember|embre)?|dic(?:iembre|embre)?|dez(?:ember|embro)?)`;
export const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";

/** Capitalised words that look like names but are calendar, filler or email words. */
export const NOT_A_NAME = new Set(
  [
    "a",
    "an",
    "the",
    "our",
    "my",
    "your",
    "this",
    "that",
    "new",
    "email",
    "newsletter",
    "and",
    "black",
    "friday",
    "cyber",
    "monday",
    "christmas",
    "easter",
    "halloween",
    "thanksgiving",
    "valentine's",
    "valentines",
    "mother's",
    "father's",
    "new year",
    "summer",
    "winter",
    "spring",
    "autumn",
    "fall",
    "holiday",
    "it",
    "we",
    "i",
    "they",
    "please",
    "make",
    "create",
    "write",
    "build",
    "design",
    "use",
    "include",
    "add",
    "with",
    "for",
    "from",
    "to",
    "in",
    "on",
    "at",
    "by",
    "of",
    "all",
    "every",
    "each",
    "today",
    "tomorrow",
    "gmail",
    "outlook",
    "apple",
    "css",
    "html",
    "amp",
    "amp4email",
    "faq",
    "faqs",
    "cta",
    "nps",
    "vip",
    "weekly",
    "monthly",
    "daily",
    "yearly",
    "quarterly",
    "early",
    "only",
    "quick",
    "short",
    "simple",
    "survey",
    "quiz",
    "poll",
    "sale",
    "sales",
    "promo",
    "offer",
    "welcome",
    "onboarding",
    "order",
    "cart",
    "products",
    "product",
    "items",
    "menu",
    "tabs",
    "carousel",
    "accordion",
    "slider",
    "countdown",
    "noël",
    "navidad",
    "natal",
    "natale",
    "weihnachten",
    "pâques",
    "pascua",
    "páscoa",
    "pasqua",
    "ostern",
    "newsletter",
    "email",
    "apéro",
    "soldes",
    "rebajas",
    "saldi",
    "promo",
    "promoção",
    "promoción",
    "aktion",
  ].concat(
    MONTHS.split("|").map((m) => m.replace(/\(.*$/, "")),
    WEEKDAYS.split("|"),
  ),
);

/** Words kept lowercase inside a title-cased name ("Tacos al Pastor", "Bank of Ireland"). */
const SMALL_WORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "and",
  "or",
  "in",
  "on",
  "at",
  "to",
  "for",
  "with",
  "al",
  "de",
  "del",
  "la",
  "le",
  "les",
  "du",
  "des",
  "di",
  "da",
  "do",
  "dos",
  "e",
  "y",
  "et",
  "und",
  "von",
  "van",
  "der",
]);

const TWO_LETTER_WORDS = new Set([
  "is",
  "it",
  "to",
  "by",
  "my",
  "up",
  "on",
  "in",
  "at",
  "of",
  "or",
  "an",
  "as",
  "be",
  "do",
  "go",
  "he",
  "if",
  "me",
  "no",
  "so",
  "us",
  "we",
  "la",
  "le",
  "el",
  "lo",
  "il",
  "da",
  "di",
  "du",
  "de",
  "en",
  "et",
  "ou",
  "un",
]);

/** "ethiopia yirgacheffe" → "Ethiopia Yirgacheffe": a name from a lowercase prompt, cased as a product. */
export function titleCase(phrase: string): string {
  return phrase
    .split(" ")
    .map((w, i) => {
      if (i > 0 && SMALL_WORDS.has(w)) return w;
      // "kenya aa", "tee xl": a two-letter word that is not an English word is a grade or size.
      if (i > 0 && /^\p{Ll}{2}$/u.test(w) && !TWO_LETTER_WORDS.has(w)) return w.toUpperCase();
      return w.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
    })
    .join(" ");
}

/**
 * True when the prompt has no capitals beyond the first word of each sentence and shouted
 * acronyms or codes ("NPS", "BEAN20"): its names were typed lowercase and must be cased by us.
 */
export function isLowercasePrompt(prompt: string): boolean {
  const sample = prompt.slice(0, 4_000);
  const words = sample.match(/(?:^|[.!?:\n]\s*|\s)(\p{L}[\p{L}'’-]*)/gu) ?? [];
  let capitalised = 0;
  for (const raw of words) {
    const sentenceStart = /^(?:[.!?:\n]|$)/.test(raw.trim().slice(0, 1)) || !/^\s/.test(raw);
    const word = raw.replace(/^[\s.!?:\n]+/, "");
    if (/^\p{Lu}[\p{Ll}'’-]/u.test(word) && !sentenceStart) capitalised++;
  }
  return capitalised === 0 && /\p{Ll}/u.test(sample);
}

export function cleanPhrase(s: string): string {
  let out = s
    .replace(/^[\s"'“”‘’„«»‚()[-]+|[\s"'“”‘’„«»‚()[\].,;:!?。、-]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // A phrase cut mid-parenthesis ("churros ($5") reads as broken copy; close it.
  const open = (out.match(/\(/g) ?? []).length;
  const close = (out.match(/\)/g) ?? []).length;
  if (open > close) out += ")";
  return out;
}

export function sentences(prompt: string): string[] {
  return (
    prompt
      // A sentence may open with an accented capital ("À partir de 120 €", "Él").
      .split(/\n+|(?<=[.!?])\s+(?=["“(¡¿-]?[\p{Lu}\d])|(?<=[。！？])\s*/u)
      .map((s) => s.trim())
      .filter(Boolean)
  );
}

/**
 * The prompt's first `maxChars` characters as pieces of at most `pieceChars`, cut after sentence
 * ends (or at a blank when a sentence is longer), short sentences packed together. An NLP library
 * called on each piece does work bounded per piece however long or odd one sentence is ("Tab: "
 * × 4,000 is one sentence), and packing keeps the per-call overhead down on "- a\n" × 5,000.
 */
export function boundedPieces(text: string, maxChars: number, pieceChars: number): string[] {
  const sample = text.length > maxChars ? text.slice(0, maxChars) : text;
  const out: string[] = [];
  let current = "";
  for (const sentence of sample.split(/(?<=[.!?:;\n])\s+/)) {
    let rest = sentence;
    while (rest.length > pieceChars) {
      const cut = rest.lastIndexOf(" ", pieceChars);
      const at = cut > 0 ? cut : pieceChars;
      if (current) out.push(current);
      current = "";
      out.push(rest.slice(0, at));
      rest = rest.slice(at).trimStart();
    }
    if (current && current.length + 1 + rest.length > pieceChars) {
      out.push(current);
      current = "";
    }
    current = current ? `${current} ${rest}` : rest;
  }
  if (current.trim()) out.push(current);
  return out;
}

/** A letter or digit of the Latin script (the six frame languages), as an explicit class. */
const LATIN_WORD_CHAR = "[0-9A-Za-z_\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u1e00-\\u1eff]";

/**
 * The pattern with `\b` read as a boundary between letters or digits and anything else, in the
 * Latin script: JavaScript's `\b` knows only ASCII letters, so `\bsoirée\b` never matches "soirée " and
 * `\bédition` never matches at all.
 */
export function unicodeWords(re: RegExp): RegExp {
  // A \b that closes a word (after a letter, a group, a class or a quantifier) only needs "no
  // letter after"; any other (at the start, after "|", "(", "(?:", "(?<=") opens one: "no letter
  // before". Both use an explicit Latin class: the two-sided form with \p{L} cost four
  // Unicode-property look-arounds on every character tried, which V8 runs slowly under /iu (0.3 s
  // for 2,000 characters of an ordinary prompt against the occasion table; 5 ms now). The words
  // these patterns look for are all written in Latin letters.
  const source = re.source.replace(/\\b/g, (_b, at: number, whole: string) =>
    at > 0 && /[\p{L}\p{N}_)\]?*+}.]/u.test(whole[at - 1]!) ? `(?!${LATIN_WORD_CHAR})` : `(?<!${LATIN_WORD_CHAR})`,
  );
  return new RegExp(source, re.flags.includes("u") ? re.flags : `${re.flags}u`);
}
