// Page security through the real server: CSRF on every state-changing page request, frame
// headers, and the page body limit (a small one here, so nothing large is ever sent).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_LINK_ROUTES } from "~/http/csrf.server";
import { actionUrls, listPageActionRoutes, PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const LIMIT = 4096;
const PASSWORD = "correct horse battery";
const EVIL = "https://evil.example";

let server: TestServer;
let admin: PageClient;
let adminCsrf: string;
let grantee: { id: string; email: string };

async function balanceOf(userId: string): Promise<number> {
  const { balanceOf } = await import("~/models/credits.server");
  return balanceOf(server.app.database.db as never, userId);
}

async function userExists(email: string): Promise<boolean> {
  const { findUserByEmail } = await import("~/models/users.server");
  return (await findUserByEmail(server.app.database.db as never, email)) !== null;
}

beforeAll(async () => {
  server = await startTestServer({ PAGE_BODY_LIMIT_BYTES: String(LIMIT) });
  const adminUser = await createUserWithToken(server, { admin: true });
  grantee = await createUserWithToken(server, { credits: 0 });
  admin = new PageClient(server);
  expect((await admin.signIn(adminUser.email, PASSWORD)).status).toBe(302);
  adminCsrf = (await admin.page("/admin")).csrf;
});
afterAll(() => server?.close());

const grantForm = (extra: Record<string, string> = {}) => ({ intent: "grant", userId: grantee.id, credits: "5", ...extra });

describe("CSRF", () => {
  it("refuses a cross-origin ?_data= post to /admin with the admin's cookie, and grants nothing", async () => {
    const before = await balanceOf(grantee.id);
    // Even with the right token, another origin is refused (an attacker cannot have the token; this shows the origin check stands alone).
    for (const form of [grantForm(), grantForm({ _csrf: adminCsrf })]) {
      const res = await admin.post("/admin?index&_data=routes%2Fadmin._index", form, { origin: EVIL });
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/Refused: this request was sent from https:\/\/evil\.example/);
    }
    const create = await admin.post(
      "/admin?index&_data=routes%2Fadmin._index",
      { intent: "create", email: "evil-admin@example.com", password: "evil-password", credits: "0", admin: "on" },
      { origin: EVIL },
    );
    expect(create.status).toBe(403);
    expect(await balanceOf(grantee.id)).toBe(before);
    expect(await userExists("evil-admin@example.com")).toBe(false);
  });

  it("refuses Sec-Fetch-Site other than same-origin, and Origin: null", async () => {
    const crossSite = await admin.post("/admin?index", grantForm({ _csrf: adminCsrf }), {
      origin: null,
      headers: { "Sec-Fetch-Site": "same-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain("Sec-Fetch-Site: same-site");
    const opaque = await admin.post("/admin?index", grantForm({ _csrf: adminCsrf }), { origin: "null" });
    expect(opaque.status).toBe(403);
  });

  it("refuses a same-origin post without the token, or with another session's token", async () => {
    const other = new PageClient(server);
    const otherUser = await createUserWithToken(server, { admin: true });
    expect((await other.signIn(otherUser.email, PASSWORD)).status).toBe(302);
    const otherCsrf = (await other.page("/tokens")).csrf;
    const before = await balanceOf(grantee.id);
    for (const { url } of actionUrls({ id: "routes/admin._index", url: "/admin", index: true })) {
      const missing = await admin.post(url, grantForm());
      expect(missing.status, url).toBe(403);
      expect(await missing.text()).toContain("carries no CSRF token");
      const foreign = await admin.post(url, grantForm({ _csrf: otherCsrf }));
      expect(foreign.status, url).toBe(403);
      expect(await foreign.text()).toContain("does not match your session");
    }
    expect(await balanceOf(grantee.id)).toBe(before);
  });

  it("accepts a same-origin post with the session's token: as a form field in each kind of request, or the X-CSRF-Token header", async () => {
    let expected = await balanceOf(grantee.id);
    for (const { kind, url } of actionUrls({ id: "routes/admin._index", url: "/admin", index: true })) {
      const res = await admin.post(url, grantForm({ _csrf: adminCsrf }));
      expect(res.status, kind).toBe(200);
      expected += 5;
      expect(await balanceOf(grantee.id), kind).toBe(expected);
    }
    const viaHeader = await admin.post("/admin.data?index", grantForm(), { headers: { "X-CSRF-Token": adminCsrf } });
    expect(viaHeader.status).toBe(200);
    expect(await balanceOf(grantee.id)).toBe(expected + 5);
    // Without an Origin or Sec-Fetch-Site (a non-browser client), the token alone decides.
    const headerless = await admin.post("/admin?index", grantForm({ _csrf: adminCsrf }), { origin: null });
    expect(headerless.status).toBe(200);
    expect(await balanceOf(grantee.id)).toBe(expected + 10);
  });

  it("guards the sign-in form with the origin and a pre-session token", async () => {
    const anon = new PageClient(server);
    const { csrf } = await anon.page("/login");
    expect(anon.cookies.has("__kinetic_csrf")).toBe(true);
    const who = await createUserWithToken(server);
    const crossOrigin = await anon.post("/login", { _csrf: csrf, email: who.email, password: PASSWORD }, { origin: EVIL });
    expect(crossOrigin.status).toBe(403);
    const tokenless = await anon.post("/login", { email: who.email, password: PASSWORD });
    expect(tokenless.status).toBe(403);
    // The token must match this browser's cookie: another browser's token does not.
    const stranger = new PageClient(server);
    const strangerCsrf = (await stranger.page("/login")).csrf;
    expect((await anon.post("/login", { _csrf: strangerCsrf, email: who.email, password: PASSWORD })).status).toBe(403);
    expect(anon.cookies.has("__kinetic_session")).toBe(false);
    const ok = await anon.post("/login", { _csrf: csrf, email: who.email, password: PASSWORD });
    expect(ok.status).toBe(302);
    expect(anon.cookies.has("__kinetic_session")).toBe(true);
  });

  describe("every page route with an action", () => {
    const routes = listPageActionRoutes();

    it("is found in app/routes, and the server build agrees", () => {
      expect(routes.map((r) => r.id)).toEqual(
        expect.arrayContaining(["routes/admin._index", "routes/login", "routes/logout", "routes/tokens"]),
      );
      const built = Object.values(server.build.routes)
        .filter((r) => r.module.action && !r.id.startsWith("routes/api."))
        .map((r) => r.id)
        .sort();
      expect(routes.map((r) => r.id).sort()).toEqual(built);
    });

    it("only the signed-link routes are exempt, on purpose", () => {
      expect(Object.keys(SIGNED_LINK_ROUTES)).toEqual(["routes/unsubscribe.$token", "routes/r.$token"]);
      // Each is a resource route: Remix checks Origin against Host before a page's action and
      // would answer a mail provider's post with a 500 (ADR 025).
      for (const id of Object.keys(SIGNED_LINK_ROUTES)) expect(server.build.routes[id].module.default, id).toBeUndefined();
    });

    it.each(routes.filter((r) => !(r.id in SIGNED_LINK_ROUTES)))("$id refuses tokenless posts, cross-origin or not", async (route) => {
      for (const { kind, url } of actionUrls(route)) {
        const cross = await admin.post(url, { intent: "x" }, { origin: EVIL });
        expect(cross.status, `${kind} ${url} cross-origin`).toBe(403);
        const same = await admin.post(url, { intent: "x" });
        expect(same.status, `${kind} ${url} same-origin without token`).toBe(403);
      }
    });

    it("a signed-link route takes a post with no session and no token (RFC 8058 one-click unsubscribe from a mail provider)", async () => {
      const res = await new PageClient(server).post(
        "/unsubscribe/not-a-valid-token",
        { "List-Unsubscribe": "One-Click" },
        { origin: null },
      );
      expect(res.status).toBe(400); // reached the route: its signed token decides, and this one is not valid
    });
  });

  it("leaves bearer-token API routes alone, cross-origin included", async () => {
    const { token } = await createUserWithToken(server);
    const res = await server.fetch("/api/gen/copy", {
      method: "POST",
      token,
      json: { prompt: "A spring sale for Bloom & Co with tabs" },
      headers: { Origin: EVIL },
    });
    expect(res.status).toBe(200);
  });
});

describe("frame headers", () => {
  it("every page says it may not be framed", async () => {
    const anonymous = new PageClient(server);
    for (const [client, path] of [
      [anonymous, "/login"],
      [anonymous, "/"],
      [admin, "/"],
      [admin, "/admin"],
      [admin, "/tokens"],
      [admin, "/admin/library"],
      [admin, "/no-such-page"],
    ] as const) {
      const res = await client.get(path);
      expect(res.status, path).not.toBe(302);
      expect(res.headers.get("content-security-policy"), path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      await res.arrayBuffer();
    }
  });

  it("untrusted email HTML keeps its own sandbox policy, so the outbox can frame it", async () => {
    const res = await admin.get("/vib/unknown-send");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("x-frame-options")).toBeNull();
  });

  it("refusals carry them too", async () => {
    const res = await admin.post("/admin?index", grantForm(), { origin: EVIL });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    // A refusal page runs no script at all.
    expect(res.headers.get("content-security-policy")).toBe(
      "script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });
});

/** A raw request, so the test controls Content-Length and chunking; resolves with status and body. */
function rawPost(
  pathname: string,
  opts: { contentLength?: number; chunks: Buffer[]; headers?: Record<string, string> },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      ...opts.headers,
    };
    if (opts.contentLength !== undefined) headers["Content-Length"] = opts.contentLength;
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    for (const chunk of opts.chunks) req.write(chunk);
    if (opts.contentLength === undefined || opts.chunks.reduce((n, c) => n + c.length, 0) >= opts.contentLength) req.end();
    else req.flushHeaders();
  });
}

describe("page body limit", () => {
  const field = (n: number) => Buffer.from(`email=${"a".repeat(n)}`);

  it("a post whose Content-Length is over PAGE_BODY_LIMIT_BYTES is answered 413", async () => {
    const body = field(LIMIT * 4);
    const res = await rawPost("/login", { contentLength: body.length, chunks: [body] });
    expect(res.status).toBe(413);
    expect(res.body).toContain(`larger than ${LIMIT} bytes`);
  });

  it("a huge declared body is refused at once, before any of it is read", async () => {
    const res = await rawPost("/login", { contentLength: 400 * 1024 * 1024, chunks: [] });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
  });

  it("a chunked post without Content-Length is counted as it streams and refused past the limit", async () => {
    const chunks = Array.from({ length: 8 }, () => Buffer.from("a".repeat(1024)));
    chunks.unshift(Buffer.from("email="));
    const res = await rawPost("/login", { chunks });
    expect(res.status).toBe(413);
  });

  it("a post under the limit goes through to the page", async () => {
    const body = field(100);
    const res = await rawPost("/login", { contentLength: body.length, chunks: [body] });
    expect(res.status).toBe(403); // reached the CSRF check: no token, but not too large
  });

  it("a Remix data request to an /api route is bounded by the JSON limit", async () => {
    const { token } = await createUserWithToken(server);
    const big = Buffer.alloc(server.app.env.JSON_BODY_LIMIT_BYTES + 1, "a");
    const res = await rawPost("/api/gen/copy?_data=routes%2Fapi.gen.copy", {
      contentLength: big.length,
      chunks: [big],
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, limit_bytes: server.app.env.JSON_BODY_LIMIT_BYTES });
  });
});
