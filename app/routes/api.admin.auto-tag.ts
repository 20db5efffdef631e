import { HTML_LIMITS } from "~/domain/html/limits";
import { autoTagSchema } from "~/domain/requests/library";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json, serviceError } from "~/http/responses.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { autoTag } from "~/services/library.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(autoTagSchema, { maxChars: { htmlContent: HTML_LIMITS.maxChars } });
    if (!parsed.ok) return parsed.response;
    const html = await checkHtmlInputs([{ field: "htmlContent", html: parsed.data.htmlContent }]);
    if (html) return serviceError(html);
    const result = await autoTag(app, parsed.data);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, ...result.value.tags });
  },
});
