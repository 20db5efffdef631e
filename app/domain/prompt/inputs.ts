import { z } from "zod";

/**
 * Caller-supplied structures of step 2 (docs/generation.md "The pipeline"). Relative paths are accepted for images because the
 * sending pipeline makes them absolute; the blueprinter only places https images (the blueprint
 * schema's rule) and reports the others.
 */
export const ImageInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((u) => /^https?:\/\/[^\s"<>]+$/i.test(u) || /^\/[^\s"<>]*$/.test(u), {
      message: "Image url must be http(s) or a path starting with /",
    }),
  description: z.string().trim().max(1000).optional(),
  width: z.number().int().min(1).max(5000).optional(),
  height: z.number().int().min(1).max(5000).optional(),
});

export const ImagesInputSchema = z.array(ImageInputSchema).max(20);

export const SavedSectionInputSchema = z.object({
  name: z.string().trim().max(200).optional(),
  // Matches the blueprint's lockedHtml limit so anything accepted here can be placed.
  html: z.string().min(1).max(60_000),
});

export const SavedSectionsInputSchema = z.array(SavedSectionInputSchema).max(10);

export const COMPLEXITIES = ["beginner", "intermediate", "advanced"] as const;
export const ComplexitySchema = z.enum(COMPLEXITIES);

export type ImageInput = z.infer<typeof ImageInputSchema>;
export type SavedSectionInput = z.infer<typeof SavedSectionInputSchema>;
export type Complexity = z.infer<typeof ComplexitySchema>;
