import { senderProfiles } from "../../db/schema";
import type { SenderProfile } from "~/domain/sender/profile";
import type { Db } from "~/lib/db.server";

const COLUMNS = "sender_name, from_address, reply_to, postal_address, logo_url, website_url";

type Row = Record<string, unknown>;

function fromRow(row: Row): SenderProfile {
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    senderName: String(row.sender_name),
    fromAddress: text(row.from_address),
    replyTo: text(row.reply_to),
    postalAddress: text(row.postal_address),
    logoUrl: text(row.logo_url),
    websiteUrl: text(row.website_url),
  };
}

/** Read on every send: plain SQL (ADR 012). */
export async function findSenderProfile(db: Db, userId: string): Promise<SenderProfile | null> {
  const rs = await db.$client.execute({ sql: `SELECT ${COLUMNS} FROM sender_profiles WHERE user_id = ?`, args: [userId] });
  return rs.rows[0] ? fromRow(rs.rows[0] as Row) : null;
}

/** The profile of the user who made a send that went to `recipient` (the unsubscribe page's brand). */
export async function findSenderProfileOfSend(db: Db, sendId: string, recipient: string): Promise<SenderProfile | null> {
  const rs = await db.$client.execute({
    sql: `SELECT ${COLUMNS.split(", ")
      .map((c) => `p.${c}`)
      .join(", ")} FROM email_sends s JOIN sender_profiles p ON p.user_id = s.user_id WHERE s.id = ? AND lower(s.recipient) = ?`,
    args: [sendId, recipient.trim().toLowerCase()],
  });
  return rs.rows[0] ? fromRow(rs.rows[0] as Row) : null;
}

export async function saveSenderProfile(db: Db, userId: string, profile: SenderProfile, now = new Date()): Promise<void> {
  const values = { ...profile, updatedAt: now };
  await db
    .insert(senderProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: senderProfiles.userId, set: values })
    .run();
}
