import { z } from "zod";
import { BriefSchema } from "~/domain/brief/schema";

export const TECHNIQUES = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart", "amp4email"] as const;

/** The parts of the CopyDoc (docs/api/generation.md) that QA compares; a structural type so any CopyDoc fits. */
export const QaCopyDocSchema = z.object({
  subject: z.string().optional(),
  preheader: z.string().optional(),
  sections: z
    .array(
      z.object({ role: z.string().optional(), headline: z.string().optional(), body: z.string().optional(), cta: z.string().optional() }),
    )
    .optional(),
  items: z.array(z.object({ label: z.string().optional(), headline: z.string().optional(), body: z.string().optional() })).optional(),
});

const PriceSchema = z.object({ display: z.string(), minor: z.number(), currency: z.string().optional() });
const FactItemSchema = z.object({ name: z.string(), price: PriceSchema.optional().catch(undefined) });

/** A list cut to what QA reads (fidelity reads at most 40 facts), so a huge one is never validated whole. */
const firstOf = <T extends z.ZodTypeAny>(item: T) => z.preprocess((v) => (Array.isArray(v) ? v.slice(0, 64) : v), z.array(item));

/** The parts of the prompt's facts (`PromptFacts`) that must be visible in the email; structural so any PromptFacts fits. */
export const QaFactsSchema = z.object({
  brand: z.string().optional().catch(undefined),
  items: firstOf(FactItemSchema).optional().catch(undefined),
  otherItems: firstOf(FactItemSchema).optional().catch(undefined),
  codes: firstOf(z.string()).optional().catch(undefined),
  dates: firstOf(z.string()).optional().catch(undefined),
  offer: z.object({ code: z.string().optional() }).optional().catch(undefined),
});
export type QaFacts = z.infer<typeof QaFactsSchema>;

// Each field falls back on its own, so one bad field never hides the others.
export const QaContextSchema = z.object({
  subject: z.string().optional().catch(undefined),
  preheader: z.string().optional().catch(undefined),
  techniques: z.array(z.string()).max(2).optional().catch(undefined),
  copyDoc: QaCopyDocSchema.optional().catch(undefined),
  /** The prompt's facts; without them the fidelity half of copy-verbatim does not apply. */
  facts: QaFactsSchema.optional().catch(undefined),
  /** The brief: with it (or `userText`), every claim of the email must trace to it (the fact trace, docs/qa.md). */
  brief: BriefSchema.optional().catch(undefined),
  /** Words the user wrote (the prompt, their saved sections, their own copy): claims may trace to them too. */
  userText: z.array(z.string().max(200_000)).max(40).optional().catch(undefined),
  /** The AMP version of the email, when there is one: its claims are traced too. */
  ampHtml: z.string().max(2_000_000).optional().catch(undefined),
});
export type QaContext = z.input<typeof QaContextSchema>;
export type ParsedQaContext = z.output<typeof QaContextSchema>;

export function parseQaContext(context: unknown): ParsedQaContext {
  const r = QaContextSchema.safeParse(context ?? {});
  return r.success ? r.data : {};
}
