import { GenBlueprintRequestSchema, MAX_PROMPT_CHARS } from "~/domain/requests/generation";
import { PLACED_HTML_LIMITS } from "~/domain/html/limits";
import { apiRoute } from "~/http/api-route.server";
import { json, serviceError } from "~/http/responses.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { clientHtmlParts, CLIENT_HTML_PARTS, generateBlueprint } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, user, body }) => {
    const parsed = await body(GenBlueprintRequestSchema, { maxChars: { prompt: MAX_PROMPT_CHARS } });
    if (!parsed.ok) return parsed.response;
    const html = await checkHtmlInputs(clientHtmlParts(parsed.data), CLIENT_HTML_PARTS, PLACED_HTML_LIMITS);
    if (html) return serviceError(html);
    const result = await generateBlueprint(app, user, parsed.data);
    if (!result.ok) return serviceError(result);
    return json({ success: true, blueprint: result.value.blueprint });
  },
});
