import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { sendAsksQuestions } from "~/services/answers.server";
import { getSendDetailForAdmin } from "~/services/send-views.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: data ? `${data.send.subject} · Outbox · ${brand}` : `Outbox · ${brand}` }];
};

type Part = { type: string; body: string };

function splitHead(entity: string): { headers: Map<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(entity);
  const head = (m ? entity.slice(0, m.index) : entity).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: m ? entity.slice(m.index + m[0].length) : "" };
}

function decodeBody(body: string, encoding: string, charset: string): string {
  let bytes: Buffer;
  if (encoding === "base64") bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
  else if (encoding === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    bytes = Buffer.from(
      soft.replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    );
  } else bytes = Buffer.from(body, "utf8");
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** The text parts of a stored message (text/plain, text/x-amp-html, text/html), walking nested multiparts. */
function textParts(entity: string, depth = 0): Part[] {
  const { headers, body } = splitHead(entity);
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type.startsWith("multipart/") && depth < 5) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    const close = body.indexOf(`--${boundary}--`);
    const chunks = (close >= 0 ? body.slice(0, close) : body).split(
      new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`),
    );
    return chunks
      .slice(1)
      .filter((c) => c.trim())
      .flatMap((c) => textParts(c, depth + 1));
  }
  if (!type.startsWith("text/")) return [];
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1] ?? "utf-8";
  return [{ type, body: decodeBody(body, (headers.get("content-transfer-encoding") ?? "").toLowerCase(), charset) }];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const detail = await getSendDetailForAdmin(app, params.id ?? "");
  if (!detail) throw new Response("No send with this id", { status: 404 });
  const { raw, ...shown } = detail;
  const parts = raw ? textParts(raw) : [];
  const fromHeader = detail.headers.find((h) => h.name.toLowerCase() === "from")?.value ?? null;
  return {
    ...shown,
    asksQuestions: await sendAsksQuestions(app, detail.send.id),
    fromHeader,
    text: parts.find((p) => p.type === "text/plain")?.body ?? null,
    amp: parts.find((p) => p.type === "text/x-amp-html")?.body ?? null,
  };
}

export default function OutboxSend() {
  const { send, headers, events, fromHeader, text, amp, asksQuestions } = useLoaderData<typeof loader>();
  return (
    <div>
      <p>
        <Link to="/admin/outbox">← Outbox</Link>
      </p>
      <h1>{send.subject}</h1>
      <p>
        <span className="pill" data-testid="send-status">
          {send.status}
        </span>{" "}
        to <strong>{send.to}</strong> via {send.provider}
        {send.sentAt ? <> at {new Date(send.sentAt).toLocaleString()}</> : null}
      </p>
      <table className="list compact" data-testid="send-summary">
        <tbody>
          <tr>
            <th scope="row">From</th>
            <td data-testid="from-header">{fromHeader ? <code>{fromHeader}</code> : <span className="muted">(not stored)</span>}</td>
          </tr>
          <tr>
            <th scope="row">Sent by</th>
            <td>{send.from}</td>
          </tr>
        </tbody>
      </table>
      {send.error ? (
        <p className="error" role="alert">
          {send.error}
        </p>
      ) : null}
      {send.notes.length ? (
        <ul className="muted">
          {send.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <p>
        <a href={`/admin/outbox/${send.id}/raw`} download={`${send.id}.eml`} data-testid="download-eml">
          Download .eml
        </a>
        {" · "}
        <a href={`/vib/${send.id}`} target="_blank" rel="noreferrer noopener">
          Open view in browser
        </a>
        {asksQuestions ? (
          <>
            {" · "}
            <Link to={`/answers?send=${send.id}`} data-testid="send-answers-link">
              Survey and quiz answers
            </Link>
          </>
        ) : null}
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
      <details className="part" data-testid="text-part">
        <summary>Plain-text part</summary>
        {text !== null ? <pre>{text}</pre> : <p className="muted">This message has no text/plain part.</p>}
      </details>
      {amp !== null ? (
        <details className="part" data-testid="amp-part">
          <summary>AMP part (text/x-amp-html)</summary>
          <pre>{amp}</pre>
        </details>
      ) : null}
      <h2>Delivery events</h2>
      {events.length === 0 ? (
        <p className="muted">No events from the provider yet.</p>
      ) : (
        <table className="list" data-testid="events">
          <thead>
            <tr>
              <th>When</th>
              <th>Event</th>
              <th>Detail</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td>{new Date(e.occurredAt).toLocaleString()}</td>
                <td>
                  {e.kind}
                  {e.severity ? ` (${e.severity})` : ""}
                </td>
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
            <tr key={`${h.name}-${i}`}>
              <th style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>{h.name}</th>
              <td style={{ wordBreak: "break-all" }}>
                <code>{h.value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
