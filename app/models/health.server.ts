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
