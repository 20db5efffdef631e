import { apiError, apiRoute } from "~/http/api.server";
import { sendEventStream } from "~/services/send-views.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user, params, request }) => {
    const stream = await sendEventStream(app, user, params.id ?? "", request);
    if (!stream.ok) return apiError(stream.status, stream.error);
    return stream.value;
  },
});
