// The builder page's brief (its form, and the same brief carried between steps as JSON or saved
// with a version), and how the builder's actions read a saved version's metadata.
import { z } from "zod";
import { BriefSchema as UnderstoodBriefSchema } from "~/domain/brief/schema";
import { ColorSchema, FontStackSchema, TECHNIQUES } from "~/domain/blueprint/schema";
import { STYLE_THEORY_KEYS } from "~/domain/blueprint/styles";
import { LAYOUT_CHOICES } from "~/domain/blueprint/layouts";
import { EMAIL_TYPES } from "~/domain/prompt/facts";
import { COMPLEXITIES, ImageInputSchema, SavedSectionInputSchema } from "~/domain/prompt/inputs";
import { MAX_TECHNIQUES } from "~/domain/prompt/techniques";
import { MAX_PROMPT_CHARS } from "./generation";

export const MAX_IMAGE_ROWS = 3;
export const MAX_SECTION_ROWS = 2;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodTypeAny>(s: T) => z.preprocess(blank, s.optional());

export const BrandSchema = z.object({
  /** Off: the style theory's palette; on: these colours, exactly. */
  useColors: z.boolean().default(false),
  colors: z.object({ primary: ColorSchema, accent: ColorSchema, background: ColorSchema, text: ColorSchema }).partial().default({}),
  fontFamily: optional(FontStackSchema),
  headingFontFamily: optional(FontStackSchema),
  buttonRadius: optional(
    z.coerce
      .number({ invalid_type_error: "Radius must be a number" })
      .int("Radius must be a whole number")
      .min(0, "Radius is 0 or more")
      .max(999, "Radius is at most 999"),
  ),
  logoUrl: optional(
    z
      .string()
      .trim()
      .max(2000)
      .regex(/^https:\/\/[^\s"<>]+$/i, "Logo URL must start with https://"),
  ),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BriefSchema = z.object({
  prompt: z.string().trim().min(1, "Describe the email you want").max(MAX_PROMPT_CHARS, `At most ${MAX_PROMPT_CHARS} characters`),
  /** Empty: auto (extracted from the prompt). */
  techniques: z.array(z.enum(TECHNIQUES)).max(MAX_TECHNIQUES, `Pick at most ${MAX_TECHNIQUES} techniques (or none for auto)`).default([]),
  emailType: optional(z.enum(EMAIL_TYPES)),
  complexity: z.enum(COMPLEXITIES).default("intermediate"),
  styleTheory: z.enum(STYLE_THEORY_KEYS).default("auto"),
  /** The layout family; auto: from the email type and the style. */
  layout: z.enum(LAYOUT_CHOICES).default("auto"),
  brand: BrandSchema.default({}),
  images: z.array(ImageInputSchema).max(MAX_IMAGE_ROWS).default([]),
  savedSections: z.array(SavedSectionInputSchema).max(MAX_SECTION_ROWS).default([]),
  useRAG: z.boolean().default(true),
  generateAmp: z.boolean().default(false),
  /**
   * What Kinetic understood of the prompt, as the user confirmed (and perhaps edited) it in the
   * builder's "Check" step: the copy is written from it instead of reading the prompt again.
   * Absent when the user generated directly from the prompt.
   */
  understood: UnderstoodBriefSchema.optional(),
});
export type Brief = z.infer<typeof BriefSchema>;
export type BriefInput = z.input<typeof BriefSchema>;

/** An image or section row left blank in the form: no row at all. */
const blankRow = (row: unknown) =>
  row && typeof row === "object" && Object.values(row).every((v) => v === undefined || (typeof v === "string" && v.trim() === ""))
    ? undefined
    : row;
const rows = <T extends z.ZodTypeAny>(row: T, max: number) =>
  z
    .array(z.preprocess(blankRow, row.optional()))
    .max(max)
    // Blank rows go after validation, so an error keeps the index of the row it is about.
    .transform((list) => list.filter((r): r is z.output<T> => r !== undefined));

/**
 * The builder page's brief form, read by conform (`parseWithZod`): BriefSchema in the form's
 * shape. Rows are named `images[0].url`, blank rows are dropped, and the checkboxes are what was
 * posted: an unticked "Use the library" is false here, while BriefSchema keeps defaulting an
 * absent `useRAG` to true for briefs carried as JSON.
 */
export const BriefFormSchema = BriefSchema.omit({ understood: true }).extend({
  // conform reads a blank field as missing.
  prompt: z.string({ required_error: "Describe the email you want" }).pipe(BriefSchema.shape.prompt),
  // "auto" (or nothing) ticked: none, the prompt decides.
  techniques: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((t) => t !== "auto" && t !== "" && t !== undefined),
    BriefSchema.shape.techniques,
  ),
  images: rows(ImageInputSchema, MAX_IMAGE_ROWS),
  savedSections: rows(SavedSectionInputSchema, MAX_SECTION_ROWS),
  useRAG: z.boolean().default(false),
  generateAmp: z.boolean().default(false),
});
