// The database has no room for a write (SQLITE_FULL, as on a full disk). The
// server's own database is capped at the pages it has (`PRAGMA max_page_count`, on the server's
// one connection) and its free pages are used up, so a write that needs a new page fails inside
// SQLite exactly as on a full disk. API writes answer 503 with Retry-After, pages answer a
// readable 503 page, /healthz reports "disk full", nothing acknowledged is lost, and everything
// works again once there is room.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";
const SQLITE_DEFAULT_MAX_PAGES = 4294967294;

let server: TestServer;
let admin: { id: string; email: string; token: string };
let browser: PageClient;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox" });
  admin = await createUserWithToken(server, { admin: true, credits: 10 });
  browser = new PageClient(server);
  expect((await browser.signIn(admin.email, PASSWORD)).status).toBe(302);
  await sql("CREATE TABLE test_filler (b BLOB)");
});
afterAll(() => server?.close());

/** On the server's own connection: its PRAGMAs and temporary triggers hold for every route. */
const sql = (statement: string) => server.app.database.client.execute(statement);
const count = async (table: string) => Number((await sql(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

async function fillTheDatabase(): Promise<void> {
  const pages = Number((await sql("PRAGMA page_count")).rows[0][0]);
  await sql(`PRAGMA max_page_count = ${pages}`);
  // Use up the free pages inside the file; then any write needing a page finds no room.
  for (let size = 64 * 1024; size >= 64; size /= 4) {
    for (let i = 0; i < 10_000; i++) {
      try {
        await sql(`INSERT INTO test_filler VALUES (randomblob(${size}))`);
      } catch (e) {
        expect((e as { code?: string }).code).toBe("SQLITE_FULL");
        break;
      }
    }
  }
  expect(Number((await sql("PRAGMA freelist_count")).rows[0][0])).toBe(0);
}

async function makeRoom(): Promise<void> {
  await sql(`PRAGMA max_page_count = ${SQLITE_DEFAULT_MAX_PAGES}`);
}

const feedback = (prompt: string) =>
  server.fetch("/api/admin/submit-feedback", { method: "POST", token: admin.token, json: { prompt, rating: "up" } });
// A big prompt needs new pages wherever it lands.
const bigPrompt = (i: number) => `Feedback ${i}: ${"a long prompt about a spring sale ".repeat(500)}end`;

describe("the database has no room for a write", () => {
  it("API writes answer 503 with Retry-After, /healthz says disk full, and acknowledged writes are all kept", async () => {
    const acknowledged: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await feedback(bigPrompt(i));
      expect(res.status).toBe(200);
      acknowledged.push(i);
    }
    const before = await count("feedback");
    expect((await (await server.fetch("/healthz")).json()).status).toBe("ok");

    await fillTheDatabase();
    try {
      for (let i = 10; i < 13; i++) {
        const refused = await feedback(bigPrompt(i));
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("60");
        const body = await refused.json();
        expect(body).toMatchObject({ success: false, retry_after_seconds: 60 });
        expect(body.error).toContain("storage is full; nothing was changed");
      }
      expect(await count("feedback")).toBe(before);

      // /healthz: the database is at its page limit (the first sign it checks for), and writes were refused.
      const health = await server.fetch("/healthz");
      expect(health.status).toBe(503);
      const report = await health.json();
      expect(report).toMatchObject({
        status: "degraded",
        reason: "disk full",
        database: { reachable: true, full: { reason: expect.stringContaining("page limit") } },
      });
    } finally {
      await makeRoom();
    }

    // Room again: writes go through, and every acknowledged write is still there.
    expect((await feedback(bigPrompt(20))).status).toBe(200);
    expect(await count("feedback")).toBe(before + 1);
    const prompts = (await sql("SELECT prompt FROM feedback")).rows.map((r) => String(r.prompt));
    for (const i of acknowledged) expect(prompts).toContain(bigPrompt(i));
  });

  it("a page form's write answers a readable 503 page (and a script-posted one 503), changing nothing", async () => {
    const grantee = await createUserWithToken(server, { credits: 3 });
    const { csrf } = await browser.page("/admin");
    const balance = async () => Number((await sql(`SELECT balance FROM credit_balances WHERE user_id = '${grantee.id}'`)).rows[0].balance);
    const grant = { intent: "grant", userId: grantee.id, credits: "5" };

    await fillTheDatabase();
    // A grant's ledger row is small and may still fit in a page the table has: make it need a new page, as a fuller disk would.
    await sql(
      "CREATE TEMP TRIGGER ledger_needs_room AFTER INSERT ON main.credit_ledger BEGIN INSERT INTO test_filler VALUES (randomblob(65536)); END",
    );
    try {
      const page = await browser.post("/admin?index", { ...grant, _csrf: csrf });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("60");
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain("The server cannot save anything right now");
      expect(html).toContain("nothing was changed");

      const data = await browser.post("/admin.data?index", grant, { headers: { "X-CSRF-Token": csrf } });
      expect(data.status).toBe(503);
      expect(data.headers.get("retry-after")).toBe("60");
      await data.arrayBuffer();

      expect(await balance()).toBe(3);
      expect((await (await server.fetch("/healthz")).json()).reason).toBe("disk full");
    } finally {
      await sql("DROP TRIGGER IF EXISTS temp.ledger_needs_room");
      await makeRoom();
    }

    const again = await browser.post("/admin?index", { ...grant, _csrf: csrf });
    expect(again.status).toBe(200);
    expect(await balance()).toBe(8);
  });
});
