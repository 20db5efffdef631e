// Request bodies of the eval endpoints (POST /api/admin/eval, POST /api/eval/judge) and the
// admin page's start-a-run form.
import { z } from "zod";
import { CopyDocSchema } from "~/domain/copy/schema";

const RunId = z.string().trim().min(1).max(100);

/**
 * Any object: its fields are mapped by normalizeEvalResult (domain/eval/result.ts), which knows
 * the accepted spellings (docs/api/eval.md) and keeps unknown fields in `details`.
 */
const EvalResultSchema = z.record(z.unknown());

/** POST /api/admin/eval. */
export const AdminEvalBodySchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("createRun"),
    label: z.string().trim().min(1).max(200),
    promptSetVersion: z.string().trim().min(1).max(100),
    promptCount: z.number().int().min(0).max(100_000),
  }),
  z.object({ action: z.literal("saveResult"), runId: RunId, result: EvalResultSchema }),
  z.object({ action: z.literal("finalizeRun"), runId: RunId }),
]);

/** POST /api/eval/judge. */
export const JudgeBodySchema = z.object({
  prompt: z.string().trim().min(1).max(20_000),
  html: z.string().min(1),
  copyDoc: CopyDocSchema.optional(),
  blueprint: z.record(z.unknown()).optional(),
  emailType: z.string().trim().max(40).optional(),
});

/** A run's prompts, at most (the API's createRun allows more; a page run is charged per prompt). */
export const MAX_RUN_PROMPTS = 1000;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal(""), z.undefined()])
  .transform((v) => v === "on" || v === "true" || v === "1");

/** The start form's fields (strings, as a form posts them). */
export const StartRunFormSchema = z.object({
  set: z.string({ required_error: "Choose a prompt set" }).trim().min(1, "Choose a prompt set").max(130),
  label: z
    .string({ required_error: "Give the run a label" })
    .trim()
    .min(1, "Give the run a label")
    .max(200, "Keep the label under 200 characters"),
  rag: checkbox,
  limit: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z.coerce
        .number({ invalid_type_error: "The prompt limit must be a whole number" })
        .int("The prompt limit must be a whole number")
        .min(1, "Run at least 1 prompt")
        .max(MAX_RUN_PROMPTS)
        .optional(),
    ),
});
export type StartRunInput = z.infer<typeof StartRunFormSchema>;
