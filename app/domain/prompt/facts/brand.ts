import type { Term } from "./nlp";
import { cleanPhrase, NOT_A_NAME, titleCase } from "./text";
import { FACT_MAX_CHARS } from "./types";

/**
 * The brand, wherever the prompt puts it: "brand Leafly Loft", "a shop called X", "X newsletter",
 * "for/from/at/chez/von X", "X's", a proper noun compromise tags mid-sentence ("new Ledgerly
 * accounting users"), and in a lowercase prompt the owner of the audience ("gridline fitness
 * members" → "Gridline Fitness").
 */

// Letters after the first may be accented ("Bistro Lumière"): \w alone stops at "è".
// Each word is at most 40 characters: an unbounded `*` rescanned a long run of name
// characters ("A.A.A.…") from every word boundary in it, quadratic in the run.
export const NAME_WORD = String.raw`[A-Z0-9À-Ý][\w\u00C0-\u024F&'’.+-]{0,39}`;
export const NAME = String.raw`(${NAME_WORD}(?:\s+(?:&\s+|of\s+|and\s+|the\s+|de\s+|la\s+)?${NAME_WORD}){0,3})`;

export function isNameLike(phrase: string): boolean {
  const words = phrase.split(/\s+/);
  if (words.length === 0 || words.length > 4) return false;
  if (NOT_A_NAME.has(phrase.toLowerCase())) return false;
  if (NOT_A_NAME.has(words[0].toLowerCase())) return false;
  return words.every((w) => /^[A-Z0-9À-Ý][\w\u00C0-\u024F&'’.+-]*$/.test(w) || /^(?:&|of|and|the|de|la)$/.test(w));
}

/** "The Sunday Ledger newsletter …", "Harvest Table restaurant …": a name that opens a sentence and owns the email. */
const OWNER_NOUN = String.raw`(?:newsletter|digest|bulletin|email|restaurant|bakery|caf[eé]|store|shop|app)\b`;

/** Where a lowercase name stops: a clause word, a number or the end of the phrase. */
const PHRASE_STOP = new Set([
  "with", "for", "about", "to", "on", "in", "and", "or", "that", "which", "who", "asking", "using", "featuring",
  "including", "members", "customers", "subscribers", "users", "clients", "guests", "fans", "readers", "students",
  "shoppers", "community", "email", "newsletter", "survey", "quiz", "sale", "promo", "announcement", "is", "are",
  "has", "have", "will", "this", "next", "ends", "until", "by", "at", "from",
]);
/** Words that are never the first word of a brand typed lowercase. */
const NOT_OWNER = new Set([
  "the", "a", "an", "our", "my", "your", "their", "all", "new", "existing", "loyal", "returning", "lapsed", "vip",
  "premium", "first-time", "active", "inactive", "free", "paid", "trial", "young", "local", "busy", "former", "recent",
  "potential", "beta", "email", "newsletter", "app", "mobile", "us", "you", "them", "me", "scratch", "home", "work",
  "school", "gym", "club", "store", "shop", "team", "company", "nps", "quick", "short", "weekly", "monthly", "each",
  "every", "both", "some", "many", "two", "three", "four", "five", "which", "what", "how", "who", "it", "this", "that",
]);
const GENERIC_TAIL = new Set(["app", "store", "shop", "club", "team", "website", "site", "platform", "account"]);
const AUDIENCE_NOUN = /^(?:members|customers|subscribers|users|clients|guests|fans|readers|students|shoppers|community|patrons|donors|athletes|runners|parents|patients|diners|buyers|visitors|volunteers|employees|staff|partners|investors|attendees|travell?ers|listeners|players|riders|owners|homeowners)$/;

/** A run of lowercase words from `words[start]`, up to three, stopped by a clause word; undefined when generic. */
function lowercaseName(words: string[], start: number): string | undefined {
  const run: string[] = [];
  for (let i = start; i < words.length && run.length < 3; i++) {
    const w = words[i];
    if (!/^[\p{Ll}][\p{Ll}'’&-]*$/u.test(w) || PHRASE_STOP.has(w)) break;
    run.push(w);
  }
  // "pebble app members": the generic word after the name is not part of it.
  while (run.length > 1 && GENERIC_TAIL.has(run[run.length - 1])) run.pop();
  if (run.length === 0 || NOT_OWNER.has(run[0]) || run.some((w) => NOT_A_NAME.has(w))) return undefined;
  return titleCase(run.join(" "));
}

/** The brand of a prompt typed all lowercase: "gridline fitness members", "quiz from starlight planetarium". */
function lowercaseBrand(prompt: string): string | undefined {
  for (const clause of prompt.slice(0, 2_000).split(/[,.;:!?\n]+/)) {
    const words = clause.trim().split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      // "gridline fitness members": two or more words before an audience noun.
      if (AUDIENCE_NOUN.test(words[i]) && i >= 2) {
        const from = Math.max(0, i - 3);
        for (let s = from; s <= i - 2; s++) {
          const span = words.slice(s, i);
          const name = span.every((w) => /^\p{Ll}[\p{Ll}'’&-]*$/u.test(w) && !PHRASE_STOP.has(w)) ? lowercaseName(words.slice(0, i), s) : undefined;
          if (name) return name;
        }
      }
      if (/^(?:from|at|by|brand)$/.test(words[i])) {
        const name = lowercaseName(words, i + 1);
        if (name) return name;
      }
    }
  }
  return undefined;
}

/** Tags that a word of a brand never carries. */
const NOT_NAME_TAGS = ["Place", "City", "Country", "Region", "Date", "Month", "WeekDay", "Holiday", "Value", "Verb", "Pronoun", "Determiner", "Preposition", "Conjunction", "QuestionWord"];

const EVENT_NOUN = /\b(?:Summit|Conference|Festival|Meetup|Workshop|Webinar|Gala|Expo|Fair|Week|Day|Awards|Retreat|Hackathon|Launch)$/;

/**
 * The first run of proper nouns compromise tags. A sentence's first word is capitalised anyway,
 * so it counts only when compromise tags it a proper noun or a capitalised name follows it.
 */
function properNounBrand(tagged: Term[][]): string | undefined {
  for (const sentence of tagged) {
    for (let i = 0; i < sentence.length; i++) {
      const t = sentence[i];
      if (!t.tags.has("ProperNoun") || NOT_NAME_TAGS.some((tag) => t.tags.has(tag))) continue;
      let start = i;
      // Capitalised words just before it belong to the name ("Gridline" in "Gridline Fitness").
      while (start > 0 && /^[A-ZÀ-Ý]/.test(sentence[start - 1].text) && !/[,.;:!?]/.test(sentence[start - 1].post) && !NOT_NAME_TAGS.some((tag) => sentence[start - 1].tags.has(tag))) start--;
      let end = i;
      while (end + 1 < sentence.length && !/[,.;:!?]/.test(sentence[end].post) && (sentence[end + 1].tags.has("ProperNoun") || /^[A-ZÀ-Ý&]/.test(sentence[end + 1].text)) && !NOT_NAME_TAGS.some((tag) => sentence[end + 1].tags.has(tag))) end++;
      const words = sentence.slice(start, end + 1).map((w) => w.text.replace(/[^\p{L}\p{N}&'’.+-]+$/u, ""));
      while (words.length > 0 && NOT_A_NAME.has(words[0].toLowerCase())) words.shift();
      const name = cleanPhrase(words.join(" ").replace(/(?:'s|’s)$/, ""));
      // An event's name ("DevOps Summit") is the product, not its owner.
      if (name && isNameLike(name) && !EVENT_NOUN.test(name) && name.length <= FACT_MAX_CHARS.brand) return name;
      i = end;
    }
  }
  return undefined;
}

/** "brand Leafly Loft", "marque : Maison Lumière", "brand is leafly loft". */
const EXPLICIT = /\b(?:brand(?:\s+name)?|marque|marca|marke|merk|nom de marque)\s*(?:is|est|es|ist|é|è|:|=|called|named)?\s*["“]?([^"”.,;:!?()\n]{1,80})/i;
/** Words after which an explicit brand's name has ended. */
const AFTER_NAME = /\s+(?:with|for|and|to|that|who|which|in|on|at|from|by|voice|colou?rs?|guidelines?|tone|style|palette|fonts?|logo)\b.*$/i;

function explicitBrand(prompt: string, lowercase: boolean): string | undefined {
  const m = EXPLICIT.exec(prompt);
  if (!m) return undefined;
  // "on-brand", "brand voice", "brand colours": not the brand's name.
  if (/^\s*(?:voice|colou?rs?|guidelines?|tone|style|palette|fonts?|logo|new|awareness|story|values|identity)\b/i.test(m[1])) return undefined;
  const name = cleanPhrase(m[1].replace(AFTER_NAME, ""));
  if (!name || name.split(/\s+/).length > 5 || name.length > FACT_MAX_CHARS.brand) return undefined;
  if (/^[\p{Ll}]/u.test(name)) return lowercase ? titleCase(name) : undefined;
  return name;
}

export function extractBrand(prompt: string, quoted: string[], tagged: () => Term[][], options: { lowercase: boolean; language: string }): string | undefined {
  const explicit = explicitBrand(prompt, options.lowercase);
  if (explicit) return explicit;
  const called = new RegExp(String.raw`\b(?:company|store|shop|brand|startup|restaurant|cafe|café|bakery|business|studio|app|newsletter|charity|nonprofit|team)\s+(?:called|named)\s+["“]?${NAME}`).exec(prompt);
  if (called && isNameLike(called[1])) return cleanPhrase(called[1]);
  // One capitalised word here is too often an adjective ("Weekly newsletter"): two words, or "The …".
  const owner = new RegExp(String.raw`(?:^|[.!?]\s+)(The\s+)?${NAME}\s+${OWNER_NOUN}`).exec(prompt);
  // After "The" calendar words are part of the title ("The Sunday Ledger").
  const titled = (n: string) => n.split(/\s+/).every((w) => /^[A-Z0-9]/.test(w) || /^(?:&|of|and|the)$/.test(w));
  // …and no word of it may be one we never take for a name ("Shipping FAQ email").
  const plain = (n: string) => !n.split(/\s+/).some((w) => NOT_A_NAME.has(w.toLowerCase()) && !/^(?:&|of|and|the)$/i.test(w));
  if (owner && (owner[1] ? titled(owner[2]) : isNameLike(owner[2]) && plain(owner[2]) && owner[2].split(/\s+/).length >= 2)) return cleanPhrase(`${owner[1] ?? ""}${owner[2]}`);
  // German capitalises every noun ("für Kunden"), so one capitalised word after "für" is no name there.
  const german = options.language === "de";
  for (const pattern of [
    new RegExp(String.raw`\b(?:for|from|by|at|with|of|chez|pour|von|bei|vom|para|por|da|di|per|dalla|della|voor|van|bij|dla|od)\s+(?:the\s+|la\s+|le\s+|el\s+|il\s+)?["“]?${NAME}(?:["”])?(?:'s|’s)?`, "g"),
    new RegExp(String.raw`(?:^|[.!?]\s+)${NAME}(?:'s|’s)\s`, "g"),
  ]) {
    for (let m = pattern.exec(prompt); m; m = pattern.exec(prompt)) {
      // NAME allows dots for "Node.js"; a dot followed by a space ends the sentence, not the name.
      let candidate = cleanPhrase(m[1].split(/\.\s/)[0]).replace(/(?:'s|’s)$/, "");
      // "Maya's Bakery": capitalised words after the possessive are the rest of the name.
      const possessed = /^(?:'s|’s)((?:\s+[A-ZÀ-Ý][\p{L}&'’-]{0,39}){1,2})\b/u.exec(prompt.slice(m.index + m[0].indexOf(m[1]) + m[1].length, m.index + m[0].length + 90));
      if (possessed && !possessed[1].trim().split(/\s+/).some((w) => NOT_A_NAME.has(w.toLowerCase()))) candidate = `${candidate}'s${possessed[1]}`;
      if (german && !/^(?:von|bei|vom)\b/i.test(m[0]) && candidate.split(/\s+/).length < 2) continue;
      if (isNameLike(candidate) && !/^\d/.test(candidate) && !/^[A-Z]{2,}\d+$/.test(candidate)) return candidate;
      // "for The Night Owls": a leading "The" with at least two title-case words is part of the name.
      const titledRest = /^The\s+(.+)$/.exec(candidate)?.[1];
      if (titledRest && titledRest.split(/\s+/).length >= 2 && isNameLike(titledRest)) return candidate;
    }
  }
  if (!german) {
    const proper = properNounBrand(tagged());
    if (proper) return proper;
  }
  if (options.lowercase) {
    const lower = lowercaseBrand(prompt);
    if (lower) return lower;
  }
  return quoted.find((q) => isNameLike(q) && q.split(/\s+/).length <= 3);
}
