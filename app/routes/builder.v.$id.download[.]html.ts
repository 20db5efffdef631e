// GET: the version's HTML as a file: the template with its placeholders, or `?as=sent` the email as
// sent to a sample recipient (`&inline=1` shows it: the as-sent copy's view-in-browser link). CSP
// sandbox and nosniff: opened directly, it never runs in the app's origin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadForm, downloadName, versionHtml } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const form = downloadForm(request);
  const inline = form === "sent" && new URL(request.url).searchParams.get("inline") === "1";
  return new Response(await versionHtml(app, user, version, form), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${downloadName(version, "html", form === "sent")}"`,
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
