import type { ZodError } from "zod";
import type { AppContext } from "~/composition/app.server";
import { AI_GENERATION, balanceOf, grant } from "~/models/credits.server";
import { createUser, findUserByEmail, findUserById, listApiTokens, listUsersWithBalances, revokeApiToken, setAdmin, type User } from "~/models/users.server";
import { NewAccountSchema, type NewAccount } from "~/domain/requests/users";
import { failure, type ServiceResult } from "./result";

// Accounts as an admin manages them, from the Admin page or `npm run user`: one set of rules for both.

// A new account's fields: NewAccountSchema (domain/requests/users.ts).

/** The most credits one grant may add. */
export const MAX_GRANT = 1_000_000;

const messages = (e: ZodError) => e.issues.map((i) => i.message).join(". ");

export async function listAccounts(app: AppContext) {
  return listUsersWithBalances(app.database.db);
}

export async function createAccount(app: AppContext, input: NewAccount): Promise<ServiceResult<{ user: { id: string; email: string; isAdmin: boolean }; credits: number }>> {
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
export async function grantCredits(app: AppContext, ref: AccountRef, credits: number, by: string): Promise<ServiceResult<{ user: User; balance: number }>> {
  if (!Number.isInteger(credits) || credits < 1 || credits > MAX_GRANT) return failure(400, `Credits must be a whole number from 1 to ${MAX_GRANT.toLocaleString("en")}`);
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
