import type { InStatement } from "@libsql/client";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { creditBalances, creditLedger } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export const AI_GENERATION = "ai_generation";
export type CreditAction = typeof AI_GENERATION;

export type ChargeResult = { ok: true; balance: number; ledgerId: number } | { ok: false; balance: number };

// Atomic multi-statement writes go through the client's batch: it runs on one connection with no
// await between statements, so two of our own writers can never interleave (an interactive
// transaction on a second pooled connection would block this thread in SQLite's busy wait).

/**
 * One conditional decrement (`… where balance >= cost returning`) and its ledger row in one
 * transaction: concurrent charges can never take the balance below zero. With `pending`, the
 * same transaction records the charge as pending for that process (`pending_charges`, keyed by
 * `reference`) until keepCharge or refundPendingCharge settles it.
 */
export async function charge(
  db: Db,
  userId: string,
  action: CreditAction,
  cost: number,
  reference?: string,
  pending?: { instanceId: string },
): Promise<ChargeResult> {
  if (pending && !reference) throw new Error("a pending charge needs a reference");
  const [updated, ledger] = await db.$client.batch(
    [
      {
        sql: "UPDATE credit_balances SET balance = balance - ? WHERE user_id = ? AND action = ? AND balance >= ? RETURNING balance",
        args: [cost, userId, action, cost],
      },
      {
        // changes() is the UPDATE's row count: the ledger row exists only if the charge happened.
        sql: `INSERT INTO credit_ledger (user_id, action, delta, kind, reference, balance_after)
              SELECT ?, ?, ?, 'charge', ?, balance FROM credit_balances
              WHERE user_id = ? AND action = ? AND changes() = 1 RETURNING id`,
        args: [userId, action, -cost, reference ?? null, userId, action],
      },
      ...(pending
        ? [
            {
              // changes() is now the ledger insert's: the marker exists only if the charge happened.
              sql: `INSERT INTO pending_charges (reference, user_id, action, amount, instance_id)
                    SELECT ?, ?, ?, ?, ? WHERE changes() = 1`,
              args: [reference!, userId, action, cost, pending.instanceId],
            },
          ]
        : []),
    ],
    "write",
  );
  if (updated.rows.length === 0) return { ok: false, balance: await balanceOf(db, userId, action) };
  return { ok: true, balance: Number(updated.rows[0].balance), ledgerId: Number(ledger.rows[0].id) };
}

async function credit(db: Db, userId: string, action: CreditAction, amount: number, kind: "refund" | "grant", reference?: string) {
  const [updated] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO credit_balances (user_id, action, balance) VALUES (?, ?, ?)
              ON CONFLICT (user_id, action) DO UPDATE SET balance = balance + excluded.balance RETURNING balance`,
        args: [userId, action, amount],
      },
      {
        sql: `INSERT INTO credit_ledger (user_id, action, delta, kind, reference, balance_after)
              SELECT ?, ?, ?, ?, ?, balance FROM credit_balances WHERE user_id = ? AND action = ?`,
        args: [userId, action, amount, kind, reference ?? null, userId, action],
      },
    ],
    "write",
  );
  return Number(updated.rows[0].balance);
}

/** The work a pending charge paid for kept it: the charge is settled, there is nothing to refund. */
export async function keepCharge(db: Db, reference: string): Promise<void> {
  await db.$client.execute({ sql: "DELETE FROM pending_charges WHERE reference = ?", args: [reference] });
}

/**
 * How the batch that stores what a pending charge paid for settles it, in the same transaction
 * (ADR 032): `keep` (the work earned it) or `refund` (the work is free: the builder's free
 * regeneration), the refund's ledger row under `ledgerReference`. A kill before that batch
 * commits leaves the charge pending, and the recovery refunds it (app/services/interrupted-work.server.ts).
 */
export type ChargeSettlement =
  { keep: string } | { refund: Pick<PendingCharge, "reference" | "userId" | "action" | "amount">; ledgerReference: string };

/**
 * The statements that settle a pending charge, to follow the one statement that stores one row of
 * what it paid for: they act only if that statement changed exactly one row, so a store that
 * stored nothing (a result for a run that finished meanwhile) leaves the charge pending, for the
 * caller to refund. A refund credits only if its marker was still there, as refundPendingCharge.
 */
export function settleChargeAfterStore(settlement: ChargeSettlement): InStatement[] {
  if ("keep" in settlement) return [{ sql: "DELETE FROM pending_charges WHERE reference = ? AND changes() = 1", args: [settlement.keep] }];
  const c = settlement.refund;
  return refundStatements(c, { ledgerReference: settlement.ledgerReference, afterStore: true });
}

/**
 * A pending charge's refund: its marker deleted, and only if that deleted a row, the balance
 * credited and the refund row written. changes() in each statement is the previous statement's
 * row count while the statement runs; `afterStore` also makes the marker's delete wait on the
 * statement before it.
 */
function refundStatements(
  c: Pick<PendingCharge, "reference" | "userId" | "action" | "amount">,
  opts: { ledgerReference?: string; note?: string; afterStore?: boolean } = {},
): InStatement[] {
  return [
    {
      sql: `DELETE FROM pending_charges WHERE reference = ? AND user_id = ? AND action = ? AND amount = ?${opts.afterStore ? " AND changes() = 1" : ""}`,
      args: [c.reference, c.userId, c.action, c.amount],
    },
    {
      sql: "UPDATE credit_balances SET balance = balance + ? WHERE user_id = ? AND action = ? AND changes() = 1 RETURNING balance",
      args: [c.amount, c.userId, c.action],
    },
    {
      sql: `INSERT INTO credit_ledger (user_id, action, delta, kind, reference, balance_after, note)
            SELECT ?, ?, ?, 'refund', ?, balance, ? FROM credit_balances WHERE user_id = ? AND action = ? AND changes() = 1`,
      args: [c.userId, c.action, c.amount, opts.ledgerReference ?? c.reference, opts.note ?? null, c.userId, c.action],
    },
  ];
}

export interface PendingCharge {
  reference: string;
  userId: string;
  action: CreditAction;
  amount: number;
  instanceId: string;
  createdAt: Date;
}

/**
 * Refunds a pending charge, once: its marker is deleted, and only if that deleted a row are the
 * balance credited and the refund row written (the charge's reference unless `ledgerReference`
 * says otherwise, `note` saying why), in one transaction. False when it was already settled
 * (kept, or refunded by another path).
 */
export async function refundPendingCharge(
  db: Db,
  c: Pick<PendingCharge, "reference" | "userId" | "action" | "amount">,
  note?: string,
  ledgerReference?: string,
): Promise<boolean> {
  const [, updated] = await db.$client.batch(refundStatements(c, { note, ledgerReference }), "write");
  return updated.rows.length === 1;
}

/** Every pending charge, oldest first (few: one per generation running now or cut off by a crash). */
export async function listPendingCharges(db: Db): Promise<PendingCharge[]> {
  const rs = await db.$client.execute(
    "SELECT reference, user_id, action, amount, instance_id, created_at FROM pending_charges ORDER BY created_at",
  );
  return rs.rows.map((r) => ({
    reference: String(r.reference),
    userId: String(r.user_id),
    action: String(r.action) as CreditAction,
    amount: Number(r.amount),
    instanceId: String(r.instance_id),
    createdAt: new Date(Number(r.created_at)),
  }));
}

/** Gives back a charge for a generation that failed after charging. */
export function refund(db: Db, userId: string, action: CreditAction, amount: number, reference?: string) {
  return credit(db, userId, action, amount, "refund", reference);
}

export function grant(db: Db, userId: string, action: CreditAction, amount: number, reference?: string) {
  return credit(db, userId, action, amount, "grant", reference);
}

export async function balanceOf(db: Db, userId: string, action: CreditAction = AI_GENERATION): Promise<number> {
  const row = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(and(eq(creditBalances.userId, userId), eq(creditBalances.action, action)))
    .get();
  return row?.balance ?? 0;
}

export type LedgerRow = typeof creditLedger.$inferSelect;

/** One user's ledger for one action, newest first (the id breaks ties within a millisecond), and its length. */
export async function listLedger(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
  action: CreditAction = AI_GENERATION,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = and(eq(creditLedger.userId, userId), eq(creditLedger.action, action));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(creditLedger)
      .where(where)
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ total: count() }).from(creditLedger).where(where).all(),
  ]);
  return { rows, total };
}

/** The sum of one user's ledger deltas per kind, and how many rows of each. */
export async function sumLedgerByKind(
  db: Db,
  userId: string,
  action: CreditAction = AI_GENERATION,
): Promise<Array<{ kind: LedgerRow["kind"]; sum: number; count: number }>> {
  const rows = await db
    .select({ kind: creditLedger.kind, sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)`, count: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.action, action)))
    .groupBy(creditLedger.kind)
    .all();
  return rows.map((r) => ({ kind: r.kind, sum: Number(r.sum), count: r.count }));
}
