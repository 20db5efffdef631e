// GET: the version's HTML as a file. CSP sandbox and nosniff: opened directly, it never runs in
// the app's origin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/lib/app.server";
import { requirePageUser } from "~/lib/auth.server";
import { findEmailVersion } from "~/models/email-versions.server";
import { downloadName } from "~/services/builder-panels.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const version = await findEmailVersion(app.database.db, user.id, params.id ?? "");
  if (!version) throw new Response("Version not found", { status: 404 });
  return new Response(version.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${downloadName(version, "html")}"`,
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
