// withCharge on this file's own database (test/setup.ts): every outcome leaves the balance and the
// ledger right.
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { balanceOf, listLedger } from "~/models/credits.server";
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
