// Request bodies of the generation endpoints (docs/api/generation.md), validated at the route.
import { z } from "zod";
import { BlueprintSchema, DesignTokensSchema } from "~/domain/blueprint/schema";
import { LAYOUT_CHOICES } from "~/domain/blueprint/layouts";
import { BriefSchema } from "~/domain/brief/schema";
import { CopyDocSchema } from "~/domain/copy/schema";
import { ComplexitySchema, ImagesInputSchema, SavedSectionsInputSchema } from "~/domain/prompt/inputs";

export const MAX_PROMPT_CHARS = 20_000;

const prompt = z
  .string({ required_error: "prompt is required", invalid_type_error: "prompt must be a string" })
  .trim()
  .min(1, "prompt must not be empty")
  .max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`);

/** Hints only: an unknown email type or style theory never fails a request. */
const hint = z.string().trim().max(200).optional();

export const GenerationInputsSchema = z.object({
  prompt,
  emailType: hint,
  images: ImagesInputSchema.optional(),
  savedSections: SavedSectionsInputSchema.optional(),
  designTokens: DesignTokensSchema.optional(),
  styleTheory: hint,
  /** A layout family; absent or "auto": chosen from the email type and the style theory. */
  layout: z.enum(LAYOUT_CHOICES, { errorMap: () => ({ message: `layout must be one of ${LAYOUT_CHOICES.join(", ")}` }) }).optional(),
  complexity: ComplexitySchema.default("intermediate"),
  detectedTechnique: hint,
  /** The brief a client confirmed (and perhaps edited): used instead of reading the prompt again. */
  brief: BriefSchema.optional(),
});

export const GenCopyRequestSchema = z.object({ prompt, emailType: hint, brief: BriefSchema.optional() });

export const GenBlueprintRequestSchema = GenerationInputsSchema.extend({ copyDoc: CopyDocSchema.optional() });

export const GenerateRequestSchema = GenerationInputsSchema.extend({
  useRAG: z.boolean().default(false),
  generateAmp: z.boolean().default(false),
  blueprint: BlueprintSchema.optional(),
});

export const GenerateEmailRequestSchema = z
  .object({
    prompt,
    refine: z.boolean().default(false),
    currentHtml: z.string().max(5_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.refine && !v.currentHtml?.trim())
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["currentHtml"], message: "currentHtml is required when refine is true" });
  });
