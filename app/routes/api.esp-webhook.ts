import { apiRoute } from "~/http/api-route.server";
import { readBodyText } from "~/http/body.server";
import { json, serviceError } from "~/http/responses.server";
import { precheckWebhook, receiveWebhook } from "~/services/webhook-intake.server";

// Authenticated by the provider's signature over the raw body, not by a bearer token. What can be
// refused without the body is refused before reading it; the body is read up to
// WEBHOOK_BODY_LIMIT_BYTES (413 above it, nothing parsed), and the signature is checked before
// the event is parsed (see webhook-intake.server.ts).
export const { loader, action, apiAuth } = apiRoute("none", {
  POST: async ({ app, request }) => {
    const refused = precheckWebhook(app, request.headers);
    if (refused) return serviceError(refused);
    const body = await readBodyText(request, app.env.WEBHOOK_BODY_LIMIT_BYTES);
    if (!body.ok) return body.response;
    const result = await receiveWebhook(app, body.text, request.headers);
    return result.ok ? json({ success: true, ...result.value }) : serviceError(result);
  },
});
