import { GenCopyRequestSchema, MAX_PROMPT_CHARS } from "~/domain/requests/generation";
import { apiRoute } from "~/http/api-route.server";
import { json, serviceError } from "~/http/responses.server";
import { generateCopy } from "~/services/generation.server";

export const { loader, action, apiAuth } = apiRoute("user", {
  POST: async ({ app, body }) => {
    const parsed = await body(GenCopyRequestSchema, { maxChars: { prompt: MAX_PROMPT_CHARS } });
    if (!parsed.ok) return parsed.response;
    const result = await generateCopy(app, { ...parsed.data, complexity: "intermediate" });
    if (!result.ok) return serviceError(result);
    return json({ success: true, copyDoc: result.value.copyDoc, copyText: result.value.copyText, brief: result.value.brief });
  },
});
