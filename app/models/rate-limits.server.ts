// Fixed-window counters kept in the database (table rate_limits), so limits and lockouts hold
// with one process and across restarts. Each call is one statement: no read-then-write race.
import type { Db } from "~/lib/db.server";

export interface RateLimit {
  /** How many hits the window allows. */
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
}

function decide(count: number, windowStart: number, rule: RateLimit, now: number): RateDecision {
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)),
  };
}

/** Counts one hit against `key` and says whether it is within the limit. */
export async function hitRateLimit(db: Db, key: string, rule: RateLimit, now = Date.now()): Promise<RateDecision> {
  const expired = now - rule.windowMs;
  const result = await db.$client.execute({
    sql: `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN window_start <= ? THEN 1 ELSE count + 1 END,
            window_start = CASE WHEN window_start <= ? THEN excluded.window_start ELSE window_start END
          RETURNING count, window_start`,
    args: [key, now, expired, expired],
  });
  const row = result.rows[0];
  return decide(Number(row.count), Number(row.window_start), rule, now);
}

/** One counter to advance by `amount` (a hit, or a number of bytes). */
export interface RateHit {
  key: string;
  rule: RateLimit;
  amount?: number;
}

/**
 * Advances several counters in one write transaction (every one counts, whichever refuses), and
 * says for each whether it is within its limit.
 */
export async function hitRateLimits(db: Db, hits: RateHit[], now = Date.now()): Promise<RateDecision[]> {
  const results = await db.$client.batch(
    hits.map(({ key, rule, amount = 1 }) => {
      const expired = now - rule.windowMs;
      return {
        sql: `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)
              ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN window_start <= ? THEN excluded.count ELSE count + excluded.count END,
                window_start = CASE WHEN window_start <= ? THEN excluded.window_start ELSE window_start END
              RETURNING count, window_start`,
        args: [key, now, amount, expired, expired],
      };
    }),
    "write",
  );
  return results.map((result, i) => decide(Number(result.rows[0].count), Number(result.rows[0].window_start), hits[i].rule, now));
}

/** The decision a hit would get, without counting one (for limits that count only failures). */
export async function peekRateLimit(db: Db, key: string, rule: RateLimit, now = Date.now()): Promise<RateDecision> {
  const result = await db.$client.execute({ sql: "SELECT count, window_start FROM rate_limits WHERE key = ?", args: [key] });
  const row = result.rows[0];
  if (!row || Number(row.window_start) <= now - rule.windowMs) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  // Allowed while the next hit would still be within the limit.
  const decision = decide(Number(row.count) + 1, Number(row.window_start), rule, now);
  return { ...decision, count: Number(row.count) };
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.$client.execute({ sql: "DELETE FROM rate_limits WHERE key = ?", args: [key] });
}

/** The longest window any limit counts in (the AMP survey's hourly bounds per address). */
export const LONGEST_RATE_WINDOW_MS = 3_600_000;

/**
 * Drops windows that ended long ago (called now and then; the table stays small). Whatever the
 * caller's own window, a row younger than the longest window is kept: it may be another limit's.
 */
export async function pruneRateLimits(db: Db, olderThanMs: number, now = Date.now()): Promise<number> {
  const cutoff = now - Math.max(olderThanMs, LONGEST_RATE_WINDOW_MS);
  const result = await db.$client.execute({ sql: "DELETE FROM rate_limits WHERE window_start < ?", args: [cutoff] });
  return result.rowsAffected;
}
