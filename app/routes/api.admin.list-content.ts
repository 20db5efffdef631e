import { apiRoute } from "~/http/api-route.server";
import { apiError, json } from "~/http/responses.server";
import { listContent } from "~/services/library-views.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app }) => {
    const result = await listContent(app);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, count: result.value.items.length, items: result.value.items });
  },
});
