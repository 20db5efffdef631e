// The users service on this file's own database (test/setup.ts): the rules the Admin page and
// `npm run user` share.
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { balanceOf, listLedger } from "~/models/credits.server";
import { findUserByEmail } from "~/models/users.server";
import { createAccount, grantCredits, listAccounts, MAX_GRANT, setAdminAccess } from "./users.server";

let app: AppContext;
const isAdmin = async (email: string) => (await findUserByEmail(app.database.db, email))?.isAdmin ?? false;

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
});

describe("createAccount", () => {
  it("creates the user with its credits and admin flag, normalising the email", async () => {
    const r = await createAccount(app, { email: "  Ada@Example.com ", password: "correct horse", credits: 7, admin: true });
    expect(r).toMatchObject({ ok: true, value: { user: { email: "ada@example.com", isAdmin: true }, credits: 7 } });
    if (!r.ok) return;
    expect(await balanceOf(app.database.db, r.value.user.id)).toBe(7);
    expect(await isAdmin("ada@example.com")).toBe(true);
    expect((await listAccounts(app)).map((u) => u.email)).toContain("ada@example.com");
  });

  it("refuses a bad email, a short password and negative or fractional credits with the reason, creating nothing", async () => {
    const before = (await listAccounts(app)).length;
    expect(await createAccount(app, { email: "not-an-email", password: "long enough", credits: 1 })).toEqual({ ok: false, status: 400, error: "Enter a valid email" });
    expect(await createAccount(app, { email: "b@example.com", password: "short", credits: 1 })).toEqual({
      ok: false,
      status: 400,
      error: "Password must be at least 8 characters",
    });
    for (const credits of [-1, 1.5]) {
      expect(await createAccount(app, { email: "b@example.com", password: "long enough", credits })).toMatchObject({ ok: false, status: 400, error: "Credits must be a whole number ≥ 0" });
    }
    expect((await listAccounts(app)).length).toBe(before);
  });

  it("refuses an email that already has an account (409)", async () => {
    await createAccount(app, { email: "twice@example.com", password: "long enough", credits: 0 });
    const again = await createAccount(app, { email: "TWICE@example.com", password: "long enough", credits: 0 });
    expect(again).toMatchObject({ ok: false, status: 409 });
    if (!again.ok) expect(again.error).toContain("twice@example.com");
  });
});

describe("grantCredits", () => {
  it("adds credits by id or email and records who granted them", async () => {
    const r = await createAccount(app, { email: "grantee@example.com", password: "long enough", credits: 2 });
    if (!r.ok) throw new Error(r.error);
    expect(await grantCredits(app, { id: r.value.user.id }, 3, "admin:boss@example.com")).toMatchObject({ ok: true, value: { balance: 5 } });
    expect(await grantCredits(app, { email: "Grantee@example.com" }, 10, "cli")).toMatchObject({ ok: true, value: { balance: 15 } });
    const reasons = (await listLedger(app.database.db, r.value.user.id, { limit: 10, offset: 0 })).rows.map((e) => e.reference);
    expect(reasons).toEqual(expect.arrayContaining(["admin:boss@example.com", "cli"]));
  });

  it("refuses zero, fractions, more than the maximum, and unknown users", async () => {
    const r = await createAccount(app, { email: "limits@example.com", password: "long enough", credits: 0 });
    if (!r.ok) throw new Error(r.error);
    for (const n of [0, 2.5, MAX_GRANT + 1]) expect(await grantCredits(app, { id: r.value.user.id }, n, "cli")).toMatchObject({ ok: false, status: 400 });
    expect(await grantCredits(app, { email: "nobody@example.com" }, 1, "cli")).toEqual({ ok: false, status: 404, error: "Unknown user" });
    expect(await balanceOf(app.database.db, r.value.user.id)).toBe(0);
  });
});

describe("setAdminAccess", () => {
  it("grants and revokes admin access", async () => {
    const r = await createAccount(app, { email: "promoted@example.com", password: "long enough", credits: 0 });
    if (!r.ok) throw new Error(r.error);
    expect(await setAdminAccess(app, { id: r.value.user.id }, true)).toMatchObject({ ok: true });
    expect(await isAdmin("promoted@example.com")).toBe(true);
    expect(await setAdminAccess(app, { email: "promoted@example.com" }, false)).toMatchObject({ ok: true });
    expect(await isAdmin("promoted@example.com")).toBe(false);
  });

  it("does not let an admin revoke their own access, and answers 404 for an unknown user", async () => {
    const r = await createAccount(app, { email: "self@example.com", password: "long enough", credits: 0, admin: true });
    if (!r.ok) throw new Error(r.error);
    expect(await setAdminAccess(app, { id: r.value.user.id }, false, { id: r.value.user.id })).toEqual({
      ok: false,
      status: 400,
      error: "You cannot remove your own admin access.",
    });
    expect(await isAdmin("self@example.com")).toBe(true);
    expect(await setAdminAccess(app, { id: "no-such-id" }, true)).toMatchObject({ ok: false, status: 404 });
  });
});
