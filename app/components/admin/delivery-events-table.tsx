// Delivery events as a table: the full event list and one recipient's page show the same columns
// (the list adds the recipient).
import { Link } from "@remix-run/react";
import { eventKindLabel } from "./labels";
import { Pill, TableWrap, Time } from "./ui";

export interface DeliveryEventRowView {
  id: number;
  occurredAt: Date | string;
  kind: string;
  severity: string | null;
  email: string;
  provider: string;
  reason: string | null;
  sendId: string | null;
}

export function DeliveryEventsTable({
  events,
  now,
  label,
  testId,
  showRecipient,
}: {
  events: DeliveryEventRowView[];
  now: Date | string;
  label: string;
  testId: string;
  showRecipient: boolean;
}) {
  return (
    <TableWrap label={label} testId={testId}>
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            {showRecipient ? <th scope="col">Recipient</th> : null}
            <th scope="col">Provider</th>
            <th scope="col">Reason</th>
            <th scope="col">Send</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id}>
              <td>
                <Time value={e.occurredAt} now={now} />
              </td>
              <td>
                <Pill label={eventKindLabel(e.kind, e.severity)} />
              </td>
              {showRecipient ? (
                <td>
                  <Link to={`/admin/deliverability/recipient?email=${encodeURIComponent(e.email)}`} className="adm-strong-link">
                    {e.email}
                  </Link>
                </td>
              ) : null}
              <td className="adm-cap">{e.provider}</td>
              <td className="adm-clip adm-clip-wide adm-muted" title={e.reason ?? undefined}>
                {e.reason ?? "–"}
              </td>
              <td>{e.sendId ? <Link to={`/admin/outbox/${e.sendId}`}>View send</Link> : <span className="adm-muted">–</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
