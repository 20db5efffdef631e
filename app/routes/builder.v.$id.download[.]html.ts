// GET: the version's HTML as a file. CSP sandbox and nosniff: opened directly, it never runs in
// the app's origin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadName } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { version } = await requireOwnVersion(request, params.id);
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
