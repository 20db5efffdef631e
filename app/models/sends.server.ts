import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { emailDeliveryEvents, emailSends } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type SendRow = typeof emailSends.$inferSelect;
export type NewSend = typeof emailSends.$inferInsert;
export type DeliveryEventRow = typeof emailDeliveryEvents.$inferSelect;

/** Everything but the two large columns, for lists and the tracking API. */
const summaryColumns = {
  id: emailSends.id,
  userId: emailSends.userId,
  senderEmail: emailSends.senderEmail,
  recipient: emailSends.recipient,
  subject: emailSends.subject,
  provider: emailSends.provider,
  providerId: emailSends.providerId,
  messageId: emailSends.messageId,
  status: emailSends.status,
  error: emailSends.error,
  emailName: emailSends.emailName,
  projectId: emailSends.projectId,
  databaseId: emailSends.databaseId,
  notes: emailSends.notes,
  createdAt: emailSends.createdAt,
  sentAt: emailSends.sentAt,
};
export type SendSummary = Pick<SendRow, keyof typeof summaryColumns>;

/** Written once per send, so plain SQL rather than a query built on each call. */
export async function insertSend(db: Db, row: NewSend): Promise<void> {
  const now = Date.now();
  await db.$client.execute({
    sql: `INSERT INTO email_sends (id, user_id, sender_email, recipient, subject, provider, provider_id, message_id, status, error,
            html, amp_html, raw_mime, email_name, project_id, database_id, notes, created_at, sent_at, idempotency_key, request_hash)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      row.id,
      row.userId,
      row.senderEmail,
      row.recipient,
      row.subject,
      row.provider,
      row.providerId ?? null,
      row.messageId,
      row.status,
      row.error ?? null,
      row.html,
      row.ampHtml ?? null,
      row.rawMime ?? null,
      row.emailName ?? null,
      row.projectId ?? null,
      row.databaseId ?? null,
      JSON.stringify(row.notes ?? []),
      (row.createdAt ?? new Date(now)).getTime(),
      row.sentAt ? row.sentAt.getTime() : null,
      row.idempotencyKey ?? null,
      row.requestHash ?? null,
    ],
  });
}

export async function recordSendOutcome(
  db: Db,
  id: string,
  outcome: { status: "sent"; providerId: string; notes: string[]; sentAt: Date } | { status: "failed"; error: string },
): Promise<void> {
  const values =
    outcome.status === "sent"
      ? { status: outcome.status, providerId: outcome.providerId, notes: outcome.notes, sentAt: outcome.sentAt, error: null }
      : { status: outcome.status, error: outcome.error };
  // `unknown`: the start-up sweep gave up on it while a write lock held this outcome back.
  await db
    .update(emailSends)
    .set(values)
    .where(and(eq(emailSends.id, id), inArray(emailSends.status, ["sending", "unknown"])))
    .run();
}

/** A user's earlier send made with this Idempotency-Key, with the hash of its request. */
export async function findSendByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<(SendSummary & { requestHash: string | null }) | null> {
  const row = await db
    .select({ ...summaryColumns, requestHash: emailSends.requestHash })
    .from(emailSends)
    .where(and(eq(emailSends.userId, userId), eq(emailSends.idempotencyKey, key)))
    .get();
  return row ?? null;
}

/** Whether an insert failed because the user already used this Idempotency-Key. */
export function isIdempotencyConflict(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "SQLITE_CONSTRAINT" && typeof e.message === "string" && e.message.includes("idempotency_key");
}

/**
 * Sends left `sending` since before `startedBefore` (the server stopped mid-send): marked
 * `unknown`, each with an operator alert, in one transaction. Never resent: the provider may
 * have delivered them.
 */
export async function markInterruptedSends(
  db: Db,
  startedBefore: Date,
  now = new Date(),
): Promise<Array<{ id: string; recipient: string }>> {
  const cutoff = startedBefore.getTime();
  const error =
    "Outcome unknown: the server stopped while this send was in flight. It may or may not have been delivered; it was not sent again.";
  const [, updated] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO operator_alerts (kind, recipient, message, attempts, created_at)
              SELECT 'send_outcome_unknown', recipient,
                     'Send ' || id || ' (' || provider || ') was in flight when the server stopped; check the provider''s log before sending it again.',
                     0, ?
              FROM email_sends WHERE status = 'sending' AND created_at < ?`,
        args: [now.getTime(), cutoff],
      },
      {
        sql: "UPDATE email_sends SET status = 'unknown', error = ? WHERE status = 'sending' AND created_at < ? RETURNING id, recipient",
        args: [error, cutoff],
      },
    ],
    "write",
  );
  return updated.rows.map((r) => ({ id: String(r.id), recipient: String(r.recipient) }));
}

export async function findSendSummary(db: Db, id: string): Promise<SendSummary | null> {
  return (await db.select(summaryColumns).from(emailSends).where(eq(emailSends.id, id)).get()) ?? null;
}

/** The HTML as the recipient got it (View in browser). */
export async function findSendHtml(db: Db, id: string): Promise<string | null> {
  const row = await db.select({ html: emailSends.html }).from(emailSends).where(eq(emailSends.id, id)).get();
  return row?.html ?? null;
}

export async function findSendRaw(db: Db, id: string): Promise<string | null | undefined> {
  const row = await db.select({ raw: emailSends.rawMime }).from(emailSends).where(eq(emailSends.id, id)).get();
  return row ? row.raw : undefined;
}

/** Newest first; sends created in the same millisecond keep their insertion order (rowid). */
export async function listRecentSends(db: Db, limit: number): Promise<SendSummary[]> {
  return db
    .select(summaryColumns)
    .from(emailSends)
    .orderBy(desc(emailSends.createdAt), desc(sql`rowid`))
    .limit(limit)
    .all();
}

/**
 * The send a provider event belongs to: by the send id the provider echoed back, else by the
 * provider's message id (Mailgun reports it without the angle brackets it answered with).
 */
export async function findSendIdForEvent(db: Db, e: { sendId?: string; providerMessageId?: string }): Promise<string | null> {
  if (e.sendId) {
    const row = await db.select({ id: emailSends.id }).from(emailSends).where(eq(emailSends.id, e.sendId)).get();
    if (row) return row.id;
  }
  if (e.providerMessageId) {
    const bare = e.providerMessageId.replace(/^<|>$/g, "");
    const row = await db
      .select({ id: emailSends.id })
      .from(emailSends)
      .where(or(eq(emailSends.providerId, bare), eq(emailSends.providerId, `<${bare}>`), eq(emailSends.messageId, `<${bare}>`)))
      .get();
    if (row) return row.id;
  }
  return null;
}

/** Events of one send in arrival order, optionally only those after a known row id (SSE resume). */
export async function listSendEvents(db: Db, sendId: string, afterId = 0, limit = 500): Promise<DeliveryEventRow[]> {
  return db
    .select()
    .from(emailDeliveryEvents)
    .where(and(eq(emailDeliveryEvents.sendId, sendId), gt(emailDeliveryEvents.id, afterId)))
    .orderBy(asc(emailDeliveryEvents.id))
    .limit(limit)
    .all();
}
