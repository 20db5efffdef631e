import { HTML_LIMITS } from "~/domain/html/limits";
import { GenerateEmailRequestSchema, MAX_PROMPT_CHARS } from "~/domain/requests/generation";
import { apiRoute } from "~/http/api-route.server";
import { json, serviceError } from "~/http/responses.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { generateEmail } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body }) => {
    const parsed = await body(GenerateEmailRequestSchema, { maxChars: { prompt: MAX_PROMPT_CHARS, currentHtml: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    // The HTML to refine is checked before the charge: a refusal costs nothing.
    if (parsed.data.refine && parsed.data.currentHtml) {
      const html = await checkHtmlInputs([{ field: "currentHtml", html: parsed.data.currentHtml }]);
      if (html) return serviceError(html);
    }
    const result = await generateEmail(app, user, parsed.data);
    if (!result.ok) return serviceError(result);
    return json(result.value);
  },
});
