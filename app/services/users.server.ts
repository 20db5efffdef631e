import type { ZodError } from "zod";
import type { AppContext } from "~/composition/app.server";
import { AI_GENERATION, balanceOf, grant } from "~/models/credits.server";
import { hashPassword } from "~/lib/password.server";
import { deleteUserPageSessions } from "~/models/page-sessions.server";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "~/models/rate-limits.server";
import {
  checkPassword,
  createUser,
  findUserByEmail,
  findUserById,
  listApiTokens,
  listUsersWithBalances,
  revokeApiToken,
  setAdmin,
  setPasswordHash,
  type User,
} from "~/models/users.server";
import { NewAccountSchema, PasswordSchema, type ChangePasswordInput, type NewAccount } from "~/domain/requests/users";
import { inWords, signInLockKey, signInLockRule } from "./auth.server";
import { failure, type ServiceResult } from "./result";

// Accounts as an admin manages them, from the Admin page or `npm run user`: one set of rules for both.

// A new account's fields: NewAccountSchema (domain/requests/users.ts).

/** The most credits one grant may add. */
export const MAX_GRANT = 1_000_000;

const messages = (e: ZodError) => e.issues.map((i) => i.message).join(". ");

export async function listAccounts(app: AppContext) {
  return listUsersWithBalances(app.database.db);
}

export async function createAccount(
  app: AppContext,
  input: NewAccount,
): Promise<ServiceResult<{ user: { id: string; email: string; isAdmin: boolean }; credits: number }>> {
  const parsed = NewAccountSchema.safeParse(input);
  if (!parsed.success) return failure(400, messages(parsed.error));
  const created = await createUser(app.database.db, parsed.data);
  if (!created.ok) return failure(409, created.error);
  return { ok: true, value: { user: created.user, credits: parsed.data.credits } };
}

export type AccountRef = { id: string } | { email: string };

async function find(app: AppContext, ref: AccountRef): Promise<User | null> {
  const { db } = app.database;
  return "id" in ref ? findUserById(db, ref.id) : findUserByEmail(db, ref.email);
}

/** Adds ai_generation credits; `by` names who granted them in the ledger ("cli", "admin:<email>"). */
export async function grantCredits(
  app: AppContext,
  ref: AccountRef,
  credits: number,
  by: string,
): Promise<ServiceResult<{ user: User; balance: number }>> {
  if (!Number.isInteger(credits) || credits < 1 || credits > MAX_GRANT)
    return failure(400, `Credits must be a whole number from 1 to ${MAX_GRANT.toLocaleString("en")}`);
  const user = await find(app, ref);
  if (!user) return failure(404, "Unknown user");
  const balance = await grant(app.database.db, user.id, AI_GENERATION, credits, by);
  return { ok: true, value: { user, balance } };
}

/** Grants or revokes admin access; an admin signed in on the page cannot revoke their own. */
export async function setAdminAccess(
  app: AppContext,
  ref: AccountRef,
  admin: boolean,
  actor?: { id: string },
): Promise<ServiceResult<{ user: User; balance: number }>> {
  const user = await find(app, ref);
  if (!user) return failure(404, "Unknown user");
  if (!admin && actor?.id === user.id) return failure(400, "You cannot remove your own admin access.");
  await setAdmin(app.database.db, user.email, admin);
  return { ok: true, value: { user, balance: await balanceOf(app.database.db, user.id) } };
}

/** The user's ai_generation balance. */
export async function creditBalance(app: AppContext, userId: string): Promise<number> {
  return balanceOf(app.database.db, userId);
}

/** Every credit balance of the user, by action (GET /api/me). */
export async function creditBalances(app: AppContext, userId: string): Promise<Record<string, number>> {
  return { [AI_GENERATION]: await balanceOf(app.database.db, userId) };
}

/** The user's API tokens, newest first, without their secrets. */
export async function listTokens(app: AppContext, userId: string) {
  return listApiTokens(app.database.db, userId);
}

/** Revokes one of the user's tokens; false when it was already revoked or is not theirs. */
export async function revokeToken(app: AppContext, userId: string, jti: string): Promise<boolean> {
  return revokeApiToken(app.database.db, userId, jti);
}

// ── passwords and lockouts ───────────────────────────────────────────────────────────────────────

/** Who did it, for the audit line in the log: an admin on the page, or the command line. */
export type Actor = { id: string; email: string } | "cli";

const actorOf = (actor: Actor) => (actor === "cli" ? { by: "cli" } : { by: actor.email, byId: actor.id });

export interface SignInLock {
  locked: boolean;
  /** Failed sign-ins counted in the current window. */
  failures: number;
  /** Seconds until the lock lifts by itself (0 when not locked). */
  retryAfterSeconds: number;
}

/** Whether the account is locked out of signing in by failed attempts (LOGIN_MAX_FAILURES_PER_ACCOUNT). */
export async function signInLock(app: AppContext, email: string): Promise<SignInLock> {
  const d = await peekRateLimit(app.database.db, signInLockKey(email), signInLockRule(app));
  return { locked: !d.allowed, failures: d.count, retryAfterSeconds: d.allowed ? 0 : d.retryAfterSeconds };
}

/**
 * An admin sets a password for the user to sign in with and then change (forgotten password).
 * Every session of the user ends, and a sign-in lockout is lifted, so the new password works at
 * once. Logged as an audit line (who, for whom; never the password).
 */
export async function setTemporaryPassword(
  app: AppContext,
  ref: AccountRef,
  password: string,
  actor: Actor,
): Promise<ServiceResult<{ user: User; sessionsEnded: number }>> {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) return failure(400, messages(parsed.error), { code: "password" });
  const user = await find(app, ref);
  if (!user) return failure(404, "Unknown user");
  const { db } = app.database;
  await setPasswordHash(db, user.id, await hashPassword(parsed.data));
  const sessionsEnded = await deleteUserPageSessions(db, user.id);
  await clearRateLimit(db, signInLockKey(user.email));
  app.logger.info(
    { audit: "account.temporary_password", userId: user.id, email: user.email, sessionsEnded, ...actorOf(actor) },
    "temporary password set for an account",
  );
  return { ok: true, value: { user, sessionsEnded } };
}

/** Lifts a sign-in lockout (the failed-attempt counter in rate_limits) before it ends by itself. */
export async function unlockAccount(
  app: AppContext,
  ref: AccountRef,
  actor: Actor,
): Promise<ServiceResult<{ user: User; wasLocked: boolean }>> {
  const user = await find(app, ref);
  if (!user) return failure(404, "Unknown user");
  const { locked } = await signInLock(app, user.email);
  await clearRateLimit(app.database.db, signInLockKey(user.email));
  app.logger.info(
    { audit: "account.unlock", userId: user.id, email: user.email, wasLocked: locked, ...actorOf(actor) },
    "sign-in lockout cleared for an account",
  );
  return { ok: true, value: { user, wasLocked: locked } };
}

/**
 * A signed-in user changes their own password. The current password is checked like a sign-in:
 * a wrong one counts against the account's lockout, and while it is locked none is checked.
 * On success every other session of the user ends; the one `keepSessionId` names stays.
 * Failures carry `code`: the form field to mark ("current", "password" or "confirm").
 */
export async function changeOwnPassword(
  app: AppContext,
  user: User,
  input: ChangePasswordInput,
  keepSessionId: string,
): Promise<ServiceResult<{ sessionsEnded: number }>> {
  const { db } = app.database;
  if (!input.current) return failure(400, "Enter your current password.", { code: "current" });
  const next = PasswordSchema.safeParse(input.password);
  if (!next.success) return failure(400, `${messages(next.error)}.`, { code: "password" });
  if (input.confirm !== input.password) return failure(400, "The two new passwords are not the same.", { code: "confirm" });
  if (input.current === input.password) return failure(400, "Choose a new password, not the current one.", { code: "password" });

  const key = signInLockKey(user.email);
  const rule = signInLockRule(app);
  const lock = await peekRateLimit(db, key, rule);
  if (!lock.allowed) {
    return failure(429, `Too many wrong passwords for this account. Try again in ${inWords(lock.retryAfterSeconds)}.`, {
      code: "current",
      retryAfterSeconds: lock.retryAfterSeconds,
    });
  }
  if (!(await checkPassword(db, user.id, input.current))) {
    await hitRateLimit(db, key, rule);
    return failure(400, "That is not your current password.", { code: "current" });
  }
  await setPasswordHash(db, user.id, await hashPassword(next.data));
  const sessionsEnded = await deleteUserPageSessions(db, user.id, keepSessionId);
  app.logger.info(
    { audit: "account.password_changed", userId: user.id, email: user.email, sessionsEnded },
    "a user changed their password",
  );
  return { ok: true, value: { sessionsEnded } };
}
