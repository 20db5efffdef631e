import { z } from "zod";
import { apiRoute, json, serviceError } from "~/http/api.server";
import { updateContent } from "~/services/library.server";

// Which fields are allowed depends on the stored document's type, so the service checks them.
const Body = z.object({ id: z.string().trim().min(1).max(200), metadata: z.record(z.unknown()) });

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(Body);
    if (!parsed.ok) return parsed.response;
    const result = await updateContent(app, parsed.data.id, parsed.data.metadata);
    if (!result.ok) return serviceError(result);
    return json({ success: true, id: result.id, metadata: result.metadata });
  },
});
