import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { adminUsers, apiTokens, creditBalances, creditLedger, users } from "../../db/schema";
import type { Db } from "~/lib/db.server";
import { hashPassword, needsRehash, verifyPassword } from "~/lib/password.server";
import { AI_GENERATION } from "./credits.server";

export interface User {
  id: string;
  email: string;
  isAdmin: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

async function withAdminFlag(db: Db, row: { id: string; email: string } | undefined): Promise<User | null> {
  if (!row) return null;
  const admin = await db.select().from(adminUsers).where(eq(adminUsers.email, row.email)).get();
  return { id: row.id, email: row.email, isAdmin: Boolean(admin) };
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const row = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).get();
  return withAdminFlag(db, row);
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const row = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
  return withAdminFlag(db, row);
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).limit(1).all();
  return rows.length;
}

export type CreateUserResult = { ok: true; user: User } | { ok: false; error: string };

/** Creates a user with its starting credits (ledger row included) in one transaction. */
export async function createUser(
  db: Db,
  input: { email: string; password: string; admin?: boolean; credits: number },
): Promise<CreateUserResult> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) return { ok: false, error: `A user with email ${email} already exists` };
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  // One batch: the user, its balance and ledger row, and the admin flag land together or not at all.
  const admin = input.admin ? [db.insert(adminUsers).values({ email }).onConflictDoNothing()] : [];
  await db.batch([
    db.insert(users).values({ id, email, passwordHash }),
    db.insert(creditBalances).values({ userId: id, action: AI_GENERATION, balance: input.credits }),
    db
      .insert(creditLedger)
      .values({ userId: id, action: AI_GENERATION, delta: input.credits, kind: "initial", balanceAfter: input.credits }),
    ...admin,
  ]);
  return { ok: true, user: { id, email, isAdmin: Boolean(input.admin) } };
}

export async function setAdmin(db: Db, email: string, admin: boolean): Promise<void> {
  const e = normalizeEmail(email);
  if (admin) await db.insert(adminUsers).values({ email: e }).onConflictDoNothing();
  else await db.delete(adminUsers).where(eq(adminUsers.email, e));
}

export async function verifyLogin(db: Db, email: string, password: string): Promise<User | null> {
  const row = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
  if (!row) {
    // Hash anyway so a missing account takes as long as a wrong password.
    await hashPassword(password);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  // A hash made with weaker parameters is replaced now, while the password is at hand. The
  // where clause keeps a concurrent password change from being overwritten.
  if (needsRehash(row.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)));
  }
  return withAdminFlag(db, row);
}

/** Replaces the user's password hash; false when there is no such user. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<boolean> {
  const rs = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
  return rs.rowsAffected > 0;
}

/** Whether `password` is the user's current password (no rehash: this is not a sign-in). */
export async function checkPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!row) return false;
  return verifyPassword(password, row.passwordHash);
}

// ── API tokens ──────────────────────────────────────────────────────────────────────────────────

export async function recordApiToken(db: Db, t: { jti: string; userId: string; name: string; expiresAt: Date }) {
  await db.insert(apiTokens).values(t);
}

/**
 * The user a bearer token speaks for, when its recorded token is neither revoked nor expired.
 * Every API call runs this, so it is one statement rather than user, admin flag and token apart.
 */
export async function findTokenUser(db: Db, jti: string, userId: string, now = new Date()): Promise<User | null> {
  const rs = await db.$client.execute({
    sql: `SELECT u.id, u.email, EXISTS (SELECT 1 FROM admin_users a WHERE a.email = u.email) AS is_admin
          FROM api_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.jti = ? AND t.user_id = ? AND t.revoked_at IS NULL AND t.expires_at > ?`,
    args: [jti, userId, now.getTime()],
  });
  const row = rs.rows[0];
  return row ? { id: String(row.id), email: String(row.email), isAdmin: Number(row.is_admin) === 1 } : null;
}

export async function listApiTokens(db: Db, userId: string) {
  return db
    .select({
      jti: apiTokens.jti,
      name: apiTokens.name,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      createdAt: apiTokens.createdAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(apiTokens.createdAt)
    .all();
}

export async function revokeApiToken(db: Db, userId: string, jti: string): Promise<boolean> {
  const res = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.jti, jti), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ jti: apiTokens.jti });
  return res.length > 0;
}

export async function listUsersWithBalances(db: Db) {
  const rows = await db.$client.execute(
    `SELECT u.id, u.email, u.created_at AS createdAt, COALESCE(b.balance, 0) AS credits,
            EXISTS (SELECT 1 FROM admin_users a WHERE a.email = u.email) AS isAdmin
     FROM users u LEFT JOIN credit_balances b ON b.user_id = u.id AND b.action = 'ai_generation'
     ORDER BY u.created_at`,
  );
  return rows.rows.map((r) => ({
    id: String(r.id),
    email: String(r.email),
    createdAt: new Date(Number(r.createdAt)).toISOString(),
    credits: Number(r.credits),
    isAdmin: Boolean(Number(r.isAdmin)),
  }));
}
