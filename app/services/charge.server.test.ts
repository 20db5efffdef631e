// withCharge on this file's own database (test/setup.ts): every outcome leaves the balance and the
// ledger right.
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { balanceOf, listLedger, settleChargeAfterStore } from "~/models/credits.server";
import { createUser, type User } from "~/models/users.server";
import { withCharge } from "./charge.server";

let app: AppContext;
let n = 0;

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
});

async function userWith(credits: number): Promise<User> {
  const r = await createUser(app.database.db, { email: `payer${++n}@example.com`, password: "password123", credits });
  if (!r.ok) throw new Error(r.error);
  return r.user;
}

const kinds = async (user: User) => (await listLedger(app.database.db, user.id, { limit: 10, offset: 0 })).rows.map((r) => r.kind).sort();
const cost = () => app.env.CREDITS_PER_GENERATION;

describe("withCharge", () => {
  it("keeps the charge when the work succeeds and earns it, with one ledger reference for the charge", async () => {
    const user = await userWith(5);
    let reference = "";
    const r = await withCharge(app, user, async ({ generationId }) => {
      reference = generationId;
      return { ok: true, value: "done", keepCharge: true };
    });
    expect(r).toEqual({ ok: true, value: "done", charged: cost() });
    expect(await balanceOf(app.database.db, user.id)).toBe(5 - cost());
    const rows = (await listLedger(app.database.db, user.id, { limit: 10, offset: 0 })).rows;
    expect(rows.find((row) => row.kind === "charge")?.reference).toBe(reference);
  });

  it("refunds when the work fails, throws, or did not earn the charge", async () => {
    const failed = await userWith(5);
    expect(await withCharge(app, failed, async () => ({ ok: false, status: 502, error: "model down" }))).toEqual({
      ok: false,
      status: 502,
      error: "model down",
    });
    const threw = await userWith(5);
    await expect(withCharge(app, threw, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const unearned = await userWith(5);
    expect(await withCharge(app, unearned, async () => ({ ok: true, value: 1, keepCharge: false }))).toEqual({
      ok: true,
      value: 1,
      charged: 0,
    });
    for (const user of [failed, threw, unearned]) {
      expect(await balanceOf(app.database.db, user.id)).toBe(5);
      expect(await kinds(user)).toEqual(["charge", "initial", "refund"]);
    }
  });

  it("lets the work settle the charge in the batch that stores what it paid for; a store that stored nothing refunds it", async () => {
    const db = app.database.db;
    const pendingRows = async (reference: string) =>
      Number(
        (await app.database.client.execute({ sql: "SELECT count(*) AS n FROM pending_charges WHERE reference = ?", args: [reference] }))
          .rows[0].n,
      );
    await app.database.client.execute("CREATE TABLE IF NOT EXISTS test_paid_for (reference TEXT, stored INTEGER)");
    const store = (reference: string, stored: boolean) =>
      app.database.client.batch(
        [
          { sql: "INSERT INTO test_paid_for SELECT ?, 1 WHERE ?", args: [reference, stored ? 1 : 0] },
          ...settleChargeAfterStore({ keep: reference }),
        ],
        "write",
      );

    const kept = await userWith(5);
    let seen = "";
    const r = await withCharge(app, kept, async ({ generationId }) => {
      seen = generationId;
      expect(await pendingRows(generationId)).toBe(1);
      await store(generationId, true);
      expect(await pendingRows(generationId)).toBe(0);
      return { ok: true, value: "stored", keepCharge: "settled" };
    });
    expect(r).toEqual({ ok: true, value: "stored", charged: cost() });
    expect(await balanceOf(db, kept.id)).toBe(5 - cost());
    expect(await kinds(kept)).toEqual(["charge", "initial"]);
    expect(await pendingRows(seen)).toBe(0);

    // Nothing stored (say, the eval run was finalized meanwhile): the marker stays, and the failure refunds it.
    const nothing = await userWith(5);
    const refused = await withCharge(app, nothing, async ({ generationId }) => {
      await store(generationId, false);
      seen = generationId;
      return { ok: false, status: 409, error: "the run accepts no more results" };
    });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(await balanceOf(db, nothing.id)).toBe(5);
    expect(await kinds(nothing)).toEqual(["charge", "initial", "refund"]);
    expect(await pendingRows(seen)).toBe(0);

    // A throw after the store settled it refunds nothing: what was paid for is stored.
    const late = await userWith(5);
    await expect(
      withCharge(app, late, async ({ generationId }) => {
        await store(generationId, true);
        throw new Error("after the store");
      }),
    ).rejects.toThrow("after the store");
    expect(await balanceOf(db, late.id)).toBe(5 - cost());
    expect(await kinds(late)).toEqual(["charge", "initial"]);
  });

  it("answers 402 and runs nothing on a short balance", async () => {
    const poor = await userWith(cost() - 1);
    let ran = false;
    const r = await withCharge(app, poor, async () => {
      ran = true;
      return { ok: true, value: 1, keepCharge: true };
    });
    expect(r).toEqual({ ok: false, status: 402, error: "Insufficient balance" });
    expect(ran).toBe(false);
    expect(await kinds(poor)).toEqual(["initial"]);
  });
});
