// GET: the version as an unsent .eml, built by the same buildMime the sender uses: the template, or
// `?as=sent` the message as sent to a sample recipient.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadForm, downloadName, versionEml } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const form = downloadForm(request);
  const raw = await versionEml(app, user, version, form);
  return new Response(raw, {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="${downloadName(version, "eml", form === "sent")}"`,
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
