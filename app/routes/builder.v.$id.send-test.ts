// POST: a test send of the version through the send service; the outcome comes back as a code.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { TestSendSchema } from "~/domain/requests/sending";
import { sendTest } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "ship"));

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const form = await request.formData();
  const parsed = TestSendSchema.safeParse({ to: form.get("to") ?? "" });
  if (!parsed.success) return redirect(panelUrl(version.id, "ship", { send: "invalid" }));
  const to = parsed.data.to;
  const r = await sendTest(app, user, version, to);
  if (r.ok) return redirect(panelUrl(version.id, "ship", { sent: r.value.sendId, to }));
  if (r.error === "Recipient suppressed") {
    const extra = r.extra ?? {};
    return redirect(
      panelUrl(version.id, "ship", {
        send: extra.reason === "cooldown" ? "cooldown" : "suppressed",
        to,
        until: typeof extra.retry_after === "string" ? extra.retry_after : undefined,
        why: typeof extra.suppression === "string" ? extra.suppression : undefined,
      }),
    );
  }
  return redirect(panelUrl(version.id, "ship", { send: r.status === 400 ? "invalid" : "failed", to }));
}
