import { apiRoute, json } from "~/http/api.server";
import { ragStats } from "~/services/library-views.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app }) => json({ success: true, ...(await ragStats(app)) }),
});
