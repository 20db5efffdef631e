/**
 * What the prompt says, as data: the local copywriter writes from these facts so the email's
 * words come from the prompt wherever the prompt gives them. Read from the prompt text (never
 * from HTML) with maintained NLP libraries where they fit: franc-min for the language,
 * chrono-node for dates in that language, compromise's tagger for proper nouns (brands); regexes
 * remain for fixed notations (prices, codes, URLs) and short word lists (occasions, conditions).
 * Anything not found stays undefined/empty rather than being invented here. Every library reads
 * a bounded prefix, so the work is linear in the prompt.
 *
 * The types and constants live in ./facts/types, which client code imports without loading
 * the libraries.
 */
import { extractBrand } from "./facts/brand";
import { extractConditions } from "./facts/conditions";
import { extractCount } from "./facts/count";
import { extractDates } from "./facts/dates";
import { detectEmailType, normaliseEmailType } from "./facts/email-type";
import { extractItems } from "./facts/items";
import { detectLanguage } from "./facts/language";
import { tagSentences } from "./facts/nlp";
import { extractOccasion } from "./facts/occasion";
import { extractCodes, extractOffer } from "./facts/offer";
import { extractProduct } from "./facts/product";
import { extractQuestions } from "./facts/questions";
import { cleanPhrase, isLowercasePrompt, sentences } from "./facts/text";
import { readSource } from "./facts/source";
import { FACT_MAX_CHARS, type FactItem, type PromptFacts, type Tone } from "./facts/types";

export * from "./facts/types";
export { parsePrice } from "./facts/money";
export { detectEmailType, normaliseEmailType } from "./facts/email-type";
export { detectLanguage } from "./facts/language";
export { LIST_WINDOW_CHARS, MAX_LIST_TRIGGERS } from "./facts/items";
export { collapseWhitespace, readSource, locate, rawSpan, type PromptSource, type Span } from "./facts/source";

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
  const found = findTone(prompt);
  return found ? { tone: found.tone, fromPrompt: true } : { tone: "friendly", fromPrompt: false };
}

/** The first tone word the prompt uses (in TONE_WORDS' order) and where. */
export function findTone(prompt: string): { tone: Tone; index: number; text: string } | undefined {
  for (const [tone, re] of TONE_WORDS) {
    const m = re.exec(prompt);
    if (m) return { tone, index: m.index, text: m[0] };
  }
  return undefined;
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

const within = (max: number) => (s: string | undefined) => (s !== undefined && s.length <= max ? s : undefined);

function boundedItems(items: FactItem[]): FactItem[] {
  return items
    .filter((i) => i.name.length <= FACT_MAX_CHARS.itemName)
    .map((i) => (i.detail !== undefined && i.detail.length > FACT_MAX_CHARS.itemDetail ? { ...i, detail: undefined } : i));
}

export function parsePromptFacts(rawPrompt: string, emailType?: string | null): PromptFacts {
  return factsOf(readSource(rawPrompt).text, emailType);
}

/** The facts of a prompt already read by `readSource` (the brief reader reads it once for both). */
export function factsOf(prompt: string, emailType?: string | null): PromptFacts {
  const quoted = extractQuoted(prompt);
  const codes = extractCodes(prompt);
  const language = detectLanguage(prompt);
  const lowercase = isLowercasePrompt(prompt);
  // The tagger is the parser's costliest step: it runs only when no pattern named the brand.
  const brand = within(FACT_MAX_CHARS.brand)(
    extractBrand(prompt, quoted, () => tagSentences(prompt), { lowercase, language: language.code }),
  );
  const hinted = normaliseEmailType(emailType);
  const detected = hinted ? undefined : detectEmailType(prompt);
  const { tone, fromPrompt } = extractTone(prompt);
  const offer = extractOffer(prompt, codes);
  const { items, otherItems } = extractItems(prompt, lowercase);
  return {
    language,
    brand,
    product: within(FACT_MAX_CHARS.product)(extractProduct(prompt, brand, lowercase)),
    offer: offer && offer.text.length > FACT_MAX_CHARS.offer ? extractOffer("", codes) : offer,
    codes,
    dates: extractDates(prompt, language.code).filter((d) => d.length <= FACT_MAX_CHARS.date),
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
    occasion: extractOccasion(prompt),
    conditions: extractConditions(prompt),
    questions: extractQuestions(prompt),
    count: extractCount(prompt),
  };
}

/**
 * Loads the NLP libraries (compromise builds its lexicon on load) by reading one prompt, so the
 * first real prompt does not pay for it. The server calls this right after it starts listening.
 */
export function warmUpPromptFacts(): void {
  parsePromptFacts("Warm-up: a carousel for Acme Coffee with Ethiopia Yirgacheffe $18, 20% off with code WARM until May 3.");
}
