// Writes the database refused for lack of room (SQLITE_FULL: the disk, or the database's page
// limit), remembered by this process so /healthz can report a full disk even between its own
// probes, which write a row that already exists and may still fit.

/** SQLite's code for a write that found no room (a full disk, or the database's page limit). */
export function isStorageFull(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "SQLITE_FULL" || e?.cause?.code === "SQLITE_FULL";
}

let lastRefusal: number | null = null;

/** A write was refused with SQLITE_FULL now. */
export function noteStorageFull(now: number = Date.now()): void {
  lastRefusal = now;
}

/** When a write was last refused with SQLITE_FULL in this process (null: never). */
export function lastStorageFullAt(): number | null {
  return lastRefusal;
}
