// Ratings of generated emails: the body of POST /api/admin/submit-feedback and the builder
// version page's feedback form.
import { z } from "zod";
import { normaliseRating } from "~/domain/eval/feedback";

/** POST /api/admin/submit-feedback. */
export const SubmitFeedbackBodySchema = z.object({
  prompt: z.string().trim().min(1).max(20_000),
  /** "up"/"down", or stars 1–5 as a number or a numeric string; positive = "up" or ≥ 4. */
  rating: z.union([z.string().trim().min(1), z.number()]).transform((value, ctx) => {
    const rating = normaliseRating(value);
    if (!rating) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'rating must be "up", "down" or an integer from 1 to 5' });
      return z.NEVER;
    }
    return rating;
  }),
  ragUsed: z.boolean().default(false),
  ragExamplesCount: z.number().int().min(0).max(1000).default(0),
  comment: z.string().max(4000).nullish(),
});

/** The builder version page's feedback form. */
export const FeedbackFormSchema = z.object({
  rating: z.string().transform((v, ctx) => {
    const r = normaliseRating(v);
    if (!r) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Choose a rating from 1 to 5." });
      return z.NEVER;
    }
    return r;
  }),
  comment: z.string().max(4000, "Keep the comment under 4,000 characters.").optional(),
});
