// The database layer over a libSQL *server* URL, against a local stand-in (test/helpers/hrana-server.ts)
// that speaks the same Hrana-over-HTTP protocol as sqld/Turso and stores into a real libSQL file.
//
// Why `http://` and not `libsql://`: @libsql/client maps `libsql://host` to TLS (`https:` for the HTTP
// client, `wss:` for the default WebSocket client). Both are the same Hrana protocol; `http://` is
// that protocol without TLS, which is all a 127.0.0.1 stand-in can offer. The code path in
// openDatabase is the one a `libsql://` URL takes: not `file:`, so no local PRAGMAs, straight to
// createClient with the auth token.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationState, MIGRATIONS_FOLDER } from "../../db/migrate";
import { openDatabase, type Database as Db } from "~/lib/db.server";
import { AI_GENERATION, balanceOf, charge, grant } from "~/models/credits.server";
import { createUser } from "~/models/users.server";
import { startHranaServer, type HranaServer } from "../helpers/hrana-server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const TOKEN = "remote-test-token-0123456789";
let dir: string;
let file: string;
let hrana: HranaServer;
let database: Db;

const journalEntries = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] })
  .entries.length;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-remote-"));
  file = path.join(dir, "server.db");
  hrana = await startHranaServer({ file, authToken: TOKEN });
  // test/setup.ts pointed DATABASE_URL at a temp file; this file's app must use the "server" instead.
  // Set before anything reads the configuration (it is read once per process).
  process.env.DATABASE_URL = hrana.url;
  process.env.DATABASE_AUTH_TOKEN = TOKEN;
  database = await openDatabase(hrana.url, TOKEN);
});

afterAll(async () => {
  database?.client.close();
  await hrana?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads the stand-in's file directly, bypassing the protocol. */
function onDisk<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe("database over a libSQL server URL (Hrana over HTTP)", () => {
  it("openDatabase returns an HTTP (remote) client that reaches the server with the token", async () => {
    expect(database.client.protocol).toBe("http");
    const before = hrana.stats.pipelines;
    const rs = await database.client.execute("SELECT 1 AS one, 'x' AS t, 2.5 AS f, NULL AS n, x'00ff' AS b");
    expect(hrana.stats.pipelines).toBe(before + 1);
    expect(rs.columns).toEqual(["one", "t", "f", "n", "b"]);
    const row = rs.rows[0];
    expect(row.one).toBe(1);
    expect(row.t).toBe("x");
    expect(row.f).toBe(2.5);
    expect(row.n).toBeNull();
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(new Uint8Array([0, 255]));
  });

  it("migrate applies every migration over the protocol, and again is a no-op", async () => {
    await migrate(database.client);
    expect(hrana.stats.requestTypes.get("batch")).toBeGreaterThan(0);
    const applied = await database.client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    expect(Number(applied.rows[0].n)).toBe(journalEntries);
    expect(await migrationState(database.client)).toEqual({ applied: journalEntries, available: journalEntries });

    // The tables are really in the server's file, not in some client-side database.
    const tables = onDisk<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["__drizzle_migrations", "users", "credit_balances", "credit_ledger", "email_sends"]));

    await migrate(database.client);
    expect(await migrationState(database.client)).toEqual({ applied: journalEntries, available: journalEntries });
  });

  it("createUser (drizzle db.batch) and charge/grant (client.batch 'write' with RETURNING and changes())", async () => {
    const created = await createUser(database.db, { email: "Remote@Example.com", password: "correct horse battery", credits: 10 });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const id = created.user.id;
    expect(onDisk<{ email: string }>("SELECT email FROM users WHERE id = ?", id)).toEqual([{ email: "remote@example.com" }]);

    const duplicate = await createUser(database.db, { email: "remote@example.com", password: "x".repeat(12), credits: 1 });
    expect(duplicate.ok).toBe(false);

    const first = await charge(database.db, id, AI_GENERATION, 4, "gen-1");
    expect(first).toMatchObject({ ok: true, balance: 6 });
    expect(first.ok && first.ledgerId).toBeGreaterThan(0);
    // More than the balance: the conditional UPDATE matches nothing and, through changes(), no ledger row.
    expect(await charge(database.db, id, AI_GENERATION, 7, "gen-2")).toEqual({ ok: false, balance: 6 });
    expect(await grant(database.db, id, AI_GENERATION, 5, "top-up")).toBe(11);
    expect(await balanceOf(database.db, id)).toBe(11);

    const ledger = onDisk<{ kind: string; delta: number; balance_after: number; typ: string }>(
      "SELECT kind, delta, balance_after, typeof(delta) AS typ FROM credit_ledger WHERE user_id = ? ORDER BY id",
      id,
    );
    expect(ledger).toEqual([
      { kind: "initial", delta: 10, balance_after: 10, typ: "integer" },
      { kind: "charge", delta: -4, balance_after: 6, typ: "integer" },
      { kind: "grant", delta: 5, balance_after: 11, typ: "integer" },
    ]);
  });

  it("a batch is atomic on the server: a failing statement rolls back the earlier ones", async () => {
    await database.client.execute("CREATE TABLE IF NOT EXISTS remote_probe (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
    await expect(
      database.client.batch(
        [
          { sql: "INSERT INTO remote_probe (v) VALUES (?)", args: ["kept?"] },
          { sql: "INSERT INTO remote_probe (v) VALUES (?)", args: [null] },
        ],
        "write",
      ),
    ).rejects.toThrow(/NOT NULL constraint failed: remote_probe\.v/);
    expect(onDisk("SELECT * FROM remote_probe")).toEqual([]);
  });

  it("positional and named arguments, integers, floats, blobs and rowsAffected round-trip", async () => {
    const ins = await database.client.execute({
      sql: "INSERT INTO remote_probe (id, v) VALUES (:id, $v)",
      args: { id: 1234567890123n, v: "named" },
    });
    expect(ins.rowsAffected).toBe(1);
    expect(ins.lastInsertRowid).toBe(1234567890123n);
    const sel = await database.client.execute({
      sql: "SELECT v, typeof(?) AS a, typeof(?) AS b, typeof(?) AS c, hex(?) AS h FROM remote_probe WHERE id = ?",
      args: [1, 1.5, "s", new Uint8Array([1, 2]), 1234567890123n],
    });
    // A JS number travels as a Hrana float (REAL) — the same as with a real sqld.
    expect(sel.rows[0]).toMatchObject({ v: "named", a: "real", b: "real", c: "text", h: "0102" });
    const upd = await database.client.execute({ sql: "UPDATE remote_probe SET v = ? WHERE id > 0", args: ["u"] });
    expect(upd.rowsAffected).toBe(1);
    const read = await database.client.execute("SELECT * FROM remote_probe");
    expect(read.rowsAffected).toBe(0);
  });

  it("an interactive transaction spans several requests on one stream (batons)", async () => {
    const tx = await database.client.transaction("write");
    await tx.execute({ sql: "INSERT INTO remote_probe (id, v) VALUES (?, ?)", args: [1n, "tx"] });
    expect((await tx.execute("SELECT count(*) AS n FROM remote_probe")).rows[0].n).toBe(2);
    // Not visible outside the transaction (another stream is another connection).
    expect(onDisk("SELECT * FROM remote_probe WHERE id = 1")).toEqual([]);
    await tx.rollback();
    tx.close();
    expect(onDisk("SELECT * FROM remote_probe WHERE id = 1")).toEqual([]);

    const tx2 = await database.client.transaction("write");
    await tx2.execute({ sql: "INSERT INTO remote_probe (id, v) VALUES (?, ?)", args: [1n, "tx2"] });
    await tx2.commit();
    expect(onDisk("SELECT v FROM remote_probe WHERE id = 1")).toEqual([{ v: "tx2" }]);
    await database.client.executeMultiple("DELETE FROM remote_probe; DROP TABLE remote_probe;");
    expect(hrana.stats.openStreams()).toBe(0);
  });

  it("SQL errors come back as errors with the SQLite message and code", async () => {
    await expect(database.client.execute("SELECT * FROM no_such_table")).rejects.toMatchObject({
      code: "SQLITE_ERROR",
      message: expect.stringContaining("no such table: no_such_table"),
    });
  });

  it("a wrong or missing token fails clearly (HTTP 401), and nothing is read or written", async () => {
    const before = hrana.stats.unauthorized;
    const wrong = await openDatabase(hrana.url, "not-the-token");
    await expect(wrong.client.execute("SELECT 1")).rejects.toThrow(/HTTP status 401.*Unauthorized/);
    // Through drizzle the failure is wrapped ("Failed query: …") with the client's error as the cause.
    const viaDrizzle = await wrong.db
      .select()
      .from((await import("../../db/schema")).users)
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(String((viaDrizzle?.cause as Error | undefined)?.message)).toMatch(/HTTP status 401/);
    wrong.client.close();
    const none = await openDatabase(hrana.url);
    await expect(none.client.batch(["SELECT 1"], "read")).rejects.toThrow(/401/);
    none.client.close();
    expect(hrana.stats.unauthorized).toBe(before + 3);
  });
});

describe("the app with DATABASE_URL pointing at the server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DATABASE_URL: hrana.url, DATABASE_AUTH_TOKEN: TOKEN });
  });
  afterAll(() => server?.close());

  it("boots (migrations + admin bootstrap over the protocol) and /healthz is ok", async () => {
    expect(server.app.database.client.protocol).toBe("http");
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { reachable: true }, migrations: { upToDate: true } });
  });

  it("an authenticated API call reads the user and credits from the server", async () => {
    const user = await createUserWithToken(server, { credits: 7 });
    const res = await server.fetch("/api/me", { token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: user.email }, credits: { [AI_GENERATION]: 7 } });
    expect(onDisk("SELECT email FROM users WHERE id = ?", user.id)).toEqual([{ email: user.email }]);
  });
});
