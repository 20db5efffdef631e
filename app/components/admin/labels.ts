// Words and colours for the stored vocabularies the admin pages show: suppression reasons, the
// deliverability machine's states, delivery event types, alert kinds, ledger kinds, ratings.
// Shared by the server and the browser: nothing here may come from a .server module.
import type { Rating } from "~/domain/eval/feedback";

export type Tone = "ok" | "warn" | "danger" | "info" | "neutral" | "muted";

export interface Label {
  text: string;
  tone: Tone;
  /** A longer explanation (a tooltip and screen-reader text). */
  hint?: string;
}

const SUPPRESSION_REASONS: Record<string, Label> = {
  hard_bounce: { text: "Hard bounce", tone: "danger", hint: "The provider reported a permanent delivery failure" },
  complaint: { text: "Spam complaint", tone: "danger", hint: "The recipient marked an email as spam" },
  unsubscribe: { text: "Unsubscribed", tone: "neutral", hint: "The recipient unsubscribed" },
  soft_bounce_escalated: {
    text: "Repeated soft bounces",
    tone: "warn",
    hint: "3 soft bounces in 7 days (30 days) or 4 temporary failures in a row (permanent)",
  },
  soft_bounce_cooldown: { text: "Soft-bounce cooldown", tone: "warn" },
  manual: { text: "Manual", tone: "info", hint: "Suppressed by an admin" },
  // The machine's own names for the two escalations.
  soft_bounce_limit: { text: "3 soft bounces in 7 days", tone: "warn" },
  consecutive_temporary: { text: "4 failures in a row", tone: "warn" },
};

export function suppressionReasonLabel(reason: string | null | undefined): Label {
  if (!reason) return { text: "Unknown", tone: "muted" };
  return SUPPRESSION_REASONS[reason] ?? { text: reason.replace(/_/g, " "), tone: "neutral" };
}

/** The reasons an admin can filter the suppression list by (the stored vocabulary). */
export const SUPPRESSION_FILTER_REASONS = ["hard_bounce", "complaint", "unsubscribe", "soft_bounce_escalated", "manual"] as const;

/** The reasons an admin can give a suppression, with what each means. */
export const MANUAL_REASON_OPTIONS = [
  { value: "manual", text: "Manual" },
  { value: "unsubscribe", text: "Unsubscribed" },
] as const;

const STATES: Record<string, Label> = {
  deliverable: { text: "Deliverable", tone: "ok" },
  softBounced: { text: "Soft-bounced", tone: "warn" },
  suppressed: { text: "Suppressed", tone: "danger" },
};

export function recipientStateLabel(status: string): Label {
  return STATES[status] ?? { text: status, tone: "neutral" };
}

const EVENT_KINDS: Record<string, Label> = {
  delivered: { text: "Delivered", tone: "ok" },
  opened: { text: "Opened", tone: "info" },
  clicked: { text: "Clicked", tone: "info" },
  "failed:permanent": { text: "Hard bounce", tone: "danger" },
  "failed:temporary": { text: "Soft bounce", tone: "warn" },
  failed: { text: "Failed", tone: "warn" },
  complained: { text: "Complaint", tone: "danger" },
  unsubscribed: { text: "Unsubscribed", tone: "neutral" },
};

export function eventKindLabel(kind: string, severity?: string | null): Label {
  return EVENT_KINDS[severity ? `${kind}:${severity}` : kind] ?? EVENT_KINDS[kind] ?? { text: kind, tone: "neutral" };
}

/** The event filter's choices: a value names a kind, or a failure's severity ("failed:permanent"). */
export const EVENT_FILTER_OPTIONS = [
  { value: "delivered", text: "Delivered" },
  { value: "opened", text: "Opened" },
  { value: "clicked", text: "Clicked" },
  { value: "failed:temporary", text: "Soft bounce" },
  { value: "failed:permanent", text: "Hard bounce" },
  { value: "complained", text: "Complaint" },
  { value: "unsubscribed", text: "Unsubscribed" },
] as const;

const ALERT_KINDS: Record<string, Label> = {
  hard_bounce: { text: "Hard bounce", tone: "danger" },
  complaint: { text: "Spam complaint", tone: "danger" },
  soft_bounce_escalated: { text: "Repeated soft bounces", tone: "warn" },
  send_outcome_unknown: { text: "Send outcome unknown", tone: "warn" },
};

export function alertKindLabel(kind: string): Label {
  return ALERT_KINDS[kind] ?? { text: kind.replace(/_/g, " "), tone: "neutral" };
}

const LEDGER_KINDS: Record<string, Label> = {
  initial: { text: "Starting credits", tone: "neutral" },
  grant: { text: "Grant", tone: "ok" },
  charge: { text: "Generation", tone: "info" },
  refund: { text: "Refund", tone: "warn" },
};

export function ledgerKindLabel(kind: string): Label {
  return LEDGER_KINDS[kind] ?? { text: kind, tone: "neutral" };
}

/** Every stored feedback rating, in the order the page lists them (best first within each scale). */
export const RATING_ORDER = ["up", "down", "5", "4", "3", "2", "1"] as const satisfies readonly Rating[];

/** Feedback ratings: thumbs or 1–5 stars; positive means up or 4+. */
export function ratingLabel(rating: string): Label {
  if (rating === "up") return { text: "Thumbs up", tone: "ok" };
  if (rating === "down") return { text: "Thumbs down", tone: "danger" };
  const n = Number(rating);
  if (Number.isInteger(n) && n >= 1 && n <= 5) {
    return { text: `${"★".repeat(n)}${"☆".repeat(5 - n)}`, tone: n >= 4 ? "ok" : n === 3 ? "neutral" : "danger", hint: `${n} of 5 stars` };
  }
  return { text: rating, tone: "neutral" };
}
