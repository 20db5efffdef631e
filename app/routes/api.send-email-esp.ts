import { z } from "zod";
import { apiError, apiRoute, json } from "~/lib/http.server";
import { sendEmail } from "~/services/sending.server";

const optionalText = (max: number) => z.string().max(max).nullish();

// Unknown keys (a client-supplied `from`, `sender`, `replyTo`, …) are stripped: the sender is
// always the authenticated user (SPEC.md "Authentication").
const Body = z
  .object({
    to: z
      .string({ invalid_type_error: "to must be one email address" })
      .trim()
      .min(1)
      .max(320)
      .email("to must be one email address"),
    subject: optionalText(998),
    html: z.string().refine((s) => s.trim() !== "", "html is required"),
    ampHtml: z.string().nullish(),
    emailName: optionalText(500),
    projectId: optionalText(200),
    databaseId: optionalText(200),
  })
  .strip();

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body }) => {
    const parsed = await body(Body);
    if (!parsed.ok) return parsed.response;
    const result = await sendEmail(app, user, parsed.data);
    if (!result.ok) {
      const retryAfter = result.extra?.retry_after;
      const headers =
        typeof retryAfter === "string"
          ? { "Retry-After": String(Math.max(0, Math.ceil((Date.parse(retryAfter) - Date.now()) / 1000))) }
          : undefined;
      return apiError(result.status, result.error, result.extra, headers);
    }
    return json({ success: true, ...result.value });
  },
});
