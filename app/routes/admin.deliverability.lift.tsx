// Admin → Deliverability → lift a suppression: the confirmation page (GET asks, changes nothing),
// and the confirmed lift (POST with confirm=yes), which the page's dialog posts too.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LiftConsequences, LiftForm } from "~/components/admin/deliverability-forms";
import { formatDate, formatDateTime } from "~/components/admin/format";
import { recipientStateLabel, suppressionReasonLabel } from "~/components/admin/labels";
import { sourceLabel } from "~/components/admin/suppression-bits";
import { EmptyState, Notice, Pill, adminLinks, brandTitle } from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { LiftFormSchema, LiftQuerySchema, withOutcome } from "~/domain/requests/admin-forms";
import { parsePageForm } from "~/domain/requests/page-form";
import { requirePageUser } from "~/http/session.server";
import { liftManually, recipientDetail } from "~/services/deliverability.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Lift a suppression · Deliverability") }];

const Query = LiftQuerySchema;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.email) return { email: null, returnTo: query.returnTo, detail: null };
  const detail = await recipientDetail(app, query.email);
  return { email: query.email, returnTo: query.returnTo, detail };
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  // The form's fields are hidden (the address, confirm=yes): what is wrong is said in the page's notice.
  const submission = parsePageForm(await request.formData(), { schema: LiftFormSchema });
  if (submission.status !== "success")
    return data(
      {
        error: Object.values(submission.error ?? {})
          .flatMap((m) => m ?? [])
          .join(". "),
      },
      { status: 400 },
    );
  const r = await liftManually(app, { email: submission.value.email, by: me.email });
  if (!r.ok) return { error: r.error };
  throw redirect(withOutcome(submission.value.returnTo, "lifted", r.value.email));
}

export default function LiftConfirm() {
  const { email, returnTo, detail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!email || !detail) {
    return (
      <EmptyState title="Which address?" action={<Link to="/admin/deliverability/suppressions">Go to the suppression list</Link>}>
        This link does not name a valid email address. Choose “Lift…” next to an address in the list.
      </EmptyState>
    );
  }
  const entry = detail.suppression?.inForce ? detail.suppression : null;
  const state = recipientStateLabel(detail.state.status);
  const nothing = detail.check.allowed && !entry && detail.state.status === "deliverable" && detail.state.softBounces.length === 0;
  return (
    <section className="adm-confirm" aria-labelledby="lift-title" data-testid="lift-confirm">
      <Notice error={result?.error} />
      <h2 id="lift-title">Lift the suppression of {email}?</h2>
      {nothing ? (
        <EmptyState title="There is nothing to lift" action={<Link to={returnTo}>Back</Link>}>
          {email} is not suppressed and has no soft bounces; the send endpoint accepts it.
        </EmptyState>
      ) : (
        <>
          <dl className="adm-facts">
            <div>
              <dt>State</dt>
              <dd>
                <Pill label={state} />
              </dd>
            </div>
            {entry ? (
              <>
                <div>
                  <dt>Reason</dt>
                  <dd>
                    <Pill label={suppressionReasonLabel(entry.reason)} />
                  </dd>
                </div>
                <div>
                  <dt>Until</dt>
                  <dd>{entry.until === null ? "Permanent" : formatDate(entry.until)}</dd>
                </div>
                <div>
                  <dt>Since</dt>
                  <dd>{formatDateTime(entry.createdAt)}</dd>
                </div>
                <div>
                  <dt>Source</dt>
                  <dd>{sourceLabel(entry.source)}</dd>
                </div>
              </>
            ) : !detail.check.allowed && detail.check.retryAfter ? (
              <div>
                <dt>Cooldown ends</dt>
                <dd>{formatDateTime(detail.check.retryAfter)}</dd>
              </div>
            ) : null}
          </dl>
          <LiftConsequences />
          <LiftForm email={email} returnTo={returnTo} cancelTo={returnTo} />
        </>
      )}
    </section>
  );
}
