import { apiRoute, json, readBodyText } from "~/lib/http.server";
import { receiveWebhook } from "~/services/webhook-intake.server";

// Authenticated by the provider's signature over the raw body, not by a bearer token.
export const { loader, action, apiAuth } = apiRoute("none", {
  POST: async ({ app, request }) => {
    const body = await readBodyText(request, app.env.JSON_BODY_LIMIT_BYTES);
    if (!body.ok) return body.response;
    const result = await receiveWebhook(app, body.text, request.headers);
    return json(result.body, result.status);
  },
});
