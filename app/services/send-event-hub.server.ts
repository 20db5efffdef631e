// One poller per send, shared by every live stream of that send's delivery events. While a send has
// subscribers, one interval reads its new events (from the oldest point any subscriber still
// needs) and hands each subscriber the rows it has not had; the in-process webhook intake wakes it
// at once, and the interval finds what another process stored. The same tick paces heartbeats.
// The last subscriber leaving stops the interval: no send is polled for nobody.
import type { AppContext } from "~/composition/app.server";
import { listSendEvents, type DeliveryEventRow } from "~/models/sends.server";
import { onSendEvent } from "./webhook-intake.server";

export const SSE_POLL_MS = 500;
export const SSE_HEARTBEAT_MS = 15_000;
const HEARTBEAT_TICKS = Math.round(SSE_HEARTBEAT_MS / SSE_POLL_MS);
/** Rows per read; a full page means there may be more, so the poller reads again at once. */
const PAGE = 500;

export interface SendEventSubscriber {
  /** The last event id this subscriber has; the hub hands it only rows after it, and advances it. */
  lastId: number;
  deliver(row: DeliveryEventRow): void;
  heartbeat(): void;
}

interface Poller {
  subscribers: Set<SendEventSubscriber>;
  timer: NodeJS.Timeout;
  stopWake: () => void;
  ticks: number;
  running: boolean;
  again: boolean;
}

const pollers = new Map<string, Poller>();
let polls = 0;

async function flush(app: AppContext, sendId: string, poller: Poller): Promise<void> {
  if (poller.running) {
    poller.again = true;
    return;
  }
  poller.running = true;
  try {
    do {
      poller.again = false;
      if (poller.subscribers.size === 0) break;
      const after = Math.min(...[...poller.subscribers].map((s) => s.lastId));
      polls++;
      const rows = await listSendEvents(app.database.db, sendId, after, PAGE);
      for (const subscriber of poller.subscribers) {
        for (const row of rows) {
          if (row.id <= subscriber.lastId) continue;
          subscriber.lastId = row.id;
          subscriber.deliver(row);
        }
      }
      if (rows.length === PAGE) poller.again = true;
    } while (poller.again && poller.subscribers.size > 0);
  } catch (err) {
    app.logger.warn({ err, sendId }, "event stream read failed");
  } finally {
    poller.running = false;
  }
}

/** Adds a subscriber to the send's poller (starting it if needed); the returned function removes it. */
export function subscribeToSendEvents(app: AppContext, sendId: string, subscriber: SendEventSubscriber): () => void {
  let poller = pollers.get(sendId);
  if (!poller) {
    const created: Poller = {
      subscribers: new Set(),
      timer: setInterval(() => {
        created.ticks++;
        if (created.ticks % HEARTBEAT_TICKS === 0) for (const s of created.subscribers) s.heartbeat();
        void flush(app, sendId, created);
      }, SSE_POLL_MS),
      stopWake: onSendEvent(sendId, () => void flush(app, sendId, created)),
      ticks: 0,
      running: false,
      again: false,
    };
    created.timer.unref();
    pollers.set(sendId, created);
    poller = created;
  }
  const own = poller;
  own.subscribers.add(subscriber);
  // The newcomer's stored events (after its Last-Event-ID) come at once, not at the next tick.
  void flush(app, sendId, own);
  return () => {
    if (!own.subscribers.delete(subscriber) || own.subscribers.size > 0) return;
    clearInterval(own.timer);
    own.stopWake();
    if (pollers.get(sendId) === own) pollers.delete(sendId);
  };
}

/** Sends being polled now, and database reads the pollers made since the process started. */
export function sendEventPolling(): { pollers: number; polls: number } {
  return { pollers: pollers.size, polls };
}
