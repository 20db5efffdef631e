import { HTML_LIMITS } from "~/domain/html/limits";
import { IDEMPOTENCY_KEY, SendEmailBodySchema } from "~/domain/requests/sending";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json, serviceError } from "~/http/responses.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { sendEmail } from "~/services/sending.server";

// Unknown keys (a client-supplied `from`, …) are stripped by the schema: the sender is always the
// authenticated user (docs/api.md "Authentication").
export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body, request }) => {
    const key = request.headers.get("idempotency-key");
    if (key !== null && !IDEMPOTENCY_KEY.test(key))
      return apiError(400, "Invalid request", {
        details: [{ path: "Idempotency-Key", message: "must be 1–255 visible ASCII characters", code: "invalid_string" }],
      });
    // An email is one document (Gmail clips past 102 KB): each part is held to the HTML limits
    // (docs/api.md, "Input limits") before any work on it.
    const parsed = await body(SendEmailBodySchema, { maxChars: { html: HTML_LIMITS.maxChars, ampHtml: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    const tooMuch =
      (await checkHtmlInputs([{ field: "html", html: parsed.data.html }])) ??
      (parsed.data.ampHtml ? await checkHtmlInputs([{ field: "ampHtml", html: parsed.data.ampHtml }]) : null);
    if (tooMuch) return serviceError(tooMuch);
    const result = await sendEmail(app, user, parsed.data, { idempotencyKey: key ?? undefined });
    const replayed = result.replayed ? { "Idempotent-Replayed": "true" } : undefined;
    if (!result.ok) return serviceError(result, replayed);
    return json({ success: true, ...result.value }, { headers: replayed });
  },
});
