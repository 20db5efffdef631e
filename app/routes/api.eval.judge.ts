import { HTML_LIMITS } from "~/domain/html/limits";
import { MAX_PROMPT_CHARS } from "~/domain/requests/generation";
import { JudgeBodySchema } from "~/domain/requests/eval";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json, serviceError } from "~/http/responses.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { judgeEmail } from "~/services/eval.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(JudgeBodySchema, { maxChars: { prompt: MAX_PROMPT_CHARS, html: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    const html = await checkHtmlInputs([{ field: "html", html: parsed.data.html }]);
    if (html) return serviceError(html);
    // The composition picks the model judge when a language model is configured, else the local rubric.
    const result = await judgeEmail(app, app.adapters.engines.judge, parsed.data);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, ...result.value });
  },
});
