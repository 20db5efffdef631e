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
 * transaction: concurrent charges can never take the balance below zero.
 */
export async function charge(db: Db, userId: string, action: CreditAction, cost: number, reference?: string): Promise<ChargeResult> {
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
    db.select().from(creditLedger).where(where).orderBy(desc(creditLedger.createdAt), desc(creditLedger.id)).limit(page.limit).offset(page.offset).all(),
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
