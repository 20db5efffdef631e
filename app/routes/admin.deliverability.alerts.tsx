// Admin → Deliverability → Alerts: operator alerts, open ones first; acknowledge one (in place,
// with a fetcher) or every open one the page shows.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { AlertList } from "~/components/admin/alert-list";
import { plural } from "~/components/admin/format";
import { EmptyState, Notice, Pagination, Section, adminLinks, brandTitle } from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { AckFormSchema, pageParam } from "~/domain/requests/admin-forms";
import { parsePageForm } from "~/domain/requests/page-form";
import { requirePageUser } from "~/http/session.server";
import { acknowledgeOperatorAlert, acknowledgeOperatorAlertsThrough, alertList } from "~/services/deliverability.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Alerts · Deliverability") }];

const PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const page = pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const list = await alertList(app, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { now: new Date(), ...list, page, chatConfigured: Boolean(app.env.ALERT_WEBHOOK_URL) };
}

export async function action({ request }: ActionFunctionArgs) {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  // Hidden fields only: a bad submission has no field to mark, so it is the page's notice.
  const submission = parsePageForm(await request.formData(), { schema: AckFormSchema });
  if (submission.status !== "success")
    return data({ error: "That request did not name an alert. Reload the page and try again." }, { status: 400 });
  const ack = submission.value;
  if (ack.intent === "ack") {
    const r = await acknowledgeOperatorAlert(app, ack.id, me.email);
    return r.ok ? { notice: "Alert acknowledged." } : { error: r.error };
  }
  const n = await acknowledgeOperatorAlertsThrough(app, ack.through, me.email);
  return { notice: n ? `Acknowledged ${plural(n, "alert")}.` : "There was nothing left to acknowledge." };
}

export default function Alerts() {
  const { now, rows, open, total, page, chatConfigured } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "ack-all";
  const newestOpen = rows.filter((a) => a.acknowledgedAt === null).reduce((m, a) => Math.max(m, a.id), 0);
  return (
    <Section
      id="alerts"
      title="Operator alerts"
      description={
        total
          ? `${plural(open, "alert")} to review, ${total - open} acknowledged. Open alerts come first.`
          : "Raised for hard bounces, spam complaints, repeated soft bounces and sends whose outcome is unknown."
      }
      actions={
        newestOpen ? (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="ack-all" />
            <input type="hidden" name="through" value={newestOpen} />
            <button type="submit" className="adm-btn adm-btn-secondary" disabled={busy}>
              {busy ? "Acknowledging…" : open > 1 ? `Acknowledge all ${open}` : "Acknowledge it"}
            </button>
          </Form>
        ) : null
      }
    >
      <Notice notice={result && "notice" in result ? result.notice : null} error={result && "error" in result ? result.error : null} />
      {rows.length ? (
        <>
          <AlertList alerts={rows} now={now} chatConfigured={chatConfigured} />
          <Pagination page={page} pageSize={PAGE_SIZE} total={total} search={location.search.replace(/^\?/, "")} label="Alert pages" />
        </>
      ) : (
        <EmptyState title="No alerts yet">
          Kinetic raises an alert when an address hard-bounces, complains, or is suppressed after repeated soft bounces, and when a send's
          outcome is unknown after a restart.{" "}
          {chatConfigured
            ? "Each is also posted to your chat."
            : "Set ALERT_WEBHOOK_URL to have them posted to a Slack-compatible chat too."}
        </EmptyState>
      )}
    </Section>
  );
}
