import { apiRoute, apiError, json } from "~/http/api.server";
import { listContent } from "~/services/library-views.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app }) => {
    const result = await listContent(app);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, count: result.value.items.length, items: result.value.items });
  },
});
