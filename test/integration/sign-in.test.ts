// Sign-in through the real server: throttling per address and per account (429 + Retry-After),
// sessions that end on the server at sign-out, redirects that stay on site, the token lifetime
// cap, and transparent rehashing of passwords stored with older scrypt parameters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pageSessions, users } from "../../db/schema";
import { issueAccessToken } from "../../app/services/auth.server";
import { hashPassword } from "~/lib/password.server";
import { runScript } from "../helpers/cli";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";
const MAX_PER_IP = 6;
const MAX_FAILURES = 3;
const WINDOW_SECONDS = 600;

let server: TestServer;
let ipCounter = 0;
/** A fresh client address for each test (the server believes X-Forwarded-For from loopback). */
const freshIp = () => `198.51.100.${++ipCounter}`;
const from = (ip: string) => ({ "X-Forwarded-For": ip });

beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_ATTEMPTS_PER_IP: String(MAX_PER_IP),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
    LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS),
    ACCESS_TOKEN_MAX_TTL: "30d",
  });
});
afterAll(() => server?.close());

const db = () => server.app.database.db as never as import("~/lib/db.server").Db;

describe("throttling", () => {
  it("per address: past LOGIN_MAX_ATTEMPTS_PER_IP attempts in the window, 429 with Retry-After and a readable page", async () => {
    const ip = freshIp();
    const browser = new PageClient(server);
    for (let i = 0; i < MAX_PER_IP; i++) {
      const res = await browser.signIn(`nobody-${i}@example.com`, "wrong password", {}, from(ip));
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const user = await createUserWithToken(server);
    const res = await browser.signIn(user.email, PASSWORD, {}, from(ip));
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(await res.text()).toMatch(/Too many sign-in attempts from your network\. Try again in \d+ minutes?\./);
    expect(browser.cookies.has("__kinetic_session")).toBe(false);
    // Another address is not affected.
    expect((await browser.signIn(user.email, PASSWORD, {}, from(freshIp()))).status).toBe(302);
  });

  it("per account: after LOGIN_MAX_FAILURES_PER_ACCOUNT failures, even the right password is refused (429) until the window ends", async () => {
    const victim = await createUserWithToken(server);
    const browser = new PageClient(server);
    for (let i = 0; i < MAX_FAILURES; i++) {
      // From a different address each time: the account lock does not depend on where guesses come from.
      expect((await browser.signIn(victim.email, `guess ${i}`, {}, from(freshIp()))).status).toBe(401);
    }
    const res = await browser.signIn(victim.email, PASSWORD, {}, from(freshIp()));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toContain("Too many failed sign-ins for this account");
    expect(browser.cookies.has("__kinetic_session")).toBe(false);
    // The single-fetch request the browser makes answers the same way.
    const { csrf } = await browser.page("/login");
    const data = await browser.post("/login.data", { _csrf: csrf, email: victim.email, password: PASSWORD }, { headers: from(freshIp()) });
    expect(data.status).toBe(429);
    expect(data.headers.get("retry-after")).not.toBeNull();
    // Other accounts still sign in; the lock is kept in the database (rate_limits), so a restart keeps it.
    const other = await createUserWithToken(server);
    expect((await new PageClient(server).signIn(other.email, PASSWORD, {}, from(freshIp()))).status).toBe(302);
    const rows = await db().$client.execute({
      sql: "SELECT count FROM rate_limits WHERE key = ?",
      args: [`login:account:${victim.email}`],
    });
    expect(Number(rows.rows[0]?.count)).toBe(MAX_FAILURES);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await browser.signIn(user.email, "nope", {}, from(freshIp()))).status).toBe(401);
    expect((await browser.signIn(user.email, PASSWORD, {}, from(freshIp()))).status).toBe(302);
    const rows = await db().$client.execute({ sql: "SELECT count FROM rate_limits WHERE key = ?", args: [`login:account:${user.email}`] });
    expect(rows.rows).toHaveLength(0);
  });
});

describe("sessions", () => {
  it("sign-out ends the session on the server: the old cookie no longer works", async () => {
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    expect((await browser.signIn(user.email, PASSWORD, {}, from(freshIp()))).status).toBe(302);
    const stolen = browser.cookies.get("__kinetic_session")!;
    expect(stolen).toBeTruthy();
    const { res, csrf } = await browser.page("/tokens");
    expect(res.status).toBe(200);
    const rowsBefore = await db().select().from(pageSessions).where(eq(pageSessions.userId, user.id)).all();
    expect(rowsBefore).toHaveLength(1);
    expect(rowsBefore[0].idHash).not.toContain(decodeURIComponent(stolen));

    const out = await browser.post("/logout", { _csrf: csrf });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    expect(browser.cookies.has("__kinetic_session")).toBe(false);
    expect(await db().select().from(pageSessions).where(eq(pageSessions.userId, user.id)).all()).toHaveLength(0);

    // Replaying the cookie from before the sign-out: signed out.
    const replay = new PageClient(server);
    replay.cookies.set("__kinetic_session", stolen);
    const again = await replay.get("/tokens");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/login?redirectTo=%2Ftokens");
  });

  it("each sign-in gets a new session id and a new CSRF token", async () => {
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    await browser.signIn(user.email, PASSWORD, {}, from(freshIp()));
    const first = { id: browser.cookies.get("__kinetic_session"), csrf: (await browser.page("/tokens")).csrf };
    // Signed in, /login redirects away; a sign-in form left open posts with the session's token.
    const again = await browser.post("/login", { _csrf: first.csrf, email: user.email, password: PASSWORD }, { headers: from(freshIp()) });
    expect(again.status).toBe(302);
    const second = { id: browser.cookies.get("__kinetic_session"), csrf: (await browser.page("/tokens")).csrf };
    expect(second.id).not.toBe(first.id);
    expect(second.csrf).not.toBe(first.csrf);
    // Signing in over the old session ended it.
    expect(await db().select().from(pageSessions).where(eq(pageSessions.userId, user.id)).all()).toHaveLength(1);
  });

  it("expired sessions do not sign anyone in, and are deleted at the next sign-in", async () => {
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    await browser.signIn(user.email, PASSWORD, {}, from(freshIp()));
    await db()
      .update(pageSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pageSessions.userId, user.id));
    expect((await browser.get("/tokens")).status).toBe(302);
    await new PageClient(server).signIn(user.email, PASSWORD, {}, from(freshIp()));
    const left = await db().select().from(pageSessions).where(eq(pageSessions.userId, user.id)).all();
    expect(left).toHaveLength(1);
    expect(left[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("redirectTo", () => {
  const EVIL = [
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\\/evil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
  ];

  it("after sign-in, only a path on this site is followed", async () => {
    const user = await createUserWithToken(server);
    const ok = await new PageClient(server).signIn(user.email, PASSWORD, { redirectTo: "/tokens?x=1" }, from(freshIp()));
    expect(ok.headers.get("location")).toBe("/tokens?x=1");
    for (const redirectTo of EVIL.slice(0, 3)) {
      const res = await new PageClient(server).signIn(user.email, PASSWORD, { redirectTo }, from(freshIp()));
      expect(res.status, redirectTo).toBe(302);
      expect(res.headers.get("location"), redirectTo).toBe("/");
    }
  });

  it("a signed-in visit to /login?redirectTo=… falls back to / for each evil value", async () => {
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    await browser.signIn(user.email, PASSWORD, {}, from(freshIp()));
    for (const redirectTo of EVIL) {
      const res = await browser.get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
      expect(res.status, redirectTo).toBe(302);
      expect(res.headers.get("location"), redirectTo).toBe("/");
    }
  });
});

describe("token lifetime cap (ACCESS_TOKEN_MAX_TTL=30d here)", () => {
  it("the tokens page offers and issues nothing longer, and says why", async () => {
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    await browser.signIn(user.email, PASSWORD, {}, from(freshIp()));
    const { html, csrf } = await browser.page("/tokens");
    expect(html).toContain('value="30d"');
    expect(html).not.toContain('value="365d"');
    const { listApiTokens } = await import("~/models/users.server");
    const before = (await listApiTokens(db(), user.id)).length;
    const refused = await browser.post("/tokens", { _csrf: csrf, intent: "create", name: "long", ttl: "31d" });
    expect(await refused.text()).toContain("A token can live at most 30d (ACCESS_TOKEN_MAX_TTL)");
    expect(await listApiTokens(db(), user.id)).toHaveLength(before);
    const allowed = await browser.post("/tokens", { _csrf: csrf, intent: "create", name: "ok", ttl: "30d" });
    expect(allowed.status).toBe(200);
    expect(await listApiTokens(db(), user.id)).toHaveLength(before + 1);
  });

  it("issueAccessToken refuses a longer lifetime", async () => {
    const user = await createUserWithToken(server);
    await expect(issueAccessToken(server.app as never, user, "720h", "ok")).resolves.toMatchObject({ token: expect.any(String) });
    await expect(issueAccessToken(server.app as never, user, "721h", "long")).rejects.toThrow(/at most 30d \(ACCESS_TOKEN_MAX_TTL\)/);
  });

  it("npm run token -- --ttl over the cap exits non-zero with a message", async () => {
    const user = await createUserWithToken(server);
    const refused = await runScript("scripts/token.ts", ["--email", user.email, "--ttl", "90d"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("A token can live at most 30d (ACCESS_TOKEN_MAX_TTL)");
    expect(refused.stdout).toBe("");
  });
});

describe("password hashes", () => {
  it("a hash stored with older scrypt parameters is replaced at the next sign-in, and keeps working", async () => {
    const user = await createUserWithToken(server);
    // Weaker than the suite's own cost (PASSWORD_HASH_COST=insecure-test, N=2^10).
    const old = await hashPassword(PASSWORD, { N: 2 ** 8, r: 8, p: 1 });
    await db().update(users).set({ passwordHash: old }).where(eq(users.id, user.id));

    const wrong = await new PageClient(server).signIn(user.email, "not it", {}, from(freshIp()));
    expect(wrong.status).toBe(401);
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash).toBe(old);

    expect((await new PageClient(server).signIn(user.email, PASSWORD, {}, from(freshIp()))).status).toBe(302);
    const stored = (await db().select().from(users).where(eq(users.id, user.id)).get())!.passwordHash;
    expect(stored).not.toBe(old);
    expect(stored.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect((await new PageClient(server).signIn(user.email, PASSWORD, {}, from(freshIp()))).status).toBe(302);
  });
});
