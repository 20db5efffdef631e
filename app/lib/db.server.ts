import fs from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { expandConfig, isInMemoryConfig } from "@libsql/core/config";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";
import { FileClient } from "./libsql-file-client.server";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
export interface Database {
  client: Client;
  db: Db;
}

const BUSY_TIMEOUT_MS = 5000;

export interface OpenOptions {
  /** Local files: how long a write waits (asynchronously) for another process's write lock. */
  busyTimeoutMs?: number;
}

/** `file:path`, `file:/path` and `file:///path` (or `file://localhost/path`) name a local file. */
function isLocalAuthority(a: ReturnType<typeof expandConfig>["authority"]): boolean {
  return a === undefined || ((a.host === "" || a.host.toLowerCase() === "localhost") && a.port === undefined && a.userinfo === undefined);
}

/** Opens a libSQL database (`file:` or a libSQL server URL); local files use WAL and a busy timeout. */
export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Database> {
  const isFile = url.startsWith("file:");
  if (isFile) {
    const file = url.slice("file:".length);
    if (file && file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  // One connection for a local file: SQLite calls run synchronously on this thread, so more
  // connections add no parallelism, and with one every PRAGMA below holds for every query.
  // (We never hold interactive transactions; atomic writes are batches.) Plain database files
  // get the statement-caching client (ADR 012), which waits for other processes' write locks
  // without blocking the event loop; memory databases and remote URLs the stock one.
  const config = expandConfig({ url, authToken }, true);
  const client: Client =
    config.scheme === "file" && !isInMemoryConfig(config) && !config.syncUrl && isLocalAuthority(config.authority)
      ? new FileClient(config.path, { busyTimeoutMs: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS })
      : createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS, ...(isFile ? { concurrency: 1 } : {}) });
  if (isFile) {
    // Takes effect only while the file is still empty (a new database); existing ones keep theirs.
    // Sends store the whole message (tens of KB): 16 KB pages write it in a quarter of the pages.
    await client.execute("PRAGMA page_size=16384");
    await client.execute("PRAGMA journal_mode=WAL");
    // Safe under WAL (no corruption on power loss; at most the last commits are lost) and it
    // avoids an fsync per commit, the largest cost of a send or a webhook event.
    await client.execute("PRAGMA synchronous=NORMAL");
    await client.execute("PRAGMA cache_size=-65536");
  }
  return { client, db: drizzle(client, { schema }) };
}

export type WriteProbe = { writable: true } | { writable: false; reason: "busy" | "readonly" | "error"; error?: string };

/**
 * Whether a write could start now, without waiting and without writing: for /healthz. A local
 * file tries its write lock once; a libSQL server is asked for a write transaction it then drops.
 */
export async function probeWrite(database: Database): Promise<WriteProbe> {
  const { client } = database;
  try {
    if (client instanceof FileClient) {
      const state = client.probeWriteLock();
      return state === "ok" ? { writable: true } : { writable: false, reason: state };
    }
    const tx = await client.transaction("write");
    await tx.rollback();
    return { writable: true };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const error = e instanceof Error ? e.message : String(e);
    if (code === "SQLITE_READONLY") return { writable: false, reason: "readonly", error };
    if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return { writable: false, reason: "busy", error };
    return { writable: false, reason: "error", error };
  }
}

/** Bytes free (to this process's user) on the file system of a local database file; null for a libSQL server or when unknown. */
export async function freeDiskBytes(database: Database): Promise<number | null> {
  if (!(database.client instanceof FileClient)) return null;
  try {
    const stats = await fs.promises.statfs(path.dirname(path.resolve(database.client.path)));
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}
