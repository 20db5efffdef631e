import { describe, expect, it } from "vitest";
import { parseRetryAfter, retryDelayMs } from "./retry";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");

  it("reads delta-seconds, including fractions", () => {
    expect(parseRetryAfter("1", null, now)).toBe(1000);
    expect(parseRetryAfter(" 2.5 ", null, now)).toBe(2500);
    expect(parseRetryAfter("0", null, now)).toBe(0);
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:00:07 GMT", null, now)).toBe(7000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 11:59:00 GMT", null, now)).toBe(0);
  });

  it("prefers retry-after-ms", () => {
    expect(parseRetryAfter("10", "150", now)).toBe(150);
    expect(parseRetryAfter("10", "junk", now)).toBe(10_000);
  });

  it("returns undefined for missing or unreadable values", () => {
    expect(parseRetryAfter(null, null, now)).toBeUndefined();
    expect(parseRetryAfter("", undefined, now)).toBeUndefined();
    expect(parseRetryAfter("soon", null, now)).toBeUndefined();
    expect(parseRetryAfter("-3", null, now)).toBeUndefined();
  });
});

describe("retryDelayMs", () => {
  it("uses the server's wait, capped", () => {
    expect(retryDelayMs({ retry: 1, baseMs: 100, retryAfterMs: 1000, maxRetryAfterMs: 5000 })).toBe(1000);
    expect(retryDelayMs({ retry: 1, baseMs: 100, retryAfterMs: 60_000, maxRetryAfterMs: 5000 })).toBe(5000);
  });

  it("doubles the backoff step per retry with jitter between half and the full step", () => {
    const at = (retry: number, r: number) => retryDelayMs({ retry, baseMs: 100, maxRetryAfterMs: 5000, random: () => r });
    expect([at(1, 0), at(1, 1)]).toEqual([50, 100]);
    expect([at(2, 0), at(2, 1)]).toEqual([100, 200]);
    expect([at(3, 0), at(3, 1)]).toEqual([200, 400]);
  });
});
