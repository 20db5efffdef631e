// POST: a rating and comment on a version, stored through the feedback service.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { panelUrl } from "~/components/builder/panel-meta";
import { FeedbackFormSchema } from "~/domain/requests/feedback";
import { versionFeedback } from "~/services/builder-panels.server";
import { requireOwnVersion } from "~/http/own-version.server";

export const loader = ({ params }: LoaderFunctionArgs) => redirect(panelUrl(params.id ?? "", "qa"));

export async function action({ request, params }: ActionFunctionArgs) {
  const { app, user, version } = await requireOwnVersion(request, params.id);
  const form = await request.formData();
  const parsed = FeedbackFormSchema.safeParse({ rating: form.get("rating") ?? "", comment: form.get("comment") ?? undefined });
  if (!parsed.success) return redirect(panelUrl(version.id, "qa", { feedback: "invalid" }));
  await versionFeedback(app, user, version, parsed.data);
  return redirect(panelUrl(version.id, "qa", { feedback: "saved" }));
}
