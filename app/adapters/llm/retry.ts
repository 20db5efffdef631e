/**
 * `retry-after` is either delta-seconds or an HTTP date; OpenAI-style servers also send
 * `retry-after-ms`. Returns milliseconds to wait, or undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, headerMs?: string | null, now: number = Date.now()): number | undefined {
  if (headerMs != null && headerMs.trim() !== "") {
    const ms = Number(headerMs);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  if (header == null) return undefined;
  const value = header.trim();
  if (value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // HTTP dates always name a month; without this, Date.parse reads "-3" as the year 3 BC.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before retry number `retry` (1-based). A server-requested wait wins but is capped, so a
 * hostile or confused server cannot park a request for minutes; otherwise exponential backoff
 * with jitter in [50%, 100%] of the step, which spreads out clients that failed together.
 */
export function retryDelayMs(opts: {
  retry: number;
  baseMs: number;
  retryAfterMs?: number;
  maxRetryAfterMs: number;
  random?: () => number;
}): number {
  if (opts.retryAfterMs !== undefined) return Math.min(opts.retryAfterMs, opts.maxRetryAfterMs);
  const step = opts.baseMs * 2 ** (opts.retry - 1);
  const r = (opts.random ?? Math.random)();
  return Math.round(step * (0.5 + 0.5 * r));
}
