// Server processes and their heartbeats (server_instances): see app/domain/recovery/owner.ts.
import type { OwnerRecord } from "~/domain/recovery/owner";
import type { Db } from "~/lib/db.server";

export async function registerInstance(
  db: Db,
  me: { id: string; host: string; pid: number; startedAt: number },
  now: number,
): Promise<void> {
  await db.$client.execute({
    sql: `INSERT INTO server_instances (id, host, pid, started_at, seen_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`,
    args: [me.id, me.host, me.pid, me.startedAt, now],
  });
}

/** Renews a heartbeat; re-creates the record should another process have judged this one gone and removed it. */
export const touchInstance = registerInstance;

export async function findInstances(db: Db, ids: string[]): Promise<Map<string, OwnerRecord>> {
  const found = new Map<string, OwnerRecord>();
  if (!ids.length) return found;
  const rs = await db.$client.execute({
    sql: `SELECT id, host, pid, seen_at FROM server_instances WHERE id IN (${ids.map(() => "?").join(", ")})`,
    args: ids,
  });
  for (const r of rs.rows)
    found.set(String(r.id), { id: String(r.id), host: String(r.host), pid: Number(r.pid), seenAt: Number(r.seen_at) });
  return found;
}

/**
 * Removes the records of processes judged gone that no pending charge or running eval run names
 * any more (`keep` is never removed: this process).
 */
export async function deleteIdleInstances(db: Db, ids: string[], keep: string): Promise<void> {
  const gone = ids.filter((id) => id !== keep);
  if (!gone.length) return;
  await db.$client.execute({
    sql: `DELETE FROM server_instances WHERE id IN (${gone.map(() => "?").join(", ")})
          AND id NOT IN (SELECT instance_id FROM pending_charges)
          AND id NOT IN (SELECT runner_instance_id FROM eval_runs WHERE status = 'running' AND runner_instance_id IS NOT NULL)`,
    args: gone,
  });
}
