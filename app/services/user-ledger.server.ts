// An admin's view of one user's credits: the balance and the ledger that explains it.
import type { AppContext } from "~/composition/app.server";
import { AI_GENERATION, balanceOf, listLedger, sumLedgerByKind, type LedgerRow } from "~/models/credits.server";
import { findUserById, type User } from "~/models/users.server";
import { failure, type ServiceResult } from "./result";

export interface UserLedger {
  user: User;
  balance: number;
  rows: LedgerRow[];
  total: number;
  /** Sums of the deltas over the whole ledger by kind (not only the page shown); zero when none. */
  sums: Record<LedgerRow["kind"], number>;
}

export type UserLedgerResult = ServiceResult<UserLedger>;

export async function userLedger(app: AppContext, userId: string, page: { limit: number; offset: number }): Promise<UserLedgerResult> {
  const { db } = app.database;
  const user = await findUserById(db, userId);
  if (!user) return failure(404, "There is no user with this id.");
  const [balance, ledger, byKind] = await Promise.all([
    balanceOf(db, user.id, AI_GENERATION),
    listLedger(db, user.id, page),
    sumLedgerByKind(db, user.id),
  ]);
  const sums: Record<LedgerRow["kind"], number> = { initial: 0, grant: 0, charge: 0, refund: 0 };
  for (const k of byKind) sums[k.kind] = k.sum;
  return { ok: true, value: { user, balance, rows: ledger.rows, total: ledger.total, sums } };
}
