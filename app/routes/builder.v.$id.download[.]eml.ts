// GET: the version as an unsent .eml, built by the same buildMime the sender uses.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadName, versionEml } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
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
