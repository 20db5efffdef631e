// How the server routes requests (server/http-server.ts): the two sending endpoints straight from
// the hot-path table (ADR 016), everything else through Remix as ordinary routes. Both ways must
// answer alike, and neither may leave a keep-alive connection stuck behind an unread body.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOT_PATHS } from "../../server/hot-paths";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await createUserWithToken(server, { email: "routes@example.com" }));
});
afterAll(() => server?.close());

describe("the hot-path table", () => {
  it("names route files of the build that declare their auth, so the auth matrix covers them", () => {
    expect(Object.keys(HOT_PATHS).sort()).toEqual(["/api/esp-webhook", "/api/send-email-esp"]);
    for (const routeId of Object.values(HOT_PATHS)) {
      const route = server.build.routes[routeId];
      expect(route?.module.action, routeId).toBeTypeOf("function");
      expect((route?.module as { apiAuth?: string }).apiAuth, routeId).toMatch(/^(user|none)$/);
    }
  });

  it("answers as the same route does through Remix", async () => {
    const bodies = [
      JSON.stringify({ to: "someone@example.com", html: "<p>Hi</p>", subject: "Hot" }),
      "{nope",
      JSON.stringify({ html: "" }),
    ];
    for (const body of bodies) {
      const init = { method: "POST", token, headers: { "content-type": "application/json" }, body };
      // Remix matches case-insensitively; the table only the exact path.
      const [hot, routed] = await Promise.all([server.fetch("/api/send-email-esp", init), server.fetch("/API/Send-Email-ESP/", init)]);
      expect(hot.status).toBe(routed.status);
      const [a, b] = [await hot.json(), await routed.json()];
      if (hot.status === 200) expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      else expect(a).toEqual(b);
      expect(hot.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(hot.headers.get("content-length")).toBe(String(Buffer.byteLength(JSON.stringify(a))));
    }
    const unsigned = { method: "POST", headers: { "content-type": "application/json" }, body: "{}" };
    const [hot, routed] = await Promise.all([server.fetch("/api/esp-webhook", unsigned), server.fetch("/api/ESP-webhook", unsigned)]);
    expect(hot.status).toBe(routed.status);
    expect(await hot.json()).toEqual(await routed.json());
  });
});

describe("API requests", () => {
  it("answers JSON with the request id", async () => {
    const res = await server.fetch("/api/me", { token, headers: { "x-request-id": "req-table-1" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("req-table-1");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toMatchObject({ success: true, user: { email: "routes@example.com" } });
  });

  it("answers HEAD with the GET headers and no body", async () => {
    const res = await server.fetch("/api/me", { method: "HEAD", token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.text()).toBe("");
  });

  it("leaves Remix data requests and unknown methods to Remix", async () => {
    const data = await server.fetch("/api/me?_data=routes%2Fapi.me", { token });
    expect(data.status).toBe(200);
    expect(data.headers.get("x-remix-response")).toBe("yes");
    const odd = await server.fetch("/api/me", { method: "PROPFIND", token });
    expect(odd.status).toBe(405);
  });

  it("matches case-insensitively with params decoded, as Remix does", async () => {
    const res = await server.fetch("/API/SENDS/not%20a%20send", { token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Send not found" });
    const unknown = await server.fetch("/api/no/such/thing", { method: "POST", token });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: "Unknown endpoint POST /api/no/such/thing" });
  });

  it("keeps the body limit and malformed-body answers", async () => {
    const res = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "Malformed JSON body" });
  });

  // The exact path is the hot path; the other spelling reaches the same route through Remix.
  it.each(["/api/send-email-esp", "/API/Send-Email-Esp"])(
    "drains a refused request's unread body so the next request on the connection is answered (%s)",
    async (target) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const call = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
        new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
          const req = http.request(`${server.url}${path}`, { method, headers, agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
          });
          req.on("error", reject);
          req.end(body);
        });
      const big = Buffer.alloc(300_000, "a");
      const refused = await call("POST", target, { "content-type": "application/json", "content-length": String(big.length) }, big);
      expect(refused.status).toBe(401);
      const next = await call("GET", "/api/me", { authorization: `Bearer ${token}` });
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
      // Chunked, so the limit is found while reading: reading stops there and the rest is drained.
      const huge = Buffer.alloc(server.app.env.JSON_BODY_LIMIT_BYTES + 100_000, "a");
      const tooLarge = await call(
        "POST",
        target,
        { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" },
        huge,
      );
      expect(tooLarge.status).toBe(413);
      const after = await call("GET", "/api/me", { authorization: `Bearer ${token}` });
      expect(after.status).toBe(200);
      expect(after.socket).toBe(tooLarge.socket);
      agent.destroy();
    },
  );

  it("closes the connection rather than drain more than 1 MB a route left unread", async () => {
    // 16 MB declared, written 64 KB at a time with backpressure: more than the socket buffers hold.
    const total = 16 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, "a");
    let status = 0;
    let cut = false;
    const req = http.request(
      `${server.url}/api/send-email-esp`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": String(total) } },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      },
    );
    const closed = new Promise<void>((resolve) => req.on("close", () => resolve()));
    req.on("error", () => (cut = true));
    for (let sent = 0; sent < total && !cut && !req.destroyed; sent += chunk.length) {
      if (!req.write(chunk)) await new Promise<void>((resolve) => (req.once("drain", resolve), req.once("close", resolve)));
    }
    if (!cut && !req.destroyed) req.end();
    await closed;
    expect(status).toBe(401);
    // Drained in full, every byte would have been written and the request would end normally.
    expect(cut).toBe(true);
  });

  const rawStatus = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(body);
    });

  it("answers 400 to a Host header with credentials or a path in it, before any route runs", async () => {
    expect(await rawStatus("GET", "/api/me", { host: "user:pass@example.com", authorization: `Bearer ${token}` })).toBe(400);
    // The path in the Host would make /login look like an /api request and skip the page guard.
    const form = "email=a%40b.co&password=x";
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect(await rawStatus("POST", "/login", { ...headers, host: "h:/api/x?" }, form)).toBe(400);
    expect(await rawStatus("POST", "/login", { ...headers, host: "h/api/x?" }, form)).toBe(400);
    // With an ordinary Host the same post meets the page guard: no CSRF token, 403.
    expect(await rawStatus("POST", "/login", { ...headers, host: new URL(server.url).host }, form)).toBe(403);
  });

  it("ends a live event stream answered to HEAD: Remix drops its body without cancelling it", async () => {
    const sent = await server.fetch("/api/send-email-esp", { method: "POST", token, json: { to: "head@example.com", html: "<p>Hi</p>" } });
    const { sendId } = (await sent.json()) as { sendId: string };
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    for (let i = 0; i < 10; i++) {
      const res = await server.fetch(`/api/sends/${sendId}/events`, { method: "HEAD", token });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Each stream left running would hold a poll and a heartbeat timer: 20 more.
    expect(timers()).toBeLessThanOrEqual(before + 2);
  });

  it("leaves no render timer behind a page once its response is over", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    for (let i = 0; i < 10; i++) {
      const res = await server.fetch("/login");
      expect(res.status).toBe(200);
      await res.text();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // React's render abort timer (5 s) used to outlive every page: 10 more.
    expect(timers()).toBeLessThanOrEqual(before + 2);
  });
});
