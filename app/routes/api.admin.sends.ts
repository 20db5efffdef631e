import { AdminSendsLimitSchema } from "~/domain/requests/sending";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json } from "~/http/responses.server";
import { listSendsForAdmin } from "~/services/send-views.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app, request }) => {
    const raw = new URL(request.url).searchParams.get("limit");
    const limit = AdminSendsLimitSchema.safeParse(raw ?? undefined);
    if (!limit.success)
      return apiError(400, "Invalid request", { details: [{ path: "limit", message: "limit must be an integer from 1 to 500" }] });
    const sends = await listSendsForAdmin(app, limit.data);
    return json({ success: true, count: sends.length, sends });
  },
});
