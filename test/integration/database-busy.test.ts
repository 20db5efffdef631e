// Another process holds the database's write lock past the busy timeout (a CLI,
// a backup, a second server). Every write the server acknowledged must be in the database file,
// every one it did not store must have answered an error, reads must not wait for the lock, and
// everything must work again once the lock is gone.
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { holdWriteLock } from "../helpers/write-lock";

let server: TestServer;
let user: { id: string; email: string; token: string };
const dbFile = process.env.DATABASE_URL!.replace(/^file:/, "");

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", DB_BUSY_TIMEOUT_MS: "300" });
  user = await createUserWithToken(server, { credits: 10 });
});
afterAll(() => server?.close());

function send(i: number) {
  return server.fetch("/api/send-email-esp", {
    method: "POST",
    token: user.token,
    json: { to: `busy-${i}@example.com`, subject: `Busy ${i}`, html: `<p>Message ${i}</p>` },
  });
}

/** Rows as another process sees them in the file: committed, not just visible to the server. */
function committedSends(): string[] {
  const other = new Database(dbFile, { timeout: 5000 });
  try {
    return (other.prepare("SELECT id FROM email_sends").all() as Array<{ id: string }>).map((r) => r.id);
  } finally {
    other.close();
  }
}

describe("a second process holds the write lock past DB_BUSY_TIMEOUT_MS", () => {
  it("acknowledges only what it stored, keeps reads answering, and recovers fully", async () => {
    const acknowledged: string[] = [];
    const refused: number[] = [];
    const record = async (res: Response) => {
      const body = (await res.json()) as { sendId?: string; success: boolean; error?: string };
      if (res.ok) acknowledged.push(body.sendId!);
      else {
        refused.push(res.status);
        expect(body.success).toBe(false);
        expect(body.error).toMatch(/busy/i);
        expect(res.headers.get("retry-after")).toBeTruthy();
      }
    };

    for (let i = 0; i < 3; i++) await record(await send(i));
    const holder = await holdWriteLock(dbFile);
    try {
      const during = [3, 4, 5, 6, 7].map(send);
      // Reads answer while the lock is still held (the holder lets go only below).
      const health = await server.fetch("/healthz");
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "busy", database: { reachable: true, writable: "busy" } });
      const me = await server.fetch("/api/me", { token: user.token });
      expect(me.status).toBe(200);
      const charged = await server.fetch("/api/generate-email", {
        method: "POST",
        token: user.token,
        json: { prompt: "Tabs for Tea, Coffee and Cocoa" },
      });
      expect(charged.status).toBe(503);
      for (const res of await Promise.all(during)) await record(res);
      expect(holder.child.exitCode).toBeNull(); // still holding: everything above happened under the lock
    } finally {
      await holder.release();
    }
    for (let i = 8; i < 13; i++) await record(await send(i));

    // Five sends were refused while locked (503, nothing stored); the eight others are on disk.
    expect(refused).toEqual([503, 503, 503, 503, 503]);
    expect(acknowledged).toHaveLength(8);
    expect(committedSends().sort()).toEqual([...acknowledged].sort());
    for (const id of acknowledged) {
      const res = await server.fetch(`/api/sends/${id}`, { token: user.token });
      expect(res.status).toBe(200);
    }

    // A multi-statement transaction (a charged generation) commits afterwards; the refused one
    // charged nothing.
    const generated = await server.fetch("/api/generate-email", {
      method: "POST",
      token: user.token,
      json: { prompt: "Tabs for Tea, Coffee and Cocoa" },
    });
    expect(generated.status).toBe(200);
    const other = new Database(dbFile, { timeout: 5000 });
    try {
      const balance = other.prepare("SELECT balance FROM credit_balances WHERE user_id = ?").get(user.id) as { balance: number };
      expect(Number(balance.balance)).toBe(9);
      // And another process can write again: the server holds no lock.
      other.exec("CREATE TABLE IF NOT EXISTS _after (x); DROP TABLE _after;");
    } finally {
      other.close();
    }
  });
});
