import { z } from "zod";

const ImageHintSchema = z.object({
  src: z.string(),
  alt: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});

// Each field falls back on its own, so one bad field never blocks the other fixes.
export const AutofixContextSchema = z.object({
  subject: z.string().optional().catch(undefined),
  preheader: z.string().optional().catch(undefined),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/)
    .optional()
    .catch(undefined),
  dir: z.enum(["ltr", "rtl"]).optional().catch(undefined),
  /** Known images by src: alt text and intrinsic size to fill in. */
  images: z.array(ImageHintSchema).optional().catch(undefined),
  /** The selected techniques; names a wrapped interactive block that has no data-kx-technique. */
  techniques: z.array(z.string()).max(2).optional().catch(undefined),
});

export type AutofixContext = z.input<typeof AutofixContextSchema>;
export type ParsedAutofixContext = z.output<typeof AutofixContextSchema>;

export function parseAutofixContext(context: unknown): ParsedAutofixContext {
  const r = AutofixContextSchema.safeParse(context ?? {});
  return r.success ? r.data : {};
}
