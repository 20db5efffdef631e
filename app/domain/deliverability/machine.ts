import { z } from "zod";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Suppression policy as data (docs/sending.md, "What events do"). Durations in milliseconds. */
export interface DeliverabilityPolicy {
  /** A send within this long after the last soft bounce is rejected. */
  softBounceCooldownMs: number;
  /** Soft bounces are counted within this sliding window (inclusive at its edge). */
  softBounceWindowMs: number;
  /** This many soft bounces within the window suppress the recipient for `softBounceSuppressionMs`. */
  softBounceLimit: number;
  softBounceSuppressionMs: number;
  /** This many consecutive temporary failures (no delivery between) suppress permanently. */
  consecutiveTemporaryLimit: number;
}

export const DEFAULT_POLICY: Readonly<DeliverabilityPolicy> = Object.freeze({
  softBounceCooldownMs: 24 * HOUR,
  softBounceWindowMs: 7 * DAY,
  softBounceLimit: 3,
  softBounceSuppressionMs: 30 * DAY,
  consecutiveTemporaryLimit: 4,
});

export const SUPPRESSION_REASONS = [
  "hard_bounce",
  "complaint",
  "unsubscribe",
  "soft_bounce_limit",
  "consecutive_temporary",
  "manual",
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * Reasons an operator may give a suppression by hand: `manual` (do not contact: an operator's
 * decision), `unsubscribe` (the recipient asked through another channel).
 */
export const MANUAL_SUPPRESSION_REASONS = ["manual", "unsubscribe"] as const;
export type ManualSuppressionReason = (typeof MANUAL_SUPPRESSION_REASONS)[number];

/**
 * One soft-bounced message: when its first temporary failure happened and, when the provider
 * named it, its message id (retries of the same message are not counted again).
 */
const softBounceSchema = z.preprocess(
  // States written before message ids were kept hold bare dates.
  (v) => (typeof v === "string" || typeof v === "number" || v instanceof Date ? { at: v } : v),
  z.object({ at: z.coerce.date(), messageId: z.string().optional() }),
);
export type SoftBounce = z.infer<typeof softBounceSchema>;

/**
 * Per-recipient state. Serialise it as JSON and read it back with `deliverabilityStateSchema`,
 * which turns the ISO date strings back into Dates.
 */
export const deliverabilityStateSchema = z.object({
  status: z.enum(["deliverable", "softBounced", "suppressed"]),
  /** Soft-bounced messages still inside the policy window, oldest first: one entry per message. */
  softBounces: z.array(softBounceSchema),
  consecutiveTemporary: z.number().int().nonnegative(),
  lastSoftBounceAt: z.coerce.date().nullable().optional(),
  /** Only when suppressed: the end of a timed suppression, or null for a permanent one. */
  suppressedUntil: z.coerce.date().nullable().optional(),
  reason: z.enum(SUPPRESSION_REASONS).optional(),
});
export type DeliverabilityState = z.infer<typeof deliverabilityStateSchema>;

export type DeliverabilityEvent =
  | { type: "permanentFailure" }
  | { type: "complaint" }
  /** `messageId`: the provider's id of the message; its retries then count once. */
  | { type: "temporaryFailure"; messageId?: string }
  /** `messageId`: a delivery of a message that failed temporarily before clears its failures. */
  | { type: "delivered"; messageId?: string }
  | { type: "unsubscribe" }
  /** An operator suppresses the address by hand; `until` null is permanent. */
  | { type: "manualSuppress"; reason: ManualSuppressionReason; until: Date | null }
  /** An operator lifts whatever suppression or cooldown the address has and starts it afresh. */
  | { type: "manualLift" };

export type AlertKind = "hard_bounce" | "complaint" | "soft_bounce_escalated";

/** What the caller must do after a transition; the machine itself does no I/O. */
export type Effect =
  /**
   * Write a row to `email_bounce_log` (recent = soft-bounced messages inside the window, this one
   * included). `retry`: another temporary failure of a message already counted, so nothing was.
   */
  | { type: "logBounce"; recentSoftBounces: number; consecutive: number; retry?: true }
  /** Upsert the `email_suppressions` entry; `until` null means permanent. */
  | { type: "suppress"; reason: SuppressionReason; until: Date | null }
  /** A timed suppression ran out; remove the `email_suppressions` entry. */
  | { type: "liftSuppression"; reason: SuppressionReason | undefined }
  /** An operator lifted the address: remove its `email_suppressions` entry, permanent or timed. */
  | { type: "clearSuppression" }
  | { type: "alert"; kind: AlertKind };

export interface TransitionResult {
  state: DeliverabilityState;
  effects: Effect[];
}

export function initialState(): DeliverabilityState {
  return { status: "deliverable", softBounces: [], consecutiveTemporary: 0, lastSoftBounceAt: null };
}

function isPermanent(state: DeliverabilityState): boolean {
  return state.status === "suppressed" && state.suppressedUntil == null;
}

/** Ends a timed suppression whose end has passed (at exactly `suppressedUntil` it is over). */
function expire(state: DeliverabilityState, now: Date): TransitionResult {
  if (state.status === "suppressed" && state.suppressedUntil != null && now.getTime() >= state.suppressedUntil.getTime()) {
    const { reason } = state;
    return {
      state: {
        status: "deliverable",
        softBounces: state.softBounces,
        consecutiveTemporary: state.consecutiveTemporary,
        lastSoftBounceAt: state.lastSoftBounceAt ?? null,
      },
      effects: [{ type: "liftSuppression", reason }],
    };
  }
  return { state, effects: [] };
}

function suppressForever(state: DeliverabilityState, reason: SuppressionReason): DeliverabilityState {
  return { ...state, status: "suppressed", suppressedUntil: null, reason };
}

/**
 * The recipient deliverability machine (docs/sending.md, "What events do"):
 * - permanent failure → suppressed permanently, alert `hard_bounce`;
 * - complaint → suppressed permanently, alert `complaint`;
 * - unsubscribe → suppressed permanently (no alert);
 * - temporary failure → soft-bounced and logged; the `consecutiveTemporaryLimit`-th consecutive one
 *   → suppressed permanently; the `softBounceLimit`-th within `softBounceWindowMs` → suppressed for
 *   `softBounceSuppressionMs`; both escalations alert `soft_bounce_escalated`. Failures are
 *   counted per message: the provider reports each retry of a message (Mailgun's `attempt-no` 1,
 *   2, 3…), and a retry of a message already in the window is logged and restarts the cooldown
 *   but counts toward neither limit;
 * - delivered → consecutive count reset, soft-bounced → deliverable (the address works). A
 *   delivery older than the last soft bounce (webhooks arrive out of order) does not do that.
 *   A delivery of a message that had failed temporarily (its retries succeeded) also takes that
 *   message out of the window, whenever it arrives; if that leaves fewer than `softBounceLimit`
 *   under a 30-day soft-bounce suppression, the suppression is lifted (a permanent one is not).
 * - manual suppress (an operator) → suppressed with the given reason, permanently or until a date;
 *   it never weakens a suppression already in force (a permanent one stays as it is, a timed one
 *   is only replaced by a permanent or a later one); no alert (a person did it).
 * - manual lift (an operator) → deliverable from any state, with the soft-bounce history cleared
 *   (window, consecutive count, cooldown), so the next send is accepted and a single later soft
 *   bounce starts the policy from scratch; the `email_suppressions` entry goes, whatever it was.
 *   `email_bounce_log` keeps the history.
 * `now` is when the event happened. Pure: the same inputs give the same output.
 */
export function transition(
  current: DeliverabilityState,
  event: DeliverabilityEvent,
  policy: DeliverabilityPolicy,
  now: Date,
): TransitionResult {
  if (event.type === "manualLift") {
    // Whatever the state (a lapsed timed suppression included), the result is a fresh start.
    return { state: initialState(), effects: [{ type: "clearSuppression" }] };
  }
  const expired = expire(current, now);
  const state = expired.state;
  const effects: Effect[] = [...expired.effects];
  const t = now.getTime();

  switch (event.type) {
    case "permanentFailure":
    case "complaint":
    case "unsubscribe": {
      const reason: SuppressionReason =
        event.type === "permanentFailure" ? "hard_bounce" : event.type === "complaint" ? "complaint" : "unsubscribe";
      const already = isPermanent(state);
      // A permanent entry keeps its first reason; a complaint still reaches the operator.
      const next = already ? state : suppressForever(state, reason);
      if (!already) effects.push({ type: "suppress", reason, until: null });
      if (event.type === "complaint") effects.push({ type: "alert", kind: "complaint" });
      else if (event.type === "permanentFailure" && !already) effects.push({ type: "alert", kind: "hard_bounce" });
      return { state: next, effects };
    }

    case "temporaryFailure": {
      const recent = state.softBounces.filter((b) => t - b.at.getTime() <= policy.softBounceWindowMs);
      if (event.messageId !== undefined && recent.some((b) => b.messageId === event.messageId)) {
        // A retry of a message already counted: logged, and the address is still failing.
        effects.push({ type: "logBounce", recentSoftBounces: recent.length, consecutive: state.consecutiveTemporary, retry: true });
        const last = state.lastSoftBounceAt && state.lastSoftBounceAt.getTime() > t ? state.lastSoftBounceAt : now;
        const next: DeliverabilityState = { ...state, softBounces: recent, lastSoftBounceAt: last };
        if (state.status === "deliverable") next.status = "softBounced";
        return { state: next, effects };
      }
      const softBounces = [...recent, event.messageId === undefined ? { at: now } : { at: now, messageId: event.messageId }];
      const consecutive = state.consecutiveTemporary + 1;
      effects.push({ type: "logBounce", recentSoftBounces: softBounces.length, consecutive });
      const counted: DeliverabilityState = { ...state, softBounces, consecutiveTemporary: consecutive, lastSoftBounceAt: now };
      if (isPermanent(state)) return { state: counted, effects };
      if (consecutive >= policy.consecutiveTemporaryLimit) {
        effects.push({ type: "suppress", reason: "consecutive_temporary", until: null });
        effects.push({ type: "alert", kind: "soft_bounce_escalated" });
        return { state: suppressForever(counted, "consecutive_temporary"), effects };
      }
      if (softBounces.length >= policy.softBounceLimit) {
        const until = new Date(t + policy.softBounceSuppressionMs);
        const currentUntil = state.status === "suppressed" ? state.suppressedUntil : undefined;
        if (currentUntil && currentUntil.getTime() >= until.getTime()) return { state: counted, effects };
        effects.push({ type: "suppress", reason: "soft_bounce_limit", until });
        effects.push({ type: "alert", kind: "soft_bounce_escalated" });
        return { state: { ...counted, status: "suppressed", suppressedUntil: until, reason: "soft_bounce_limit" }, effects };
      }
      if (state.status === "suppressed") return { state: counted, effects };
      return { state: { ...counted, status: "softBounced" }, effects };
    }

    case "manualSuppress": {
      const until = event.until;
      // A suppression that would already be over is no suppression: nothing changes.
      if (until !== null && until.getTime() <= t) return { state, effects };
      if (isPermanent(state)) return { state, effects };
      const currentUntil = state.status === "suppressed" ? state.suppressedUntil : undefined;
      if (until !== null && currentUntil && currentUntil.getTime() >= until.getTime()) return { state, effects };
      effects.push({ type: "suppress", reason: event.reason, until });
      return { state: { ...state, status: "suppressed", suppressedUntil: until, reason: event.reason }, effects };
    }

    case "delivered": {
      const cleared = event.messageId !== undefined && state.softBounces.some((b) => b.messageId === event.messageId);
      const last = state.lastSoftBounceAt?.getTime();
      const inOrder = last === undefined || t >= last;
      if (!inOrder && !cleared) return { state, effects };
      const softBounces = cleared ? state.softBounces.filter((b) => b.messageId !== event.messageId) : state.softBounces;
      const next: DeliverabilityState = { ...state, softBounces };
      if (inOrder) next.consecutiveTemporary = 0;
      if (inOrder && state.status === "softBounced") next.status = "deliverable";
      const timedSoftBounceLimit = state.status === "suppressed" && state.reason === "soft_bounce_limit" && state.suppressedUntil != null;
      if (cleared && timedSoftBounceLimit && softBounces.length < policy.softBounceLimit) {
        // The suppression rested on this message's failures, and the message got through.
        effects.push({ type: "liftSuppression", reason: state.reason });
        const status = inOrder ? "deliverable" : "softBounced";
        return {
          state: { status, softBounces, consecutiveTemporary: next.consecutiveTemporary, lastSoftBounceAt: state.lastSoftBounceAt ?? null },
          effects,
        };
      }
      return { state: next, effects };
    }
  }
}

export type SendCheck =
  | { allowed: true }
  | {
      allowed: false;
      /** `suppressed`: an `email_suppressions` entry; `cooldown`: a soft bounce less than 24 h ago. */
      reason: "suppressed" | "cooldown";
      suppression?: SuppressionReason;
      /** When a send will be accepted again; absent for permanent suppression. */
      retryAfter?: Date;
    };

/**
 * May we send to this recipient now? Permanent suppression → no; a timed suppression → no until
 * `suppressedUntil`; soft-bounced within the cooldown → no until last bounce + cooldown. At the
 * exact end of a cooldown or suppression the send is allowed.
 */
export function checkSend(current: DeliverabilityState, policy: DeliverabilityPolicy, now: Date): SendCheck {
  const { state } = expire(current, now);
  if (state.status === "suppressed") {
    return state.suppressedUntil == null
      ? { allowed: false, reason: "suppressed", suppression: state.reason }
      : { allowed: false, reason: "suppressed", suppression: state.reason, retryAfter: state.suppressedUntil };
  }
  if (state.status === "softBounced" && state.lastSoftBounceAt) {
    const retryAfter = new Date(state.lastSoftBounceAt.getTime() + policy.softBounceCooldownMs);
    if (now.getTime() < retryAfter.getTime()) return { allowed: false, reason: "cooldown", retryAfter };
  }
  return { allowed: true };
}

/**
 * The machine event for a normalised provider event (`~/domain/webhooks`), or null for events
 * that are only logged (opened, clicked).
 */
export function machineEventFor(e: {
  kind: "delivered" | "failed" | "complained" | "opened" | "clicked" | "unsubscribed";
  severity?: "permanent" | "temporary";
  /** The provider's message id (Mailgun `message.headers.message-id`, Resend `email_id`). */
  providerMessageId?: string;
}): DeliverabilityEvent | null {
  const message = e.providerMessageId ? { messageId: e.providerMessageId } : {};
  switch (e.kind) {
    case "failed":
      return e.severity === "permanent" ? { type: "permanentFailure" } : { type: "temporaryFailure", ...message };
    case "complained":
      return { type: "complaint" };
    case "delivered":
      return { type: "delivered", ...message };
    case "unsubscribed":
      return { type: "unsubscribe" };
    default:
      return null;
  }
}
