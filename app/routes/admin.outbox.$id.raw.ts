// The .eml download for the outbox pages: the same file as GET /api/admin/sends/:id/raw, but
// authorised by the admin's session cookie, which a browser link carries (a bearer token it does not).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { getRawMessage } from "~/services/send-views.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const id = params.id ?? "";
  const raw = await getRawMessage(app, id);
  if (!raw.ok) throw new Response(raw.error, { status: raw.status });
  return new Response(raw.value, {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="${id.replace(/[^A-Za-z0-9_-]/g, "_")}.eml"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
