import { apiRoute } from "~/http/api-route.server";
import { json, serviceError } from "~/http/responses.server";
import { checkHtmlInputs } from "~/services/html-inputs.server";
import { submitContentSchema } from "~/domain/requests/library";
import { submitContent } from "~/services/library.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(submitContentSchema);
    if (!parsed.ok) return parsed.response;
    // Library documents have no size cap (docs/api.md "Contract limits") (only the body limit), so only the nesting is
    // limited here: the tagger, the AMP rules and later readers walk the document's tree.
    const html = await checkHtmlInputs([{ field: "htmlContent", html: parsed.data.htmlContent }], undefined, {
      maxChars: Infinity,
      maxNodes: Infinity,
      maxStyleChars: Infinity,
    });
    if (html) return serviceError(html);
    const result = await submitContent(app, parsed.data);
    if (!result.ok) return serviceError(result);
    return json({ success: true, id: result.value.id, metadata: result.value.metadata });
  },
});
