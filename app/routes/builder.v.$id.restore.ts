// POST: undo — a new version (kind "restore") copying this version's parent.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { getApp } from "~/lib/app.server";
import { requirePageUser } from "~/lib/auth.server";
import { findEmailVersion } from "~/models/email-versions.server";
import { restoreParent } from "~/services/builder-panels.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "refine"));

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const version = await findEmailVersion(app.database.db, user.id, params.id ?? "");
  if (!version) throw new Response("Version not found", { status: 404 });
  const r = await restoreParent(app, user, version);
  if (!r.ok) throw new Response(r.error, { status: r.status });
  return redirect(panelUrl(r.versionId, "refine", { made: "restore" }));
}
