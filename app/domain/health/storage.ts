// When /healthz says the database's storage is full: any one of the signs below. A full disk
// shows itself unevenly (a write that fits in pages the file already has still succeeds), so the
// probe's own write is not enough on its own.

/** Less free space than this on the database's file system is a full disk (SQLite needs room for its WAL and new pages). */
export const DISK_FULL_BELOW_BYTES = 1024 * 1024;
/** A write refused for lack of room keeps /healthz reporting a full disk this long. */
export const REFUSAL_REPORTED_FOR_MS = 60_000;

export interface StorageFacts {
  /** The probe's own write failed with SQLITE_FULL. */
  probeFull: boolean;
  /** The database's pages: used, the limit (PRAGMA max_page_count) and free ones inside the file. */
  pages: { count: number; max: number; free: number } | null;
  /** Free bytes on the database's file system (null: a libSQL server, or unknown). */
  freeBytes: number | null;
  /** When this process last had a write refused with SQLITE_FULL. */
  lastRefusalAt: number | null;
  now: number;
}

/** Why the storage counts as full, or null when it does not. */
export function storageFullReason(f: StorageFacts): string | null {
  if (f.probeFull) return "the health probe's write found no room (SQLITE_FULL)";
  if (f.pages && f.pages.count >= f.pages.max && f.pages.free === 0) return `the database is at its page limit (${f.pages.max} pages)`;
  if (f.freeBytes !== null && f.freeBytes < DISK_FULL_BELOW_BYTES) return `${f.freeBytes} bytes free on the database's file system`;
  if (f.lastRefusalAt !== null && f.now - f.lastRefusalAt < REFUSAL_REPORTED_FOR_MS)
    return `a write was refused for lack of room (SQLITE_FULL) ${Math.round((f.now - f.lastRefusalAt) / 1000)} s ago`;
  return null;
}
