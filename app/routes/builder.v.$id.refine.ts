// POST: change instructions applied with /api/generate-email's refine; a new version when
// something applied, else back to this one with the instructions to edit.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { MAX_INSTRUCTIONS, refineVersion, requireOwnVersion } from "~/services/builder-panels.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "refine"));

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const form = await request.formData();
  const raw = form.get("instructions");
  const instructions = typeof raw === "string" ? raw : "";
  const r = await refineVersion(app, user, version, instructions);
  if (!r.ok) {
    if (r.code === "empty" || r.code === "too-long") return redirect(panelUrl(version.id, "refine", { refine: "none", q: instructions.slice(0, MAX_INSTRUCTIONS) }));
    return redirect(panelUrl(version.id, "refine", { refine: "error", why: r.code === "balance" ? "balance" : "failed" }));
  }
  if (!r.value.versionId) return redirect(panelUrl(version.id, "refine", { refine: "none", q: instructions }));
  return redirect(panelUrl(r.value.versionId, "refine", { made: "refine" }));
}
