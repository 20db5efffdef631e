import { apiRoute } from "~/http/api-route.server";
import { json } from "~/http/responses.server";
import { ragStats } from "~/services/library-views.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app }) => json({ success: true, ...(await ragStats(app)) }),
});
