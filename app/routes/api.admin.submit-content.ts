import { apiRoute, json, serviceError } from "~/lib/http.server";
import { submitContent, submitContentSchema } from "~/services/library.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(submitContentSchema);
    if (!parsed.ok) return parsed.response;
    const result = await submitContent(app, parsed.data);
    if (!result.ok) return serviceError(result);
    return json({ success: true, id: result.id, metadata: result.metadata });
  },
});
