import { DeleteContentBodySchema } from "~/domain/requests/library";
import { apiRoute } from "~/http/api-route.server";
import { apiError, json } from "~/http/responses.server";
import { deleteContent } from "~/services/library.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(DeleteContentBodySchema);
    if (!parsed.ok) return parsed.response;
    const result = await deleteContent(app, parsed.data.id);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, id: result.value.id });
  },
});
