import { z } from "zod";
import { HTML_LIMITS } from "~/domain/html/limits";
import { apiError, apiRoute, checkHtmlInputs, json } from "~/http/api.server";
import { sendEmail } from "~/services/sending.server";

const optionalText = (max: number) => z.string().max(max).nullish();

// RFC 5321 §4.5.3.1: a local part holds at most 64 octets, a whole address at most 254.
const MAX_LOCAL_PART = 64;
const MAX_ADDRESS = 254;

/** Idempotency-Key: 1–255 visible ASCII characters (a UUID is a good one). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

// Unknown keys (a client-supplied `from`, `sender`, `replyTo`, …) are stripped: the sender is
// always the authenticated user (SPEC.md "Authentication").
const Body = z
  .object({
    to: z
      .string({ invalid_type_error: "to must be one email address" })
      .trim()
      .min(1)
      .max(MAX_ADDRESS, `to must be at most ${MAX_ADDRESS} characters`)
      .email("to must be one email address")
      .refine((to) => to.slice(0, to.lastIndexOf("@")).length <= MAX_LOCAL_PART, `the part of to before @ must be at most ${MAX_LOCAL_PART} characters`),
    subject: optionalText(998),
    html: z.string().refine((s) => s.trim() !== "", "html is required"),
    ampHtml: z.string().nullish(),
    emailName: optionalText(500),
    projectId: optionalText(200),
    databaseId: optionalText(200),
  })
  .strip();

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body, request }) => {
    const key = request.headers.get("idempotency-key");
    if (key !== null && !IDEMPOTENCY_KEY.test(key))
      return apiError(400, "Invalid request", { details: [{ path: "Idempotency-Key", message: "must be 1–255 visible ASCII characters", code: "invalid_string" }] });
    // An email is one document (Gmail clips past 102 KB): each part is held to the HTML limits
    // (docs/api.md, "Input limits") before any work on it.
    const parsed = await body(Body, { maxChars: { html: HTML_LIMITS.maxChars, ampHtml: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    const tooMuch =
      (await checkHtmlInputs([{ field: "html", html: parsed.data.html }])) ??
      (parsed.data.ampHtml ? await checkHtmlInputs([{ field: "ampHtml", html: parsed.data.ampHtml }]) : null);
    if (tooMuch) return tooMuch;
    const result = await sendEmail(app, user, parsed.data, { idempotencyKey: key ?? undefined });
    const replayed = result.replayed ? { "Idempotent-Replayed": "true" } : undefined;
    if (!result.ok) {
      const retryAfter = result.extra?.retry_after;
      const headers =
        typeof retryAfter === "string"
          ? { "Retry-After": String(Math.max(0, Math.ceil((Date.parse(retryAfter) - Date.now()) / 1000))) }
          : result.status === 409 && !result.replayed
            ? { "Retry-After": "1" }
            : undefined;
      return apiError(result.status, result.error, result.extra, { ...headers, ...replayed });
    }
    return json({ success: true, ...result.value }, { headers: replayed });
  },
});
