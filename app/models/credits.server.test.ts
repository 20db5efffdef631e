import { describe, expect, it, beforeAll } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { migrate } from "../../db/migrate";
import { createUser } from "./users.server";
import { AI_GENERATION, balanceOf, charge, grant, refund } from "./credits.server";
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
