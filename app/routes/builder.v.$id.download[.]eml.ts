// GET: the version as an unsent .eml, built by the same buildMime the sender uses.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/lib/app.server";
import { requirePageUser } from "~/lib/auth.server";
import { findEmailVersion } from "~/models/email-versions.server";
import { downloadName, versionEml } from "~/services/builder-panels.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const version = await findEmailVersion(app.database.db, user.id, params.id ?? "");
  if (!version) throw new Response("Version not found", { status: 404 });
  const raw = await versionEml(app, user, version);
  return new Response(raw, {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="${downloadName(version, "eml")}"`,
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
