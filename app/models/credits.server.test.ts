import { describe, expect, it, beforeAll } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { migrate } from "../../db/migrate";
import { createUser } from "./users.server";
import { AI_GENERATION, balanceOf, charge, grant, refund, refundPendingCharge, settleChargeAfterStore } from "./credits.server";
import { creditLedger } from "../../db/schema";
import { eq } from "drizzle-orm";

let database: Database;

beforeAll(async () => {
  database = await openDatabase(process.env.DATABASE_URL!);
  await migrate(database.client);
});

describe("credits", () => {
  it("50 concurrent charges against a balance of 10 give exactly 10 successes", async () => {
    const created = await createUser(database.db, { email: "race@example.com", password: "password123", credits: 10 });
    if (!created.ok) throw new Error(created.error);
    const userId = created.user.id;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => charge(database.db, userId, AI_GENERATION, 1, `gen-${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok)).toHaveLength(40);
    expect(await balanceOf(database.db, userId)).toBe(0);
    const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).all();
    expect(ledger.filter((l) => l.kind === "charge")).toHaveLength(10);
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(0);
  });

  it("refunds and grants add a ledger row and restore the balance", async () => {
    const created = await createUser(database.db, { email: "refund@example.com", password: "password123", credits: 2 });
    if (!created.ok) throw new Error(created.error);
    const id = created.user.id;
    const charged = await charge(database.db, id, AI_GENERATION, 2, "g1");
    expect(charged).toMatchObject({ ok: true, balance: 0 });
    expect(await charge(database.db, id, AI_GENERATION, 1, "g2")).toEqual({ ok: false, balance: 0 });
    expect(await refund(database.db, id, AI_GENERATION, 2, "g1")).toBe(2);
    expect(await grant(database.db, id, AI_GENERATION, 5, "admin")).toBe(7);
    const kinds = (await database.db.select().from(creditLedger).where(eq(creditLedger.userId, id)).all()).map((l) => l.kind);
    expect(kinds).toEqual(["initial", "charge", "refund", "grant"]);
  });

  it("a user with no balance row cannot be charged", async () => {
    expect(await charge(database.db, "nobody", AI_GENERATION, 1)).toEqual({ ok: false, balance: 0 });
  });
});

describe("a pending charge settled by the batch that stores what it paid for", () => {
  async function charged(email: string) {
    const created = await createUser(database.db, { email, password: "password123", credits: 3 });
    if (!created.ok) throw new Error(created.error);
    const reference = `gen-${email}`;
    expect((await charge(database.db, created.user.id, AI_GENERATION, 1, reference, { instanceId: "me" })).ok).toBe(true);
    return { userId: created.user.id, reference };
  }
  const pending = async (reference: string) =>
    Number(
      (await database.client.execute({ sql: "SELECT count(*) AS n FROM pending_charges WHERE reference = ?", args: [reference] })).rows[0]
        .n,
    );
  const store = (rows: number, settle: Parameters<typeof settleChargeAfterStore>[0]) =>
    database.client.batch(
      [
        {
          sql: "INSERT INTO paid_for (n) SELECT value FROM json_each(?)",
          args: [JSON.stringify(Array.from({ length: rows }, (_, i) => i))],
        },
        ...settleChargeAfterStore(settle),
      ],
      "write",
    );

  beforeAll(() => database.client.execute("CREATE TABLE paid_for (n INTEGER)"));

  it("keep: the marker goes with a stored row, and stays when the store stored nothing", async () => {
    const stored = await charged("kept@example.com");
    await store(1, { keep: stored.reference });
    expect(await pending(stored.reference)).toBe(0);
    expect(await balanceOf(database.db, stored.userId)).toBe(2);

    const unstored = await charged("unstored@example.com");
    await store(0, { keep: unstored.reference });
    expect(await pending(unstored.reference)).toBe(1);
  });

  it("refund: credited once under its ledger reference, and not at all when the charge was refunded already", async () => {
    const c = await charged("free@example.com");
    const refundOf = { reference: c.reference, userId: c.userId, action: AI_GENERATION, amount: 1 } as const;
    await store(1, { refund: refundOf, ledgerReference: "free-regen:v1" });
    expect(await pending(c.reference)).toBe(0);
    expect(await balanceOf(database.db, c.userId)).toBe(3);
    const refunds = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, c.userId)).all();
    expect(refunds.filter((l) => l.kind === "refund").map((l) => l.reference)).toEqual(["free-regen:v1"]);

    // Another process's recovery refunded it first: the store's refund finds no marker and credits nothing.
    const twice = await charged("twice@example.com");
    const refundTwice = { reference: twice.reference, userId: twice.userId, action: AI_GENERATION, amount: 1 } as const;
    expect(await refundPendingCharge(database.db, refundTwice, "refund: interrupted by a restart")).toBe(true);
    await store(1, { refund: refundTwice, ledgerReference: "free-regen:v2" });
    expect(await balanceOf(database.db, twice.userId)).toBe(3);
  });
});
