import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { migrate } from "../../db/migrate";
import { clearRateLimit, hitRateLimit, hitRateLimits, peekRateLimit, pruneRateLimits } from "./rate-limits.server";

let database: Database;
const rule = { limit: 3, windowMs: 60_000 };

beforeAll(async () => {
  database = await openDatabase(process.env.DATABASE_URL!);
  await migrate(database.client);
});

describe("rate limits", () => {
  it("allows `limit` hits per window, then says how long to wait", async () => {
    const t0 = 1_000_000;
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await hitRateLimit(database.db, "k1", rule, t0 + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions[4]).toMatchObject({ count: 5, retryAfterSeconds: 56 });
  });

  it("starts a new window when the old one has ended", async () => {
    const t0 = 2_000_000;
    for (let i = 0; i < 4; i++) await hitRateLimit(database.db, "k2", rule, t0);
    expect((await hitRateLimit(database.db, "k2", rule, t0 + 60_000)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, "k2", rule, t0 + 60_001)).count).toBe(2);
  });

  it("concurrent hits are all counted (one statement each)", async () => {
    const now = 3_000_000;
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(database.db, "k3", rule, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(Math.max(...results.map((r) => r.count))).toBe(20);
  });

  it("peek does not count, clear forgets, prune drops ended windows", async () => {
    const now = 4_000_000;
    expect(await peekRateLimit(database.db, "k4", rule, now)).toMatchObject({ allowed: true, count: 0 });
    for (let i = 0; i < 3; i++) await hitRateLimit(database.db, "k4", rule, now);
    expect(await peekRateLimit(database.db, "k4", rule, now)).toMatchObject({ allowed: false, count: 3 });
    expect(await peekRateLimit(database.db, "k4", rule, now)).toMatchObject({ count: 3 });
    await clearRateLimit(database.db, "k4");
    expect((await peekRateLimit(database.db, "k4", rule, now)).allowed).toBe(true);
    await hitRateLimit(database.db, "old", rule, 1);
    expect(await pruneRateLimits(database.db, 86_400_000, now + 86_400_000)).toBeGreaterThan(0);
  });

  it("advances several counters at once, by an amount, each against its own limit", async () => {
    const now = 5_000_000;
    const hour = { limit: 100, windowMs: 3_600_000 };
    const hits = (bytes: number) => [
      { key: "multi-posts", rule },
      { key: "multi-bytes", rule: hour, amount: bytes },
    ];
    expect((await hitRateLimits(database.db, hits(60), now)).map((d) => [d.allowed, d.count])).toEqual([
      [true, 1],
      [true, 60],
    ]);
    expect((await hitRateLimits(database.db, hits(40), now + 1)).map((d) => [d.allowed, d.count])).toEqual([
      [true, 2],
      [true, 100],
    ]);
    expect((await hitRateLimits(database.db, hits(1), now + 2)).map((d) => [d.allowed, d.count])).toEqual([
      [true, 3],
      [false, 101],
    ]);
    // A new window starts from this hit's amount.
    expect((await hitRateLimits(database.db, hits(7), now + 3_600_000)).map((d) => d.count)).toEqual([1, 7]);
  });

  it("a prune with a short window keeps the rows of longer limits (an hour)", async () => {
    const now = 9_000_000;
    await hitRateLimit(database.db, "hourly", { limit: 1, windowMs: 3_600_000 }, now);
    await pruneRateLimits(database.db, 900_000, now + 1_000_000);
    expect(await peekRateLimit(database.db, "hourly", { limit: 1, windowMs: 3_600_000 }, now + 1_000_000)).toMatchObject({ count: 1 });
  });
});
