// The deliverability machine wired to the database: the send-time check and applying events
// (provider webhooks, the unsubscribe page) with their effects in one transaction each.
import type { AppContext } from "~/lib/app.server";
import { DEFAULT_POLICY, checkSend, transition, type AlertKind, type DeliverabilityEvent } from "~/domain/deliverability";
import {
  applyEventWrite,
  findActiveSuppression,
  loadRecipientState,
  normalizeAddress,
  type ApplyOutcome,
  type DeliveryEventInsert,
  type StoredState,
} from "~/models/deliverability.server";

export type RecipientCheck =
  | { allowed: true }
  | { allowed: false; reason: "suppressed" | "cooldown"; suppression?: string; retryAfter?: Date };

/**
 * SPEC.md rule 1: a suppression-list entry or the machine's state (a soft bounce within the
 * cooldown, a timed suppression) refuses the send. The later of two end dates wins; a permanent
 * entry on either side has none.
 */
export async function checkRecipient(app: AppContext, recipient: string, now = new Date()): Promise<RecipientCheck> {
  const email = normalizeAddress(recipient);
  const { db } = app.database;
  const [stored, entry] = await Promise.all([loadRecipientState(db, email), findActiveSuppression(db, email, now)]);
  const machine = checkSend(stored.state, DEFAULT_POLICY, now);
  if (!entry && machine.allowed) return machine;
  const suppression = entry?.reason ?? (machine.allowed ? undefined : machine.suppression);
  const permanent = (entry && entry.until === null) || (!machine.allowed && machine.reason === "suppressed" && !machine.retryAfter);
  if (permanent) return { allowed: false, reason: "suppressed", ...(suppression ? { suppression } : {}) };
  const ends = [entry?.until ?? undefined, machine.allowed ? undefined : machine.retryAfter].filter((d): d is Date => d instanceof Date);
  const retryAfter = new Date(Math.max(...ends.map((d) => d.getTime())));
  const reason = entry || (!machine.allowed && machine.reason === "suppressed") ? "suppressed" : "cooldown";
  return { allowed: false, reason, ...(suppression ? { suppression } : {}), retryAfter };
}

const ALERT_TITLES: Record<AlertKind, string> = {
  hard_bounce: "Permanent delivery failure; the address is now suppressed",
  complaint: "The recipient reported the email as spam; the address is now suppressed",
  soft_bounce_escalated: "Repeated temporary failures; the address is now suppressed",
};

export interface ApplyInput {
  recipient: string;
  /** The machine event, or null for events that are only logged (opened, clicked). */
  event: DeliverabilityEvent | null;
  /** When it happened (the machine's clock). */
  occurredAt: Date;
  source: string;
  sendId: string | null;
  reason: string | null;
  receipts?: Array<{ provider: string; receiptId: string }>;
  deliveryEvent?: DeliveryEventInsert;
  /** The recipient's state when the caller has just read it; read here otherwise. */
  state?: StoredState;
}

export interface ApplyResult {
  outcome: Exclude<ApplyOutcome, "conflict">;
  alerts: AlertKind[];
}

/** Re-reads and recomputes on a state conflict; this bounds how often under heavy contention. */
const MAX_ATTEMPTS = 20;

/** Applies one event exactly once: de-duplicated, replay-checked, atomic with all its effects. */
export async function applyDeliverabilityEvent(app: AppContext, input: ApplyInput, now = new Date()): Promise<ApplyResult> {
  const email = normalizeAddress(input.recipient);
  const { db } = app.database;
  for (let attempt = 1; ; attempt++) {
    const from = input.event ? (attempt === 1 && input.state ? input.state : await loadRecipientState(db, email)) : undefined;
    const result = from && input.event ? transition(from.state, input.event, DEFAULT_POLICY, input.occurredAt) : undefined;
    const outcome = await applyEventWrite(db, {
      email,
      now,
      source: input.source,
      receipts: input.receipts ?? [],
      deliveryEvent: input.deliveryEvent,
      transition: from && result ? { from, to: result.state, effects: result.effects } : undefined,
      sendId: input.sendId,
      reason: input.reason,
      eventId: input.deliveryEvent?.eventId ?? null,
      alertMessage: (kind) => `${ALERT_TITLES[kind]}.${input.reason ? ` Reason: ${input.reason}.` : ""} Source: ${input.source}.`,
    });
    if (outcome !== "conflict") {
      const alerts = outcome === "applied" && result ? result.effects.flatMap((e) => (e.type === "alert" ? [e.kind] : [])) : [];
      return { outcome, alerts };
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error(`deliverability state for ${email} kept changing; gave up after ${attempt} attempts`);
  }
}

/** A manual unsubscribe (the link or RFC 8058 one-click): the machine's `unsubscribe` event. */
export async function unsubscribeAddress(app: AppContext, email: string, source: string, now = new Date()): Promise<void> {
  await applyDeliverabilityEvent(app, { recipient: email, event: { type: "unsubscribe" }, occurredAt: now, source, sendId: null, reason: null }, now);
}
