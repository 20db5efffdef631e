// A libSQL `Client` for local database files that keeps its prepared statements (ADR 012).
// @libsql/client prepares every statement again on each call and learns whether it returns rows
// by catching an exception; on the send and webhook paths that was a third of the database time.
// This client runs the same SQL through the same `libsql` engine on one connection, caches each
// statement by its text, and returns the same ResultSet and error types, so drizzle and the
// models cannot tell the two apart (libsql-file-client.server.test.ts runs both side by side).
// Remote URLs (libsql://, http://) keep using @libsql/client.
//
// Waiting for another process's write lock (a CLI, a backup, a second server) happens here, not
// in SQLite: SQLite's busy handler sleeps on this thread and would stall every request, and a
// statement that failed with SQLITE_BUSY stays active until reset, silently holding every later
// autocommit write uncommitted (and erasing them when it is finally reset). So SQLite's own busy
// timeout is 0, each write takes the lock first with `BEGIN IMMEDIATE` (run by exec(), which
// finalises its statement, so a refusal leaves nothing behind), a refusal is retried after an
// async pause until `busyTimeoutMs`, and a statement that throws is never reused.
import Database from "libsql";
import type { Client, InArgs, InStatement, InValue, Replicated, ResultSet, Row, Transaction, TransactionMode } from "@libsql/client";
import { LibsqlBatchError, LibsqlError } from "@libsql/core/api";
import { ResultSetImpl } from "@libsql/core/util";
import { LRUCache } from "lru-cache";

type NativeDatabase = Database.Database;
type NativeStatement = ReturnType<NativeDatabase["prepare"]>;
type SqlValue = null | string | number | bigint | Buffer;

interface Prepared {
  stmt: NativeStatement;
  /** Whether the statement returns rows (a SELECT, or anything with RETURNING). */
  reader: boolean;
  /** Whether it may change the schema (then it is not cached, and running it empties the cache). */
  schemaChange: boolean;
  columns: string[];
  columnTypes: string[];
}

/** Enough for every distinct statement the app runs, many times over. */
const STATEMENT_CACHE_ENTRIES = 500;
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_INT64 = -9223372036854775808n;
const MAX_INT64 = 9223372036854775807n;
// Statements that may change the schema: cached statements and their column lists are dropped.
const SCHEMA_CHANGE = /^\s*(create|alter|drop|vacuum|attach|detach)\b/i;
// Statements that run outside a write transaction: reads, and those SQLite refuses inside one.
const NO_WRITE_LOCK = /^(select|pragma|vacuum|attach|detach|explain|begin|commit|end|rollback|savepoint|release)\b/i;
const TRANSACTION_CONTROL = /^(begin|commit|end|rollback|savepoint|release)\b/i;
const LEADING_COMMENTS = /^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*/;

/** Whether a statement may write, so must hold the write lock (anything not known to be a read). */
export function needsWriteLock(sql: string): boolean {
  return !NO_WRITE_LOCK.test(sql.replace(LEADING_COMMENTS, ""));
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown; rawCode?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || (typeof code === "string" && code.startsWith("SQLITE_BUSY"));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// SQLite's primary result codes, by number (extended codes keep the primary code in the low byte).
const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
  27: "SQLITE_NOTICE",
  28: "SQLITE_WARNING",
};

function toLibsqlError(e: unknown): unknown {
  if (e instanceof Database.SqliteError) {
    const rawCode = (e as { rawCode?: number }).rawCode;
    const code = rawCode === undefined ? "SQLITE_UNKNOWN" : (BASE_CODES[rawCode & 0xff] ?? `SQLITE_UNKNOWN_${rawCode & 0xff}`);
    return new LibsqlError(e.message, code, e.code, rawCode, e);
  }
  return e;
}

function valueToSql(value: InValue): SqlValue {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INT64 || value > MAX_INT64)
      throw new RangeError("bigint is too large to be represented as a 64-bit integer and passed as argument");
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value as SqlValue;
}

function valueFromSql(value: unknown): unknown {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE)
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
}

/** A row as @libsql/client builds it: values by index (not enumerable) and by column name. */
function toRow(values: unknown[], columns: string[]): Row {
  const row = {} as Row;
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = valueFromSql(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i];
    if (!Object.hasOwn(row, column)) Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
  }
  return row;
}

function normalize(stmt: InStatement | [string, InArgs?] | string, args?: InArgs): { sql: string; args: InArgs } {
  if (typeof stmt === "string") return { sql: stmt, args: args ?? [] };
  if (Array.isArray(stmt)) return { sql: stmt[0], args: stmt[1] ?? [] };
  return { sql: stmt.sql, args: stmt.args ?? [] };
}

function bindArgs(args: InArgs): SqlValue[] | Record<string, SqlValue> {
  if (Array.isArray(args)) return args.map(valueToSql);
  const named: Record<string, SqlValue> = {};
  for (const [name, value] of Object.entries(args)) {
    const key = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.slice(1) : name;
    named[key] = valueToSql(value);
  }
  return named;
}

export class FileClient implements Client {
  readonly protocol = "file";
  closed = false;
  readonly #db: NativeDatabase;
  readonly #busyTimeoutMs: number;
  /** Set when a schema statement ran in the open transaction. */
  #schemaChanged = false;
  readonly #statements = new LRUCache<string, Prepared>({ max: STATEMENT_CACHE_ENTRIES });

  /** `busyTimeoutMs`: how long a write waits, asynchronously, for another process's write lock. */
  constructor(
    /** The database file (for /healthz: the free space of its file system). */
    readonly path: string,
    options: { busyTimeoutMs?: number } = {},
  ) {
    // SQLite itself never waits (timeout 0): a wait inside SQLite would block the event loop.
    this.#db = new Database(path, { timeout: 0 });
    this.#busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  }

  /**
   * Cached by the SQL and the shape of its arguments: a statement keeps its last bindings, so one
   * entry is always bound with the same parameters and an unbound one stays NULL, never the value
   * of an earlier call.
   */
  #prepare(key: string, sql: string): Prepared {
    const hit = this.#statements.get(key);
    if (hit) return hit;
    const stmt = this.#db.prepare(sql);
    stmt.safeIntegers(true);
    const prepared: Prepared = { stmt, reader: stmt.reader, schemaChange: SCHEMA_CHANGE.test(sql), columns: [], columnTypes: [] };
    if (prepared.reader) {
      stmt.raw(true);
      this.#describe(prepared);
    }
    // Schema statements run once (migrations); keeping them would only hold stale plans.
    if (!prepared.schemaChange) {
      this.#statements.set(key, prepared);
    }
    return prepared;
  }

  #run(sql: string, args: InArgs): ResultSet {
    const key = `${Array.isArray(args) ? args.length : Object.keys(args).sort().join(",")}\u0000${sql}`;
    try {
      const p = this.#prepare(key, sql);
      const bound = bindArgs(args);
      if (p.reader) {
        const raw = p.stmt.all(bound) as unknown[][];
        // Another connection changed the table under a `SELECT *`: describe the columns again.
        if (raw.length && raw[0].length !== p.columns.length) this.#describe(p);
        return new ResultSetImpl(
          p.columns,
          p.columnTypes,
          raw.map((values) => toRow(values, p.columns)),
          0,
          undefined,
        );
      }
      const info = p.stmt.run(bound) as { changes: number; lastInsertRowid: number | bigint };
      if (p.schemaChange) {
        this.#statements.clear();
        this.#schemaChanged = true;
      }
      return new ResultSetImpl([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (e) {
      // libsql offers no reset(): a statement that failed part-way may still be active, and an
      // active statement keeps its transaction open. It is dropped, never run again.
      this.#statements.delete(key);
      throw toLibsqlError(e);
    }
  }

  #describe(p: Prepared): void {
    const described = p.stmt.columns() as Array<{ name: string; type: string | null }>;
    p.columns = described.map((c) => c.name);
    p.columnTypes = described.map((c) => c.type ?? "");
  }

  /** Transaction control runs through exec(), which finalises its statement: nothing is cached. */
  #exec(sql: string): void {
    try {
      this.#db.exec(sql);
    } catch (e) {
      throw toLibsqlError(e);
    }
  }

  /** As @libsql/client does when a call gives its connection back: nothing stays open. */
  #rollbackLeftovers(): void {
    if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
  }

  #checkOpen(): void {
    if (this.closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
  }

  /**
   * Runs `attempt` (synchronous, all-or-nothing) until it does not fail with SQLITE_BUSY, pausing
   * between tries so other requests run meanwhile; past the deadline the SQLITE_BUSY error is the
   * caller's (nothing was written).
   */
  async #retryWhileBusy<T>(attempt: () => T): Promise<T> {
    const deadline = Date.now() + this.#busyTimeoutMs;
    let wait = FIRST_PAUSE_MS;
    for (;;) {
      this.#checkOpen();
      try {
        return attempt();
      } catch (e) {
        const left = deadline - Date.now();
        if (!isBusy(e) || left <= 0) throw e;
        await pause(Math.min(wait, left));
        wait = Math.min(wait * 2, LONGEST_PAUSE_MS);
      }
    }
  }

  /**
   * `body` in one transaction, committed when it returns, rolled back when it throws. Writes take
   * the write lock up front (BEGIN IMMEDIATE), so no statement inside meets SQLITE_BUSY half-way.
   */
  #inTransaction<T>(write: boolean, body: () => T): T {
    this.#exec(write ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
    this.#schemaChanged = false;
    try {
      const result = body();
      this.#exec("COMMIT");
      return result;
    } catch (e) {
      // Rolled-back schema changes: statements prepared since then describe tables that are gone.
      if (this.#schemaChanged) this.#statements.clear();
      throw e;
    } finally {
      try {
        this.#rollbackLeftovers();
      } catch {
        // The transaction's own error (already on its way) says more than a failed rollback.
      }
    }
  }

  /** A batch's statements in order; a failure names the statement's index. */
  #runBatch(stmts: Array<InStatement | [string, InArgs?]>): ResultSet[] {
    const results: ResultSet[] = [];
    for (let i = 0; i < stmts.length; i++) {
      if (!this.#db.inTransaction) throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
      const { sql, args } = normalize(stmts[i]);
      try {
        results.push(this.#run(sql, args));
      } catch (e) {
        if (e instanceof LibsqlBatchError || isBusy(e)) throw e;
        if (e instanceof LibsqlError)
          throw new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, e.cause instanceof Error ? e.cause : undefined);
        throw e;
      }
    }
    return results;
  }

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.#checkOpen();
    const stmt = normalize(stmtOrSql, args);
    if (needsWriteLock(stmt.sql)) {
      return this.#retryWhileBusy(() => this.#inTransaction(true, () => this.#run(stmt.sql, stmt.args)));
    }
    return this.#retryWhileBusy(() => {
      try {
        if (TRANSACTION_CONTROL.test(stmt.sql.replace(LEADING_COMMENTS, ""))) {
          this.#exec(stmt.sql);
          return new ResultSetImpl([], [], [], 0, undefined);
        }
        return this.#run(stmt.sql, stmt.args);
      } finally {
        this.#rollbackLeftovers();
      }
    });
  }

  async batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    this.#checkOpen();
    const write = mode !== "read" && stmts.some((s) => needsWriteLock(normalize(s).sql));
    return this.#retryWhileBusy(() => this.#inTransaction(write, () => this.#runBatch(stmts)));
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.#checkOpen();
    this.#exec("PRAGMA foreign_keys=off");
    try {
      return await this.#retryWhileBusy(() => this.#inTransaction(true, () => this.#runBatch(stmts)));
    } finally {
      this.#statements.clear();
      this.#exec("PRAGMA foreign_keys=on");
    }
  }

  /**
   * One attempt at the write lock, given straight back: "ok", "busy" (another process holds it)
   * or "readonly"; anything else is thrown. Never waits (for /healthz).
   */
  probeWriteLock(): "ok" | "busy" | "readonly" {
    this.#checkOpen();
    try {
      this.#exec("BEGIN IMMEDIATE");
      this.#exec("ROLLBACK");
      return "ok";
    } catch (e) {
      if (isBusy(e)) return "busy";
      if ((e as { code?: unknown }).code === "SQLITE_READONLY") return "readonly";
      throw e;
    } finally {
      this.#rollbackLeftovers();
    }
  }

  /**
   * Interactive transactions are not offered: on one synchronous connection a transaction held
   * open across `await` blocks every other request (ADR 002). Atomic writes use batch().
   */
  async transaction(_mode?: TransactionMode): Promise<Transaction> {
    throw new LibsqlError("Interactive transactions are not supported on local files; use batch()", "TRANSACTION_UNSUPPORTED");
  }

  /** Runs a script as it is (it may hold its own BEGIN/COMMIT), so it is not retried when busy. */
  async executeMultiple(sql: string): Promise<void> {
    this.#checkOpen();
    try {
      this.#db.exec(sql);
    } catch (e) {
      throw toLibsqlError(e);
    } finally {
      this.#statements.clear();
      this.#rollbackLeftovers();
    }
  }

  async sync(): Promise<Replicated> {
    return undefined;
  }

  reconnect(): void {
    // One local connection stays valid for the life of the client; nothing to re-establish.
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.#statements.clear();
    this.#db.close();
  }
}
