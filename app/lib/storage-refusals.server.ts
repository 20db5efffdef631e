// Writes the database refused without changing anything: for lack of room (SQLITE_FULL: the
// disk, or the database's page limit), or because another process held the write lock past
// DB_BUSY_TIMEOUT_MS (SQLITE_BUSY). One classification for every caller: the API (apiRoute), the
// pages and resource routes (app/http/storage-refusal.server.ts) and start-up's own writes
// (app/services/bootstrap.server.ts). A refusal for lack of room is remembered by this process
// so /healthz can report a full disk even between its own probes, which write a row that already
// exists and may still fit.

export type StorageRefusal = "full" | "busy";

/** SQLite's code for a write that found no room (a full disk, or the database's page limit). */
export function isStorageFull(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "SQLITE_FULL" || e?.cause?.code === "SQLITE_FULL";
}

/** Another process held the database's write lock past DB_BUSY_TIMEOUT_MS: nothing was written. */
export function isDatabaseBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "SQLITE_BUSY";
}

/** What kind of refusal an error is, if it is one; a full disk is noted for /healthz. */
export function storageRefusalOf(error: unknown): StorageRefusal | null {
  if (isStorageFull(error)) {
    noteStorageFull();
    return "full";
  }
  return isDatabaseBusy(error) ? "busy" : null;
}

let lastRefusal: number | null = null;

/** A write was refused with SQLITE_FULL now. */
export function noteStorageFull(now: number = Date.now()): void {
  lastRefusal = now;
}

/**
 * Writes refused for lack of room went through when tried again, a try that began at `since`:
 * there is room again, so a refusal from before it is no longer news. One refused after it stays.
 */
export function noteStorageRoom(since: number): void {
  if (lastRefusal !== null && lastRefusal <= since) lastRefusal = null;
}

/** When a write was last refused with SQLITE_FULL in this process (null: never). */
export function lastStorageFullAt(): number | null {
  return lastRefusal;
}
