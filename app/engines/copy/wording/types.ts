// The phrases the composer may add to the brief's facts, per frame language. Every phrase here
// asserts nothing about the sender, the product or the offer: headings ("Your answers"), buttons
// ("See the selection"), greetings and sign-offs, labels that frame a fact ("When: …", "Code …").
// Claims — shipping, returns, support, guarantees, gifts, stock, novelty, superlatives, a past
// purchase — come only from the brief, never from this table (app/domain/qa/promises.ts lists them).
import type { Technique } from "~/domain/blueprint/schema";
import type { OccasionKind } from "~/domain/brief/schema";
import type { EmailType } from "~/domain/prompt/facts";

/** Occasions that share buttons, preheaders and sign-offs. */
export type Family = "shop" | "news" | "ask" | "quiz" | "meet" | "learn" | "give" | "menu" | "travel" | "return";

export const FAMILY: Record<OccasionKind, Family> = {
  sale: "shop",
  "gift-guide": "shop",
  launch: "shop",
  "abandoned-cart": "shop",
  "back-in-stock": "shop",
  newsletter: "news",
  announcement: "news",
  "pricing-change": "news",
  "order-update": "news",
  "thank-you": "news",
  reminder: "news",
  general: "news",
  survey: "ask",
  nps: "ask",
  quiz: "quiz",
  event: "meet",
  invitation: "meet",
  webinar: "meet",
  onboarding: "learn",
  course: "learn",
  fundraising: "give",
  volunteer: "give",
  menu: "menu",
  travel: "travel",
  "re-engagement": "return",
};

export interface Wording {
  /** What the email is, as a heading, when the brief names no occasion: "Gift guide", "Survey". */
  kind: Record<OccasionKind, string>;
  /** The header's name when the brief has neither brand nor occasion, per email type. */
  masthead: Record<EmailType, string>;
  /** The main button when the brief gives none. */
  cta: Record<Family, string>;
  /** The preheader when the brief has no second fact to show. */
  preheader: Record<Family, string>;
  /** The sign-off heading. */
  closing: Record<Family, string>;
  /** The heading over the brief's items when no module shows them. */
  itemsHeading: Record<Family, string>;
  /** The heading over questions no module asks. */
  questionsHeading: string;
  /** The heading of the section that hosts each technique's module. */
  host: Record<Technique, string>;
  /** The survey's thank-you heading. */
  thanks: string;
  /** A subject from its parts: the occasion, the brand, one fact of the brief. */
  subject: (lead: string, brand?: string, fact?: string) => string;
  /** "When: March 14" — the event's date. */
  when: (date: string) => string;
  /** "Date: December 31." — a date of the brief whose meaning the brief does not give. */
  date: (date: string) => string;
  /** "For hobby photographers." */
  forAudience: (audience: string) => string;
  /** "Code GIFT15" */
  code: (code: string) => string;
  /** "Until December 20", unless the deadline says so itself. */
  until: (deadline: string) => string;
  /** Words that already open a deadline ("until", "jusqu'au"): then it is written as it is. */
  deadlineLead: RegExp;
  and: string;
  /** Neutral answers for a question the brief lists none for. */
  answersYesNo: string[];
  answersLikely: string[];
  answersRating: string[];
  /** The NPS question itself, for an NPS email whose brief does not word it. */
  npsQuestion: (brand?: string) => string;
  /** A quiz question made of the brief's own prices: "Which one is $28?". */
  quizPrice: (price: string) => string;
}
