// A local stand-in for a libSQL server (sqld / Turso): it speaks Hrana over HTTP, JSON encoding,
// protocol version 2 (`POST /v2/pipeline`), which is what @libsql/client 0.18 uses for `http:`,
// `https:` and (over HTTP) `libsql:` URLs. Statements run on a real local libSQL file through the
// `libsql` package, so SQLite semantics (affinity, constraints, foreign keys — on by default, as in
// sqld — `changes()`, RETURNING) are the real ones. Only what the client and drizzle use is here:
// execute, batch (with ok/error/not/and/or/is_autocommit conditions), sequence, store_sql/close_sql,
// get_autocommit and close. Each stream (baton) owns its own SQL connection, as in sqld, so a
// transaction can span several pipeline requests. No TLS, no WebSockets, no protobuf endpoint
// (`GET /v3-protobuf` is a 404, so a v3-probing client falls back to v2 as it would on an old sqld).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "libsql";

type Conn = InstanceType<typeof Database>;
type SqlValue = null | bigint | number | string | Buffer;

export type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}

type HranaCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: HranaCond }
  | { type: "and"; conds: HranaCond[] }
  | { type: "or"; conds: HranaCond[] }
  | { type: "is_autocommit" };

interface HranaError {
  message: string;
  code: string;
}

interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: HranaStmt }
  | { type: "batch"; batch: { steps: { condition?: HranaCond | null; stmt: HranaStmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

class HranaFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface Stream {
  conn: Conn | undefined;
  sqls: Map<number, string>;
  lastUsed: number;
}

export interface HranaServerOptions {
  /** The libSQL/SQLite file the server owns (created if missing). */
  file: string;
  /** When set, every request must carry `Authorization: Bearer <authToken>` (else 401). */
  authToken?: string;
  /** Idle streams are closed (and their open transaction rolled back) after this long. */
  streamIdleMs?: number;
}

export interface HranaServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** What the server has seen, so a test can prove the remote path was used. */
  stats: {
    pipelines: number;
    unauthorized: number;
    requestTypes: Map<string, number>;
    /** Streams currently open (a leak shows up here). */
    openStreams(): number;
  };
  close(): Promise<void>;
}

const BUSY_TIMEOUT_MS = 5000;

export async function startHranaServer(options: HranaServerOptions): Promise<HranaServer> {
  const streams = new Map<string, Stream>();
  const stats: HranaServer["stats"] = {
    pipelines: 0,
    unauthorized: 0,
    requestTypes: new Map(),
    openStreams: () => streams.size,
  };
  const idleMs = options.streamIdleMs ?? 30_000;

  // sqld keeps its databases in WAL mode.
  const setup = new Database(options.file);
  setup.exec("PRAGMA journal_mode=WAL");
  setup.close();

  function openConn(): Conn {
    const conn = new Database(options.file);
    conn.exec(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
    return conn;
  }

  function closeStream(baton: string): void {
    const s = streams.get(baton);
    streams.delete(baton);
    if (s?.conn) {
      try {
        if (s.conn.inTransaction) s.conn.exec("ROLLBACK");
      } catch {
        /* closing anyway */
      }
      s.conn.close();
    }
  }

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [baton, s] of streams) if (now - s.lastUsed > idleMs) closeStream(baton);
  }, 1000);
  sweeper.unref();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        handle(req, Buffer.concat(chunks).toString("utf8"), res);
      } catch (error) {
        sendJson(res, 500, { message: `stand-in failure: ${(error as Error).message}`, code: "INTERNAL" });
      }
    });
  });

  function handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    if (options.authToken !== undefined && req.headers.authorization !== `Bearer ${options.authToken}`) {
      stats.unauthorized++;
      res.writeHead(401, { "content-type": "text/plain" });
      res.end("Unauthorized: missing or invalid auth token");
      return;
    }
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "GET" && (pathname === "/health" || pathname === "/v2")) {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("");
      return;
    }
    if (req.method !== "POST" || pathname !== "/v2/pipeline") {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end(`Not found: ${req.method} ${pathname}`);
      return;
    }
    let parsed: { baton?: string | null; requests?: StreamRequest[] };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      sendJson(res, 400, { message: "Request body is not JSON", code: "PROTO_ERROR" });
      return;
    }
    if (!Array.isArray(parsed.requests)) {
      sendJson(res, 400, { message: "Missing `requests` array", code: "PROTO_ERROR" });
      return;
    }
    stats.pipelines++;

    let stream: Stream;
    if (parsed.baton != null) {
      const found = streams.get(parsed.baton);
      if (!found) {
        sendJson(res, 400, { message: "Stream not found or expired (invalid baton)", code: "STREAM_EXPIRED" });
        return;
      }
      // The baton changes with every response, as in sqld: an old baton can't be replayed.
      streams.delete(parsed.baton);
      stream = found;
    } else {
      stream = { conn: undefined, sqls: new Map(), lastUsed: Date.now() };
    }
    const conn = () => (stream.conn ??= openConn());

    let closed = false;
    const results = parsed.requests.map((request) => {
      stats.requestTypes.set(request.type, (stats.requestTypes.get(request.type) ?? 0) + 1);
      if (closed) return { type: "error", error: { message: "Stream is closed", code: "STREAM_CLOSED" } };
      try {
        const response = runRequest(request);
        if (request.type === "close") closed = true;
        return { type: "ok", response };
      } catch (error) {
        return { type: "error", error: toHranaError(error) };
      }
    });

    function runRequest(request: StreamRequest): Record<string, unknown> {
      switch (request.type) {
        case "close":
          return { type: "close" };
        case "execute":
          return { type: "execute", result: executeStmt(conn(), request.stmt, stream.sqls) };
        case "batch":
          return { type: "batch", result: executeBatch(conn(), request.batch.steps, stream.sqls) };
        case "sequence":
          conn().exec(sqlOf(request, stream.sqls));
          return { type: "sequence" };
        case "store_sql":
          if (stream.sqls.has(request.sql_id)) throw new HranaFailure(`SQL id ${request.sql_id} is already in use`, "PROTO_ERROR");
          stream.sqls.set(request.sql_id, request.sql);
          return { type: "store_sql" };
        case "close_sql":
          stream.sqls.delete(request.sql_id);
          return { type: "close_sql" };
        case "get_autocommit":
          return { type: "get_autocommit", is_autocommit: !conn().inTransaction };
        case "describe":
          throw new HranaFailure("describe is not implemented by the test stand-in", "NOT_SUPPORTED");
        default:
          throw new HranaFailure(`Unknown request type ${JSON.stringify((request as { type: unknown }).type)}`, "PROTO_ERROR");
      }
    }

    let baton: string | null = null;
    if (closed) {
      if (stream.conn) {
        stream.conn.close();
        stream.conn = undefined;
      }
    } else {
      baton = crypto.randomBytes(16).toString("hex");
      stream.lastUsed = Date.now();
      streams.set(baton, stream);
    }
    sendJson(res, 200, { baton, base_url: null, results });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        for (const baton of Array.from(streams.keys())) closeStream(baton);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function toHranaError(error: unknown): HranaError {
  if (error instanceof HranaFailure) return { message: error.message, code: error.code };
  const e = error as { message?: string; code?: unknown };
  return { message: String(e?.message ?? error), code: typeof e?.code === "string" ? e.code : "UNKNOWN" };
}

function sqlOf(x: { sql?: string; sql_id?: number }, sqls: Map<number, string>): string {
  if (x.sql !== undefined && x.sql !== null) return x.sql;
  if (x.sql_id !== undefined && x.sql_id !== null) {
    const sql = sqls.get(x.sql_id);
    if (sql === undefined) throw new HranaFailure(`SQL id ${x.sql_id} is not stored`, "PROTO_ERROR");
    return sql;
  }
  throw new HranaFailure("Statement has neither sql nor sql_id", "PROTO_ERROR");
}

export function decodeValue(v: HranaValue): SqlValue {
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(v.value);
    case "float":
      return Number(v.value);
    case "text":
      return v.value;
    case "blob":
      return Buffer.from(v.base64, "base64");
    default:
      throw new HranaFailure(`Unknown value type ${JSON.stringify((v as { type: unknown }).type)}`, "PROTO_ERROR");
  }
}

export function encodeValue(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  // Statements run with safeIntegers(true): SQLite INTEGERs arrive as bigint, so a number is a REAL.
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v).toString("base64") };
  throw new HranaFailure(`Cannot encode a ${typeof v} result value`, "INTERNAL");
}

function scalar(conn: Conn, sql: string): bigint {
  const row = conn.prepare(sql).safeIntegers(true).raw(true).get() as unknown[];
  return BigInt(row[0] as bigint);
}

function executeStmt(conn: Conn, stmt: HranaStmt, sqls: Map<number, string>): StmtResult {
  const sql = sqlOf(stmt, sqls);
  const args = (stmt.args ?? []).map(decodeValue);
  const named = stmt.named_args ?? [];
  let params: SqlValue[] | Record<string, SqlValue> = args;
  if (named.length > 0) {
    if (args.length > 0) throw new HranaFailure("The stand-in cannot mix positional and named arguments", "NOT_SUPPORTED");
    // libsql binds names without their prefix; `:x`, `@x` and `$x` all name parameter `x`.
    params = Object.fromEntries(named.map((a) => [/^[:@$]/.test(a.name) ? a.name.slice(1) : a.name, decodeValue(a.value)]));
  }
  const prepared = conn.prepare(sql);
  prepared.safeIntegers(true);
  const before = scalar(conn, "SELECT total_changes()");
  let cols: StmtResult["cols"] = [];
  let rows: HranaValue[][] = [];
  if (prepared.reader) {
    prepared.raw(true);
    cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
    const raw = prepared.all(params) as unknown[][];
    if (stmt.want_rows !== false) rows = raw.map((r) => r.map(encodeValue));
  } else {
    prepared.run(params);
  }
  // sqld reports changes() only for statements that wrote; a read leaves the previous count alone.
  const wrote = scalar(conn, "SELECT total_changes()") !== before;
  const affected = wrote ? Number(scalar(conn, "SELECT changes()")) : 0;
  const lastRowid = scalar(conn, "SELECT last_insert_rowid()");
  return { cols, rows, affected_row_count: affected, last_insert_rowid: lastRowid.toString() };
}

function executeBatch(
  conn: Conn,
  steps: { condition?: HranaCond | null; stmt: HranaStmt }[],
  sqls: Map<number, string>,
): { step_results: (StmtResult | null)[]; step_errors: (HranaError | null)[] } {
  const stepResults: (StmtResult | null)[] = [];
  const stepErrors: (HranaError | null)[] = [];
  const evaluate = (cond: HranaCond): boolean => {
    switch (cond.type) {
      case "ok":
        return stepResults[cond.step] != null;
      case "error":
        return stepErrors[cond.step] != null;
      case "not":
        return !evaluate(cond.cond);
      case "and":
        return cond.conds.every(evaluate);
      case "or":
        return cond.conds.some(evaluate);
      case "is_autocommit":
        return !conn.inTransaction;
      default:
        throw new HranaFailure(`Unknown batch condition ${JSON.stringify((cond as { type: unknown }).type)}`, "PROTO_ERROR");
    }
  };
  steps.forEach((step, i) => {
    stepResults[i] = null;
    stepErrors[i] = null;
    if (step.condition && !evaluate(step.condition)) return;
    try {
      stepResults[i] = executeStmt(conn, step.stmt, sqls);
    } catch (error) {
      stepErrors[i] = toHranaError(error);
    }
  });
  return { step_results: stepResults, step_errors: stepErrors };
}
