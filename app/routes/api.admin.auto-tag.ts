import { apiRoute, apiError, json } from "~/lib/http.server";
import { autoTag, autoTagSchema } from "~/services/library.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(autoTagSchema);
    if (!parsed.ok) return parsed.response;
    const result = await autoTag(app, parsed.data);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, ...result.tags });
  },
});
