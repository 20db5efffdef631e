/**
 * What the prompt says, as data: the local copywriter writes from these facts so the email's
 * words come from the prompt wherever the prompt gives them. Heuristics over the prompt text
 * (never over HTML). Anything not found stays undefined/empty rather than being invented here.
 */

export const EMAIL_TYPES = [
  "ecommerce",
  "newsletter",
  "event",
  "onboarding",
  "announcement",
  "restaurant",
  "education",
  "feedback",
  "travel",
  "nonprofit",
  "transactional",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const TONES = ["friendly", "playful", "formal", "luxury", "urgent", "warm", "bold", "minimal"] as const;
export type Tone = (typeof TONES)[number];

export interface Price {
  /** As written in the prompt, e.g. "$4.50". */
  display: string;
  /** Whole minor units (cents) so CSS counters can sum them. */
  minor: number;
  currency: string;
}

export interface FactItem {
  name: string;
  price?: Price;
  /** Words after the name that are not the price, e.g. "with oat milk". */
  detail?: string;
}

export interface Offer {
  /** The offer as the prompt words it, e.g. "20% off" or "free shipping". */
  text: string;
  percent?: number;
  code?: string;
}

/** Languages the local copy engine writes its fixed phrases (buttons, headings, footer) in. */
export const FRAME_LANGUAGES = ["en", "fr", "es", "de", "pt", "it"] as const;
export type FrameLanguage = (typeof FRAME_LANGUAGES)[number];

export interface PromptLanguage {
  /** ISO 639-1 code of the prompt's language ("en", "fr", "nl"...), or "und" when undetermined. */
  code: string;
  /** The language of the email's fixed phrases: `code` when the engine has it, else "en". */
  frame: FrameLanguage;
  /** False when the prompt's language has no frame, so the frame is English (a warning says so). */
  supported: boolean;
}

export interface PromptQuestion {
  /** The question as the prompt words it, e.g. "Which roast do you prefer?". */
  text: string;
  /** Its answer options when the prompt lists them (may be empty). */
  options: string[];
}

export interface PromptFacts {
  language: PromptLanguage;
  brand?: string;
  product?: string;
  offer?: Offer;
  codes: string[];
  dates: string[];
  items: FactItem[];
  /** A second list sharing no item with `items`, for the other technique of a pair (may be empty). */
  otherItems?: FactItem[];
  audience?: string;
  tone: Tone;
  toneFromPrompt: boolean;
  emailType: EmailType;
  emailTypeSource: "hint" | "prompt" | "default";
  urls: string[];
  cta?: string;
  /** Quoted phrases, which users use to insist on exact wording. */
  quoted: string[];
  /** The prompt's first sentence with instructions stripped: a fallback topic line. */
  topic: string;
  /** The occasion the email is for ("Black Friday", "winter sale"): it leads the subject and hero. */
  occasion?: string;
  /** Conditions that are not items ("free shipping over €150", "while stocks last"): banner or cart note. */
  conditions: string[];
  /** Survey/quiz questions the prompt spells out. */
  questions: PromptQuestion[];
  /** How many items, slides or questions the prompt asks for ("three roasts", "2 questions"). */
  count?: number;
}

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";

/** Capitalised words that look like names but are calendar or filler words. */
const NOT_A_NAME = new Set(
  [
    "a", "an", "the", "our", "my", "your", "this", "that", "new", "email", "newsletter", "an", "and",
    "black", "friday", "cyber", "monday", "christmas", "easter", "halloween", "thanksgiving", "valentine's",
    "valentines", "mother's", "father's", "new year", "summer", "winter", "spring", "autumn", "fall", "holiday",
    "it", "we", "i", "they", "please", "make", "create", "write", "build", "design", "use", "include", "add",
    "with", "for", "from", "to", "in", "on", "at", "by", "of", "all", "every", "each", "today", "tomorrow",
    "gmail", "outlook", "apple", "css", "html", "amp", "amp4email", "faq", "faqs", "cta", "nps", "vip",
  ].concat(MONTHS.split("|").map((m) => m.replace(/\(.*$/, "")), WEEKDAYS.split("|")),
);

const EMAIL_TYPE_SYNONYMS: Record<EmailType, RegExp> = {
  ecommerce:
    /\b(?:e-?commerce|shop|store|sale|sales|discount|% off|collection|products?|retail|checkout|buy|deal|deals|promo(?:tion)?|coupon|boutique|apparel|sneakers?|merch)\b/g,
  newsletter: /\b(?:newsletter|digest|weekly|monthly|roundup|round-up|bulletin|edition|issue|what's new|updates)\b/g,
  event:
    /\b(?:event|webinar|conference|workshop|rsvp|register|registration|summit|meetup|meet-up|festival|concert|gala|launch party|tickets?|speakers?|agenda|venue)\b/g,
  onboarding: /\b(?:welcome|onboarding|getting started|get started|new users?|new members?|sign(?:ed)? ?up|set ?up|first steps|account)\b/g,
  announcement: /\b(?:announce|announcing|announcement|introducing|launch(?:ing|es)?|release|new feature|now available|unveil)\b/g,
  restaurant:
    /\b(?:restaurant|cafe|café|coffee|bakery|brunch|lunch|dinner|chef|pizza|bistro|menu items|dishes|dish|burger|tacos?|sushi|bar|kitchen|reservations?|table)\b/g,
  education: /\b(?:course|courses|lesson|lessons|learn|learning|students?|class|classes|school|university|tutorial|quiz|trivia|training)\b/g,
  feedback: /\b(?:feedback|survey|poll|nps|questionnaire|review|how did we do|satisfaction)\b/g,
  travel: /\b(?:travel|trip|flights?|hotel|destinations?|vacation|holiday package|resort|getaway|tour|booking)\b/g,
  nonprofit: /\b(?:nonprofit|non-profit|charity|donate|donation|donors?|fundrais\w*|volunteers?|cause|campaign for)\b/g,
  transactional: /\b(?:order confirmation|receipt|invoice|shipping confirmation|password reset|your order has|order #)\b/g,
};

const TYPE_ALIASES: Record<string, EmailType> = {
  ecommerce: "ecommerce", "e-commerce": "ecommerce", retail: "ecommerce", promotional: "ecommerce", promo: "ecommerce",
  promotion: "ecommerce", sale: "ecommerce", product: "ecommerce", shop: "ecommerce",
  newsletter: "newsletter", digest: "newsletter", content: "newsletter",
  event: "event", events: "event", webinar: "event", invitation: "event", invite: "event",
  onboarding: "onboarding", welcome: "onboarding",
  announcement: "announcement", launch: "announcement", "product launch": "announcement", update: "announcement",
  restaurant: "restaurant", food: "restaurant", hospitality: "restaurant",
  education: "education", course: "education", learning: "education",
  feedback: "feedback", survey: "feedback",
  travel: "travel",
  nonprofit: "nonprofit", "non-profit": "nonprofit", charity: "nonprofit", fundraising: "nonprofit",
  transactional: "transactional", receipt: "transactional", confirmation: "transactional",
};

/** Maps a caller's email-type hint to one we write templates for; unknown hints are ignored. */
export function normaliseEmailType(hint: string | undefined | null): EmailType | undefined {
  if (!hint) return undefined;
  const key = hint.trim().toLowerCase().replace(/[_]/g, " ");
  return TYPE_ALIASES[key] ?? TYPE_ALIASES[key.replace(/\s+email$/, "")];
}

export function detectEmailType(prompt: string): EmailType | undefined {
  const lower = prompt.toLowerCase();
  let best: EmailType | undefined;
  let bestScore = 0;
  for (const type of EMAIL_TYPES) {
    const pattern = EMAIL_TYPE_SYNONYMS[type];
    pattern.lastIndex = 0;
    const hits = lower.match(pattern)?.length ?? 0;
    // An explicit "<type> email" is worth more than incidental vocabulary.
    const named = new RegExp(`\\b${type === "ecommerce" ? "e-?commerce" : type}\\b`).test(lower) ? 3 : 0;
    const score = hits + named;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}

const CURRENCY_SYMBOL: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" };
const CURRENCY_WORD: Record<string, string> = {
  usd: "USD", dollars: "USD", dollar: "USD", eur: "EUR", euros: "EUR", euro: "EUR", gbp: "GBP", pounds: "GBP",
  jpy: "JPY", yen: "JPY", cad: "CAD", aud: "AUD", inr: "INR",
};

const PRICE_RE = new RegExp(
  String.raw`(?:([$€£¥₹])\s?(\d{1,6}(?:[.,]\d{1,2})?))|(?:(\d{1,6}(?:[.,]\d{1,2})?)\s?(usd|eur|gbp|jpy|cad|aud|inr|dollars?|euros?|pounds|yen)\b)`,
  "i",
);

export function parsePrice(text: string): Price | undefined {
  const m = PRICE_RE.exec(text);
  if (!m) return undefined;
  const amount = (m[2] ?? m[3]).replace(",", ".");
  const currency = m[1] ? CURRENCY_SYMBOL[m[1]] : CURRENCY_WORD[m[4].toLowerCase()];
  const minor = currency === "JPY" ? Math.round(Number(amount)) : Math.round(Number(amount) * 100);
  return { display: m[0].trim(), minor, currency };
}

function cleanPhrase(s: string): string {
  let out = s
    .replace(/^[\s"'“”‘’()\[-]+|[\s"'“”‘’()\[\].,;:!?-]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // A phrase cut mid-parenthesis ("churros ($5") reads as broken copy; close it.
  const open = (out.match(/\(/g) ?? []).length;
  const close = (out.match(/\)/g) ?? []).length;
  if (open > close) out += ")";
  return out;
}

function sentences(prompt: string): string[] {
  return prompt
    .split(/\n+|(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function isNameLike(phrase: string): boolean {
  const words = phrase.split(/\s+/);
  if (words.length === 0 || words.length > 4) return false;
  if (NOT_A_NAME.has(phrase.toLowerCase())) return false;
  if (NOT_A_NAME.has(words[0].toLowerCase())) return false;
  return words.every((w) => /^[A-Z0-9][\w\u00C0-\u024F&'’.+-]*$/.test(w) || /^(?:&|of|and|the|de|la)$/.test(w));
}

// Letters after the first may be accented ("Bistro Lumière"): \w alone stops at "è".
// Each word is at most NAME_WORD_CHARS long: an unbounded `*` rescanned a long run of name
// characters ("A.A.A.…") from every word boundary in it, quadratic in the run.
const NAME_WORD = String.raw`[A-Z0-9][\w\u00C0-\u024F&'’.+-]{0,39}`;
const NAME = String.raw`(${NAME_WORD}(?:\s+(?:&\s+|of\s+|and\s+|the\s+)?${NAME_WORD}){0,3})`;

/** "The Sunday Ledger newsletter …", "Harvest Table restaurant …": a name that opens a sentence and owns the email. */
const OWNER_NOUN = String.raw`(?:newsletter|digest|bulletin|email|restaurant|bakery|caf[eé]|store|shop|app)\b`;

function extractBrand(prompt: string, quoted: string[]): string | undefined {
  const explicit = /\bbrand(?:\s+name)?\s*(?:is|:|=|called|named)\s*["“]?([^"”.,;\n]+)["”]?/i.exec(prompt);
  if (explicit && cleanPhrase(explicit[1]).length <= FACT_MAX_CHARS.brand) return cleanPhrase(explicit[1]);
  const called = new RegExp(String.raw`\b(?:company|store|shop|brand|startup|restaurant|cafe|café|bakery|business|studio|app|newsletter|charity|nonprofit|team)\s+(?:called|named)\s+["“]?${NAME}`).exec(prompt);
  if (called && isNameLike(called[1])) return cleanPhrase(called[1]);
  // One capitalised word here is too often an adjective ("Weekly newsletter"): two words, or "The …".
  const owner = new RegExp(String.raw`(?:^|[.!?]\s+)(The\s+)?${NAME}\s+${OWNER_NOUN}`).exec(prompt);
  // After "The" calendar words are part of the title ("The Sunday Ledger").
  const titled = (n: string) => n.split(/\s+/).every((w) => /^[A-Z0-9]/.test(w) || /^(?:&|of|and|the)$/.test(w));
  // …and no word of it may be one we never take for a name ("Shipping FAQ email").
  const plain = (n: string) => !n.split(/\s+/).some((w) => NOT_A_NAME.has(w.toLowerCase()) && !/^(?:&|of|and|the)$/i.test(w));
  if (owner && (owner[1] ? titled(owner[2]) : isNameLike(owner[2]) && plain(owner[2]) && owner[2].split(/\s+/).length >= 2)) return cleanPhrase(`${owner[1] ?? ""}${owner[2]}`);
  for (const pattern of [
    new RegExp(String.raw`\b(?:for|from|by|at|with|of)\s+["“]?${NAME}(?:["”])?(?:'s|’s)?`, "g"),
    new RegExp(String.raw`(?:^|[.!?]\s+)${NAME}(?:'s|’s)\s`, "g"),
  ]) {
    for (let m = pattern.exec(prompt); m; m = pattern.exec(prompt)) {
      // NAME allows dots for "Node.js"; a dot followed by a space ends the sentence, not the name.
      const candidate = cleanPhrase(m[1].split(/\.\s/)[0]).replace(/(?:'s|’s)$/, "");
      if (isNameLike(candidate) && !/^\d/.test(candidate) && !/^[A-Z]{2,}\d+$/.test(candidate)) return candidate;
      // "for The Night Owls": a leading "The" with at least two title-case words is part of the name.
      const titledRest = /^The\s+(.+)$/.exec(candidate)?.[1];
      if (titledRest && titledRest.split(/\s+/).length >= 2 && isNameLike(titledRest)) return candidate;
    }
  }
  const quotedName = quoted.find((q) => isNameLike(q) && q.split(/\s+/).length <= 3);
  return quotedName;
}

function extractProduct(prompt: string, brand: string | undefined): string | undefined {
  // The lazy phrases are bounded ({1,160}?, far past the six words a product name may have): an
  // unbounded one read on to the end of the sentence from every "introducing" when no closing
  // delimiter came, quadratic in a prompt of repeated triggers.
  const patterns = [
    /\bproduct(?:\s+name)?\s*(?:is|:|=|called|named)\s*["“]?([^"”.,;\n]+)["”]?/i,
    /\b(?:introducing|launching|launch of|announcing|unveiling|release of|releasing)\s+(?:our|the|a|their|its)?\s*(?:new|all-new|brand-new)?\s*["“]?([^"”.,;!\n]{1,160}?)["”]?(?=[.,;!\n]|\s+(?:with|for|at|on|in|to|and|from|by)\b|$)/i,
    /\b(?:our|the|their|its)\s+new\s+["“]?([^"”.,;!\n]{1,160}?)["”]?(?=[.,;!\n]|\s+(?:with|for|at|on|in|to|and|that|which|from|by)\b|$)/i,
    new RegExp(String.raw`\b${NAME}\s+(?:Summit|Conference|Festival|Meetup|Workshop|Webinar|Gala|Expo|Fair|Week|Day|Awards|Retreat|Hackathon|Launch)\b`),
  ];
  for (const [i, p] of patterns.entries()) {
    const m = p.exec(prompt);
    if (m) {
      // The event-name pattern's whole match is the name ("DevOps Summit"), not just its first words.
      const phrase = cleanPhrase(i === patterns.length - 1 ? m[0] : m[1]);
      const words = phrase.split(/\s+/);
      const isDate = extractDates(phrase).join(" ") === phrase || new RegExp(`^(?:${MONTHS}|${WEEKDAYS}|today|tomorrow|soon|next|this)\\b`, "i").test(phrase);
      if (phrase && words.length <= 6 && !isDate && phrase.toLowerCase() !== brand?.toLowerCase() && !/\bemail\b/i.test(phrase)) return phrase;
    }
  }
  return undefined;
}

function extractOffer(prompt: string, codes: string[]): Offer | undefined {
  const pct = /\b(?:up to\s+)?(\d{1,2})\s?%\s?(?:off|discount|savings?)\b(?:\s+(?:on\s+)?(?:everything|sitewide|site-wide|storewide|(?:all\s+|our\s+|every\s+)?[a-z]+))?/i.exec(prompt);
  // (?<!\d): a match can only start where a run of digits starts (a later start would find the
  // same words), so a long run of digits is read once rather than once per digit.
  const amount = /(?:[$€£]\s?\d+(?:\.\d{2})?|(?<!\d)\d+\s?(?:dollars|euros|pounds))\s+off\b(?:\s+(?:orders?|your (?:first )?order)(?:\s+over\s+[$€£]?\d+)?)?/i.exec(prompt);
  const other = /\b(?:free (?:shipping|delivery|returns|gift|trial|dessert|drink|coffee|upgrade)(?: on [^.,;\n]+)?|buy one,? get one(?: free)?|bogo|2[- ]for[- ]1|two for one|early[- ]bird (?:pricing|discount|tickets?))\b/i.exec(prompt);
  const match = pct ?? amount ?? other;
  if (!match) return codes.length > 0 ? { text: `code ${codes[0]}`, code: codes[0] } : undefined;
  // The pattern takes one word after "off"; a date word there ("20% off through June 30") is not the offer.
  const text = cleanPhrase(match[0]).replace(/\s+(?:for|with|and|to|using|on|through|thru|until|till|before|by|ends?|ending|from|this|today|now)$/i, "");
  return { text, percent: pct ? Number(pct[1]) : undefined, code: codes[0] };
}

function extractCodes(prompt: string): string[] {
  const out: string[] = [];
  const re = /\b(?:promo |discount |coupon |voucher )?code\s*(?:is\s*|:\s*)?["“]?([A-Z0-9][A-Z0-9_-]{2,19})["”]?/gi;
  for (let m = re.exec(prompt); m; m = re.exec(prompt)) {
    const code = m[1];
    // Codes are shouted; "code for" or "code that" is prose.
    if (code === code.toUpperCase() && /[A-Z]/.test(code) && !out.includes(code)) out.push(code);
  }
  return out;
}

/** Dates read from one prompt; a real brief names a handful. */
const MAX_DATES = 24;

function extractDates(prompt: string): string[] {
  const patterns = [
    new RegExp(String.raw`\b(?:(?:${WEEKDAYS}),?\s+)?(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:\s?[-–]\s?\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?(?:,?\s+(?:at\s+)?\d{1,2}(?::\d{2})?\s?(?:am|pm))?`, "gi"),
    new RegExp(String.raw`\b(?:(?:${WEEKDAYS}),?\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTHS})\b(?:,?\s+\d{4})?`, "gi"),
    /\b\d{4}-\d{2}-\d{2}\b/g,
    /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g,
    new RegExp(String.raw`\b(?:this|next|on|until|through|by|ends?)\s+(?:${WEEKDAYS})(?:\s+(?:at\s+)?(?:midnight|noon|\d{1,2}(?::\d{2})?\s?(?:am|pm)))?`, "gi"),
    /\b(?:this|next) (?:weekend|week|month)\b/gi,
    /\b(?:ends|until|through) (?:midnight|tonight|tomorrow)\b/gi,
    /\b(?:48|24|72) hours?\b/gi,
  ];
  const found: { index: number; text: string }[] = [];
  for (const p of patterns) {
    // Each new date is compared with every one found: past MAX_DATES that is quadratic work for
    // dates nobody lists in one email.
    for (let m = p.exec(prompt); m && found.length < MAX_DATES; m = p.exec(prompt)) {
      const text = cleanPhrase(m[0]).replace(/^(?:on|by)\s+/i, "");
      const overlaps = found.some((f) => m!.index < f.index + f.text.length + 4 && f.index < m!.index + m![0].length);
      if (!overlaps && text) found.push({ index: m.index, text });
    }
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.text);
}

// Navigation lists read "a menu for A, B and C", "linking to A, B and C" or "menu (A, B, C)".
const LIST_TRIGGER =
  /(?:\b(?:including|featuring|such as|like|items?|products?|dishes|options|topics|sessions|categories|(?:tabs?|panels?|slides?|sections?|links?|menu|nav(?:igation)?|bar) (?:for|to|on)|linking to|questions? about|faqs? (?:about|on)|covering|showcasing|highlighting|with)\b\s*:?|:|\()\s*/gi;

/**
 * An unclosed "(" or a stray ")" without a price: the piece is the edge of a parenthesised list,
 * which the "(" trigger reads on its own. (A priced piece cut mid-parenthesis, "churros ($5", stays.)
 */
const PAREN_EDGE = /\([^)]*$|^[^(]*\)/;

/** Pieces read from one list; the longest list kept has 8 items. */
const MAX_LIST_PIECES = 32;

function splitList(segment: string): string[] {
  return segment
    .split(/\s*(?:;|,|\s+and\s+|\s+or\s+|\s+plus\s+|\s*\+\s*|\s*\|\s*)\s*/i, MAX_LIST_PIECES)
    .filter((s) => !PAREN_EDGE.test(s) || parsePrice(s) !== undefined)
    .map(cleanPhrase)
    .map((s) => s.replace(/^(?:and|or|a|an|the|our)\s+/i, ""))
    .filter((s) => s.length > 0);
}

function toItem(piece: string): FactItem | undefined {
  const price = parsePrice(piece);
  let name = piece;
  let detail: string | undefined;
  if (price) {
    name = piece
      .replace(price.display, "")
      // The billing period belongs to the price ("$9/month"), not to the name ("Starter").
      .replace(/\s*(?:\/|\bper\s+|\ba\s+)\s*(?:month|mo|year|yr|week|wk|day|night|person|head|user|seat)\b\.?/i, "")
      .replace(/\(\s*\)|\s(?:at|for|is|costs?|priced at|@)\s*$|\s[-–—:]\s*$|\s*[-–—:]\s*$/gi, "")
      .trim();
    name = cleanPhrase(name);
  }
  const split = /^(.+?)\s+(?:with|in|made with|topped with)\s+(.+)$/i.exec(name);
  if (split && split[1].split(/\s+/).length <= 4) {
    detail = split[2];
  }
  if (!name || name.split(/\s+/).length > 7) return undefined;
  if (/^(?:tabs?|accordions?|carousels?|sliders?|surveys?|quiz|menus?|carts?|buttons?|ctas?|images?|emails?|them|it|more|etc)$/i.test(name)) return undefined;
  return { name, price, detail };
}

/**
 * Prices count most; then short capitalised names ("Import, Edit and Share") beat loose phrases
 * ("a friendly note from the founder, Maya, and a button labelled …") of the same length.
 */
function listScore(items: FactItem[]): number {
  const priced = items.filter((i) => i.price).length;
  const named = items.filter((i) => /^[A-Z0-9]/.test(i.name) && i.name.split(/\s+/).length <= 3 && !/["“”]/.test(i.name)).length;
  return items.length + priced * 2 + named * 0.5;
}

/**
 * Lists are read from a bounded window after each trigger, and from at most MAX_LIST_TRIGGERS
 * triggers per prompt. Reading the whole rest of the sentence after every trigger was quadratic:
 * "Tab: " × 4,000 is one sentence with 4,000 triggers.
 */
export const LIST_WINDOW_CHARS = 600;
export const MAX_LIST_TRIGGERS = 100;

/** The text after a trigger, cut to LIST_WINDOW_CHARS and then back to the last list separator. */
function listWindow(sentence: string, start: number): string {
  if (sentence.length - start <= LIST_WINDOW_CHARS) return sentence.slice(start);
  const window = sentence.slice(start, start + LIST_WINDOW_CHARS);
  const lastSeparator = Math.max(window.lastIndexOf(","), window.lastIndexOf(";"));
  return lastSeparator > 0 ? window.slice(0, lastSeparator) : window;
}

/**
 * The prompt's best list, and the best other list that shares no item with it: a two-technique
 * prompt often lists something for each ("tabs for Monday, Wednesday and Friday recipes, plus a
 * cart: sourdough $5, dessert $7").
 */
function extractItems(prompt: string): { items: FactItem[]; otherItems: FactItem[] } {
  const bulletLines = prompt
    .split(/\n/)
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/.exec(l)?.[1])
    .filter((l): l is string => Boolean(l));
  if (bulletLines.length >= 2) {
    const items = bulletLines.map((l) => toItem(cleanPhrase(l))).filter((i): i is FactItem => Boolean(i));
    return { items: items.slice(0, MAX_BULLET_ITEMS), otherItems: [] };
  }
  let best: FactItem[] = [];
  const candidates: FactItem[][] = [];
  let triggers = 0;
  for (const sentence of sentences(prompt)) {
    LIST_TRIGGER.lastIndex = 0;
    for (let m = LIST_TRIGGER.exec(sentence); m && triggers < MAX_LIST_TRIGGERS; m = LIST_TRIGGER.exec(sentence)) {
      triggers++;
      const after = listWindow(sentence, m.index + m[0].length);
      // A parenthesised list ends at its closing parenthesis.
      const rest = m[0].startsWith("(") ? after.split(")")[0] : after;
      // Stop the list where a new clause starts so "A, B and C. Use code X" does not leak.
      const cut = rest.split(/(?<=\S)\s+(?:for|to|that|which|so|because|where|in a|in an|with a|with an)\s+(?![$€£\d])/i)[0].replace(/[.!?]\s*$/, "");
      const pieces = splitList(cut);
      let items = pieces.map(toItem).filter((i): i is FactItem => Boolean(i));
      // …unless the clause word sits inside an item name ("SQL for Analysts $39"): the whole
      // sentence then reads as a longer list, every item priced.
      const whole = splitList(rest.replace(/[.!?]\s*$/, "")).map(toItem).filter((i): i is FactItem => Boolean(i));
      if (whole.every((i) => i.price) && whole.length > items.filter((i) => i.price).length) items = whole;
      if (items.length < 2) continue;
      candidates.push(items);
      const score = listScore(items);
      const bestScore = listScore(best);
      // On a tie the later trigger wins: "menu: our new menu with A, B" lists A and B after "with".
      if (items.length >= 2 && score >= bestScore) best = items;
    }
  }
  if (!best.some((i) => i.price)) {
    const loose = pricedPhrases(prompt);
    if (loose.length >= 2) best = loose;
  }
  const taken = new Set(best.map((i) => i.name.toLowerCase()));
  let other: FactItem[] = [];
  for (const list of candidates) {
    if (list.some((i) => taken.has(i.name.toLowerCase()))) continue;
    if (listScore(list) >= listScore(other)) other = list;
  }
  return { items: best.slice(0, 8), otherItems: other.slice(0, 8) };
}

/** Bulleted items kept (a copy has at most 12 items); 5,000 bullets once all went through. */
const MAX_BULLET_ITEMS = 12;

/** Word that cannot be part of an item name; the name is what follows the last of them. */
const NAME_BREAK = /^(?:to|add|adding|with|the|a|an|our|of|for|at|only|including|featuring|like|get|buy|try|order|and|or|plus|just|from|is|are|on|in)$/i;

/** "tap to add roses €25, tulips €18 to your basket": priced phrases without a list trigger. */
function pricedPhrases(prompt: string): FactItem[] {
  const out: FactItem[] = [];
  for (const piece of prompt.split(/\s*(?:[,;\n]|\s+and\s+|[.!?](?:\s|$))\s*/)) {
    const price = parsePrice(piece);
    if (!price) continue;
    const before = piece.slice(0, piece.indexOf(price.display)).replace(/[\s(:–—-]+$/, "").split(/\s+/).filter(Boolean);
    let start = before.length;
    while (start > 0 && !NAME_BREAK.test(before[start - 1]) && before.length - start < 4) start--;
    const name = cleanPhrase(before.slice(start).join(" "));
    if (name && !/^\d/.test(name)) out.push({ name, price });
  }
  return out;
}

function extractAudience(prompt: string): string | undefined {
  const patterns = [
    /\baudience\s*(?:is|:)\s*([^.;\n]+)/i,
    /\b(?:targeting|aimed at|aimed towards|for an audience of|speaking to|addressed to)\s+([^.,;\n]+)/i,
    // Bounded like the product phrases: unbounded, every "send to" read on to the end of the sentence.
    /\bsend(?:ing)? (?:it )?to (?:our |all )?([^.,;\n]{1,120}?(?:customers|subscribers|members|users|fans|donors|guests|students|parents|clients|readers|attendees|shoppers|travellers|travelers|developers|designers|teams?))\b/i,
    /\bfor (?:our |all )?((?:new |existing |loyal |returning |lapsed |vip |premium |first-time |busy |young |local )*(?:customers|subscribers|members|users|fans|donors|guests|students|parents|clients|readers|attendees|shoppers|travellers|travelers|developers|designers|foodies|runners|gamers|professionals|families))\b/i,
  ];
  for (const p of patterns) {
    const m = p.exec(prompt);
    if (m) return cleanPhrase(m[1]);
  }
  return undefined;
}

const TONE_WORDS: Array<[Tone, RegExp]> = [
  ["playful", /\b(?:playful|fun|funny|quirky|cheeky|witty|whimsical|light-hearted|lighthearted|cheerful)\b/i],
  ["luxury", /\b(?:luxury|luxurious|elegant|premium|sophisticated|refined|exclusive|high-end)\b/i],
  ["urgent", /\b(?:urgent|urgency|last chance|hurry|limited time|ending soon|final hours|don't miss|flash sale)\b/i],
  ["formal", /\b(?:formal|professional|corporate|serious|business-like|authoritative)\b/i],
  ["warm", /\b(?:warm|heartfelt|cozy|cosy|caring|grateful|thankful|personal)\b/i],
  ["bold", /\b(?:bold|energetic|punchy|exciting|hype|loud|confident)\b/i],
  ["minimal", /\b(?:minimal|minimalist|calm|clean|simple|understated|concise)\b/i],
  ["friendly", /\b(?:friendly|casual|conversational|approachable|upbeat)\b/i],
];

function extractTone(prompt: string): { tone: Tone; fromPrompt: boolean } {
  for (const [tone, re] of TONE_WORDS) if (re.test(prompt)) return { tone, fromPrompt: true };
  return { tone: "friendly", fromPrompt: false };
}

function extractUrls(prompt: string): string[] {
  const out: string[] = [];
  const re = /\bhttps?:\/\/[^\s<>"'()]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'()]*/gi;
  for (let m = re.exec(prompt); m; m = re.exec(prompt)) {
    const url = m[0].replace(/[.,;:!?]+$/, "");
    const full = url.startsWith("www.") ? `https://${url}` : url;
    if (!out.includes(full)) out.push(full);
  }
  return out;
}

function extractCta(prompt: string): string | undefined {
  const patterns = [
    /\b(?:cta|call[- ]to[- ]action|button)(?:\s+(?:text|label|copy))?\s*(?:should\s+(?:say|read)|saying|that says|reading|labell?ed|:|=)\s*["“']?([^"”'.;\n]{2,30})["”']?/i,
    /["“]([^"”]{2,30})["”]\s+(?:button|cta|call to action)\b/i,
  ];
  for (const p of patterns) {
    const m = p.exec(prompt);
    if (m) return cleanPhrase(m[1]);
  }
  return undefined;
}

function extractQuoted(prompt: string): string[] {
  const out: string[] = [];
  const re = /["“]([^"”\n]{2,120})["”]/g;
  for (let m = re.exec(prompt); m; m = re.exec(prompt)) out.push(m[1].trim());
  return out;
}

const INSTRUCTION_PREFIX =
  /^(?:please\s+)?(?:(?:create|make|write|build|design|generate|draft|send|produce|i need|we need|i want|we want)\s+(?:me\s+|us\s+)?)?(?:an?\s+|the\s+)?(?:(?:interactive|html|css|short|quick|simple|fun|beautiful|modern)\s+)*(?:email|newsletter|message|mail)?\s*(?:for|about|announcing|promoting|that)?\s*/i;

function extractTopic(prompt: string): string {
  const first = sentences(prompt)[0] ?? prompt;
  const topic = cleanPhrase(first.replace(INSTRUCTION_PREFIX, ""));
  return topic.length > 0 ? topic.slice(0, 160) : cleanPhrase(first).slice(0, 160);
}

/**
 * Every run of whitespace as one space, or one line break when it holds one. The extractors'
 * patterns pair `\s*` with `\s+` (and `\s+` with lookarounds); over a long run of blanks each such
 * pair backtracks through the whole run from every position in it (cubic for a list split), so
 * they only ever see single blanks. Every extracted phrase collapsed its blanks anyway.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes("\n") ? "\n" : " "));
}

/**
 * The longest phrase each fact may be. A longer one is not what the fact names (a 20,000-character
 * "brand" read from "brand is brand is …"), and the copy places facts in fields with limits
 * (a headline has 200 characters, a link 2,000): such a fact is dropped, never cut.
 */
export const FACT_MAX_CHARS = { brand: 60, product: 80, offer: 80, audience: 80, itemName: 60, itemDetail: 120, date: 60, url: 2000 } as const;

const within = (max: number) => (s: string | undefined) => (s !== undefined && s.length <= max ? s : undefined);

function boundedItems(items: FactItem[]): FactItem[] {
  return items
    .filter((i) => i.name.length <= FACT_MAX_CHARS.itemName)
    .map((i) => (i.detail !== undefined && i.detail.length > FACT_MAX_CHARS.itemDetail ? { ...i, detail: undefined } : i));
}

export function parsePromptFacts(rawPrompt: string, emailType?: string | null): PromptFacts {
  const prompt = collapseWhitespace(rawPrompt);
  const quoted = extractQuoted(prompt);
  const codes = extractCodes(prompt);
  const brand = within(FACT_MAX_CHARS.brand)(extractBrand(prompt, quoted));
  const hinted = normaliseEmailType(emailType);
  const detected = hinted ? undefined : detectEmailType(prompt);
  const { tone, fromPrompt } = extractTone(prompt);
  const offer = extractOffer(prompt, codes);
  const { items, otherItems } = extractItems(prompt);
  return {
    language: { code: "en", frame: "en", supported: true },
    brand,
    product: within(FACT_MAX_CHARS.product)(extractProduct(prompt, brand)),
    offer: offer && offer.text.length > FACT_MAX_CHARS.offer ? extractOffer("", codes) : offer,
    codes,
    dates: extractDates(prompt).filter((d) => d.length <= FACT_MAX_CHARS.date),
    items: boundedItems(items),
    otherItems: boundedItems(otherItems),
    audience: within(FACT_MAX_CHARS.audience)(extractAudience(prompt)),
    tone,
    toneFromPrompt: fromPrompt,
    emailType: hinted ?? detected ?? "announcement",
    emailTypeSource: hinted ? "hint" : detected ? "prompt" : "default",
    urls: extractUrls(prompt).filter((u) => u.length <= FACT_MAX_CHARS.url),
    cta: extractCta(prompt),
    quoted,
    topic: extractTopic(prompt),
    conditions: [],
    questions: [],
  };
}
