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

// Each field falls back on its own, so one bad field never hides the others.
export const QaContextSchema = z.object({
  subject: z.string().optional().catch(undefined),
  preheader: z.string().optional().catch(undefined),
  techniques: z.array(z.string()).max(2).optional().catch(undefined),
  copyDoc: QaCopyDocSchema.optional().catch(undefined),
  /**
   * The brief: its facts must be visible in the email (the fidelity half of copy-verbatim, which does
   * not apply without it), and with it (or `userText`) every claim of the email must trace to it
   * (the fact trace, docs/qa.md).
   */
  brief: BriefSchema.optional().catch(undefined),
  /** False: the fact trace is left out (the judge traces the email's claims itself, with its own weights). */
  trace: z.boolean().optional().catch(undefined),
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
