// Operator alerts as a feed: open ones first, each with what happened, to whom, whether it
// reached the chat, and Acknowledge (or who acknowledged it and when).
import { Link } from "@remix-run/react";
import { AckButton } from "./deliverability-forms";
import { alertKindLabel } from "./labels";
import { Pill, Time } from "./ui";

export interface AlertView {
  id: number;
  kind: string;
  recipient: string | null;
  message: string;
  deliveredAt: Date | string | null;
  attempts: number;
  lastError: string | null;
  acknowledgedAt: Date | string | null;
  acknowledgedBy: string | null;
  createdAt: Date | string;
}

function ChatStatus({ alert, chatConfigured, now }: { alert: AlertView; chatConfigured: boolean; now: Date | string }) {
  if (alert.deliveredAt) {
    return (
      <span>
        Posted to chat <Time value={alert.deliveredAt} now={now} />
      </span>
    );
  }
  if (!chatConfigured) return <span>Not posted: no chat webhook is set (ALERT_WEBHOOK_URL)</span>;
  if (alert.lastError) {
    return (
      <span className="adm-text-warn" title={alert.lastError}>
        Chat post failing after {alert.attempts} {alert.attempts === 1 ? "attempt" : "attempts"}; retried every minute
      </span>
    );
  }
  return <span>Waiting to be posted to chat</span>;
}

export function AlertList({
  alerts,
  now,
  chatConfigured,
  testId = "alerts",
}: {
  alerts: AlertView[];
  now: Date | string;
  chatConfigured: boolean;
  testId?: string;
}) {
  return (
    <ul className="adm-feed" data-testid={testId}>
      {alerts.map((a) => {
        const kind = alertKindLabel(a.kind);
        const open = a.acknowledgedAt === null;
        const label = `${kind.text}${a.recipient ? ` for ${a.recipient}` : ""}`;
        return (
          <li
            key={a.id}
            className={`adm-feed-item${open ? " adm-feed-open" : ""}`}
            data-testid={`alert-${a.id}`}
            data-state={open ? "open" : "acknowledged"}
          >
            <div className="adm-feed-top">
              <Pill label={kind} />
              {a.recipient ? (
                <Link to={`/admin/deliverability/recipient?email=${encodeURIComponent(a.recipient)}`} className="adm-strong-link">
                  {a.recipient}
                </Link>
              ) : null}
              <span className="adm-feed-time">
                <Time value={a.createdAt} now={now} />
              </span>
            </div>
            <p className="adm-feed-message">{a.message}</p>
            <div className="adm-feed-bottom">
              <span className="adm-muted adm-small">
                <ChatStatus alert={a} chatConfigured={chatConfigured} now={now} />
              </span>
              {open ? (
                <AckButton id={a.id} label={label} />
              ) : (
                <span className="adm-acked">
                  <span aria-hidden="true">✓</span> Acknowledged{a.acknowledgedBy ? ` by ${a.acknowledgedBy}` : ""}{" "}
                  <Time value={a.acknowledgedAt!} now={now} />
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
