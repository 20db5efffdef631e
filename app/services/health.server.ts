// What /healthz reports: the database reachable, migrated and writable.
import type { AppContext } from "~/composition/app.server";
import { storageFullReason } from "~/domain/health/storage";
import { freeDiskBytes, probeWrite, type Database } from "~/lib/db.server";
import { isStorageFull, lastStorageFullAt } from "~/lib/storage-refusals.server";
import { migrationState, pageUsage, pingDatabase, writeHealthProbe } from "~/models/health.server";

/** How long /healthz waits for the probe before reporting the write lock as held elsewhere. */
const WRITE_PROBE_WAIT_MS = 1000;

type Writable = true | false | "busy";
interface WriteProbe {
  writable: Writable;
  error?: string;
  /** The probe's write failed with SQLITE_FULL. */
  full?: boolean;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/**
 * Writability is checked in two steps. First the write lock, without waiting (probeWrite: a local
 * file tries `BEGIN IMMEDIATE` once; a libSQL server opens a write transaction it drops): held by
 * another process → "busy" at once. Then one committed upsert of a row of its own (key
 * `healthz:write-probe` in rate_limits, which no limit uses). The second step is what finds a
 * database that cannot be written: the lock alone succeeds on a WAL file SQLite opened read-only,
 * and a write that changes nothing (or a rolled-back one) never touches the disk, so it passes on
 * a file system that refuses writes. One small row, one page per check.
 */
async function probeWrites(database: Database): Promise<WriteProbe> {
  const lock = await probeWrite(database);
  if (!lock.writable) {
    if (lock.reason === "busy") return { writable: "busy", error: lock.error ?? "another process holds the database's write lock" };
    return {
      writable: false,
      error: lock.error ?? (lock.reason === "readonly" ? "the database is read-only" : "the write lock could not be taken"),
    };
  }
  try {
    await writeHealthProbe(database.client, Date.now());
    return { writable: true };
  } catch (e) {
    const code = errorCode(e);
    // The lock was taken by someone else in between and held past the busy timeout.
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return { writable: "busy", error: message(e) };
    // SQLITE_READONLY (opened read-only, a read-only replica), SQLITE_IOERR (the file system refuses
    // the write), SQLITE_FULL, a missing table (migrations behind) and anything else: writes fail.
    return { writable: false, error: message(e), ...(isStorageFull(e) ? { full: true } : {}) };
  }
}

// Concurrent health checks share one probe, so a burst of them takes the write lock once.
let inflight: Promise<WriteProbe> | null = null;

/**
 * Whether a write would go through now. Should the committed write still wait for the lock (or a
 * slow server) after WRITE_PROBE_WAIT_MS, the answer is "busy" and the probe finishes on its own
 * in the background (it only touches its own row); nothing here blocks the event loop.
 */
async function writability(database: Database): Promise<WriteProbe> {
  const probe = (inflight ??= probeWrites(database).finally(() => {
    inflight = null;
  }));
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<WriteProbe>((resolve) => {
    timer = setTimeout(
      () => resolve({ writable: "busy", error: `a write waited more than ${WRITE_PROBE_WAIT_MS} ms for the database's write lock` }),
      WRITE_PROBE_WAIT_MS,
    );
    timer.unref();
  });
  try {
    return await Promise.race([probe, waited]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Health {
  /** "ok" — reachable, migrated, writable; "busy" — reads work, writes wait for a lock another process holds; "degraded" — unreachable, migrations behind, writes fail, or the storage is full. */
  status: "ok" | "busy" | "degraded";
  /** Present when the status is not "ok": "disk full", "write lock held", "writes fail", "migrations behind" or "unreachable". */
  reason?: string;
  database: { reachable: boolean; writable: Writable; error?: string; full?: { reason: string } };
  migrations: { applied: number; available: number; upToDate: boolean } | null;
}

export async function checkHealth(app: AppContext): Promise<Health> {
  let database: Health["database"] = { reachable: true, writable: false };
  let migrations: Health["migrations"] = null;
  try {
    await pingDatabase(app.database.client);
    const state = await migrationState(app.database.client);
    migrations = { ...state, upToDate: state.applied >= state.available };
  } catch (e) {
    database = { reachable: false, writable: false, error: message(e) };
  }
  if (!database.reachable) return { status: "degraded", reason: "unreachable", database, migrations };

  const probe = await writability(app.database);
  database = { reachable: true, writable: probe.writable, ...(probe.error ? { error: probe.error } : {}) };
  const [pages, freeBytes] = await Promise.all([pageUsage(app.database.client), freeDiskBytes(app.database)]);
  const full = storageFullReason({ probeFull: Boolean(probe.full), pages, freeBytes, lastRefusalAt: lastStorageFullAt(), now: Date.now() });
  if (full) return { status: "degraded", reason: "disk full", database: { ...database, full: { reason: full } }, migrations };
  if (!migrations?.upToDate) return { status: "degraded", reason: "migrations behind", database, migrations };
  if (database.writable === false) return { status: "degraded", reason: "writes fail", database, migrations };
  if (database.writable === "busy") return { status: "busy", reason: "write lock held", database, migrations };
  return { status: "ok", database, migrations };
}
