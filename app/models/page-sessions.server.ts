// Page sessions kept on the server (table page_sessions): the cookie carries a random id, the
// table its SHA-256, the user, the session's CSRF token and when it ends. Signing out deletes the
// row, so the cookie stops working at once. Every page request reads a session, so these are
// plain SQL statements (conventions: hot paths).
import crypto from "node:crypto";
import type { Db } from "~/lib/db.server";

export interface PageSession {
  userId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** The stored key for a session id: its SHA-256, so a copy of the table signs nobody in. */
export function hashSessionId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("base64url");
}

export const newSecretToken = () => crypto.randomBytes(32).toString("base64url");

/** Creates a session with a fresh random id and CSRF token; returns the id for the cookie. */
export async function createPageSession(db: Db, userId: string, expiresAt: Date): Promise<{ id: string; csrfToken: string }> {
  const id = newSecretToken();
  const csrfToken = newSecretToken();
  await db.$client.execute({
    sql: "INSERT INTO page_sessions (id_hash, user_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)",
    args: [hashSessionId(id), userId, csrfToken, expiresAt.getTime()],
  });
  return { id, csrfToken };
}

/** The live session this id names, or null (unknown, ended or expired). */
export async function findPageSession(db: Db, id: string, now = Date.now()): Promise<PageSession | null> {
  const rs = await db.$client.execute({
    sql: "SELECT user_id, csrf_token, expires_at FROM page_sessions WHERE id_hash = ? AND expires_at > ?",
    args: [hashSessionId(id), now],
  });
  const row = rs.rows[0];
  return row ? { userId: String(row.user_id), csrfToken: String(row.csrf_token), expiresAt: new Date(Number(row.expires_at)) } : null;
}

export async function deletePageSession(db: Db, id: string): Promise<void> {
  await db.$client.execute({ sql: "DELETE FROM page_sessions WHERE id_hash = ?", args: [hashSessionId(id)] });
}

/** Drops sessions that have expired (run now and then: at each sign-in). */
export async function deleteExpiredPageSessions(db: Db, now = Date.now()): Promise<number> {
  const rs = await db.$client.execute({ sql: "DELETE FROM page_sessions WHERE expires_at <= ?", args: [now] });
  return rs.rowsAffected;
}

/** Ends every session of the user except the one `keepId` names (none when omitted); returns how many ended. */
export async function deleteUserPageSessions(db: Db, userId: string, keepId?: string): Promise<number> {
  const rs = keepId
    ? await db.$client.execute({
        sql: "DELETE FROM page_sessions WHERE user_id = ? AND id_hash <> ?",
        args: [userId, hashSessionId(keepId)],
      })
    : await db.$client.execute({ sql: "DELETE FROM page_sessions WHERE user_id = ?", args: [userId] });
  return rs.rowsAffected;
}
