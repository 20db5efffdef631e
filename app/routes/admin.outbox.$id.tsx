import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/lib/app.server";
import { requirePageUser } from "~/lib/auth.server";
import { getSendDetailForAdmin } from "~/services/sending.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Outbox: ${data.send.subject}` : "Outbox" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const detail = await getSendDetailForAdmin(app, params.id ?? "");
  if (!detail) throw new Response("No send with this id", { status: 404 });
  return detail;
}

export default function OutboxSend() {
  const { send, headers, events } = useLoaderData<typeof loader>();
  return (
    <div>
      <p><Link to="/admin/outbox">← Outbox</Link></p>
      <h1>{send.subject}</h1>
      <p>
        <span className="pill" data-testid="send-status">{send.status}</span> to <strong>{send.to}</strong> from {send.from} via {send.provider}
        {send.sentAt ? <> at {new Date(send.sentAt).toLocaleString()}</> : null}
      </p>
      {send.error ? <p className="error" role="alert">{send.error}</p> : null}
      {send.notes.length ? <ul className="muted">{send.notes.map((n) => <li key={n}>{n}</li>)}</ul> : null}
      <p>
        <a href={`/admin/outbox/${send.id}/raw`} download={`${send.id}.eml`} data-testid="download-eml">Download .eml</a>
        {" · "}
        <a href={`/vib/${send.id}`} target="_blank" rel="noreferrer noopener">Open view in browser</a>
      </p>
      <h2>Email</h2>
      {/* Untrusted HTML: an empty sandbox (no scripts, opaque origin), and /vib adds CSP sandbox too. */}
      <iframe
        title="The email as sent"
        sandbox=""
        src={`/vib/${send.id}`}
        data-testid="email-frame"
        style={{ width: "100%", height: "640px", border: "1px solid #d1d5db", borderRadius: "6px", background: "#fff" }}
      />
      <h2>Delivery events</h2>
      {events.length === 0 ? (
        <p className="muted">No events from the provider yet.</p>
      ) : (
        <table className="list" data-testid="events">
          <thead><tr><th>When</th><th>Event</th><th>Detail</th></tr></thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.occurredAt).toLocaleString()}</td>
                <td>{e.kind}{e.severity ? ` (${e.severity})` : ""}</td>
                <td>{e.reason ?? e.url ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Headers</h2>
      <table className="list" data-testid="headers">
        <tbody>
          {headers.map((h, i) => (
            <tr key={`${h.name}-${i}`}><th style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>{h.name}</th><td style={{ wordBreak: "break-all" }}><code>{h.value}</code></td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
