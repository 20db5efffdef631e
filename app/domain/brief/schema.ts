// The brief: what a prompt asks for, as data. Every value records the span of the prompt it came
// from ({ start, end } character offsets into the prompt as the user wrote it), so a reader, a form
// or a check can show or verify where it was read. A client may send a brief back (edited): it is
// validated here and used instead of reading the prompt again. See docs/brief.md.
import { z } from "zod";
import { TECHNIQUES } from "~/domain/blueprint/schema";
import { EMAIL_TYPES, FRAME_LANGUAGES, TONES } from "./kinds";

/** Brief values are bounded like the facts they come from; lists like a brief's handful. */
export const BRIEF_LIMITS = {
  text: 400,
  url: 2_000,
  items: 24,
  offers: 8,
  questions: 10,
  options: 20,
  dates: 24,
  links: 20,
  codes: 12,
  quoted: 20,
  message: 8,
  faq: 12,
  ctas: 6,
  images: 20,
  ruledOut: 12,
  says: 8,
  instructions: 24,
  unused: 40,
  people: 8,
  agenda: 16,
} as const;

export const SpanSchema = z
  .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
  .refine((s) => s.end >= s.start, { message: "span end must not be before its start" });
export type Span = z.infer<typeof SpanSchema>;

const str = (max: number = BRIEF_LIMITS.text) => z.string().trim().min(1).max(max);

/** A value as the prompt words it, and where. */
export const BriefTextSchema = z.object({ value: str(), span: SpanSchema });
export type BriefText = z.infer<typeof BriefTextSchema>;

export const BriefPriceSchema = z.object({
  /** As written, e.g. "$4.50" or "14,50 €". */
  display: str(60),
  /** Whole minor units (cents). */
  minor: z.number().int().min(0).max(1e12),
  currency: z.string().trim().min(3).max(3),
  span: SpanSchema,
});
export type BriefPrice = z.infer<typeof BriefPriceSchema>;

export const BriefItemSchema = z.object({
  name: BriefTextSchema,
  price: BriefPriceSchema.optional(),
  /** Words after the name that are not the price ("with oat milk"). */
  detail: BriefTextSchema.optional(),
  /** A link the prompt gives for this item. */
  link: BriefTextSchema.optional(),
  /** An image URL the prompt gives for this item. */
  image: BriefTextSchema.optional(),
  /** The former price ("was $159"; "goes from $12 to $15": $12). */
  was: BriefPriceSchema.optional(),
});
export type BriefItem = z.infer<typeof BriefItemSchema>;

export const OFFER_KINDS = ["percent", "amount", "free", "bundle", "code", "other"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** An offer and the conditions that govern it (and no other offer). */
export const BriefOfferSchema = z.object({
  /** The offer's own words: "15% off", "free gift wrap", "livraison offerte". */
  text: BriefTextSchema,
  kind: z.enum(OFFER_KINDS),
  percent: z.number().min(0).max(100).optional(),
  /** An amount off ("$10 off"). */
  amount: BriefPriceSchema.optional(),
  code: BriefTextSchema.optional(),
  /** The minimum spend: "over $50", "dès 40 €". `price` is the amount. */
  threshold: z.object({ text: BriefTextSchema, price: BriefPriceSchema }).optional(),
  /** Until when: "until Dec 20", "jusqu'au 20 décembre". */
  deadline: BriefTextSchema.optional(),
  /** What it applies to: "sitewide", "on all boots", "members only". */
  scope: BriefTextSchema.optional(),
});
export type BriefOffer = z.infer<typeof BriefOfferSchema>;

export const BriefQuestionSchema = z.object({
  text: BriefTextSchema,
  /** Every option, in order; a scale's options are its steps ("0–10" is "0" … "10"). */
  options: z.array(z.object({ value: str(120), span: SpanSchema })).max(BRIEF_LIMITS.options),
  scale: z.object({ min: z.number().int().min(0).max(100), max: z.number().int().min(0).max(100), span: SpanSchema }).optional(),
  /** A quiz question's right answer: the index of its option. */
  correct: z.number().int().min(0).max(BRIEF_LIMITS.options).optional(),
});
export type BriefQuestion = z.infer<typeof BriefQuestionSchema>;

/** What a date governs: an offer (by its index in `offers`), the event itself, or nothing read. */
export const DateGovernsSchema = z.union([
  z.object({ kind: z.literal("offer"), offer: z.number().int().min(0) }),
  z.object({ kind: z.literal("event") }),
  z.object({ kind: z.literal("none") }),
]);

export const BriefDateSchema = BriefTextSchema.extend({ governs: DateGovernsSchema });
export type BriefDate = z.infer<typeof BriefDateSchema>;

/** What the email is for: more precise than the email type the templates are chosen by. */
export const OCCASION_KINDS = [
  "sale",
  "gift-guide",
  "launch",
  "newsletter",
  "survey",
  "nps",
  "quiz",
  "event",
  "invitation",
  "webinar",
  "onboarding",
  "announcement",
  "re-engagement",
  "abandoned-cart",
  "back-in-stock",
  "order-update",
  "fundraising",
  "menu",
  "course",
  "travel",
  "thank-you",
  "reminder",
  "pricing-change",
  "volunteer",
  "general",
] as const;
export type OccasionKind = (typeof OCCASION_KINDS)[number];

/** What the brief asks of Kinetic rather than says to the reader; never printed in the email. */
export const INSTRUCTION_KINDS = ["naming", "request", "tone", "length", "avoid", "say", "technique", "audience", "signature"] as const;
export const BriefInstructionSchema = z.object({ kind: z.enum(INSTRUCTION_KINDS), text: BriefTextSchema });
export type BriefInstruction = z.infer<typeof BriefInstructionSchema>;

/** A part of the prompt the brief does not use, and why: nothing is dropped without a word. */
export const BriefUnusedSchema = z.object({ text: BriefTextSchema, reason: str(200) });
export type BriefUnused = z.infer<typeof BriefUnusedSchema>;

export const BriefEventSchema = z.object({
  when: BriefTextSchema.optional(),
  where: BriefTextSchema.optional(),
  who: z.array(BriefTextSchema).max(BRIEF_LIMITS.people).default([]),
  agenda: z.array(BriefTextSchema).max(BRIEF_LIMITS.agenda).default([]),
});
export type BriefEvent = z.infer<typeof BriefEventSchema>;

export const BriefSchema = z.object({
  version: z.literal(1),
  language: z.object({ code: z.string().trim().min(2).max(8), frame: z.enum(FRAME_LANGUAGES), supported: z.boolean() }),
  brand: BriefTextSchema.optional(),
  emailType: z.object({ value: z.enum(EMAIL_TYPES), source: z.enum(["hint", "prompt", "default"]), span: SpanSchema.optional() }),
  /** The kind of email, and the named day or season when the prompt gives one ("Black Friday", "soldes d'hiver"). */
  occasion: z.object({ kind: z.enum(OCCASION_KINDS), span: SpanSchema.optional(), named: BriefTextSchema.optional() }),
  offers: z.array(BriefOfferSchema).max(BRIEF_LIMITS.offers),
  items: z.array(BriefItemSchema).max(BRIEF_LIMITS.items),
  /** A second list sharing no item with `items` (the other technique of a pair). */
  otherItems: z.array(BriefItemSchema).max(BRIEF_LIMITS.items),
  questions: z.array(BriefQuestionSchema).max(BRIEF_LIMITS.questions),
  dates: z.array(BriefDateSchema).max(BRIEF_LIMITS.dates),
  links: z.array(z.object({ value: str(BRIEF_LIMITS.url), span: SpanSchema })).max(BRIEF_LIMITS.links),
  codes: z.array(BriefTextSchema).max(BRIEF_LIMITS.codes),
  /** Conditions read that no offer took ("while stocks last" with no offer named). */
  conditions: z.array(BriefTextSchema).max(BRIEF_LIMITS.offers),
  tone: z.object({ value: z.enum(TONES), span: SpanSchema.optional() }),
  product: BriefTextSchema.optional(),
  audience: BriefTextSchema.optional(),
  cta: BriefTextSchema.optional(),
  /** The prompt's own sentences to the reader, as written ("help us bring clean water to 40 villages"): see message.ts. */
  message: z.array(BriefTextSchema).max(BRIEF_LIMITS.message).default([]),
  /** Quoted phrases: users quote to insist on exact wording. */
  quoted: z.array(BriefTextSchema).max(BRIEF_LIMITS.quoted),
  /** How many items, slides or questions the prompt asks for ("three roasts"). */
  count: z.number().int().min(1).max(50).optional(),
  /** Questions with their answers ("Q: … A: …"). */
  faq: z
    .array(z.object({ question: BriefTextSchema, answer: BriefTextSchema }))
    .max(BRIEF_LIMITS.faq)
    .default([]),
  /** When, where, who and the programme of an event, a webinar, a course or a trip. */
  event: BriefEventSchema.optional(),
  /** Image URLs the prompt gives (an item's image is also on its item). */
  images: z
    .array(BriefTextSchema.extend({ value: str(BRIEF_LIMITS.url) }))
    .max(BRIEF_LIMITS.images)
    .default([]),
  /** Buttons the prompt asks for: the label, and where it leads when the prompt says. */
  ctas: z
    .array(z.object({ label: BriefTextSchema, url: BriefTextSchema.extend({ value: str(BRIEF_LIMITS.url) }).optional() }))
    .max(BRIEF_LIMITS.ctas)
    .default([]),
  /** The modules the prompt asks for, and the panes or slides it names for them. */
  techniques: z
    .array(
      z.object({ technique: z.enum(TECHNIQUES), span: SpanSchema, panes: z.array(BriefTextSchema).max(BRIEF_LIMITS.items).default([]) }),
    )
    .max(2)
    .default([]),
  /** "Keep it short": the length the prompt asks for. */
  length: z.object({ value: z.enum(["short", "long"]), span: SpanSchema }).optional(),
  /** The subject line and preheader when the prompt gives them. */
  subject: BriefTextSchema.optional(),
  preheader: BriefTextSchema.optional(),
  /** How the email signs off when the prompt says ("Sign it 'the board'"). */
  signature: BriefTextSchema.optional(),
  /** What the email must not mention ("Do not mention free shipping" → "free shipping"); QA enforces it. */
  ruledOut: z.array(BriefTextSchema).max(BRIEF_LIMITS.ruledOut).default([]),
  /** What an instruction asks the email to state ("say it takes under a minute"): said in the email's own words. */
  says: z.array(BriefTextSchema).max(BRIEF_LIMITS.says).default([]),
  /** The prompt's instructions to Kinetic (tone, length, modules, "do not mention…"): they shape the email and are never printed. */
  instructions: z.array(BriefInstructionSchema).max(BRIEF_LIMITS.instructions).default([]),
  /** Headings the prompt's lists sit under ("Products:", "Agenda:"): they say what the lines below them are. */
  headings: z.array(BriefTextSchema).max(BRIEF_LIMITS.instructions).default([]),
  /** What of the prompt the brief does not use, with the reason. */
  unused: z.array(BriefUnusedSchema).max(BRIEF_LIMITS.unused).default([]),
});
export type Brief = z.infer<typeof BriefSchema>;

/** Every span in a brief, with the path of its field ("items.0.price"), for checking them against a prompt. */
export function briefSpans(brief: Brief): Array<{ path: string; span: Span }> {
  const out: Array<{ path: string; span: Span }> = [];
  const walk = (v: unknown, path: string) => {
    if (!v || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, path ? `${path}.${i}` : String(i)));
    for (const [k, x] of Object.entries(v)) {
      if (k === "span" && x && typeof x === "object") out.push({ path: path || "brief", span: x as Span });
      else walk(x, path ? `${path}.${k}` : k);
    }
  };
  walk(brief, "");
  return out;
}

/** The first span that falls outside a prompt of this length, named by its field; null when all fit. */
export function spanOutsidePrompt(brief: Brief, promptLength: number): string | null {
  const bad = briefSpans(brief).find(({ span }) => span.end > promptLength);
  return bad ? `brief.${bad.path}.span ends at ${bad.span.end}, past the prompt's ${promptLength} characters` : null;
}
