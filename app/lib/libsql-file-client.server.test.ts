// The statement-caching file client against @libsql/client itself: the same statements on two
// database files must give the same results and the same errors.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, LibsqlBatchError, LibsqlError, type Client, type InStatement, type ResultSet } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import Database from "libsql";
import { FileClient, needsWriteLock } from "./libsql-file-client.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-fileclient-"));
const stock = createClient({ url: `file:${path.join(dir, "stock.db")}`, concurrency: 1 });
const ours = new FileClient(path.join(dir, "ours.db"));
const both: Array<[string, Client]> = [
  ["stock", stock],
  ["ours", ours],
];

afterAll(() => {
  stock.close();
  ours.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A ResultSet as plain data: rows by index and by name, so both shapes are compared. */
function plain(rs: ResultSet) {
  return {
    columns: rs.columns,
    columnTypes: rs.columnTypes,
    rows: rs.rows.map((r) => ({ byIndex: Array.from({ length: r.length }, (_, i) => r[i]), byName: { ...r } })),
    rowsAffected: rs.rowsAffected,
    lastInsertRowid: rs.lastInsertRowid,
    json: rs.toJSON(),
  };
}

async function same(stmt: InStatement | string) {
  const [a, b] = await Promise.all(both.map(([, c]) => c.execute(stmt as InStatement)));
  expect(plain(b)).toEqual(plain(a));
  return plain(b);
}

async function sameError(run: (c: Client) => Promise<unknown>) {
  const errors = [];
  for (const [, c] of both) {
    try {
      await run(c);
      errors.push(null);
    } catch (e) {
      errors.push(e);
    }
  }
  const [a, b] = errors as Array<LibsqlError & { statementIndex?: number }>;
  expect(a).toBeInstanceOf(Error);
  expect(b?.constructor).toBe(a.constructor);
  expect({ message: b.message, code: b.code, extendedCode: b.extendedCode, rawCode: b.rawCode, statementIndex: b.statementIndex }).toEqual({
    message: a.message,
    code: a.code,
    extendedCode: a.extendedCode,
    rawCode: a.rawCode,
    statementIndex: a.statementIndex,
  });
  return b;
}

describe("FileClient matches @libsql/client", () => {
  it("creates tables, binds every kind of argument and reads rows back the same way", async () => {
    for (const [, c] of both) {
      await c.executeMultiple(`
        CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price REAL, flag INTEGER, at INTEGER, data BLOB, note TEXT);
        CREATE TABLE logs (id INTEGER PRIMARY KEY AUTOINCREMENT, item TEXT NOT NULL);`);
    }
    expect(
      (
        await same({
          sql: "INSERT INTO items (name, price, flag, at, data, note) VALUES (?, ?, ?, ?, ?, ?)",
          args: ["tea", 2.5, true, new Date(1_700_000_000_000), new Uint8Array([1, 2, 3]).buffer, null],
        })
      ).lastInsertRowid,
    ).toBe(1n);
    await same({
      sql: "INSERT INTO items (name, price, flag, at) VALUES (:name, @price, $flag, :at)",
      args: { name: "cake", price: 4, flag: false, at: 12n },
    });
    await same({ sql: "INSERT INTO items (name) VALUES (?)", args: ["bun"] });
    const all = await same("SELECT * FROM items ORDER BY id");
    expect(all.rows).toHaveLength(3);
    expect(all.rows[0].byName).toMatchObject({ name: "tea", price: 2.5, flag: 1, at: 1_700_000_000_000, note: null });
    expect(new Uint8Array(all.rows[0].byName.data as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    // Duplicate column names: the first one keeps the name, both keep their index.
    await same({ sql: "SELECT name, price AS name, count(*) OVER () AS n FROM items WHERE price > ?", args: [1] });
    expect((await same({ sql: "UPDATE items SET price = price * 2 WHERE price IS NOT NULL", args: [] })).rowsAffected).toBe(2);
    const returning = await same({ sql: "DELETE FROM items WHERE name = ? RETURNING id, name", args: ["bun"] });
    expect(returning.rows[0].byName).toEqual({ id: 3, name: "bun" });
    await same("SELECT 1 AS one WHERE 0");
    await same("PRAGMA user_version");
  });

  it("caches statements without serving stale ones after the schema changes", async () => {
    for (let i = 0; i < 3; i++) await same({ sql: "SELECT * FROM items WHERE id = ?", args: [1] });
    for (const [, c] of both) await c.execute("ALTER TABLE items ADD COLUMN stock INTEGER NOT NULL DEFAULT 7");
    const after = await same({ sql: "SELECT * FROM items WHERE id = ?", args: [1] });
    expect(after.columns).toContain("stock");
    expect(after.rows[0].byName.stock).toBe(7);
  });

  it("refuses the same bad input with the same errors", async () => {
    await sameError((c) => c.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: ["tea"] }));
    await sameError((c) => c.execute({ sql: "INSERT INTO items (name) VALUES (?)", args: [null] }));
    await sameError((c) => c.execute("SELEC nonsense"));
    await sameError((c) => c.execute({ sql: "SELECT * FROM missing_table", args: [] }));
    await sameError((c) => c.execute({ sql: "SELECT ?", args: [Number.NaN] }));
    await sameError((c) => c.execute({ sql: "SELECT ?", args: [undefined as never] }));
    await sameError((c) => c.execute("SELECT 9007199254740993 AS big"));
  });

  it("runs batches in one transaction and rolls all of a failed one back", async () => {
    const ok = await Promise.all(
      both.map(([, c]) =>
        c.batch(
          [
            { sql: "INSERT INTO logs (item) VALUES (?)", args: ["a"] },
            ["INSERT INTO logs (item) VALUES (?)", ["b"]],
            "SELECT count(*) AS n FROM logs",
          ],
          "write",
        ),
      ),
    );
    expect(ok[1].map(plain)).toEqual(ok[0].map(plain));
    const failed = await sameError((c) =>
      c.batch(
        [
          { sql: "INSERT INTO logs (item) VALUES (?)", args: ["c"] },
          { sql: "INSERT INTO logs (item) VALUES (?)", args: [null] },
        ],
        "write",
      ),
    );
    expect(failed).toBeInstanceOf(LibsqlBatchError);
    expect(failed.statementIndex).toBe(1);
    expect((await same("SELECT item FROM logs ORDER BY id")).rows.map((r) => r.byName.item)).toEqual(["a", "b"]);
    // The connection is usable again (nothing left open).
    await same({ sql: "INSERT INTO logs (item) VALUES (?)", args: ["d"] });
    const read = await Promise.all(both.map(([, c]) => c.batch(["SELECT count(*) AS n FROM logs"], "read")));
    expect(plain(read[1][0])).toEqual(plain(read[0][0]));
  });

  it("migrates with foreign keys off and reports closed use", async () => {
    const migrated = await Promise.all(
      both.map(([, c]) =>
        c.migrate([
          { sql: "CREATE TABLE extra (id INTEGER PRIMARY KEY)", args: [] },
          { sql: "INSERT INTO extra (id) VALUES (1)", args: [] },
        ]),
      ),
    );
    expect(migrated[1].map(plain)).toEqual(migrated[0].map(plain));
    await same("SELECT * FROM extra");
    await same("PRAGMA foreign_keys");
  });

  it("binds missing arguments as NULL, never as an earlier call's values", async () => {
    for (const [, c] of both) await c.execute("CREATE TABLE pairs (a TEXT, b TEXT)");
    await same({ sql: "INSERT INTO pairs (a, b) VALUES (?, ?)", args: ["alice", "secret-a"] });
    await same({ sql: "INSERT INTO pairs (a, b) VALUES (?, ?)", args: ["bob"] });
    expect((await same("SELECT a, b FROM pairs ORDER BY a")).rows.map((r) => r.byName)).toEqual([
      { a: "alice", b: "secret-a" },
      { a: "bob", b: null },
    ]);
  });

  it("leaves no transaction open after a script fails halfway", async () => {
    await sameError((c) => c.executeMultiple("BEGIN; INSERT INTO pairs (a) VALUES ('half'); INSERT INTO nowhere VALUES (1); COMMIT;"));
    await same({ sql: "INSERT INTO pairs (a, b) VALUES (?, ?)", args: ["after", "x"] });
    const counted = await Promise.all(
      both.map(([, c]) => c.batch([{ sql: "SELECT count(*) AS n FROM pairs WHERE a IN ('half', 'after')", args: [] }], "write")),
    );
    expect(plain(counted[1][0])).toEqual(plain(counted[0][0]));
    expect(counted[1][0].rows[0].n).toBe(1);
  });

  it("sees columns another connection added under a cached SELECT *", async () => {
    await same("SELECT * FROM pairs ORDER BY a");
    for (const [name] of both) {
      const other = createClient({ url: `file:${path.join(dir, `${name}.db`)}` });
      await other.execute("ALTER TABLE pairs ADD COLUMN c TEXT NOT NULL DEFAULT 'zzz'");
      other.close();
    }
    // Ours describes the columns again at once; the stock client catches up one call later.
    const first = plain(await ours.execute("SELECT * FROM pairs ORDER BY a"));
    expect(first.columns).toEqual(["a", "b", "c"]);
    expect(first.rows[0].byName).toMatchObject({ c: "zzz" });
    await stock.execute("SELECT * FROM pairs ORDER BY a");
    const after = await same("SELECT * FROM pairs ORDER BY a");
    expect(after.columns).toEqual(["a", "b", "c"]);
  });

  it("offers no interactive transactions (atomic writes are batches, ADR 002)", async () => {
    await expect(ours.transaction("write")).rejects.toMatchObject({ code: "TRANSACTION_UNSUPPORTED" });
  });

  it("says so once it is closed", async () => {
    const file = path.join(dir, "closing.db");
    const c = new FileClient(file);
    await c.execute("SELECT 1");
    c.close();
    expect(c.closed).toBe(true);
    await expect(c.execute("SELECT 1")).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
    await expect(c.batch(["SELECT 1"])).rejects.toBeInstanceOf(LibsqlError);
  });
});

// Another process (a CLI, a backup, a second server) holding the write lock (ADR 012, amendment).
describe("FileClient while another connection holds the write lock", () => {
  async function setup(name: string, busyTimeoutMs: number) {
    const file = path.join(dir, `${name}.db`);
    const client = new FileClient(file, { busyTimeoutMs });
    await client.execute("PRAGMA journal_mode=WAL");
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
    // A second, independent connection: what another process would open.
    const other = new Database(file, { timeout: 0 });
    const count = () => Number((other.prepare("SELECT count(*) AS n FROM t").get() as { n: number | bigint }).n);
    return { client, other, count };
  }

  it("refuses writes with SQLITE_BUSY after the timeout, then commits every later write for all to see", async () => {
    const { client, other, count } = await setup("busy-refused", 150);
    await client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["before"] });
    other.exec("BEGIN IMMEDIATE");
    // The same statements the app caches, tried while locked: each fails as a whole.
    const refused = await Promise.allSettled([
      client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["during-1"] }),
      client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["during-2"] }),
      client.batch([{ sql: "INSERT INTO t (v) VALUES (?)", args: ["during-batch"] }], "write"),
    ]);
    expect(refused.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_BUSY" });
    // Reads go on while the lock is held.
    expect((await client.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(1);
    other.exec("ROLLBACK");

    // Before the fix, a statement left active by SQLITE_BUSY kept these uncommitted (invisible
    // to other connections, holding the lock) until a later reset erased them.
    await client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["after-1"] });
    await client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["after-2"] });
    expect(count()).toBe(3);
    await client.batch(
      [
        { sql: "INSERT INTO t (v) VALUES (?)", args: ["batch-1"] },
        { sql: "INSERT INTO t (v) VALUES (?)", args: ["batch-2"] },
      ],
      "write",
    );
    expect(count()).toBe(5);
    // The other connection can write again: nothing of ours holds the lock.
    other.exec("INSERT INTO t (v) VALUES ('other')");
    expect((await client.execute("SELECT v FROM t ORDER BY id")).rows.map((r) => r.v)).toEqual([
      "before",
      "after-1",
      "after-2",
      "batch-1",
      "batch-2",
      "other",
    ]);
    other.close();
    client.close();
  });

  it("waits without blocking the event loop and writes once the lock is released", async () => {
    const { client, other, count } = await setup("busy-waits", 10_000);
    other.exec("BEGIN IMMEDIATE");
    const events: string[] = [];
    const write = client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["waited"] }).then(() => events.push("write"));
    // Timers and reads run while the write waits for the lock.
    await new Promise((resolve) => setTimeout(resolve, 30));
    events.push("timer");
    expect((await client.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(0);
    events.push("read");
    other.exec("COMMIT");
    await write;
    expect(events).toEqual(["timer", "read", "write"]);
    expect(count()).toBe(1);
    other.close();
    client.close();
  });

  it("probes the write lock without waiting", async () => {
    const { client, other } = await setup("busy-probe", 10_000);
    expect(client.probeWriteLock()).toBe("ok");
    other.exec("BEGIN IMMEDIATE");
    expect(client.probeWriteLock()).toBe("busy");
    other.exec("ROLLBACK");
    expect(client.probeWriteLock()).toBe("ok");
    other.close();
    client.close();
  });

  it("takes the write lock for anything that is not known to be a read", () => {
    expect(needsWriteLock("  -- note\n/* x */ INSERT INTO t VALUES (1)")).toBe(true);
    expect(needsWriteLock("WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x")).toBe(true);
    expect(needsWriteLock("select 1")).toBe(false);
    expect(needsWriteLock("PRAGMA journal_mode=WAL")).toBe(false);
  });
});

describe("the packages FileClient is built on", () => {
  // It uses @libsql/core's result and error classes and libsql's statement API directly: a new
  // version comes in only by a deliberate change of these pins, with this file run against it.
  it("are pinned to exact versions, and those versions are what is installed", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    for (const name of ["@libsql/client", "@libsql/core", "libsql"]) {
      const pin = pkg.dependencies[name];
      expect(pin, name).toMatch(/^\d+\.\d+\.\d+$/);
      const installed = JSON.parse(fs.readFileSync(path.join("node_modules", name, "package.json"), "utf8")) as { version: string };
      expect(installed.version, name).toBe(pin);
    }
  });
});
