import { apiRoute } from "~/http/api-route.server";
import { apiError, json } from "~/http/responses.server";
import { getSendWithEvents } from "~/services/send-views.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user, params }) => {
    const found = await getSendWithEvents(app, user, params.id ?? "");
    if (!found.ok) return apiError(found.status, found.error);
    return json({ success: true, ...found.value });
  },
});
