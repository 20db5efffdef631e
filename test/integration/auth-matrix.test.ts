// Derived from the route files, so a route added later is covered without editing this test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { signAccessToken } from "~/lib/jwt.server";
import { listApiRouteFiles, routeFileToUrl } from "../helpers/routes";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

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

it("finds the API routes", () => {
  expect(routes.length).toBeGreaterThan(0);
  expect(routeFileToUrl("api.admin.sends.$id.raw.ts")).toBe("/api/admin/sends/test-id/raw");
});

describe.each(routes)("$url", ({ file, url }) => {
  let auth: string;
  beforeAll(async () => {
    const mod = (await import(/* @vite-ignore */ file)) as { apiAuth?: string };
    auth = mod.apiAuth ?? "missing";
  });

  it("declares its authentication", () => {
    expect(["user", "admin", "none"]).toContain(auth);
  });

  it("answers 401 without a valid token", async () => {
    if (auth === "none") return; // own scheme (webhook signatures, AMP CORS): tested in its own file
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

  it("answers 403 to a signed-in non-admin on admin routes", async () => {
    if (auth !== "admin") return;
    for (const method of ["GET", "POST"]) {
      const res = await server.fetch(url, { method, token: userToken, json: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });
});

it("every /api/admin/* route and /api/eval/judge is admin-only", async () => {
  for (const { file, url } of routes) {
    if (!url.startsWith("/api/admin/") && url !== "/api/eval/judge") continue;
    const mod = (await import(/* @vite-ignore */ file)) as { apiAuth?: string };
    expect(mod.apiAuth, url).toBe("admin");
  }
});
