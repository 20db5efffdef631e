// POST: change instructions applied to this version, all or nothing (docs/refine.md). A new
// version when every instruction applied; else back to this one with the instructions to edit and
// each one that could not be applied, named.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { MAX_INSTRUCTIONS, refineVersion } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "refine"));

/** At most this many reasons travel in the URL (a request holds at most 20 instructions). */
const MAX_REASONS = 20;

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const form = await request.formData();
  const raw = form.get("instructions");
  const instructions = typeof raw === "string" ? raw : "";
  const r = await refineVersion(app, user, version, instructions);
  if (!r.ok) {
    const q = instructions.slice(0, MAX_INSTRUCTIONS);
    if (r.code === "empty" || r.code === "too-long") return redirect(panelUrl(version.id, "refine", { refine: "none", q }));
    if (r.code === "not-understood") {
      const reasons = ((r.extra?.notApplied ?? []) as Array<{ reason: string }>).slice(0, MAX_REASONS).map((n) => n.reason.slice(0, 300));
      return redirect(panelUrl(version.id, "refine", { refine: "none", q, why: JSON.stringify(reasons) }));
    }
    return redirect(panelUrl(version.id, "refine", { refine: "error", why: r.code === "balance" ? "balance" : "failed" }));
  }
  return redirect(panelUrl(r.value.versionId, "refine", { made: "refine" }));
}
