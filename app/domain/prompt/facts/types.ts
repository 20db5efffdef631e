/**
 * The prompt facts' types and constants, kept apart from the extractor so client code (the builder
 * page reads EMAIL_TYPES) can import them without pulling the NLP libraries into the browser bundle.
 */
import type { EmailType, FrameLanguage, Tone } from "~/domain/brief/kinds";
export { EMAIL_TYPES, FRAME_LANGUAGES, TONES, type EmailType, type FrameLanguage, type Tone } from "~/domain/brief/kinds";

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

/**
 * The longest phrase each fact may be. A longer one is not what the fact names (a 20,000-character
 * "brand" read from "brand is brand is …"), and the copy places facts in fields with limits
 * (a headline has 200 characters, a link 2,000): such a fact is dropped, never cut.
 */
export const FACT_MAX_CHARS = {
  brand: 60,
  product: 80,
  offer: 80,
  audience: 80,
  itemName: 60,
  itemDetail: 120,
  date: 60,
  url: 2000,
} as const;
