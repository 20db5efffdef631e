// A page whose loader fails is logged through the app's logger with the request's id and path
// (the entry module's handleError), whatever the failure: a plain error answers 500 and logs an
// error line; a write refused by a locked database still answers 503 and logs a warning.
import type { Client } from "@libsql/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let page: PageClient;
/** While set, a statement whose SQL matches fails with this error. */
let failure: { sql: RegExp; error: Error } | null = null;

beforeAll(async () => {
  server = await startTestServer();
  page = new PageClient(server);
  const user = await createUserWithToken(server);
  expect((await page.signIn(user.email, "correct horse battery")).status).toBe(302);
  const client = server.app.database.client as Client;
  const execute = client.execute.bind(client);
  client.execute = ((stmt: Parameters<Client["execute"]>[0], args?: never) => {
    const sql = typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql;
    if (failure?.sql.test(sql)) return Promise.reject(failure.error);
    return execute(stmt as never, args);
  }) as Client["execute"];
});
afterEach(() => {
  failure = null;
  vi.restoreAllMocks();
});
afterAll(() => server?.close());

describe("a page whose loader throws", () => {
  it("answers 500 and logs the error with the request id, method and path", async () => {
    const logged = vi.spyOn(server.app.logger, "error");
    failure = { sql: /email_versions/, error: new Error("injected failure of a page read") };
    const res = await page.get("/builder/history?q=someone@example.com", { "X-Request-Id": "page-error-1" });
    expect(res.status).toBe(500);
    await res.arrayBuffer();
    const lines = logged.mock.calls.filter(([fields]) => (fields as { requestId?: string }).requestId === "page-error-1");
    expect(lines.length).toBeGreaterThan(0);
    const [fields, message] = lines[0] as unknown as [Record<string, unknown>, string];
    expect(fields).toMatchObject({ requestId: "page-error-1", method: "GET", path: "/builder/history" });
    // The query builder wraps the driver's error; the original is its cause.
    const err = fields.err as Error & { cause?: Error };
    expect(err.cause?.message ?? err.message).toBe("injected failure of a page read");
    expect(message).toBe("unhandled error in a page");
    // The query string (which can hold an address) stays out of the log.
    expect(JSON.stringify(fields)).not.toContain("someone@example.com");
  });

  it("still answers 503 to a write lock held elsewhere, logged as a warning with the request id", async () => {
    const warned = vi.spyOn(server.app.logger, "warn");
    const errored = vi.spyOn(server.app.logger, "error");
    // The session lookup runs its statement on the client itself, so the driver's error arrives as is.
    failure = { sql: /page_sessions/, error: Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" }) };
    const res = await page.get("/builder/history", { "X-Request-Id": "page-error-2" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await res.text()).toContain("page-error-2");
    expect(warned.mock.calls.map(([f]) => f)).toContainEqual(
      expect.objectContaining({ requestId: "page-error-2", path: "/builder/history", refusal: "busy" }),
    );
    expect(errored.mock.calls.filter(([f]) => (f as { requestId?: string }).requestId === "page-error-2")).toEqual([]);
  });

  it("logs nothing as an error for an address no route answers", async () => {
    const errored = vi.spyOn(server.app.logger, "error");
    const res = await page.get("/no/such/page", { "X-Request-Id": "page-error-3" });
    expect(res.status).toBe(404);
    await res.arrayBuffer();
    expect(errored.mock.calls.filter(([f]) => (f as { requestId?: string }).requestId === "page-error-3")).toEqual([]);
  });
});
