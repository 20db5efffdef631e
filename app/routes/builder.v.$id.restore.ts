// POST: undo — a new version (kind "restore") copying this version's parent.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { restoreParent } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "refine"));

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const r = await restoreParent(app, user, version);
  if (!r.ok) throw new Response(r.error, { status: r.status });
  return redirect(panelUrl(r.value.versionId, "refine", { made: "restore" }));
}
