import { z } from "zod";
import { CopyDocSchema } from "~/domain/copy/schema";
import { getAdapters } from "~/composition/adapters.server";
import { HTML_LIMITS } from "~/domain/html/limits";
import { MAX_PROMPT_CHARS } from "~/domain/generation/requests";
import { apiError, apiRoute, checkHtmlInputs, json } from "~/http/api.server";
import { judgeEmail } from "~/services/eval.server";

const Body = z.object({
  prompt: z.string().trim().min(1).max(20_000),
  html: z.string().min(1),
  copyDoc: CopyDocSchema.optional(),
  blueprint: z.record(z.unknown()).optional(),
  emailType: z.string().trim().max(40).optional(),
});

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(Body, { maxChars: { prompt: MAX_PROMPT_CHARS, html: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    const html = await checkHtmlInputs([{ field: "html", html: parsed.data.html }]);
    if (html) return html;
    // The composition picks the model judge when a language model is configured, else the local rubric.
    const result = await judgeEmail(app, getAdapters(app).engines.judge, parsed.data);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, ...result.value });
  },
});
