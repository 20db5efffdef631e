import { and, eq, gte, sql } from "drizzle-orm";
import { creditBalances, creditLedger } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export const AI_GENERATION = "ai_generation";
export type CreditAction = typeof AI_GENERATION;

export type ChargeResult = { ok: true; balance: number; ledgerId: number } | { ok: false; balance: number };

/**
 * One conditional decrement (`… where balance >= cost returning`) and its ledger row in one
 * transaction: concurrent charges can never take the balance below zero.
 */
export async function charge(db: Db, userId: string, action: CreditAction, cost: number, reference?: string): Promise<ChargeResult> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(creditBalances)
      .set({ balance: sql`${creditBalances.balance} - ${cost}` })
      .where(and(eq(creditBalances.userId, userId), eq(creditBalances.action, action), gte(creditBalances.balance, cost)))
      .returning({ balance: creditBalances.balance });
    if (updated.length === 0) {
      const row = await tx
        .select({ balance: creditBalances.balance })
        .from(creditBalances)
        .where(and(eq(creditBalances.userId, userId), eq(creditBalances.action, action)))
        .get();
      return { ok: false as const, balance: row?.balance ?? 0 };
    }
    const balance = updated[0].balance;
    const [ledger] = await tx
      .insert(creditLedger)
      .values({ userId, action, delta: -cost, kind: "charge", reference, balanceAfter: balance })
      .returning({ id: creditLedger.id });
    return { ok: true as const, balance, ledgerId: ledger.id };
  });
}

async function credit(db: Db, userId: string, action: CreditAction, amount: number, kind: "refund" | "grant", reference?: string) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .insert(creditBalances)
      .values({ userId, action, balance: amount })
      .onConflictDoUpdate({
        target: [creditBalances.userId, creditBalances.action],
        set: { balance: sql`${creditBalances.balance} + ${amount}` },
      })
      .returning({ balance: creditBalances.balance });
    const balance = updated[0].balance;
    await tx.insert(creditLedger).values({ userId, action, delta: amount, kind, reference, balanceAfter: balance });
    return balance;
  });
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
