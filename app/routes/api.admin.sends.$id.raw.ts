import { apiRoute } from "~/http/api-route.server";
import { apiError } from "~/http/responses.server";
import { getRawMessage } from "~/services/send-views.server";

export const { loader, action, apiAuth } = apiRoute("admin", {
  GET: async ({ app, params }) => {
    const id = params.id ?? "";
    const raw = await getRawMessage(app, id);
    if (!raw.ok) return apiError(raw.status, raw.error);
    return new Response(raw.value, {
      status: 200,
      headers: {
        "Content-Type": "message/rfc822",
        "Content-Disposition": `attachment; filename="${id.replace(/[^A-Za-z0-9_-]/g, "_")}.eml"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
