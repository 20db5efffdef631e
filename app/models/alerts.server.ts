import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
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
  await db
    .update(operatorAlerts)
    .set({ lastError: error.slice(0, 1000) })
    .where(eq(operatorAlerts.id, id))
    .run();
}

export async function listRecentAlerts(db: Db, limit: number): Promise<AlertRow[]> {
  return db.select().from(operatorAlerts).orderBy(desc(operatorAlerts.id)).limit(limit).all();
}

// ── the admin page: review and acknowledge ──────────────────────────────────────────────────────

/** Alerts for the admin page: those nobody acknowledged first, then the rest; newest first in each. */
export async function listAlertsForReview(db: Db, opts: { limit: number; offset?: number; openOnly?: boolean }): Promise<AlertRow[]> {
  return db
    .select()
    .from(operatorAlerts)
    .where(opts.openOnly ? isNull(operatorAlerts.acknowledgedAt) : undefined)
    .orderBy(sql`${operatorAlerts.acknowledgedAt} IS NOT NULL`, desc(operatorAlerts.id))
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .all();
}

export async function countAlerts(db: Db): Promise<{ open: number; total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      open: sql<number>`coalesce(sum(case when ${operatorAlerts.acknowledgedAt} is null then 1 else 0 end), 0)`,
    })
    .from(operatorAlerts)
    .all();
  return { open: Number(row.open), total: Number(row.total) };
}

export type AcknowledgeOutcome = { ok: true; alert: AlertRow } | { ok: false; reason: "missing" | "already"; alert?: AlertRow };

/** Marks one alert seen, once: a second acknowledgement keeps the first one's who and when. */
export async function acknowledgeAlert(db: Db, id: number, by: string, at: Date): Promise<AcknowledgeOutcome> {
  const [updated] = await db
    .update(operatorAlerts)
    .set({ acknowledgedAt: at, acknowledgedBy: by })
    .where(and(eq(operatorAlerts.id, id), isNull(operatorAlerts.acknowledgedAt)))
    .returning()
    .all();
  if (updated) return { ok: true, alert: updated };
  const existing = await db.select().from(operatorAlerts).where(eq(operatorAlerts.id, id)).get();
  return existing ? { ok: false, reason: "already", alert: existing } : { ok: false, reason: "missing" };
}

/**
 * Acknowledges every open alert up to and including `maxId` (the newest one the admin saw), so an
 * alert that arrives while the page is open is not acknowledged unseen. Returns how many.
 */
export async function acknowledgeAlertsThrough(db: Db, maxId: number, by: string, at: Date): Promise<number> {
  const rows = await db
    .update(operatorAlerts)
    .set({ acknowledgedAt: at, acknowledgedBy: by })
    .where(and(lte(operatorAlerts.id, maxId), isNull(operatorAlerts.acknowledgedAt)))
    .returning({ id: operatorAlerts.id })
    .all();
  return rows.length;
}
