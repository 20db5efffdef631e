// Operator alerts: every alert is a row in operator_alerts first (written with the event that
// caused it), then pushed to the chat webhook when one is configured. A failed push keeps the row
// pending with its attempts and last error; retry passes (the `alert-retry` job, app/services/jobs.server.ts) deliver it later. Nothing here ever
// runs inside a webhook request.
import type { AppContext } from "~/composition/app.server";
import type { AlertNotifier, OperatorAlertKind } from "~/adapters/alerts/port";
import { claimAlert, listPendingAlerts, markAlertDelivered, markAlertFailed } from "~/models/alerts.server";

export const ALERT_RETRY_INTERVAL_MS = 60_000;
const PASS_LIMIT = 100;

export interface AlertPassResult {
  delivered: number;
  failed: number;
}

const KINDS: ReadonlySet<string> = new Set<OperatorAlertKind>([
  "hard_bounce",
  "complaint",
  "soft_bounce_escalated",
  "send_outcome_unknown",
]);

async function pass(app: AppContext, notifier: AlertNotifier, freshOnly: boolean): Promise<AlertPassResult> {
  const { db } = app.database;
  const result: AlertPassResult = { delivered: 0, failed: 0 };
  const pending = await listPendingAlerts(db, { limit: PASS_LIMIT, freshOnly });
  for (const alert of pending) {
    if (!(await claimAlert(db, alert))) continue;
    const kind = (KINDS.has(alert.kind) ? alert.kind : "hard_bounce") as OperatorAlertKind;
    const sent = await notifier.notify({ kind, recipient: alert.recipient ?? "(unknown)", message: alert.message });
    if (sent.ok) {
      await markAlertDelivered(db, alert.id, new Date());
      result.delivered++;
    } else {
      await markAlertFailed(db, alert.id, sent.error);
      app.logger.warn({ alertId: alert.id, attempts: alert.attempts + 1, error: sent.error }, "operator alert not delivered; will retry");
      result.failed++;
    }
  }
  return result;
}

// Passes run one at a time; a request made while one is waiting to start joins it.
let tail: Promise<unknown> = Promise.resolve();
let waiting: { freshOnly: boolean; promise: Promise<AlertPassResult> } | null = null;

/**
 * Delivers pending alerts. `freshOnly` (after a webhook) touches only alerts never tried, so a
 * flood of webhooks while the chat service is down does not hammer it; the interval pass
 * retries the failed ones.
 */
export function retryPendingAlerts(
  app: AppContext,
  opts: { freshOnly?: boolean; notifier?: AlertNotifier | null } = {},
): Promise<AlertPassResult> {
  const notifier = opts.notifier === undefined ? app.adapters.alerts : opts.notifier;
  if (!notifier) return Promise.resolve({ delivered: 0, failed: 0 });
  const freshOnly = opts.freshOnly ?? false;
  if (waiting && opts.notifier === undefined && (!waiting.freshOnly || freshOnly)) return waiting.promise;
  const entry: { freshOnly: boolean; promise: Promise<AlertPassResult> } = {
    freshOnly,
    promise: Promise.resolve({ delivered: 0, failed: 0 }),
  };
  entry.promise = tail.then(() => {
    if (waiting === entry) waiting = null;
    return pass(app, notifier, freshOnly);
  });
  waiting = entry;
  tail = entry.promise.catch(() => undefined);
  return entry.promise;
}

/** After a webhook created alerts: push them in the background; the caller does not wait. */
export function deliverAlertsInBackground(app: AppContext): void {
  retryPendingAlerts(app, { freshOnly: true }).catch((err: unknown) => app.logger.error({ err }, "operator alert delivery failed"));
}
