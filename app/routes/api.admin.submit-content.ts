import { apiRoute, apiError, json } from "~/lib/http.server";
import { submitContent, submitContentSchema } from "~/services/library.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(submitContentSchema);
    if (!parsed.ok) return parsed.response;
    const result = await submitContent(app, parsed.data);
    if (!result.ok) return apiError(result.status, result.error, result.details ? { details: result.details } : {});
    return json({ success: true, id: result.id, metadata: result.metadata });
  },
});
