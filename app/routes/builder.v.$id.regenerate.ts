// POST: the free regeneration of a version (QA below 70, once; see builder-panels.server.ts).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { getApp } from "~/lib/app.server";
import { requirePageUser } from "~/lib/auth.server";
import { findEmailVersion } from "~/models/email-versions.server";
import { freeRegenerate } from "~/services/builder-panels.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "qa"));

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const version = await findEmailVersion(app.database.db, user.id, params.id ?? "");
  if (!version) throw new Response("Version not found", { status: 404 });
  const r = await freeRegenerate(app, user, version);
  if (r.ok) return redirect(panelUrl(r.versionId, "qa", { made: "regen" }));
  const child = typeof r.extra?.versionId === "string" ? r.extra.versionId : undefined;
  return redirect(panelUrl(version.id, "qa", { regen: r.code ?? "failed", child }));
}
