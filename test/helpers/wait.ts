// The one way tests wait for something to happen: poll a check until it holds, with a deadline and
// a message naming what never happened, so a test that would hang fails instead, and says why.

export interface WaitOptions {
  /** What is awaited, for the failure message; a function to name the last state seen. */
  what: string | (() => string);
  /** Give up after this long (a bound on a hang, not a speed assertion). */
  timeoutMs?: number;
  /** Pause between checks. */
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const named = (what: WaitOptions["what"]) => (typeof what === "string" ? what : what());

/**
 * Resolves with the first truthy value `check` returns; rejects once `timeoutMs` has passed
 * without one ("timed out after 10000 ms waiting for <what>"). An error thrown by `check` ends
 * the wait at once.
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  { what, timeoutMs = 10_000, intervalMs = 20 }: WaitOptions,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${named(what)}`);
    await sleep(intervalMs);
  }
}

export interface StreamText {
  /** Everything read so far. */
  text(): string;
  /** Reads on until the text includes `needle`; rejects at the deadline or when the stream ends first. */
  until(needle: string, timeoutMs?: number): Promise<string>;
  /** Stops reading (the stream may already be gone). */
  cancel(): Promise<void>;
}

/** A response body read as text, a chunk at a time (server-sent events). */
export function streamText(body: ReadableStream<Uint8Array>): StreamText {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    text: () => text,
    async until(needle, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(needle)) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()))));
        const read = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
        if (read === "late")
          throw new Error(
            `timed out after ${timeoutMs} ms waiting for ${JSON.stringify(needle)} in the stream; it said: ${JSON.stringify(text.slice(-500))}`,
          );
        if (read.done) throw new Error(`the stream ended before ${JSON.stringify(needle)}; it said: ${JSON.stringify(text.slice(-500))}`);
        text += decoder.decode(read.value, { stream: true });
      }
      return text;
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
