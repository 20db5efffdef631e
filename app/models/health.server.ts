// The statements /healthz runs (app/services/health.server.ts says when and why).
import type { Client } from "@libsql/client";
export { migrationState } from "../../db/migrate";

export async function pingDatabase(client: Client): Promise<void> {
  await client.execute("select 1");
}

/**
 * One committed upsert of a row of its own (key `healthz:write-probe` in rate_limits, which no
 * limit uses): the write that finds a database that cannot be written.
 */
export async function writeHealthProbe(client: Client, now: number): Promise<void> {
  await client.execute({
    sql: `INSERT INTO rate_limits (key, window_start, count) VALUES ('healthz:write-probe', ?, 0)
          ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start`,
    args: [now],
  });
}

/** The database's pages in use, its page limit and the free pages inside the file (PRAGMAs; null where unsupported). */
export async function pageUsage(client: Client): Promise<{ count: number; max: number; free: number } | null> {
  try {
    const [count, max, free] = await Promise.all(
      ["PRAGMA page_count", "PRAGMA max_page_count", "PRAGMA freelist_count"].map(async (sql) =>
        Number((await client.execute(sql)).rows[0]?.[0]),
      ),
    );
    return [count, max, free].every(Number.isFinite) ? { count, max, free } : null;
  } catch {
    return null;
  }
}
