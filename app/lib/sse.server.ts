// Server-sent events as the generation endpoints write them: `event: <name>` and one JSON `data:`
// line per event (see docs/generation.md). Shared by /api/generate and the builder's page route.

import type { StreamSlot } from "./live-streams.server";

const encoder = new TextEncoder();

/** One event, encoded. */
export function sseEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

export type SseSend = (event: string, data: unknown) => void;

/** What ties a stream to its client: the request's signal (aborted when the connection closes) and its slot. */
export interface SseClient {
  signal: AbortSignal;
  slot: StreamSlot;
}

/**
 * A streamed response: `run` sends events, and the stream closes when it settles. A client that
 * goes away (the signal aborts, or the consumer cancels) does not stop `run` — a generation still
 * completes and is saved — but from then on its events are dropped and the stream's slot is given
 * back at once. The stream holds no timer. `onError` turns a throw into a last event.
 */
export function sseResponse(
  run: (send: SseSend) => Promise<void>,
  onError: (error: unknown, send: SseSend) => void,
  client: SseClient,
): Response {
  let gone = false;
  const leave = () => {
    gone = true;
    client.slot.release();
    client.signal.removeEventListener("abort", leave);
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      client.signal.addEventListener("abort", leave, { once: true });
      if (client.signal.aborted) leave();
      const send: SseSend = (event, data) => {
        if (gone) return;
        try {
          controller.enqueue(sseEvent(event, data));
        } catch {
          leave();
        }
      };
      try {
        await run(send);
      } catch (error) {
        onError(error, send);
      }
      leave();
      try {
        controller.close();
      } catch {
        // already closed by a cancelled client
      }
    },
    cancel() {
      leave();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
