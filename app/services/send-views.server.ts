// What was sent, as the API, the outbox pages and View in browser show it, and the live stream of
// a send's delivery events.
import type { AppContext } from "~/composition/app.server";
import { SSE_HEADERS } from "~/lib/sse.server";
import type { User } from "~/models/users.server";
import {
  findSendHtml,
  findSendRaw,
  findSendSummary,
  listRecentSends,
  listSendEvents,
  type DeliveryEventRow,
  type SendSummary,
} from "~/models/sends.server";
import { failure, type ServiceResult } from "./result";
import { subscribeToSendEvents } from "./send-event-hub.server";
import { openStream } from "./streams.server";

export interface SendJson {
  id: string;
  to: string;
  from: string;
  subject: string;
  provider: string;
  providerId: string | null;
  messageId: string;
  status: string;
  error: string | null;
  notes: string[];
  emailName: string | null;
  projectId: string | null;
  databaseId: string | null;
  vibUrl: string;
  createdAt: string;
  sentAt: string | null;
}

export interface EventJson {
  id: number;
  eventId: string;
  provider: string;
  kind: string;
  severity: string | null;
  reason: string | null;
  recipient: string;
  url?: string;
  occurredAt: string;
  receivedAt: string;
}

export function sendJson(s: SendSummary, baseUrl: string): SendJson {
  return {
    id: s.id,
    to: s.recipient,
    from: s.senderEmail,
    subject: s.subject,
    provider: s.provider,
    providerId: s.providerId,
    messageId: s.messageId,
    status: s.status,
    error: s.error,
    notes: s.notes,
    emailName: s.emailName,
    projectId: s.projectId,
    databaseId: s.databaseId,
    vibUrl: `${baseUrl}/vib/${s.id}`,
    createdAt: s.createdAt.toISOString(),
    sentAt: s.sentAt ? s.sentAt.toISOString() : null,
  };
}

export function eventJson(e: DeliveryEventRow): EventJson {
  const payload = e.payload as { url?: unknown } | null;
  return {
    id: e.id,
    eventId: e.eventId,
    provider: e.provider,
    kind: e.kind,
    severity: e.severity,
    reason: e.reason,
    recipient: e.email,
    ...(payload && typeof payload.url === "string" ? { url: payload.url } : {}),
    occurredAt: e.occurredAt.toISOString(),
    receivedAt: e.createdAt.toISOString(),
  };
}

/** The send, if this user may see it: its sender or an admin. Others get the same 404 as a wrong id. */
async function visibleSend(app: AppContext, user: User, id: string): Promise<SendSummary | null> {
  const send = await findSendSummary(app.database.db, id);
  if (!send || (send.userId !== user.id && !user.isAdmin)) return null;
  return send;
}

export async function getSendWithEvents(
  app: AppContext,
  user: User,
  id: string,
): Promise<ServiceResult<{ send: SendJson; events: EventJson[] }>> {
  const send = await visibleSend(app, user, id);
  if (!send) return failure(404, "Send not found");
  const events = await listSendEvents(app.database.db, id, 0, 1000);
  return { ok: true, value: { send: sendJson(send, app.env.BASE_URL), events: events.map(eventJson) } };
}

export async function listSendsForAdmin(app: AppContext, limit: number) {
  const rows = await listRecentSends(app.database.db, limit);
  return rows.map((s) => ({
    id: s.id,
    to: s.recipient,
    from: s.senderEmail,
    subject: s.subject,
    provider: s.provider,
    status: s.status,
    error: s.error,
    createdAt: s.createdAt.toISOString(),
    sentAt: s.sentAt ? s.sentAt.toISOString() : null,
  }));
}

/** The message exactly as handed to the provider (the .eml download). */
export async function getRawMessage(app: AppContext, id: string): Promise<ServiceResult<string>> {
  const raw = await findSendRaw(app.database.db, id);
  if (raw === undefined) return failure(404, "Send not found");
  if (raw === null) return failure(404, "This send has no stored message");
  return { ok: true, value: raw };
}

/** The top-level header lines of a stored message, unfolded. */
export function messageHeaders(raw: string): Array<{ name: string; value: string }> {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  return head
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(":");
      return colon > 0 ? { name: line.slice(0, colon), value: line.slice(colon + 1).trim() } : null;
    })
    .filter((h): h is { name: string; value: string } => h !== null);
}

export async function getSendDetailForAdmin(app: AppContext, id: string) {
  const { db } = app.database;
  const send = await findSendSummary(db, id);
  if (!send) return null;
  const [raw, events] = await Promise.all([findSendRaw(db, id), listSendEvents(db, id, 0, 1000)]);
  return {
    send: sendJson(send, app.env.BASE_URL),
    headers: raw ? messageHeaders(raw) : [],
    events: events.map(eventJson),
    raw: raw ?? null,
  };
}

/** The HTML as the recipient got it, for View in browser; public by its unguessable id. */
export async function getSentHtml(app: AppContext, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return findSendHtml(app.database.db, id);
}

/** Chunks a stream may queue for a client that has stopped reading before it is closed. */
const MAX_QUEUED_CHUNKS = 1000;

/**
 * `text/event-stream` of a send's delivery events: what is stored (after `Last-Event-ID` when the
 * client reconnects), then new ones as they are stored. The stream holds one of the user's stream
 * slots (streams.server.ts) and subscribes to the send's shared poller (send-event-hub.server.ts);
 * it owns no timer. Both are given back when the client goes (the request's signal, which the HTTP
 * server aborts when the connection closes) or the consumer cancels, whichever comes first. HEAD
 * gets the headers and holds nothing.
 */
export async function sendEventStream(app: AppContext, user: User, id: string, request: Request): Promise<ServiceResult<Response>> {
  const send = await visibleSend(app, user, id);
  if (!send) return failure(404, "Send not found");
  if (request.method === "HEAD" || request.signal.aborted)
    return { ok: true, value: new Response(null, { status: 200, headers: SSE_HEADERS }) };
  const opened = openStream(app, user);
  if (!opened.ok) return opened;
  const slot = opened.value;
  const resume = Number(request.headers.get("last-event-id") ?? "0");
  const encoder = new TextEncoder();
  let closed = false;
  let end = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (chunk: string) => {
        if (closed) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return end();
        controller.enqueue(encoder.encode(chunk));
      };
      let unsubscribe = () => {};
      end = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        slot.release();
        request.signal.removeEventListener("abort", end);
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      write(`retry: 2000\n: events of send ${id}\n\n`);
      unsubscribe = subscribeToSendEvents(app, id, {
        lastId: Number.isSafeInteger(resume) && resume > 0 ? resume : 0,
        deliver: (row) => write(`id: ${row.id}\nevent: delivery\ndata: ${JSON.stringify(eventJson(row))}\n\n`),
        heartbeat: () => write(": heartbeat\n\n"),
      });
      request.signal.addEventListener("abort", end, { once: true });
      if (request.signal.aborted) end();
    },
    cancel() {
      end();
    },
  });
  return { ok: true, value: new Response(stream, { status: 200, headers: SSE_HEADERS }) };
}
