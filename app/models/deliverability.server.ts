// Recipient deliverability rows: the machine's state, suppressions, the bounce log, delivery
// events and webhook receipts. An event is applied as one write batch (one transaction), so a
// crash never leaves it half applied, and the state row is written compare-and-set so two
// events for the same address can never both start from the same old state.
import type { InStatement } from "@libsql/client";
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { emailBounceLog, emailDeliveryEvents, emailRecipientStates, emailSuppressions, webhookReceipts } from "../../db/schema";
import type { Db } from "~/lib/db.server";
import {
  deliverabilityStateSchema,
  initialState,
  type AlertKind,
  type DeliverabilityState,
  type Effect,
  type SuppressionReason,
} from "~/domain/deliverability";

export type SuppressionRow = typeof emailSuppressions.$inferSelect;
/**
 * What the `reason` column holds: the schema's vocabulary plus `manual` (an operator's
 * suppression, DeliverabilityEvent `manualSuppress`). The column is plain text.
 */
export type StoredSuppressionReason = SuppressionRow["reason"] | "manual";
/** A suppression entry as read back, with the column's full vocabulary. */
export type SuppressionEntry = Omit<SuppressionRow, "reason"> & { reason: StoredSuppressionReason };

export const normalizeAddress = (email: string) => email.trim().toLowerCase();

export interface StoredState {
  state: DeliverabilityState;
  /** The stored JSON text exactly as read (the compare-and-set key); null when no row exists. */
  version: string | null;
}

function storedState(text: unknown): StoredState {
  if (typeof text !== "string") return { state: initialState(), version: null };
  const parsed = deliverabilityStateSchema.safeParse(JSON.parse(text));
  // A row this code cannot read is replaced by a fresh state rather than blocking every event.
  return { state: parsed.success ? parsed.data : initialState(), version: text };
}

export async function loadRecipientState(db: Db, email: string): Promise<StoredState> {
  const rs = await db.$client.execute({ sql: "SELECT state FROM email_recipient_states WHERE email = ?", args: [email] });
  return storedState(rs.rows[0]?.state);
}

export interface EventContext {
  /** The event id is already stored. */
  duplicate: boolean;
  /** One of the receipts (a Mailgun token) was used before. */
  replayed: boolean;
  /** The send named by the event, when it exists. */
  sendId: string | null;
  state: StoredState;
}

/**
 * What applying a webhook event needs to know first, in one statement: every provider event
 * runs this. The unique keys inside the write batch still decide duplicates and replays for real.
 */
export async function loadEventContext(
  db: Db,
  q: { provider: string; eventId: string; receipt: { provider: string; receiptId: string } | null; sendId: string | null; email: string },
): Promise<EventContext> {
  const rs = await db.$client.execute({
    sql: `SELECT EXISTS (SELECT 1 FROM email_delivery_events WHERE provider = ? AND event_id = ?) AS duplicate,
                 EXISTS (SELECT 1 FROM webhook_receipts WHERE provider = ? AND receipt_id = ?) AS replayed,
                 (SELECT id FROM email_sends WHERE id = ?) AS send_id,
                 (SELECT state FROM email_recipient_states WHERE email = ?) AS state`,
    args: [q.provider, q.eventId, q.receipt?.provider ?? null, q.receipt?.receiptId ?? null, q.sendId, q.email],
  });
  const r = rs.rows[0];
  return {
    duplicate: Number(r.duplicate) === 1,
    replayed: Number(r.replayed) === 1,
    sendId: typeof r.send_id === "string" ? r.send_id : null,
    state: storedState(r.state),
  };
}

/** The suppression entry still in force at `now` (a timed one ends at exactly `until`). */
export async function findActiveSuppression(db: Db, email: string, now: Date): Promise<SuppressionEntry | null> {
  // Every send asks this, so it is plain SQL rather than a query built on each call.
  const rs = await db.$client.execute({
    sql: "SELECT email, reason, until, source, created_at, updated_at FROM email_suppressions WHERE email = ?",
    args: [email],
  });
  const r = rs.rows[0];
  if (!r) return null;
  const until = r.until === null ? null : new Date(Number(r.until));
  if (until && until.getTime() <= now.getTime()) return null;
  return {
    email: String(r.email),
    reason: String(r.reason) as StoredSuppressionReason,
    until,
    source: r.source === null ? null : String(r.source),
    createdAt: new Date(Number(r.created_at)),
    updatedAt: new Date(Number(r.updated_at)),
  };
}

/** The column has its own vocabulary; both soft-bounce escalations are "soft_bounce_escalated". */
function storedReason(reason: SuppressionReason): StoredSuppressionReason {
  switch (reason) {
    case "soft_bounce_limit":
    case "consecutive_temporary":
      return "soft_bounce_escalated";
    default:
      return reason;
  }
}

export interface DeliveryEventInsert {
  eventId: string;
  provider: string;
  sendId: string | null;
  kind: string;
  severity: string | null;
  reason: string | null;
  occurredAt: Date;
  payload: unknown;
}

export interface AlertInsert {
  kind: AlertKind;
  message: string;
}

export interface EventWrite {
  email: string;
  now: Date;
  /** Where the change came from, kept on suppression entries (e.g. `mailgun:<event id>`). */
  source: string;
  /** Receipts that must be new for the write to apply (replay protection), e.g. a Mailgun token. */
  receipts: Array<{ provider: string; receiptId: string }>;
  /** Logged to email_delivery_events; its (provider, eventId) unique index de-duplicates. */
  deliveryEvent?: DeliveryEventInsert;
  /** Set when the machine ran: the state it started from and where it ended. */
  transition?: { from: StoredState; to: DeliverabilityState; effects: Effect[] };
  sendId: string | null;
  reason: string | null;
  eventId: string | null;
  /** The provider's id of the message the event is about, kept on bounce log rows. */
  messageId?: string | null;
  alertMessage: (kind: AlertKind) => string;
}

const CONFLICT_GUARD: InStatement = {
  // Runs right after the compare-and-set write: when that changed no row, inserting NULL into the
  // NOT NULL column fails and the whole batch rolls back (SQLite has no RAISE outside triggers).
  sql: "INSERT INTO webhook_receipts (provider, receipt_id) SELECT 'state-conflict', NULL WHERE changes() = 0",
  args: [],
};

function statementsFor(w: EventWrite): InStatement[] {
  const now = w.now.getTime();
  const out: InStatement[] = w.receipts.map((r) => ({
    sql: "INSERT INTO webhook_receipts (provider, receipt_id, created_at) VALUES (?, ?, ?)",
    args: [r.provider, r.receiptId, now],
  }));
  const e = w.deliveryEvent;
  if (e) {
    out.push({
      sql: `INSERT INTO email_delivery_events (event_id, provider, send_id, email, kind, severity, reason, occurred_at, payload, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        e.eventId,
        e.provider,
        e.sendId,
        w.email,
        e.kind,
        e.severity,
        e.reason,
        e.occurredAt.getTime(),
        JSON.stringify(e.payload ?? null),
        now,
      ],
    });
  }
  const t = w.transition;
  if (!t) return out;
  const next = JSON.stringify(t.to);
  if (t.from.version === null) {
    out.push({
      sql: "INSERT INTO email_recipient_states (email, state, updated_at) VALUES (?, ?, ?) ON CONFLICT(email) DO NOTHING",
      args: [w.email, next, now],
    });
  } else {
    out.push({
      sql: "UPDATE email_recipient_states SET state = ?, updated_at = ? WHERE email = ? AND state = ?",
      args: [next, now, w.email, t.from.version],
    });
  }
  out.push(CONFLICT_GUARD);
  const escalation = t.effects.find((x): x is Extract<Effect, { type: "suppress" }> => x.type === "suppress");
  for (const effect of t.effects) {
    switch (effect.type) {
      case "logBounce":
        out.push({
          sql: `INSERT INTO email_bounce_log (email, send_id, event_id, message_id, retry, reason, consecutive, escalation, occurred_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            w.email,
            w.sendId,
            w.eventId,
            w.messageId ?? null,
            effect.retry ? 1 : 0,
            w.reason,
            effect.consecutive,
            escalation ? escalation.reason : null,
            w.now.getTime(),
            now,
          ],
        });
        break;
      case "suppress":
        out.push({
          sql: `INSERT INTO email_suppressions (email, reason, until, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(email) DO UPDATE SET reason = excluded.reason, until = excluded.until, source = excluded.source, updated_at = excluded.updated_at`,
          args: [
            w.email,
            storedReason(effect.reason),
            effect.until ? effect.until.getTime() : null,
            `${w.source} (${effect.reason})`,
            now,
            now,
          ],
        });
        break;
      case "liftSuppression":
        out.push({ sql: "DELETE FROM email_suppressions WHERE email = ? AND until IS NOT NULL", args: [w.email] });
        break;
      case "clearSuppression":
        out.push({ sql: "DELETE FROM email_suppressions WHERE email = ?", args: [w.email] });
        break;
      case "alert":
        out.push({
          sql: "INSERT INTO operator_alerts (kind, recipient, message, attempts, created_at) VALUES (?, ?, ?, 0, ?)",
          args: [effect.kind, w.email, w.alertMessage(effect.kind), now],
        });
        break;
    }
  }
  return out;
}

export type ApplyOutcome = "applied" | "duplicate" | "replay" | "conflict";

async function exists(db: Db, q: InStatement): Promise<boolean> {
  return (await db.$client.execute(q)).rows.length > 0;
}

/**
 * Applies one event atomically. A failed batch is explained afterwards by what is already
 * stored: the event id (a duplicate, also when two deliveries raced), a receipt (a replayed
 * token), otherwise the state moved underneath us (a conflict: re-read and try again).
 */
export async function applyEventWrite(db: Db, w: EventWrite): Promise<ApplyOutcome> {
  try {
    await db.$client.batch(statementsFor(w), "write");
    return "applied";
  } catch (error) {
    const e = w.deliveryEvent;
    if (
      e &&
      (await exists(db, { sql: "SELECT 1 FROM email_delivery_events WHERE provider = ? AND event_id = ?", args: [e.provider, e.eventId] }))
    )
      return "duplicate";
    for (const r of w.receipts) {
      if (
        await exists(db, { sql: "SELECT 1 FROM webhook_receipts WHERE provider = ? AND receipt_id = ?", args: [r.provider, r.receiptId] })
      )
        return "replay";
    }
    if (w.transition && /NOT NULL constraint failed: webhook_receipts\.receipt_id/.test(String((error as Error).message)))
      return "conflict";
    throw error;
  }
}

/** Receipts older than the signature window can no longer be replayed, so they can go. */
/** Uses up a webhook's one-time token (receipt) without an event; false when it was used before. */
export async function recordReceipt(db: Db, receipt: { provider: string; receiptId: string }, now: Date): Promise<boolean> {
  const rs = await db
    .insert(webhookReceipts)
    .values({ provider: receipt.provider, receiptId: receipt.receiptId, createdAt: now })
    .onConflictDoNothing()
    .run();
  return rs.rowsAffected === 1;
}

export async function pruneReceipts(db: Db, provider: string, olderThan: Date): Promise<void> {
  await db
    .delete(webhookReceipts)
    .where(and(eq(webhookReceipts.provider, provider), lte(webhookReceipts.createdAt, olderThan)))
    .run();
}

// ── reads for the admin pages ───────────────────────────────────────────────────────────────────

/** `LIKE` pattern matching `text` anywhere, its wildcards escaped (used with `ESCAPE '\'`). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function emailContains(column: typeof emailSuppressions.email | typeof emailDeliveryEvents.email, text: string): SQL {
  return sql`${column} LIKE ${containsPattern(text.trim().toLowerCase())} ESCAPE '\\'`;
}

/** In force at `now`: permanent, or a timed entry whose end has not come (it ends at exactly `until`). */
const inForce = (now: Date) => or(isNull(emailSuppressions.until), gt(emailSuppressions.until, now))!;

export interface SuppressionFilter {
  /** Part of the address. */
  q?: string;
  reason?: StoredSuppressionReason;
  duration?: "permanent" | "timed";
}

export interface Page {
  limit: number;
  offset: number;
}

function suppressionWhere(filter: SuppressionFilter, now: Date): SQL {
  const parts: SQL[] = [inForce(now)];
  if (filter.q?.trim()) parts.push(emailContains(emailSuppressions.email, filter.q));
  if (filter.reason) parts.push(eq(emailSuppressions.reason, filter.reason as SuppressionRow["reason"]));
  if (filter.duration === "permanent") parts.push(isNull(emailSuppressions.until));
  if (filter.duration === "timed") parts.push(isNotNull(emailSuppressions.until));
  return and(...parts)!;
}

/** Suppression entries in force at `now` that match, most recently changed first, and how many match. */
export async function listSuppressions(
  db: Db,
  filter: SuppressionFilter,
  now: Date,
  page: Page,
): Promise<{ rows: SuppressionEntry[]; total: number }> {
  const where = suppressionWhere(filter, now);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(emailSuppressions)
      .where(where)
      .orderBy(desc(emailSuppressions.updatedAt), emailSuppressions.email)
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ total: count() }).from(emailSuppressions).where(where).all(),
  ]);
  return { rows: rows as SuppressionEntry[], total };
}

/** Entries in force at `now`, per stored reason. */
export async function countSuppressionsByReason(db: Db, now: Date): Promise<Array<{ reason: StoredSuppressionReason; count: number }>> {
  const rows = await db
    .select({ reason: emailSuppressions.reason, count: count() })
    .from(emailSuppressions)
    .where(inForce(now))
    .groupBy(emailSuppressions.reason)
    .all();
  return rows.map((r) => ({ reason: r.reason as StoredSuppressionReason, count: r.count }));
}

/** The address's entry whether or not it is still in force (a lapsed timed entry lingers until the next event). */
export async function findSuppression(db: Db, email: string): Promise<SuppressionEntry | null> {
  const row = await db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email)).get();
  return (row as SuppressionEntry | undefined) ?? null;
}

export interface RecipientStateRow {
  email: string;
  state: DeliverabilityState;
  updatedAt: Date;
}

/** The machine's stored state for the address, or null when no event ever touched it. */
export async function findRecipientState(db: Db, email: string): Promise<RecipientStateRow | null> {
  const row = await db.select().from(emailRecipientStates).where(eq(emailRecipientStates.email, email)).get();
  if (!row) return null;
  const parsed = deliverabilityStateSchema.safeParse(typeof row.state === "string" ? JSON.parse(row.state) : row.state);
  return { email: row.email, state: parsed.success ? parsed.data : initialState(), updatedAt: row.updatedAt };
}

/** Stored states for these addresses (those that have one). */
export async function findRecipientStates(db: Db, emails: string[]): Promise<Map<string, DeliverabilityState>> {
  if (emails.length === 0) return new Map();
  const rows = await db.select().from(emailRecipientStates).where(inArray(emailRecipientStates.email, emails)).all();
  return new Map(
    rows.map((r) => {
      const parsed = deliverabilityStateSchema.safeParse(typeof r.state === "string" ? JSON.parse(r.state) : r.state);
      return [r.email, parsed.success ? parsed.data : initialState()];
    }),
  );
}

/** Recipients whose state is soft-bounced (a cooldown or a bounce in the window). */
export async function countSoftBouncedRecipients(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailRecipientStates)
    .where(sql`json_extract(${emailRecipientStates.state}, '$.status') = 'softBounced'`)
    .all();
  return row.n;
}

export type BounceLogRow = typeof emailBounceLog.$inferSelect;

/** One address's bounce log, newest first (the (email, occurred_at) index). */
export async function listBounceLog(db: Db, email: string, limit: number): Promise<BounceLogRow[]> {
  return db
    .select()
    .from(emailBounceLog)
    .where(eq(emailBounceLog.email, email))
    .orderBy(desc(emailBounceLog.occurredAt), desc(emailBounceLog.id))
    .limit(limit)
    .all();
}

export interface BouncingRecipient {
  email: string;
  bounces: number;
  lastBounceAt: Date;
  /** The provider's reason given with the most recent bounce. */
  lastReason: string | null;
}

/** Addresses with soft bounces since `since`, the most recent bounce first. */
export async function listBouncingRecipients(db: Db, since: Date, limit: number): Promise<BouncingRecipient[]> {
  const rows = await db
    .select({
      email: emailBounceLog.email,
      bounces: count(),
      lastBounceAt: sql<number>`max(${emailBounceLog.occurredAt})`.as("last_bounce_at"),
      // SQLite: with exactly one max() in the select list, bare columns come from the row holding it.
      lastReason: emailBounceLog.reason,
    })
    .from(emailBounceLog)
    .where(gte(emailBounceLog.occurredAt, since))
    .groupBy(emailBounceLog.email)
    .orderBy(sql`last_bounce_at desc`)
    .limit(limit)
    .all();
  return rows.map((r) => ({
    email: r.email,
    bounces: r.bounces,
    lastBounceAt: new Date(Number(r.lastBounceAt)),
    lastReason: r.lastReason ?? null,
  }));
}

export type DeliveryEventRow = Omit<typeof emailDeliveryEvents.$inferSelect, "payload">;

const eventColumns = {
  id: emailDeliveryEvents.id,
  eventId: emailDeliveryEvents.eventId,
  provider: emailDeliveryEvents.provider,
  sendId: emailDeliveryEvents.sendId,
  email: emailDeliveryEvents.email,
  kind: emailDeliveryEvents.kind,
  severity: emailDeliveryEvents.severity,
  reason: emailDeliveryEvents.reason,
  occurredAt: emailDeliveryEvents.occurredAt,
  createdAt: emailDeliveryEvents.createdAt,
};

export interface DeliveryEventFilter {
  /** An address exactly (already normalised). */
  email?: string;
  /** Part of the address. */
  q?: string;
  kind?: string;
  severity?: "permanent" | "temporary";
}

function eventWhere(filter: DeliveryEventFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.email) parts.push(eq(emailDeliveryEvents.email, filter.email));
  if (filter.q?.trim()) parts.push(emailContains(emailDeliveryEvents.email, filter.q));
  if (filter.kind) parts.push(eq(emailDeliveryEvents.kind, filter.kind));
  if (filter.severity) parts.push(eq(emailDeliveryEvents.severity, filter.severity));
  return parts.length ? and(...parts) : undefined;
}

/** Delivery events that match, newest stored first (the payload left out), and how many match. */
export async function listDeliveryEvents(
  db: Db,
  filter: DeliveryEventFilter,
  page: Page,
): Promise<{ rows: DeliveryEventRow[]; total: number }> {
  const where = eventWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(eventColumns)
      .from(emailDeliveryEvents)
      .where(where)
      .orderBy(desc(emailDeliveryEvents.id))
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ total: count() }).from(emailDeliveryEvents).where(where).all(),
  ]);
  return { rows, total };
}

export interface DailyEventCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  kind: string;
  severity: string | null;
  count: number;
}

/** Delivery events per UTC day (of when they happened), kind and severity, from `since` on. */
export async function countDeliveryEventsByDay(db: Db, since: Date): Promise<DailyEventCount[]> {
  const day = sql<string>`strftime('%Y-%m-%d', ${emailDeliveryEvents.occurredAt} / 1000, 'unixepoch')`;
  const rows = await db
    .select({ day, kind: emailDeliveryEvents.kind, severity: emailDeliveryEvents.severity, count: count() })
    .from(emailDeliveryEvents)
    .where(gte(emailDeliveryEvents.occurredAt, since))
    .groupBy(day, emailDeliveryEvents.kind, emailDeliveryEvents.severity)
    .all();
  return rows.map((r) => ({ day: String(r.day), kind: r.kind, severity: r.severity, count: r.count }));
}
