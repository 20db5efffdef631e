import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("foundation over HTTP", () => {
  it("/healthz reports the database, migrations and adapters", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: "ok",
      database: { reachable: true },
      migrations: { upToDate: true },
      adapters: { llm: "local", embeddings: "local", vectorIndex: "libsql", emailProvider: "outbox" },
    });
  });

  it("/healthz probes writes: writable when nothing holds the lock", async () => {
    const body = await (await server.fetch("/healthz")).json();
    expect(body).toMatchObject({ status: "ok", database: { reachable: true, writable: true } });
    expect(body.database.error).toBeUndefined();
  });

  it("/healthz reports a write lock held by another connection as busy (200), not broken", async () => {
    const { default: Database } = await import("libsql");
    const other = new Database(process.env.DATABASE_URL!.slice("file:".length), { timeout: 0 });
    other.exec("BEGIN IMMEDIATE");
    try {
      const res = await server.fetch("/healthz");
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: "busy",
        database: { reachable: true, writable: "busy", error: expect.any(String) },
      });
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    const after = await (await server.fetch("/healthz")).json();
    expect(after).toMatchObject({ status: "ok", database: { writable: true } });
  });

  it("GET /api/me returns the user and credits", async () => {
    const user = await createUserWithToken(server, { credits: 7 });
    const res = await server.fetch("/api/me", { token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      user: { id: user.id, email: user.email, isAdmin: false },
      credits: { ai_generation: 7 },
    });
  });

  it("the first start created an admin", async () => {
    const { findUserByEmail } = await import("~/models/users.server");
    const admin = await findUserByEmail(server.app.database.db as never, "admin@kinetic.local");
    expect(admin?.isAdmin).toBe(true);
  });

  it("puts a request id on every response and echoes a sane incoming one", async () => {
    const a = await server.fetch("/healthz");
    expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const b = await server.fetch("/api/me", { headers: { "x-request-id": "trace-123" } });
    expect(b.headers.get("x-request-id")).toBe("trace-123");
    const c = await server.fetch("/healthz", { headers: { "x-request-id": "bad id with spaces" } });
    expect(c.headers.get("x-request-id")).not.toBe("bad id with spaces");
  });

  it("unknown /api paths are JSON 404s", async () => {
    const res = await server.fetch("/api/does-not-exist", { method: "POST" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ success: false, error: expect.stringContaining("/api/does-not-exist") });
  });

  it("a wrong method is a 405 with Allow", async () => {
    const user = await createUserWithToken(server);
    const res = await server.fetch("/api/me", { method: "DELETE", token: user.token });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("a revoked token is refused", async () => {
    const user = await createUserWithToken(server);
    const { revokeApiToken, listApiTokens } = await import("~/models/users.server");
    const [t] = await listApiTokens(server.app.database.db as never, user.id);
    await revokeApiToken(server.app.database.db as never, user.id, t.jti);
    expect((await server.fetch("/api/me", { token: user.token })).status).toBe(401);
  });
});
