import { z } from "zod";

export const TECHNIQUES = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart", "amp4email"] as const;

/** The parts of SPEC's CopyDoc that QA compares; a structural type so any CopyDoc fits. */
export const QaCopyDocSchema = z.object({
  subject: z.string().optional(),
  preheader: z.string().optional(),
  sections: z
    .array(z.object({ role: z.string().optional(), headline: z.string().optional(), body: z.string().optional(), cta: z.string().optional() }))
    .optional(),
  items: z.array(z.object({ label: z.string().optional(), headline: z.string().optional(), body: z.string().optional() })).optional(),
});
export type QaCopyDoc = z.infer<typeof QaCopyDocSchema>;

// Each field falls back on its own, so one bad field never hides the others.
export const QaContextSchema = z.object({
  subject: z.string().optional().catch(undefined),
  preheader: z.string().optional().catch(undefined),
  techniques: z.array(z.string()).max(2).optional().catch(undefined),
  copyDoc: QaCopyDocSchema.optional().catch(undefined),
});
export type QaContext = z.input<typeof QaContextSchema>;
export type ParsedQaContext = z.output<typeof QaContextSchema>;

export function parseQaContext(context: unknown): ParsedQaContext {
  const r = QaContextSchema.safeParse(context ?? {});
  return r.success ? r.data : {};
}
