import { z } from "zod";
import { apiRoute, apiError, json } from "~/http/api.server";
import { deleteContent } from "~/services/library.server";

const Body = z.object({ id: z.string().trim().min(1).max(200) });

export const { loader, action, apiAuth } = apiRoute("admin", {
  POST: async ({ app, body }) => {
    const parsed = await body(Body);
    if (!parsed.ok) return parsed.response;
    const result = await deleteContent(app, parsed.data.id);
    if (!result.ok) return apiError(result.status, result.error);
    return json({ success: true, id: result.id });
  },
});
