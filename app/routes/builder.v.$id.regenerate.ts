// POST: the free regeneration of a version (QA below 70, once; see builder-panels.server.ts).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { freeRegenerate } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "qa"));

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const r = await freeRegenerate(app, user, version);
  if (r.ok) return redirect(panelUrl(r.value.versionId, "qa", { made: "regen" }));
  const child = typeof r.extra?.versionId === "string" ? r.extra.versionId : undefined;
  return redirect(panelUrl(version.id, "qa", { regen: r.code ?? "failed", child }));
}
