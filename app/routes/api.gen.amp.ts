import { HTML_LIMITS } from "~/domain/html/limits";
import { GenAmpBodySchema } from "~/domain/requests/amp";
import { apiRoute } from "~/http/api-route.server";
import { json, serviceError } from "~/http/responses.server";
import { buildClientAmpEmail } from "~/services/amp.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body }) => {
    const parsed = await body(GenAmpBodySchema, { maxChars: { html: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    // The input limits on the HTML and the blueprint are the service's (buildClientAmpEmail).
    const result = await buildClientAmpEmail(app, user, parsed.data);
    if (!result.ok) return serviceError(result);
    const { formId, ampHtml, validation, repairs, parity, clipping, warnings } = result.value;
    return json({ success: true, ampHtml, validation, repairs, parity, clipping, formId, warnings });
  },
});
