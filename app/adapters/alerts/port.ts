export type OperatorAlertKind = "hard_bounce" | "complaint" | "soft_bounce_escalated" | "send_outcome_unknown";

export interface OperatorAlert {
  kind: OperatorAlertKind;
  recipient: string;
  /** Human-readable detail, e.g. the provider's bounce reason. */
  message: string;
}

export type NotifyResult = { ok: true } | { ok: false; error: string };

/**
 * Pushes an operator alert somewhere a human sees it. The webhook service stores every alert in
 * `operator_alerts` first; a failed notify is kept there for a later retry.
 */
export interface AlertNotifier {
  notify(alert: OperatorAlert): Promise<NotifyResult>;
}
