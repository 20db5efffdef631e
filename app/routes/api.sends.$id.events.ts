import { apiRoute } from "~/http/api-route.server";
import { serviceError } from "~/http/responses.server";
import { sendEventStream } from "~/services/send-views.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  GET: async ({ app, user, params, request }) => {
    const stream = await sendEventStream(app, user, params.id ?? "", request);
    if (!stream.ok) return serviceError(stream);
    return stream.value;
  },
});
