// The users service on this file's own database (test/setup.ts): the rules the Admin page and
// `npm run user` share.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { balanceOf, listLedger } from "~/models/credits.server";
import { createPageSession, findPageSession } from "~/models/page-sessions.server";
import { findUserByEmail } from "~/models/users.server";
import { signIn } from "./auth.server";
import {
  changeOwnPassword,
  createAccount,
  grantCredits,
  listAccounts,
  MAX_GRANT,
  setAdminAccess,
  setTemporaryPassword,
  signInLock,
  unlockAccount,
} from "./users.server";

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
    expect(await createAccount(app, { email: "not-an-email", password: "long enough", credits: 1 })).toEqual({
      ok: false,
      status: 400,
      error: "Enter a valid email",
    });
    expect(await createAccount(app, { email: "b@example.com", password: "short", credits: 1 })).toEqual({
      ok: false,
      status: 400,
      error: "Password must be at least 8 characters",
    });
    for (const credits of [-1, 1.5]) {
      expect(await createAccount(app, { email: "b@example.com", password: "long enough", credits })).toMatchObject({
        ok: false,
        status: 400,
        error: "Credits must be a whole number ≥ 0",
      });
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
    expect(await grantCredits(app, { id: r.value.user.id }, 3, "admin:boss@example.com")).toMatchObject({
      ok: true,
      value: { balance: 5 },
    });
    expect(await grantCredits(app, { email: "Grantee@example.com" }, 10, "cli")).toMatchObject({ ok: true, value: { balance: 15 } });
    const reasons = (await listLedger(app.database.db, r.value.user.id, { limit: 10, offset: 0 })).rows.map((e) => e.reference);
    expect(reasons).toEqual(expect.arrayContaining(["admin:boss@example.com", "cli"]));
  });

  it("refuses zero, fractions, more than the maximum, and unknown users", async () => {
    const r = await createAccount(app, { email: "limits@example.com", password: "long enough", credits: 0 });
    if (!r.ok) throw new Error(r.error);
    for (const n of [0, 2.5, MAX_GRANT + 1])
      expect(await grantCredits(app, { id: r.value.user.id }, n, "cli")).toMatchObject({ ok: false, status: 400 });
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

// ── passwords and lockouts ──────────────────────────────────────────────────────────────────────

const ADMIN = { id: "admin-id", email: "boss@example.com" };
const inAnHour = () => new Date(Date.now() + 3600_000);
const signInAs = (email: string, password: string, clientIp = "203.0.113.9") => signIn(app, { email, password, clientIp });

async function account(email: string, password = "first password") {
  const r = await createAccount(app, { email, password, credits: 0 });
  if (!r.ok) throw new Error(r.error);
  return r.value.user;
}

async function lockOut(email: string) {
  for (let i = 0; i < app.env.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) await signInAs(email, "wrong password", `198.51.100.${i}`);
  const locked = await signInAs(email, "first password");
  expect(locked).toMatchObject({ ok: false, status: 429 });
}

afterEach(() => vi.restoreAllMocks());

describe("setTemporaryPassword", () => {
  it("sets a password the user signs in with, ends their sessions, lifts a lockout, and writes an audit line", async () => {
    const user = await account("forgetful@example.com");
    const session = await createPageSession(app.database.db, user.id, inAnHour());
    await lockOut(user.email);
    const audit = vi.spyOn(app.logger, "info");

    const r = await setTemporaryPassword(app, { id: user.id }, "temporary pass 1", ADMIN);
    expect(r).toMatchObject({ ok: true, value: { user: { email: user.email }, sessionsEnded: 1 } });
    expect(await findPageSession(app.database.db, session.id)).toBeNull();
    expect(await signInAs(user.email, "first password")).toMatchObject({ ok: false, status: 401 });
    expect(await signInAs(user.email, "temporary pass 1")).toMatchObject({ ok: true, value: { id: user.id } });
    const line = audit.mock.calls.find(([o]) => (o as { audit?: string }).audit === "account.temporary_password");
    expect(line?.[0]).toMatchObject({ userId: user.id, by: ADMIN.email });
    expect(JSON.stringify(line)).not.toContain("temporary pass 1");
  });

  it("applies the password rules and answers 404 for an unknown user", async () => {
    const user = await account("rules@example.com");
    expect(await setTemporaryPassword(app, { id: user.id }, "short", "cli")).toMatchObject({
      ok: false,
      status: 400,
      error: "Password must be at least 8 characters",
    });
    expect(await setTemporaryPassword(app, { id: user.id }, "x".repeat(257), "cli")).toMatchObject({ ok: false, status: 400 });
    expect(await signInAs(user.email, "first password")).toMatchObject({ ok: true });
    expect(await setTemporaryPassword(app, { email: "nobody@example.com" }, "long enough", "cli")).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("unlockAccount", () => {
  it("clears a sign-in lockout so the right password works again at once, and says whether it was locked", async () => {
    const user = await account("locked@example.com");
    await lockOut(user.email);
    expect(await signInLock(app, user.email)).toMatchObject({ locked: true });
    const audit = vi.spyOn(app.logger, "info");
    expect(await unlockAccount(app, { id: user.id }, ADMIN)).toMatchObject({ ok: true, value: { wasLocked: true } });
    expect(audit.mock.calls.some(([o]) => (o as { audit?: string }).audit === "account.unlock")).toBe(true);
    expect(await signInLock(app, user.email)).toEqual({ locked: false, failures: 0, retryAfterSeconds: 0 });
    expect(await signInAs(user.email, "first password")).toMatchObject({ ok: true });
    expect(await unlockAccount(app, { email: user.email }, "cli")).toMatchObject({ ok: true, value: { wasLocked: false } });
    expect(await unlockAccount(app, { id: "no-such-id" }, "cli")).toMatchObject({ ok: false, status: 404 });
  });
});

describe("changeOwnPassword", () => {
  it("changes the password, ends the user's other sessions and keeps the current one", async () => {
    const user = await account("changer@example.com");
    const here = await createPageSession(app.database.db, user.id, inAnHour());
    const elsewhere = await createPageSession(app.database.db, user.id, inAnHour());
    const other = await account("bystander@example.com");
    const bystander = await createPageSession(app.database.db, other.id, inAnHour());

    const r = await changeOwnPassword(
      app,
      user,
      { current: "first password", password: "second password", confirm: "second password" },
      here.id,
    );
    expect(r).toEqual({ ok: true, value: { sessionsEnded: 1 } });
    expect(await findPageSession(app.database.db, here.id)).not.toBeNull();
    expect(await findPageSession(app.database.db, elsewhere.id)).toBeNull();
    expect(await findPageSession(app.database.db, bystander.id)).not.toBeNull();
    expect(await signInAs(user.email, "first password")).toMatchObject({ ok: false, status: 401 });
    expect(await signInAs(user.email, "second password")).toMatchObject({ ok: true });
  });

  it("refuses a wrong current password (counted against the lockout), and names the field of each mistake", async () => {
    const user = await account("careful@example.com");
    const here = await createPageSession(app.database.db, user.id, inAnHour());
    const elsewhere = await createPageSession(app.database.db, user.id, inAnHour());
    const attempt = (current: string, password: string, confirm = password) =>
      changeOwnPassword(app, user, { current, password, confirm }, here.id);

    expect(await attempt("not my password", "second password")).toMatchObject({
      ok: false,
      status: 400,
      code: "current",
      error: "That is not your current password.",
    });
    expect(await signInLock(app, user.email)).toMatchObject({ failures: 1 });
    expect(await attempt("", "second password")).toMatchObject({ ok: false, code: "current" });
    expect(await attempt("first password", "short")).toMatchObject({
      ok: false,
      code: "password",
      error: "Password must be at least 8 characters.",
    });
    expect(await attempt("first password", "second password", "second passwort")).toMatchObject({ ok: false, code: "confirm" });
    expect(await attempt("first password", "first password")).toMatchObject({ ok: false, code: "password" });
    // nothing changed, nobody signed out
    expect(await findPageSession(app.database.db, elsewhere.id)).not.toBeNull();
    expect(await signInAs(user.email, "first password")).toMatchObject({ ok: true });
  });

  it("while the account is locked, does not check the current password at all", async () => {
    const user = await account("guessed@example.com");
    const here = await createPageSession(app.database.db, user.id, inAnHour());
    await lockOut(user.email);
    const r = await changeOwnPassword(
      app,
      user,
      { current: "first password", password: "second password", confirm: "second password" },
      here.id,
    );
    expect(r).toMatchObject({ ok: false, status: 429, code: "current" });
    await unlockAccount(app, { id: user.id }, "cli");
    expect(await signInAs(user.email, "first password")).toMatchObject({ ok: true });
  });
});
