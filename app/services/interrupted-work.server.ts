// Work a server process cut off by dying: charges it took for generations that never finished,
// and eval runs it was executing from the admin page. Settled at start-up and every minute after
// (the `interrupted-work` job of app/services/jobs.server.ts: a process on another host may die
// without this one restarting), by the rule of app/domain/recovery/owner.ts: never the work of a
// process that is still alive.
import type { AppContext } from "~/composition/app.server";
import { interruptedRefundNote, ownerGone, type GoneReason } from "~/domain/recovery/owner";
import { pidRunning } from "~/lib/process-identity.server";
import { listPendingCharges, refundPendingCharge } from "~/models/credits.server";
import { listRunsWithRunner } from "~/models/eval-runner.server";
import { deleteIdleInstances, findInstances } from "~/models/server-instances.server";
import { finalizeRun } from "./eval.server";
import { registeredInstance } from "./process-instance.server";

export interface RecoveredWork {
  refunds: Array<{ reference: string; userId: string; amount: number; reason: GoneReason }>;
  /** Eval runs finalized with the results they had (shown as incomplete). */
  evalRuns: string[];
}

export const INTERRUPTED_WORK_SWEEP_MS = 60_000;

export async function recoverInterruptedWork(app: AppContext, now: number = Date.now()): Promise<RecoveredWork> {
  const { db } = app.database;
  const me = await registeredInstance(app);
  const [charges, runs] = await Promise.all([listPendingCharges(db), listRunsWithRunner(db)]);
  const owners = await findInstances(db, [...new Set([...charges.map((c) => c.instanceId), ...runs.map((r) => r.runnerInstanceId)])]);
  const verdicts = new Map<string, GoneReason | null>();
  const gone = (id: string) => {
    if (!verdicts.has(id)) verdicts.set(id, ownerGone(owners.get(id) ?? null, me, now, pidRunning));
    return verdicts.get(id)!;
  };

  const recovered: RecoveredWork = { refunds: [], evalRuns: [] };
  for (const c of charges) {
    const reason = gone(c.instanceId);
    if (!reason) continue;
    if (await refundPendingCharge(db, c, interruptedRefundNote(reason))) {
      recovered.refunds.push({ reference: c.reference, userId: c.userId, amount: c.amount, reason });
      app.logger.warn(
        { reference: c.reference, userId: c.userId, amount: c.amount, reason, chargedAt: c.createdAt.toISOString() },
        "refunded a charge whose generation was interrupted",
      );
    }
  }
  for (const run of runs) {
    const reason = gone(run.runnerInstanceId);
    if (!reason) continue;
    const done = await finalizeRun(app, run.id);
    if (done.ok) {
      recovered.evalRuns.push(run.id);
      app.logger.warn(
        { runId: run.id, reason, results: done.value.resultCount, prompts: done.value.promptCount },
        "eval run was interrupted; finalized with the results it had",
      );
    }
  }
  await deleteIdleInstances(
    db,
    [...verdicts].filter(([, reason]) => reason).map(([id]) => id),
    me.id,
  );
  return recovered;
}
