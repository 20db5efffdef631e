// The brief as a language model answers it: the fields of Brief (app/domain/brief/schema.ts), each
// value as the prompt writes it and no span, since a model cannot count characters. anchor.ts finds
// every value in the prompt and gives it its span; toModelBrief is the way back (tests, the fake vendor).
import { z } from "zod";
import { TECHNIQUES } from "~/domain/blueprint/schema";
import { EMAIL_TYPES, TONES } from "~/domain/brief/kinds";
import {
  BRIEF_LIMITS,
  INSTRUCTION_KINDS,
  OCCASION_KINDS,
  OFFER_KINDS,
  type Brief,
  type BriefPrice,
  type Span,
} from "~/domain/brief/schema";

// Models write null for "none" as often as they leave a key out, and "" for a value they lack:
// both mean absent here (anchor.ts skips blanks), so neither costs a repair round.
const words = (max: number = BRIEF_LIMITS.text) => z.string().max(max);
const list = <T extends z.ZodTypeAny>(entry: T, max: number) => z.array(entry).max(max).nullish();

const VERBATIM = "Exactly as the prompt writes it";
const text = (what?: string) =>
  words()
    .nullish()
    .describe(what ? `${what}. ${VERBATIM}.` : `${VERBATIM}.`);
const price = (what: string) =>
  z.string().max(60).nullish().describe(`${what}, exactly as written with its currency ("$4.50", "14,50 €").`);
const url = (what: string) => words(BRIEF_LIMITS.url).nullish().describe(`${what}, exactly as written.`);

const ModelItemSchema = z.object({
  name: words().describe(`The item's name. ${VERBATIM}.`),
  price: price("Its price"),
  detail: text("Words about the item that are not its name or price"),
  link: url("A link the prompt gives for this item"),
  image: url("An image URL the prompt gives for this item"),
  was: price('The former price ("was $159")'),
});

const ModelOfferSchema = z.object({
  text: words().describe(`The offer's own words ("15% off", "free gift wrap"). ${VERBATIM}.`),
  kind: z.enum(OFFER_KINDS),
  percent: z.number().min(0).max(100).nullish(),
  amount: price('An amount off ("$10 off": "$10")'),
  code: words(60).nullish().describe("The code that unlocks this offer, exactly as written."),
  threshold: text('The minimum spend with its words ("over $50")'),
  deadline: text('Until when ("until Dec 20")'),
  scope: text('What it applies to ("sitewide", "on all boots")'),
});

const ModelQuestionSchema = z.object({
  text: words().describe(`The question. ${VERBATIM}.`),
  options: list(words(120), BRIEF_LIMITS.options).describe("Every option, in order, each exactly as written."),
  scale: z
    .object({
      text: words(60).describe('The scale as written ("0-10", "1 to 5").'),
      min: z.number().int().min(0).max(100),
      max: z.number().int().min(0).max(100),
    })
    .nullish(),
  correct: z.number().int().min(0).max(BRIEF_LIMITS.options).nullish().describe("A quiz question's right answer: the index of its option."),
});

const ModelDateSchema = z.object({
  text: words().describe(`The date or time. ${VERBATIM}.`),
  governs: z.enum(["offer", "event", "none"]).nullish(),
  offer: z.number().int().min(0).max(BRIEF_LIMITS.offers).nullish().describe('With governs "offer": the index of that offer in offers.'),
});

const textList = (max: number, what: string) => list(words(), max).describe(`${what}, each exactly as the prompt writes it.`);

export const ModelBriefSchema = z.object({
  brand: text("The sender's brand"),
  emailType: z.object({ value: z.enum(EMAIL_TYPES), words: text("The words that say it") }).nullish(),
  occasion: z
    .object({ kind: z.enum(OCCASION_KINDS), words: text("The words that say it"), named: text('The named day or season ("Black Friday")') })
    .nullish(),
  offers: list(ModelOfferSchema, BRIEF_LIMITS.offers),
  items: list(ModelItemSchema, BRIEF_LIMITS.items),
  otherItems: list(ModelItemSchema, BRIEF_LIMITS.items).describe("A second list sharing no item with items."),
  questions: list(ModelQuestionSchema, BRIEF_LIMITS.questions),
  dates: list(ModelDateSchema, BRIEF_LIMITS.dates),
  links: list(words(BRIEF_LIMITS.url), BRIEF_LIMITS.links).describe("Every URL, exactly as written."),
  codes: list(words(60), BRIEF_LIMITS.codes).describe("Every discount or promo code, exactly as written."),
  conditions: textList(BRIEF_LIMITS.offers, 'Conditions no offer takes ("while stocks last")'),
  tone: z.object({ value: z.enum(TONES), words: text("The words that say it") }).nullish(),
  product: text("The topic: the product, event or subject the email is about"),
  audience: text("Who the email is for"),
  cta: text("The button wording the prompt asks for"),
  message: textList(BRIEF_LIMITS.message, "The prompt's own sentences to the reader"),
  quoted: textList(BRIEF_LIMITS.quoted, "Quoted phrases, without their quotes"),
  count: z.number().int().min(1).max(50).nullish().describe("How many items, slides or questions the prompt asks for."),
  faq: list(z.object({ question: words(), answer: words() }), BRIEF_LIMITS.faq),
  event: z
    .object({
      when: text("When"),
      where: text("Where"),
      who: textList(BRIEF_LIMITS.people, "Speakers, hosts or guests"),
      agenda: textList(BRIEF_LIMITS.agenda, "The programme"),
    })
    .nullish(),
  images: list(words(BRIEF_LIMITS.url), BRIEF_LIMITS.images).describe("Image URLs, exactly as written."),
  ctas: list(z.object({ label: words(), url: url("Where the button leads") }), BRIEF_LIMITS.ctas),
  techniques: list(
    z.object({
      technique: z.enum(TECHNIQUES),
      words: words().describe("The words that ask for it, exactly as written."),
      panes: textList(BRIEF_LIMITS.items, "The panes or slides it names"),
    }),
    2,
  ),
  length: z.object({ value: z.enum(["short", "long"]), words: words() }).nullish(),
  subject: text("The subject line the prompt gives"),
  preheader: text("The preheader the prompt gives"),
  signature: text("How the email signs off"),
  ruledOut: textList(BRIEF_LIMITS.ruledOut, "What the email must not mention"),
  says: textList(BRIEF_LIMITS.says, "What an instruction asks the email to state"),
  instructions: list(z.object({ kind: z.enum(INSTRUCTION_KINDS), text: words() }), BRIEF_LIMITS.instructions),
  unused: list(z.object({ text: words(), reason: z.string().max(200) }), BRIEF_LIMITS.unused).describe(
    "Every part of the prompt no other field holds, with why.",
  ),
});
export type ModelBrief = z.infer<typeof ModelBriefSchema>;

const priceText = (p: BriefPrice | undefined) => p?.display;

/**
 * A brief as a model would answer it: the values without their spans (a reading's perfect answer).
 * What a brief holds as a span alone (the words that set the email type, the tone, a module) is
 * taken from the prompt.
 */
export function toModelBrief(brief: Brief, prompt: string): ModelBrief {
  const at = (span: Span | undefined) => (span ? prompt.slice(span.start, span.end) : undefined);
  const item = (i: Brief["items"][number]) => ({
    name: i.name.value,
    price: priceText(i.price),
    detail: i.detail?.value,
    link: i.link?.value,
    image: i.image?.value,
    was: priceText(i.was),
  });
  return {
    brand: brief.brand?.value,
    emailType: { value: brief.emailType.value, words: at(brief.emailType.span) },
    occasion: { kind: brief.occasion.kind, words: at(brief.occasion.span), named: brief.occasion.named?.value },
    offers: brief.offers.map((o) => ({
      text: o.text.value,
      kind: o.kind,
      percent: o.percent,
      amount: priceText(o.amount),
      code: o.code?.value,
      threshold: o.threshold?.text.value,
      deadline: o.deadline?.value,
      scope: o.scope?.value,
    })),
    items: brief.items.map(item),
    otherItems: brief.otherItems.map(item),
    questions: brief.questions.map((q) => ({
      text: q.text.value,
      options: q.options.map((o) => o.value),
      scale: q.scale && { text: at(q.scale.span) ?? "", min: q.scale.min, max: q.scale.max },
      correct: q.correct,
    })),
    dates: brief.dates.map((d) => ({
      text: d.value,
      governs: d.governs.kind,
      offer: d.governs.kind === "offer" ? d.governs.offer : undefined,
    })),
    links: brief.links.map((l) => l.value),
    codes: brief.codes.map((c) => c.value),
    conditions: brief.conditions.map((c) => c.value),
    tone: { value: brief.tone.value, words: at(brief.tone.span) },
    product: brief.product?.value,
    audience: brief.audience?.value,
    cta: brief.cta?.value,
    message: brief.message.map((m) => m.value),
    quoted: brief.quoted.map((q) => q.value),
    count: brief.count,
    faq: brief.faq.map((f) => ({ question: f.question.value, answer: f.answer.value })),
    event: brief.event && {
      when: brief.event.when?.value,
      where: brief.event.where?.value,
      who: brief.event.who.map((w) => w.value),
      agenda: brief.event.agenda.map((a) => a.value),
    },
    images: brief.images.map((i) => i.value),
    ctas: brief.ctas.map((c) => ({ label: c.label.value, url: c.url?.value })),
    techniques: brief.techniques.map((t) => ({ technique: t.technique, words: at(t.span) ?? "", panes: t.panes.map((p) => p.value) })),
    length: brief.length && { value: brief.length.value, words: at(brief.length.span) ?? "" },
    subject: brief.subject?.value,
    preheader: brief.preheader?.value,
    signature: brief.signature?.value,
    ruledOut: brief.ruledOut.map((r) => r.value),
    says: brief.says.map((s) => s.value),
    instructions: brief.instructions.map((i) => ({ kind: i.kind, text: i.text.value })),
    unused: brief.unused.map((u) => ({ text: u.text.value, reason: u.reason })),
  };
}
