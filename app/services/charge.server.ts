import crypto from "node:crypto";
import type { AppContext } from "~/composition/app.server";
import { AI_GENERATION, charge, keepCharge, refundPendingCharge } from "~/models/credits.server";
import type { User } from "~/models/users.server";
import { registeredInstance } from "./process-instance.server";
import { failure, type ServiceFailure } from "./result";

/**
 * What charged work answers: its outcome, and what became of the charge. `keepCharge: true` — the
 * work earned it and stores nothing it paid for (an API response): withCharge keeps it; `false` —
 * it earned nothing (a refine that applied nothing): refunded; `"settled"` — the work stored what
 * it paid for and settled the charge in that same batch (a `ChargeSettlement`, ADR 032), so
 * nothing is left to do.
 */
export type ChargedOutcome<T, F extends ServiceFailure = ServiceFailure> = { ok: true; value: T; keepCharge: boolean | "settled" } | F;

/**
 * Charges one generation (CREDITS_PER_GENERATION), runs `work`, and gives the credits back when
 * the work fails, throws, or says it did not earn them. The one place a generation is paid for:
 * /api/generate, /api/generate-email, the builder and page eval runs (through generate()), and
 * the builder's refine. `generationId` is the ledger reference of both the charge and the refund,
 * and the result's `metadata.generationId`.
 *
 * The charge stays pending (pending_charges, naming this process) until it is kept or refunded,
 * so one cut off by a crash is refunded at the next start (app/services/interrupted-work.server.ts).
 * Work that stores what it paid for (an email version, an eval result) settles the charge in the
 * batch that stores it: a kill before that batch leaves the charge pending, and it is refunded.
 * Should the work throw or fail after its store settled the charge, the refund here finds nothing
 * pending and changes nothing.
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
    const me = await registeredInstance(app);
    const charged = await charge(db, user.id, AI_GENERATION, cost, generationId, { instanceId: me.id });
    if (!charged.ok) return failure(402, "Insufficient balance");
  }
  let keep: boolean | "settled" = false;
  try {
    const outcome = await work({ generationId, cost });
    if (!outcome.ok) return outcome;
    keep = outcome.keepCharge;
    return { ok: true, value: outcome.value, charged: keep ? cost : 0 };
  } finally {
    if (cost > 0 && keep !== "settled") {
      if (!keep) await refundPendingCharge(db, { reference: generationId, userId: user.id, action: AI_GENERATION, amount: cost });
      else
        // The result is the caller's either way: should settling fail, the marker is left, and a
        // later start-up refunds a charge that was kept (the user gets this one free), never twice.
        await keepCharge(db, generationId).catch((err: unknown) =>
          app.logger.warn({ err, generationId }, "a kept charge could not be settled"),
        );
    }
  }
}
