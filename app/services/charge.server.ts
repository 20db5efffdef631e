import crypto from "node:crypto";
import type { AppContext } from "~/composition/app.server";
import { AI_GENERATION, charge, refund } from "~/models/credits.server";
import type { User } from "~/models/users.server";
import { failure, type ServiceFailure } from "./result";

/** What charged work answers: its outcome, and whether it earned the charge. */
export type ChargedOutcome<T, F extends ServiceFailure = ServiceFailure> = { ok: true; value: T; keepCharge: boolean } | F;

/**
 * Charges one generation (CREDITS_PER_GENERATION), runs `work`, and gives the credits back when
 * the work fails, throws, or says it did not earn them (a refine that applied nothing). The one
 * place a generation is paid for: /api/generate, /api/generate-email and the builder (through
 * generate()). `generationId` is the ledger reference of both the charge and the refund.
 */
export async function withCharge<T, F extends ServiceFailure = ServiceFailure>(
  app: AppContext,
  user: User,
  work: (charge: { generationId: string; cost: number }) => Promise<ChargedOutcome<T, F>>,
): Promise<{ ok: true; value: T; charged: number } | F | ServiceFailure> {
  const { db } = app.database;
  const generationId = crypto.randomUUID();
  const cost = app.env.CREDITS_PER_GENERATION;
  if (cost > 0) {
    const charged = await charge(db, user.id, AI_GENERATION, cost, generationId);
    if (!charged.ok) return failure(402, "Insufficient balance");
  }
  let keep = false;
  try {
    const outcome = await work({ generationId, cost });
    if (!outcome.ok) return outcome;
    keep = outcome.keepCharge;
    return { ok: true, value: outcome.value, charged: keep ? cost : 0 };
  } finally {
    if (!keep && cost > 0) await refund(db, user.id, AI_GENERATION, cost, generationId);
  }
}
