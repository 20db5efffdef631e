// The deliverability machine wired to the database: the send-time check and applying events
// (provider webhooks, the unsubscribe page) with their effects in one transaction each.
import type { AppContext } from "~/composition/app.server";
import {
  DEFAULT_POLICY,
  checkSend,
  initialState,
  transition,
  type AlertKind,
  type DeliverabilityEvent,
  type DeliverabilityState,
  type Effect,
  type ManualSuppressionReason,
} from "~/domain/deliverability";
import { dailyActivity, windowStart, type DailyActivity } from "~/domain/deliverability/activity";
import { acknowledgeAlert, acknowledgeAlertsThrough, countAlerts, listAlertsForReview, type AlertRow } from "~/models/alerts.server";
import {
  applyEventWrite,
  countDeliveryEventsByDay,
  countSoftBouncedRecipients,
  countSuppressionsByReason,
  findActiveSuppression,
  findRecipientState,
  findRecipientStates,
  findSuppression,
  listBounceLog,
  listBouncingRecipients,
  listDeliveryEvents,
  listSuppressions,
  loadRecipientState,
  normalizeAddress,
  type ApplyOutcome,
  type BounceLogRow,
  type BouncingRecipient,
  type DeliveryEventFilter,
  type DeliveryEventInsert,
  type DeliveryEventRow,
  type Page,
  type StoredState,
  type StoredSuppressionReason,
  type SuppressionEntry,
  type SuppressionFilter,
} from "~/models/deliverability.server";
import { failure, type ServiceResult } from "./result";

export type RecipientCheck =
  { allowed: true } | { allowed: false; reason: "suppressed" | "cooldown"; suppression?: string; retryAfter?: Date };

/**
 * Send rule 1 (docs/api/sending.md): a suppression-list entry or the machine's state (a soft bounce within the
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
  /** The provider's id of the message the event is about. */
  messageId?: string | null;
  receipts?: Array<{ provider: string; receiptId: string }>;
  deliveryEvent?: DeliveryEventInsert;
  /** The recipient's state when the caller has just read it; read here otherwise. */
  state?: StoredState;
}

export interface ApplyResult {
  outcome: Exclude<ApplyOutcome, "conflict">;
  alerts: AlertKind[];
  /** What the machine's transition did (empty when it changed nothing or did not run). */
  effects: Effect[];
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
      messageId: input.messageId ?? null,
      alertMessage: (kind) => `${ALERT_TITLES[kind]}.${input.reason ? ` Reason: ${input.reason}.` : ""} Source: ${input.source}.`,
    });
    if (outcome !== "conflict") {
      const effects = outcome === "applied" && result ? result.effects : [];
      const alerts = effects.flatMap((e) => (e.type === "alert" ? [e.kind] : []));
      return { outcome, alerts, effects };
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error(`deliverability state for ${email} kept changing; gave up after ${attempt} attempts`);
  }
}

/** A manual unsubscribe (the link or RFC 8058 one-click): the machine's `unsubscribe` event. */
export async function unsubscribeAddress(app: AppContext, email: string, source: string, now = new Date()): Promise<void> {
  await applyDeliverabilityEvent(
    app,
    { recipient: email, event: { type: "unsubscribe" }, occurredAt: now, source, sendId: null, reason: null },
    now,
  );
}

// ── operators: manual suppression and lift (the machine's manualSuppress / manualLift) ──────────

// Operator actions answer a ServiceResult (./result): 400 for a bad input, 404 for a missing
// alert, 409 when the state does not allow the action.

export interface ManualSuppressInput {
  email: string;
  reason: ManualSuppressionReason;
  /** The end of the suppression; null for a permanent one. */
  until: Date | null;
  /** The operator's email, kept in the entry's source. */
  by: string;
}

/**
 * An operator suppresses an address. It never weakens a suppression already in force: then
 * nothing changes and the value says what is there (`changed: false`).
 */
export async function suppressManually(
  app: AppContext,
  input: ManualSuppressInput,
  now = new Date(),
): Promise<ServiceResult<{ email: string; changed: boolean; entry: SuppressionEntry | null }>> {
  const email = normalizeAddress(input.email);
  if (input.until && input.until.getTime() <= now.getTime()) return failure(400, "The end date must be in the future.");
  const applied = await applyDeliverabilityEvent(
    app,
    {
      recipient: email,
      event: { type: "manualSuppress", reason: input.reason, until: input.until },
      occurredAt: now,
      source: `admin:${input.by}`,
      sendId: null,
      reason: null,
    },
    now,
  );
  const changed = applied.effects.some((e) => e.type === "suppress");
  const entry = await findActiveSuppression(app.database.db, email, now);
  app.logger.info({ by: input.by, reason: input.reason, permanent: input.until === null, changed }, "operator suppressed an address");
  return { ok: true, value: { email, changed, entry } };
}

/** Whether an address has anything an operator could lift: an entry in force, or a state other than a clean start. */
function hasSomethingToLift(state: DeliverabilityState, entry: SuppressionEntry | null): boolean {
  return entry !== null || state.status !== "deliverable" || state.softBounces.length > 0 || state.consecutiveTemporary > 0;
}

/**
 * An operator lifts an address: its suppression entry (permanent or timed) goes and the machine
 * starts it afresh (soft-bounce window, consecutive count and cooldown cleared), so the send
 * endpoint accepts it again. The bounce log keeps the history.
 */
export async function liftManually(
  app: AppContext,
  input: { email: string; by: string },
  now = new Date(),
): Promise<ServiceResult<{ email: string; lifted: SuppressionEntry | null }>> {
  const email = normalizeAddress(input.email);
  const { db } = app.database;
  const [stored, entry] = await Promise.all([loadRecipientState(db, email), findActiveSuppression(db, email, now)]);
  if (!hasSomethingToLift(stored.state, entry)) {
    return failure(409, `${email} is not suppressed and has no soft bounces: there is nothing to lift.`);
  }
  await applyDeliverabilityEvent(
    app,
    {
      recipient: email,
      event: { type: "manualLift" },
      occurredAt: now,
      source: `admin:${input.by}`,
      sendId: null,
      reason: null,
      state: stored,
    },
    now,
  );
  app.logger.info({ by: input.by, reason: entry?.reason ?? stored.state.reason ?? null }, "operator lifted a suppression");
  return { ok: true, value: { email, lifted: entry } };
}

// ── the admin pages' reads ──────────────────────────────────────────────────────────────────────

export interface DeliverabilitySummary {
  suppressedNow: number;
  byReason: Array<{ reason: StoredSuppressionReason; count: number }>;
  softBounced: number;
  alertsOpen: number;
  alertsTotal: number;
}

export async function deliverabilitySummary(app: AppContext, now = new Date()): Promise<DeliverabilitySummary> {
  const { db } = app.database;
  const [byReason, softBounced, alerts] = await Promise.all([
    countSuppressionsByReason(db, now),
    countSoftBouncedRecipients(db),
    countAlerts(db),
  ]);
  return {
    suppressedNow: byReason.reduce((n, r) => n + r.count, 0),
    byReason: byReason.sort((a, b) => b.count - a.count),
    softBounced,
    alertsOpen: alerts.open,
    alertsTotal: alerts.total,
  };
}

export function suppressionList(app: AppContext, filter: SuppressionFilter, page: Page, now = new Date()) {
  return listSuppressions(app.database.db, filter, now, page);
}

/** Delivery events per type for each of the last `days` UTC days (today included). */
export async function deliveryActivity(app: AppContext, days: number, now = new Date()): Promise<DailyActivity> {
  const rows = await countDeliveryEventsByDay(app.database.db, windowStart(now, days));
  return dailyActivity(rows, days, now);
}

export function deliveryEventList(app: AppContext, filter: DeliveryEventFilter, page: Page) {
  return listDeliveryEvents(app.database.db, filter, page);
}

export type BouncingRecipientView = BouncingRecipient & { state: DeliverabilityState };

/** Addresses that soft-bounced since `since`, most recent first, with where the machine has them now. */
export async function bouncingRecipients(app: AppContext, since: Date, limit: number): Promise<BouncingRecipientView[]> {
  const { db } = app.database;
  const rows = await listBouncingRecipients(db, since, limit);
  const states = await findRecipientStates(
    db,
    rows.map((r) => r.email),
  );
  return rows.map((r) => ({ ...r, state: states.get(r.email) ?? initialState() }));
}

export interface RecipientDetail {
  email: string;
  /** The machine's state; a clean start when no event ever touched the address. */
  state: DeliverabilityState;
  /** When the state last changed; null when there is no stored state. */
  stateUpdatedAt: Date | null;
  /** The suppression entry, in force or lapsed. */
  suppression: (SuppressionEntry & { inForce: boolean }) | null;
  /** What the send endpoint would answer now (send rule 1, docs/api/sending.md). */
  check: RecipientCheck;
  bounces: BounceLogRow[];
  events: DeliveryEventRow[];
  eventsTotal: number;
}

export async function recipientDetail(app: AppContext, recipient: string, now = new Date()): Promise<RecipientDetail> {
  const email = normalizeAddress(recipient);
  const { db } = app.database;
  const [stored, suppression, check, bounces, events] = await Promise.all([
    findRecipientState(db, email),
    findSuppression(db, email),
    checkRecipient(app, email, now),
    listBounceLog(db, email, 100),
    listDeliveryEvents(db, { email }, { limit: 50, offset: 0 }),
  ]);
  return {
    email,
    state: stored?.state ?? initialState(),
    stateUpdatedAt: stored?.updatedAt ?? null,
    suppression: suppression
      ? { ...suppression, inForce: suppression.until === null || suppression.until.getTime() > now.getTime() }
      : null,
    check,
    bounces,
    events: events.rows,
    eventsTotal: events.total,
  };
}

// ── operator alerts on the admin page ───────────────────────────────────────────────────────────

export async function alertList(
  app: AppContext,
  page: Page & { openOnly?: boolean },
): Promise<{ rows: AlertRow[]; open: number; total: number }> {
  const { db } = app.database;
  const [rows, counts] = await Promise.all([listAlertsForReview(db, page), countAlerts(db)]);
  return { rows, ...counts };
}

export async function acknowledgeOperatorAlert(
  app: AppContext,
  id: number,
  by: string,
  now = new Date(),
): Promise<ServiceResult<AlertRow>> {
  const r = await acknowledgeAlert(app.database.db, id, by, now);
  if (r.ok) return { ok: true, value: r.alert };
  if (r.reason === "missing") return failure(404, "That alert does not exist any more.");
  const who = r.alert?.acknowledgedBy ? ` by ${r.alert.acknowledgedBy}` : "";
  return failure(409, `That alert was already acknowledged${who}.`);
}

/** Acknowledges the open alerts up to the newest one the admin saw. */
export async function acknowledgeOperatorAlertsThrough(app: AppContext, maxId: number, by: string, now = new Date()): Promise<number> {
  return acknowledgeAlertsThrough(app.database.db, maxId, by, now);
}
