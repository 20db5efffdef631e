// The shape of a language's cue words: the reader decides what each block of a brief is from its
// tokens, its place and these words. One file per frame language (./en.ts, ./fr.ts …); adding a
// language or a cue is a data change. Phrases are matched on folded words (lower case, one kind of
// apostrophe), whole words only: "code" matches "Code:" and "code", never "barcode".
import type { Tone } from "~/domain/brief/kinds";

/** What a `Label:` line or a heading says its value is. */
export const LABEL_KEYS = [
  "offer",
  "code",
  "date",
  "deadline",
  "when",
  "where",
  "who",
  "agenda",
  "button",
  "link",
  /** A link named by what it does: "Register:", "RSVP link:", "Réservation :" — a button. */
  "action",
  "image",
  "tone",
  "length",
  "audience",
  "subject",
  "preheader",
  "headline",
  "brand",
  "from",
  "to",
  "note",
  "question",
  "options",
  "answer",
  "faq",
  "items",
  "price",
  "threshold",
  "signature",
  "topic",
  "goal",
  "kind",
  /** When and to whom the email goes: "Send:", "Versand:", "Envío:". */
  "send",
  /** How it is laid out: "Format:", "Module:", "Formato:". */
  "format",
  "ps",
] as const;
export type LabelKey = (typeof LABEL_KEYS)[number];

/** Words of a sentence addressed to Kinetic rather than to the email's reader. */
export const INSTRUCTION_CUES = [
  /** Imperatives a writer gives a tool or a colleague: write, make, include, show, put, keep… */
  "verb",
  /** What opens a request: please, can you, I need, we want, let's… */
  "opener",
  /** Politeness a writer adds to a request, anywhere in it: please, stp, bitte, porfa… */
  "polite",
  /** Words for the email itself: email, newsletter, subject line, layout, banner… */
  "self",
  /** Asking the email to say something: say, tell them, let them know, mention that, explain that… */
  "say",
  "remind",
  "thank",
  "ask",
  "invite",
  "encourage",
  /** What rules something out: do not mention, don't talk about, avoid, no mention of, leave out… */
  "avoid",
  /** Words that speak of the reader in the third person: them, their, people, customers… */
  "reader",
  /** "no" / "without" before what the email must not have or promise ("no discount this time"). */
  "no",
  /** How the email is to be signed: "sign it", "signe", "firma". */
  "sign",
  /** Words before a module's name that ask for it: "in a carousel", "en onglets", "als Tabs". */
  "placement",
  /** When the email goes out: "this one goes 24h after the first". */
  "timing",
  /** The writer speaking of themselves ("we", "je", "te paso"): with a word for the email, a note about the email. */
  "writer",
  /** The readers in the third person ("they", "leur", "die Leute"): a sentence about them is a note for the writer, not copy. */
  "they",
  /** Words of time that end what a request rules out: "no discount this time" rules out "discount". */
  "now",
  /** Words between a module's name and the list of its panes: "tabs for A, B and C", "menu linking to …". */
  "panes",
  /** Words before a request that ask nothing: "also", "PS", "et", "dann". */
  "filler",
  /** Words that open what a request says or rules out: "say that …", "erwähnen, dass …". */
  "that",
  /** Pronouns in a request that point at copy beside it: "Places limitées à 40, mets-le en avant", "eso sí ponlo". */
  "pointer",
  /** Pronouns a request rules out or asks for instead of naming it: "don't mention it", "pas besoin de le dire". */
  "pronoun",
] as const;
export type InstructionCue = (typeof INSTRUCTION_CUES)[number];

export const OFFER_CUES = ["off", "free", "bogo", "threshold", "deadline", "scope", "code", "gift"] as const;
export type OfferCue = (typeof OFFER_CUES)[number];

export const PRICE_CUES = ["was", "from", "to", "per", "starting"] as const;
export type PriceCue = (typeof PRICE_CUES)[number];

export const QUESTION_CUES = ["correct", "wrong", "options", "scale", "free-text"] as const;
export type QuestionCue = (typeof QUESTION_CUES)[number];

export const EVENT_CUES = ["when", "where", "who", "agenda", "online", "doors"] as const;
export type EventCue = (typeof EVENT_CUES)[number];

export const BRAND_CUES = ["from", "for", "signoff", "team", "possessive-of", "business"] as const;
export type BrandCue = (typeof BRAND_CUES)[number];

/** The kinds of email the reader tells apart (the brief's occasion). */
export const KIND_KEYS = [
  "sale",
  "abandoned-cart",
  "back-in-stock",
  "launch",
  "pricing-change",
  "newsletter",
  "event",
  "invitation",
  "webinar",
  "survey",
  "nps",
  "quiz",
  "menu",
  "fundraising",
  "volunteer",
  "onboarding",
  "course",
  "travel",
  "gift-guide",
  "announcement",
  "re-engagement",
  "order-update",
  "thank-you",
  "reminder",
] as const;
export type KindKey = (typeof KIND_KEYS)[number];

export const TECHNIQUE_KEYS = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"] as const;
export type TechniqueKey = (typeof TECHNIQUE_KEYS)[number];

export interface Cues {
  /** Words that end in a dot inside a sentence, without that dot ("dr", "approx", "z. b", "n°"). */
  abbreviations: string[];
  /** Frequent function words, which tell the language from the others. */
  functionWords: string[];
  /** Month names and their short forms. */
  months: string[];
  weekdays: string[];
  /** Words for lengths of time ("hours", "nights"): "48 hours" is how long, not when. */
  durations: string[];
  /** Words chrono reads as a date that say no when in a brief ("now", "tonight" stays). */
  notDates: string[];
  /** Words that name a day or a time without a number ("tomorrow", "midnight", "Ostersonntag", "week"): a date needs a digit or one of these, a month or a weekday. */
  dayWords?: string[];
  /** Words between two parts of one date: a range ("to", "au", "bis") or a day and its time ("at", "à", "um"). */
  dateJoiners: string[];
  /** Words that open a range of dates ("from", "del", "vom"): a date that ranges keeps them. */
  rangeOpeners?: string[];
  numberWords: Record<string, number>;
  /** Words for "percent" after a number ("20 percent", "30 pour cent"). */
  percentWords: string[];
  /** List joints, and the words that turn a sentence ("but"), where a clause ends. */
  list: { and: string[]; or: string[]; but: string[] };
  /** Words that speak to the reader ("you", "your"): a sentence with them is copy more often than a request. */
  secondPerson: string[];
  /** Whether the language writes every noun with a capital (German): a capitalised word alone is no sign of a name. */
  nounsCapitalized?: boolean;
  /** Whether the language puts a request's verb last ("Keine Altersgrenze nennen", "bitte als Mail aufbereiten"). */
  verbLast?: boolean;
  /** Articles and prepositions a phrase drops at its start ("the free shipping" → "free shipping"). */
  determiners: string[];
  /** Small words inside a name ("of", "&"): "Bank of Lisbon". */
  nameJoiners: string[];
  labels: Partial<Record<LabelKey, string[]>>;
  instruction: Partial<Record<InstructionCue, string[]>>;
  tone: Partial<Record<Tone, string[]>>;
  length: { short: string[]; long: string[] };
  offer: Partial<Record<OfferCue, string[]>>;
  price: Partial<Record<PriceCue, string[]>>;
  question: Partial<Record<QuestionCue, string[]>>;
  event: Partial<Record<EventCue, string[]>>;
  brand: Partial<Record<BrandCue, string[]>>;
  /** Named days ("Black Friday", "fête des mères") and seasonal sales ("winter sale", "soldes d'hiver"): the occasion as the brief names it. */
  occasion?: Partial<Record<"day" | "season", string[]>>;
  kinds: Partial<Record<KindKey, string[]>>;
  techniques: Partial<Record<TechniqueKey, string[]>>;
  /** Capitalised words that are never a brand alone: email words, seasons, holidays, greetings. */
  notNames: string[];
  /** How the email speaks to its reader (for a request in the third person: "thank them" → "you"). */
  you: { subject: string; object: string; possessive: string };
}
