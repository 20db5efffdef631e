import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { operatorAlerts } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type AlertRow = typeof operatorAlerts.$inferSelect;

/** Undelivered alerts, oldest first; `freshOnly` keeps those never tried yet. */
export async function listPendingAlerts(db: Db, opts: { limit: number; freshOnly?: boolean }): Promise<AlertRow[]> {
  const pending = isNull(operatorAlerts.deliveredAt);
  return db
    .select()
    .from(operatorAlerts)
    .where(opts.freshOnly ? and(pending, eq(operatorAlerts.attempts, 0)) : pending)
    .orderBy(asc(operatorAlerts.id))
    .limit(opts.limit)
    .all();
}

/**
 * Claims an alert for one delivery attempt: bumps `attempts` only if nobody else did since it was
 * read, so two retry passes (or two processes) never post the same alert twice at once.
 */
export async function claimAlert(db: Db, alert: Pick<AlertRow, "id" | "attempts">): Promise<boolean> {
  const rows = await db
    .update(operatorAlerts)
    .set({ attempts: sql`${operatorAlerts.attempts} + 1` })
    .where(and(eq(operatorAlerts.id, alert.id), eq(operatorAlerts.attempts, alert.attempts), isNull(operatorAlerts.deliveredAt)))
    .returning({ id: operatorAlerts.id })
    .all();
  return rows.length === 1;
}

export async function markAlertDelivered(db: Db, id: number, at: Date): Promise<void> {
  await db.update(operatorAlerts).set({ deliveredAt: at, lastError: null }).where(eq(operatorAlerts.id, id)).run();
}

export async function markAlertFailed(db: Db, id: number, error: string): Promise<void> {
  await db.update(operatorAlerts).set({ lastError: error.slice(0, 1000) }).where(eq(operatorAlerts.id, id)).run();
}

export async function listRecentAlerts(db: Db, limit: number): Promise<AlertRow[]> {
  return db.select().from(operatorAlerts).orderBy(desc(operatorAlerts.id)).limit(limit).all();
}
