// Request bodies of the library endpoints (POST /api/admin/submit-content, update-content,
// delete-content, auto-tag), shared by the routes, the admin page, the seeder and the import CLI.
import { z } from "zod";
import { COMPLEXITIES, EXAMPLE_TYPES } from "~/domain/retrieval/metadata";

const nonBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim().length > 0, "Required");
const tags = z.array(z.string().trim().min(1).max(200)).max(100);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const CONTENT_FOCUSES = ["kinetic", "amp", "general"] as const;

/** What an email document (html or amp) carries whatever its type. */
const emailDocumentFields = {
  htmlContent: nonBlank(Number.MAX_SAFE_INTEGER),
  description: nonBlank(5_000),
  technique: optionalText(100),
  complexity: z.enum(COMPLEXITIES).optional(),
  htmlType: optionalText(50),
  embeddingText: optionalText(50_000),
};

const htmlUpload = z.object({
  uploadType: z.literal("html"),
  ...emailDocumentFields,
  emailPurpose: optionalText(100),
  exampleType: z.enum(EXAMPLE_TYPES).optional(),
  keyFeatures: tags.optional(),
  bestPracticeTags: tags.optional(),
  /** Negative examples: what is wrong, kept with the document for readers and prompts. */
  whatIsWrong: optionalText(5_000),
});

const ampUpload = z.object({ uploadType: z.literal("amp"), ...emailDocumentFields });

const blogUpload = z.object({
  uploadType: z.literal("blog"),
  blogTitle: nonBlank(500),
  /** The article itself (simple HTML). */
  htmlContent: nonBlank(Number.MAX_SAFE_INTEGER),
  blogTopic: optionalText(500),
  learningLevel: z.enum(COMPLEXITIES).optional(),
  techniquesCovered: tags.optional(),
  keyTakeaways: optionalText(5_000),
  contentFocus: z.enum(CONTENT_FOCUSES).optional(),
  embeddingText: optionalText(50_000),
});

/** POST /api/admin/submit-content: required fields depend on uploadType. */
export const submitContentSchema = z.discriminatedUnion("uploadType", [htmlUpload, ampUpload, blogUpload]);
export type LibraryInput = z.infer<typeof submitContentSchema>;

/** Fields update-content may change, per type; strict so a field that does not apply is a 400. */
export const updateContentSchemas = {
  html: htmlUpload
    .omit({ uploadType: true, htmlContent: true })
    .partial()
    .extend({ embeddingText: z.string().max(50_000).nullable().optional() })
    .strict(),
  amp: ampUpload
    .omit({ uploadType: true, htmlContent: true })
    .partial()
    .extend({ embeddingText: z.string().max(50_000).nullable().optional() })
    .strict(),
  blog: blogUpload
    .omit({ uploadType: true, htmlContent: true })
    .partial()
    .extend({ embeddingText: z.string().max(50_000).nullable().optional() })
    .strict(),
} as const;

/** POST /api/admin/update-content. Which metadata fields are allowed depends on the stored document's type, so the service checks them (updateContentSchemas). */
export const UpdateContentBodySchema = z.object({ id: z.string().trim().min(1).max(200), metadata: z.record(z.unknown()) });

/** POST /api/admin/delete-content. */
export const DeleteContentBodySchema = z.object({ id: z.string().trim().min(1).max(200) });

/** POST /api/admin/auto-tag. */
export const autoTagSchema = z.object({
  htmlContent: nonBlank(Number.MAX_SAFE_INTEGER),
  contentType: z.enum(["html", "amp"]).default("html"),
});
export type AutoTagInput = z.infer<typeof autoTagSchema>;
