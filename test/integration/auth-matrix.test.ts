// Derived from the route files, so a route added later is covered without editing this test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { signAccessToken } from "~/lib/jwt.server";
import { listApiRouteFiles, routeFileToUrl } from "../helpers/routes";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { PageClient } from "../helpers/pages";

/** The password test/helpers/users gives every account it creates. */
const USER_PASSWORD = "correct horse battery";

let server: TestServer;
let userToken: string;
let expiredToken: string;
let foreignToken: string;
const routes = listApiRouteFiles();

beforeAll(async () => {
  server = await startTestServer();
  const user = await createUserWithToken(server, { admin: false });
  userToken = user.token;
  const secret = server.app.env.JWT_SECRET;
  expiredToken = (await signAccessToken(secret, { id: user.id, email: user.email }, 60, Date.now() - 2 * 3600_000)).token;
  foreignToken = await new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setJti("x")
    .setIssuer("kinetic")
    .setAudience("kinetic-api")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
});
afterAll(() => server?.close());
// A case that returns early without checking anything fails instead of passing.
beforeEach(() => {
  expect.hasAssertions();
});

/**
 * The only API routes without bearer authentication, each with the scheme it uses instead (tested
 * in its own file). A route that declares "none" and is not listed here fails the matrix.
 */
const PUBLIC_API_ROUTES: Record<string, string> = {
  "/api/esp-webhook": "the provider's signature (webhook-mailgun, webhook-svix tests)",
  "/api/amp/survey/test-id": "anonymous AMP form posts, CORS-checked and rate-limited (amp-survey test)",
};

// Vitest collects the cases after this resolves, so each group below holds only routes it applies to.
const declared = await Promise.all(
  routes.map(async (r) => ({ ...r, auth: ((await import(/* @vite-ignore */ r.file)) as { apiAuth?: string }).apiAuth ?? "missing" })),
);
const guarded = declared.filter((r) => r.auth !== "none");
const adminOnly = declared.filter((r) => r.auth === "admin");

it("finds the API routes", () => {
  expect(routes.length).toBeGreaterThan(0);
  expect(routeFileToUrl("api.admin.sends.$id.raw.ts")).toBe("/api/admin/sends/test-id/raw");
  expect(guarded.length).toBeGreaterThan(0);
  expect(adminOnly.length).toBeGreaterThan(0);
});

it("every route declares its authentication", () => {
  for (const { url, auth } of declared) expect(["user", "admin", "none"], url).toContain(auth);
});

it("only the allow-listed routes are public, and every allow-listed route exists and is public", () => {
  const publicUrls = declared
    .filter((r) => r.auth === "none")
    .map((r) => r.url)
    .sort();
  expect(publicUrls).toEqual(Object.keys(PUBLIC_API_ROUTES).sort());
});

describe.each(guarded)("$url ($auth)", ({ url }) => {
  it("answers 401 without a valid token", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["no token", {}],
      ["malformed", { Authorization: "Bearer not.a.jwt" }],
      ["wrong scheme", { Authorization: `Basic ${userToken}` }],
      ["expired", { Authorization: `Bearer ${expiredToken}` }],
      ["other secret", { Authorization: `Bearer ${foreignToken}` }],
    ];
    for (const method of ["GET", "POST"]) {
      for (const [name, headers] of cases) {
        const res = await server.fetch(url, { method, headers, json: method === "POST" ? {} : undefined });
        expect(res.status, `${method} ${url} with ${name}`).toBe(401);
        const body = await res.json();
        expect(body).toMatchObject({ success: false, error: "Authentication required" });
      }
    }
  });
});

describe.each(adminOnly)("$url (admin)", ({ url }) => {
  it("answers 403 to a signed-in non-admin", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await server.fetch(url, { method, token: userToken, json: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });
});

it("every /api/admin/* route and /api/eval/judge is admin-only", () => {
  const mustBeAdmin = declared.filter((r) => r.url.startsWith("/api/admin/") || r.url === "/api/eval/judge");
  expect(mustBeAdmin.length).toBeGreaterThan(0);
  for (const { url, auth } of mustBeAdmin) expect(auth, url).toBe("admin");
});

// Page routes added for account access: a signed-out visitor is sent to sign in (GET), a post
// without a session is refused before any route code runs (the page guard's CSRF check), and a
// signed-in non-admin gets 403 from the admin user page, with or without its CSRF token.
describe.each([
  { url: "/account", admin: false },
  { url: "/admin/users/test-id", admin: true },
])("page $url", ({ url, admin }) => {
  it("sends a signed-out visitor to sign in and refuses a post without a session", async () => {
    const get = await server.fetch(url, { redirect: "manual" });
    expect(get.status, `GET ${url}`).toBe(302);
    expect(get.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const post = await server.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=unlock",
    });
    expect(post.status, `POST ${url}`).toBe(403);
  });

  it(admin ? "answers 403 to a signed-in non-admin" : "opens for any signed-in user", async () => {
    const who = await createUserWithToken(server, { admin: false });
    const client = new PageClient(server);
    expect((await client.signIn(who.email, USER_PASSWORD)).status).toBe(302);
    const page = await client.get(url);
    expect(page.status, `GET ${url}`).toBe(admin ? 403 : 200);
    if (admin) {
      const csrf = (await client.page("/account")).csrf;
      const post = await client.post(url, { _csrf: csrf, intent: "unlock" });
      expect(post.status, `POST ${url}`).toBe(403);
    }
  });
});

// Page routes added with the brand profile: the page reads and writes the signed-in user's own
// sender identity, so it needs a session (a bearer token is not one) and is the same for admins.
describe("the brand page (/brand)", () => {
  it("sends a visitor without a session to sign in, for GET and POST", async () => {
    const { PageClient } = await import("../helpers/pages");
    const anonymous = new PageClient(server);
    const get = await anonymous.get("/brand");
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toMatch(/^\/login\?/);
    const { csrf } = await anonymous.page("/login");
    const post = await anonymous.post("/brand", { _csrf: csrf, senderName: "Mallory" });
    expect([302, 403]).toContain(post.status);
    if (post.status === 302) expect(post.headers.get("location")).toMatch(/^\/login\?/);
  });

  it("does not take a bearer token as a session", async () => {
    const res = await server.fetch("/brand", { token: userToken });
    // Followed to the sign-in page.
    expect(new URL(res.url).pathname).toBe("/login");
    expect(await res.text()).not.toContain("Brand and sender");
  });

  it("shows a signed-in user their own profile (any user, admin or not)", async () => {
    const { PageClient } = await import("../helpers/pages");
    const user = await createUserWithToken(server, { admin: false });
    const browser = new PageClient(server);
    expect((await browser.signIn(user.email, "correct horse battery")).status).toBe(302);
    const { res, html } = await browser.page("/brand");
    expect(res.status).toBe(200);
    expect(html).toContain("<h1>Brand and sender</h1>");
  });
});
