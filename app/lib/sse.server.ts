// Server-sent events as the generation endpoints write them: `event: <name>` and one JSON `data:`
// line per event (see docs/generation.md). Shared by /api/generate and the builder's page route.

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

/**
 * A streamed response: `run` sends events, and the stream closes when it settles. A client that
 * goes away does not stop `run` (a generation still completes and is saved); `onError` turns a
 * throw into a last event.
 */
export function sseResponse(run: (send: SseSend) => Promise<void>, onError: (error: unknown, send: SseSend) => void): Response {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send: SseSend = (event, data) => {
        try {
          controller.enqueue(sseEvent(event, data));
        } catch {
          // the client went away
        }
      };
      try {
        await run(send);
      } catch (error) {
        onError(error, send);
      }
      try {
        controller.close();
      } catch {
        // already closed by a cancelled client
      }
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
