// The server calls JSON API routes from its own precompiled table (ADR 011). It must pick the
// route and params Remix's router would, for every route file, and answer as Remix would.
import http from "node:http";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutesFrom, matchApiRoute, type ApiRoute } from "~/lib/api-routes.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let table: ApiRoute[];
let tree: AgnosticRouteObject[];
let token: string;

/** The build's routes as the nested tree @remix-run/router matches against. */
function routeTree(routes: TestServer["build"]["routes"], parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, index: true as const, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: routeTree(routes, r.id) },
    );
}

function remixMatch(pathname: string) {
  const matches = matchRoutes(tree, pathname);
  const leaf = matches?.[matches.length - 1];
  return leaf ? { id: leaf.route.id, params: leaf.params } : null;
}

function samplePaths(): string[] {
  const paths = new Set<string>(["/api", "/api/", "/API/ME", "/Api/Me/", "/api//me", "/api/me//", "/api/nothing", "/api/a/b/c", "/api/sends", "/api/sends/", "/api/admin", "/api/admin/sends/x/raw/extra"]);
  for (const route of table) {
    const filled = route.path.replace(/:([\w-]+)\??/g, "abc-123").replace(/\*$/, "rest/of/it");
    paths.add(filled);
    paths.add(`${filled}/`);
    paths.add(filled.toUpperCase());
    paths.add(route.path.replace(/:([\w-]+)\??/g, "a%20b").replace(/\*$/, "x%2Fy"));
    paths.add(route.path.replace(/:([\w-]+)\??/g, "caf%C3%A9").replace(/\*$/, ""));
    paths.add(route.path.replace(/:([\w-]+)\??/g, "%E0%A4%A").replace(/\*$/, "%"));
  }
  return [...paths];
}

beforeAll(async () => {
  server = await startTestServer();
  table = apiRoutesFrom(server.build);
  tree = routeTree(server.build.routes);
  ({ token } = await createUserWithToken(server, { email: "routes@example.com" }));
});
afterAll(() => server?.close());

describe("the API route table", () => {
  it("holds every api.* route file, nested ones included", () => {
    const files = Object.keys(server.build.routes).filter((id) => id.startsWith("routes/api."));
    expect(table.map((r) => r.id).sort()).toEqual(files.sort());
    expect(table.find((r) => r.id === "routes/api.sends.$id.events")?.path).toBe("/api/sends/:id/events");
  });

  it("picks the same route and params as Remix's router for every path", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(80);
    for (const pathname of paths) {
      const ours = matchApiRoute(table, pathname);
      expect({ pathname, match: ours ? { id: ours.route.id, params: ours.params } : null }).toEqual({ pathname, match: remixMatch(pathname) });
    }
  });
});

describe("API requests through the table", () => {
  it("answers as before: JSON, request id, no Remix headers", async () => {
    const res = await server.fetch("/api/me", { token, headers: { "x-request-id": "req-table-1" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("req-table-1");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-length")).toBe(String((await res.clone().arrayBuffer()).byteLength));
    expect(res.headers.get("x-remix-response")).toBeNull();
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
    const res = await server.fetch("/api/send-email-esp", { method: "POST", token, headers: { "content-type": "application/json" }, body: "{nope" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "Malformed JSON body" });
  });

  it("drains a refused request's unread body so the next request on the connection is answered", async () => {
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
    const refused = await call("POST", "/api/send-email-esp", { "content-type": "application/json", "content-length": String(big.length) }, big);
    expect(refused.status).toBe(401);
    const next = await call("GET", "/api/me", { authorization: `Bearer ${token}` });
    expect(next.status).toBe(200);
    expect(next.socket).toBe(refused.socket);
    // Chunked, so the limit is found while reading: reading stops there and the rest is drained.
    const huge = Buffer.alloc(server.app.env.JSON_BODY_LIMIT_BYTES + 100_000, "a");
    const tooLarge = await call("POST", "/api/send-email-esp", { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" }, huge);
    expect(tooLarge.status).toBe(413);
    const after = await call("GET", "/api/me", { authorization: `Bearer ${token}` });
    expect(after.status).toBe(200);
    expect(after.socket).toBe(tooLarge.socket);
    agent.destroy();
  });

  it("hands a Host header with credentials to Express instead of failing", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${server.url}/api/me`, { headers: { host: "user:pass@example.com", authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBeLessThan(500);
  });
});
