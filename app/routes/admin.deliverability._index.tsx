// Admin → Deliverability → Overview: alerts to review, events per day, recently bouncing recipients.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityChart } from "~/components/admin/activity-chart";
import { AlertList } from "~/components/admin/alert-list";
import { recipientStateLabel } from "~/components/admin/labels";
import { EmptyState, Pill, Section, TableWrap, Time, adminLinks, brandTitle } from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { alertList, bouncingRecipients, deliveryActivity } from "~/services/deliverability.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Deliverability") }];

const DAYS = 14;
const OPEN_ALERTS_SHOWN = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const now = new Date();
  const [activity, alerts, bouncing] = await Promise.all([
    deliveryActivity(app, DAYS, now),
    alertList(app, { limit: OPEN_ALERTS_SHOWN, offset: 0, openOnly: true }),
    bouncingRecipients(app, new Date(now.getTime() - 30 * 86_400_000), 10),
  ]);
  return {
    now,
    activity,
    alerts: alerts.rows,
    openAlerts: alerts.open,
    bouncing,
    chatConfigured: Boolean(app.env.ALERT_WEBHOOK_URL),
    webhooksConfigured: Boolean(app.env.WEBHOOK_SIGNING_SECRET),
  };
}

export default function DeliverabilityOverview() {
  const { now, activity, alerts, openAlerts, bouncing, chatConfigured, webhooksConfigured } = useLoaderData<typeof loader>();
  return (
    <>
      <Section
        id="attention"
        title="Needs attention"
        description="Hard bounces, spam complaints, repeated soft bounces and sends whose outcome is unknown."
        actions={
          openAlerts > alerts.length ? (
            <Link to="/admin/deliverability/alerts" className="adm-btn adm-btn-quiet">
              All {openAlerts} open alerts →
            </Link>
          ) : (
            <Link to="/admin/deliverability/alerts" className="adm-btn adm-btn-quiet">
              Alert history →
            </Link>
          )
        }
      >
        {alerts.length ? (
          <AlertList alerts={alerts} now={now} chatConfigured={chatConfigured} testId="open-alerts" />
        ) : (
          <EmptyState title="Nothing needs attention">
            When an address hard-bounces, complains or keeps soft-bouncing, an alert appears here for someone to acknowledge.
          </EmptyState>
        )}
      </Section>

      <Section
        id="activity"
        title={`Delivery events, last ${activity.days.length} days`}
        description="What your email provider reported back, per day and type. Select a type to see those events."
      >
        {activity.total ? (
          <div className="adm-card">
            <ActivityChart activity={activity} eventsPath="/admin/deliverability/events" />
          </div>
        ) : (
          <EmptyState title={`No delivery events in the last ${activity.days.length} days`}>
            {webhooksConfigured
              ? "Events arrive when your provider calls the delivery webhook (POST /api/esp-webhook). Check the webhook address and signing key in your provider's settings."
              : "Set WEBHOOK_SIGNING_SECRET and point your provider's delivery webhooks at /api/esp-webhook; until then no events arrive. The outbox provider delivers nothing, so it reports nothing."}
          </EmptyState>
        )}
      </Section>

      <Section
        id="bouncing"
        title="Recently soft-bounced"
        description="Addresses with temporary failures in the last 30 days, most recent first."
      >
        {bouncing.length ? (
          <TableWrap label="Recently soft-bounced recipients" testId="bouncing">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Recipient</th>
                  <th scope="col">State now</th>
                  <th scope="col" className="adm-num">
                    Bounces
                  </th>
                  <th scope="col">Last bounce</th>
                  <th scope="col">Provider's reason</th>
                </tr>
              </thead>
              <tbody>
                {bouncing.map((b) => (
                  <tr key={b.email}>
                    <td>
                      <Link to={`/admin/deliverability/recipient?email=${encodeURIComponent(b.email)}`} className="adm-strong-link">
                        {b.email}
                      </Link>
                    </td>
                    <td>
                      <Pill label={recipientStateLabel(b.state.status)} />
                    </td>
                    <td className="adm-num">{b.bounces}</td>
                    <td>
                      <Time value={b.lastBounceAt} now={now} />
                    </td>
                    <td className="adm-muted adm-clip adm-clip-wide" title={b.lastReason ?? undefined}>
                      {b.lastReason ?? "–"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : (
          <EmptyState title="No soft bounces in the last 30 days">
            A temporary failure starts a 24-hour cooldown; 3 in 7 days suppress an address for 30 days, 4 in a row permanently.
          </EmptyState>
        )}
      </Section>
    </>
  );
}
