import { UpdateContentBodySchema } from "~/domain/requests/library";
import { apiRoute } from "~/http/api-route.server";
import { json, serviceError } from "~/http/responses.server";
import { updateContent } from "~/services/library.server";

// Which metadata fields are allowed depends on the stored document's type, so the service checks them.
export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(UpdateContentBodySchema);
    if (!parsed.ok) return parsed.response;
    const result = await updateContent(app, parsed.data.id, parsed.data.metadata);
    if (!result.ok) return serviceError(result);
    return json({ success: true, id: result.value.id, metadata: result.value.metadata });
  },
});
