import { z } from "zod";
import { normaliseRating } from "~/domain/eval/feedback";
import { apiError, apiRoute, json } from "~/http/api.server";
import { feedbackReport, submitFeedback } from "~/services/feedback.server";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

const Body = z.object({
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

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app, request }) => {
    const raw = new URL(request.url).searchParams.get("limit");
    const limit = raw === null ? DEFAULT_LIMIT : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return apiError(400, "Invalid request", { details: [{ path: "limit", message: `limit must be an integer from 1 to ${MAX_LIMIT}` }] });
    }
    const report = await feedbackReport(app, limit);
    return json({ success: true, ...report });
  },

  POST: async ({ app, user, body }) => {
    const parsed = await body(Body);
    if (!parsed.ok) return parsed.response;
    const saved = await submitFeedback(app, user.id, parsed.data);
    return json({ success: true, id: saved.id, positive: saved.positive });
  },
});
