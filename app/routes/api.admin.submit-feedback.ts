import { SubmitFeedbackBodySchema } from "~/domain/requests/feedback";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json } from "~/http/responses.server";
import { feedbackReport, submitFeedback } from "~/services/feedback.server";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

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
    const parsed = await body(SubmitFeedbackBodySchema);
    if (!parsed.ok) return parsed.response;
    const saved = await submitFeedback(app, user.id, parsed.data);
    return json({ success: true, id: saved.id, positive: saved.positive });
  },
});
