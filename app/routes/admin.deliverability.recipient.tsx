// Admin → Deliverability → one recipient: what the send endpoint would answer now, the
// deliverability machine's state, the suppression entry, the bounce log and the delivery events;
// suppress the address or lift it from here.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LiftTrigger, SuppressForm, useLiftDialog } from "~/components/admin/deliverability-forms";
import { formatDate, formatDateTime, ordinal, plural } from "~/components/admin/format";
import { DeliveryEventsTable } from "~/components/admin/delivery-events-table";
import { recipientStateLabel, suppressionReasonLabel } from "~/components/admin/labels";
import { suppressFromForm } from "~/http/suppress-form.server";
import { sourceLabel, suppressionSummary } from "~/components/admin/suppression-bits";
import { EmptyState, Notice, Pill, Section, TableWrap, Time, adminLinks, brandTitle } from "~/components/admin/ui";
import { DEFAULT_POLICY } from "~/domain/deliverability";
import { RecipientEmailSchema, RecipientQuerySchema } from "~/domain/requests/admin-forms";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { recipientDetail } from "~/services/deliverability.server";

export const links = adminLinks;

const DAY_MS = 86_400_000;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: brandTitle(
      matches,
      data && "detail" in data && data.detail ? `${data.detail.email} · Deliverability` : "Recipient · Deliverability",
    ),
  },
];

const Query = RecipientQuerySchema;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const now = new Date();
  const email = RecipientEmailSchema.safeParse(query.email);
  if (!email.success) return { now, asked: query.email ?? "", detail: null, lifted: null, tomorrow: "" };
  const detail = await recipientDetail(app, email.data, now);
  return {
    now,
    asked: query.email ?? "",
    detail,
    lifted: query.lifted ?? null,
    tomorrow: new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10),
  };
}

type ActionData = { ok: true; notice: string } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs): Promise<ActionData> {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  const r = await suppressFromForm(app, request, me.email);
  if (!r.ok) return r;
  if (!r.changed)
    return { ok: true, notice: `Already suppressed (${r.entry ? suppressionSummary(r.entry) : "in force"}); nothing changed.` };
  return {
    ok: true,
    notice: `Suppressed ${r.until ? `until ${formatDate(r.until)}` : "permanently"}. The send endpoint now refuses this address.`,
  };
}

/** What POST /api/send-email-esp would answer for this address now, in words. */
function SendVerdict({
  check,
  now,
}: {
  check: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["detail"]>["check"];
  now: Date | string;
}) {
  if (check.allowed) {
    return (
      <p className="adm-verdict adm-verdict-ok" data-testid="send-verdict">
        <strong>Sends are accepted.</strong> The send endpoint delivers to this address.
      </p>
    );
  }
  const reason = check.suppression ? suppressionReasonLabel(check.suppression).text.toLowerCase() : null;
  if (check.reason === "cooldown") {
    return (
      <p className="adm-verdict adm-verdict-warn" data-testid="send-verdict">
        <strong>Cooling down after a soft bounce.</strong> Sends are refused until {formatDateTime(check.retryAfter!)} (
        <Time value={check.retryAfter!} now={now} />
        ), answered with 400 Recipient suppressed and retry_after.
      </p>
    );
  }
  return (
    <p className="adm-verdict adm-verdict-danger" data-testid="send-verdict">
      <strong>Sends are refused{reason ? ` (${reason})` : ""}</strong>{" "}
      {check.retryAfter ? `until ${formatDateTime(check.retryAfter)}` : "permanently"}: the send endpoint answers 400 Recipient suppressed.
    </p>
  );
}

export default function Recipient() {
  const { now, asked, detail, lifted, tomorrow } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const returnTo = detail ? `/admin/deliverability/recipient?email=${encodeURIComponent(detail.email)}` : "/admin/deliverability";
  const { open, dialog } = useLiftDialog(returnTo);

  if (!detail) {
    return (
      <EmptyState title={asked ? `“${asked}” is not an email address` : "Look up a recipient"}>
        Enter a full address, such as name@example.com, in “Look up a recipient” above to see its state, bounce log and delivery events.
      </EmptyState>
    );
  }

  const { state, suppression, check } = detail;
  const blocked = !check.allowed || (suppression?.inForce ?? false);
  const stateLabel = recipientStateLabel(state.status);
  const known = detail.stateUpdatedAt !== null || suppression !== null || detail.eventsTotal > 0 || detail.bounces.length > 0;
  const cooldownEnds = state.lastSoftBounceAt
    ? new Date(new Date(state.lastSoftBounceAt).getTime() + DEFAULT_POLICY.softBounceCooldownMs)
    : null;

  return (
    <div data-testid="recipient">
      {lifted ? <Notice notice={`Lifted the suppression of ${lifted}. The send endpoint accepts it again.`} /> : null}
      {result?.ok ? <Notice notice={result.notice} /> : null}

      <div className="adm-subhead">
        <h2 className="adm-subhead-title">{detail.email}</h2>
        <Pill label={stateLabel} testId="recipient-state" />
      </div>
      <SendVerdict check={check} now={now} />
      {!known ? <p className="adm-muted">No email has been sent to or reported for this address yet: it starts out deliverable.</p> : null}

      <div className="adm-columns">
        <section className="adm-card" aria-labelledby="state-title">
          <h3 id="state-title" className="adm-card-title">
            State in the deliverability machine
          </h3>
          <dl className="adm-facts adm-facts-list" data-testid="machine-state">
            <div>
              <dt>Status</dt>
              <dd>
                <Pill label={stateLabel} />
                {state.status === "suppressed" && state.reason ? (
                  <span className="adm-muted"> {suppressionReasonLabel(state.reason).text}</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Soft-bounced messages in the last {DEFAULT_POLICY.softBounceWindowMs / DAY_MS} days</dt>
              <dd>
                {state.softBounces.length} of {DEFAULT_POLICY.softBounceLimit}
                <span className="adm-muted adm-small">
                  {" "}
                  (the {ordinal(DEFAULT_POLICY.softBounceLimit)} suppresses for {DEFAULT_POLICY.softBounceSuppressionMs / DAY_MS} days)
                </span>
              </dd>
            </div>
            <div>
              <dt>Temporary failures in a row</dt>
              <dd>
                {state.consecutiveTemporary} of {DEFAULT_POLICY.consecutiveTemporaryLimit}
                <span className="adm-muted adm-small">
                  {" "}
                  (the {ordinal(DEFAULT_POLICY.consecutiveTemporaryLimit)} suppresses permanently)
                </span>
              </dd>
            </div>
            <div>
              <dt>Last soft bounce</dt>
              <dd>{state.lastSoftBounceAt ? <Time value={state.lastSoftBounceAt} now={now} /> : "None"}</dd>
            </div>
            {state.status === "softBounced" && cooldownEnds ? (
              <div>
                <dt>Cooldown ends</dt>
                <dd>{formatDateTime(cooldownEnds)}</dd>
              </div>
            ) : null}
            {state.status === "suppressed" ? (
              <div>
                <dt>Suppressed until</dt>
                <dd>{state.suppressedUntil ? formatDateTime(state.suppressedUntil) : "Permanent"}</dd>
              </div>
            ) : null}
            <div>
              <dt>Last change</dt>
              <dd>{detail.stateUpdatedAt ? <Time value={detail.stateUpdatedAt} now={now} /> : "Never"}</dd>
            </div>
          </dl>
        </section>

        <section className="adm-card" aria-labelledby="entry-title">
          <h3 id="entry-title" className="adm-card-title">
            Suppression list entry
          </h3>
          {suppression ? (
            <dl className="adm-facts adm-facts-list" data-testid="suppression-entry">
              <div>
                <dt>Reason</dt>
                <dd>
                  <Pill label={suppressionReasonLabel(suppression.reason)} />
                  {!suppression.inForce ? <span className="adm-muted"> (ended)</span> : null}
                </dd>
              </div>
              <div>
                <dt>Until</dt>
                <dd>{suppression.until === null ? "Permanent" : formatDateTime(suppression.until)}</dd>
              </div>
              <div>
                <dt>Source</dt>
                <dd title={suppression.source ?? undefined}>{sourceLabel(suppression.source)}</dd>
              </div>
              <div>
                <dt>Since</dt>
                <dd>
                  <Time value={suppression.createdAt} now={now} />
                </dd>
              </div>
            </dl>
          ) : (
            <p className="adm-muted">No entry: this address is not on the suppression list.</p>
          )}
          <div className="adm-card-actions">
            {blocked ? (
              <LiftTrigger
                target={{
                  email: detail.email,
                  summary: suppression?.inForce
                    ? suppressionSummary(suppression)
                    : `cooling down until ${check.allowed ? "now" : formatDateTime(check.retryAfter!)}`,
                }}
                returnTo={returnTo}
                open={open}
                className="adm-btn adm-btn-danger-quiet"
              >
                {suppression?.inForce ? "Lift suppression…" : "Lift cooldown…"}
              </LiftTrigger>
            ) : null}
          </div>
        </section>
      </div>

      {!suppression?.inForce ? (
        <Section id="suppress" title="Suppress this address" description="Stop sends to it: permanently, or until a date.">
          <div className="adm-card">
            <SuppressForm
              fixedEmail={detail.email}
              key={result?.ok ? `done-${result.notice}` : "form"}
              errors={result && !result.ok ? result.errors : undefined}
              values={result && !result.ok ? result.values : undefined}
              today={tomorrow}
              idPrefix="rsup"
            />
          </div>
        </Section>
      ) : null}

      <Section
        id="bounces"
        title="Bounce log"
        description="Every temporary failure the provider reported, newest first, with the machine's count at the time."
      >
        {detail.bounces.length ? (
          <TableWrap label="Bounce log" testId="bounce-log">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Provider's reason</th>
                  <th scope="col" className="adm-num">
                    In a row
                  </th>
                  <th scope="col">Led to</th>
                  <th scope="col">Send</th>
                </tr>
              </thead>
              <tbody>
                {detail.bounces.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <Time value={b.occurredAt} now={now} />
                    </td>
                    <td className="adm-clip adm-clip-wide" title={b.reason ?? undefined}>
                      {b.reason ?? <span className="adm-muted">Not given</span>}
                    </td>
                    <td className="adm-num">{b.consecutive}</td>
                    <td>
                      {b.escalation ? (
                        <Pill label={suppressionReasonLabel(b.escalation)} />
                      ) : (
                        <span className="adm-muted">{b.retry ? "Cooldown (a retry of a message already counted)" : "Cooldown"}</span>
                      )}
                    </td>
                    <td>{b.sendId ? <Link to={`/admin/outbox/${b.sendId}`}>View send</Link> : <span className="adm-muted">–</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : (
          <EmptyState title="No bounces logged">This address has had no temporary delivery failures.</EmptyState>
        )}
      </Section>

      <Section
        id="events"
        title="Delivery events"
        description={
          detail.eventsTotal > detail.events.length
            ? `The latest ${detail.events.length} of ${plural(detail.eventsTotal, "event")}.`
            : "What the provider reported for this address, newest first."
        }
        actions={
          detail.eventsTotal ? (
            <Link to={`/admin/deliverability/events?q=${encodeURIComponent(detail.email)}`} className="adm-btn adm-btn-quiet">
              In the event list →
            </Link>
          ) : null
        }
      >
        {detail.events.length ? (
          <DeliveryEventsTable
            events={detail.events}
            now={now}
            label="Delivery events for this address"
            testId="recipient-events"
            showRecipient={false}
          />
        ) : (
          <EmptyState title="No delivery events">
            Events appear when the provider reports a delivery, open, click, bounce, complaint or unsubscribe.
          </EmptyState>
        )}
      </Section>
      {dialog}
    </div>
  );
}
