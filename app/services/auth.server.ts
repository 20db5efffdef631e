// Bearer tokens for the JSON API; sign-in and server-side sessions (table page_sessions) for the
// pages, whose cookies, redirects and page helpers are app/http/session.server.ts.
import type { AppContext } from "~/composition/app.server";
import type { Env } from "~/lib/env.server";
import { verifyAccessToken, signAccessToken, parseTtl } from "~/lib/jwt.server";
import {
  createPageSession,
  deleteExpiredPageSessions,
  deletePageSession,
  findPageSession,
  newSecretToken,
} from "~/models/page-sessions.server";
import { clearRateLimit, hitRateLimit, peekRateLimit, pruneRateLimits, type RateLimit } from "~/models/rate-limits.server";
import { findTokenUser, findUserById, normalizeEmail, recordApiToken, verifyLogin, type User } from "~/models/users.server";
import { failure, type ServiceResult } from "./result";
export type { User };

export type AuthFailure = "unauthenticated" | "forbidden";

export async function authenticateBearer(
  app: AppContext,
  request: Request,
  requireAdmin: boolean,
  // eslint-disable-next-line no-restricted-syntax -- which authentication failed, not a response: apiRoute turns it into 401 or 403
): Promise<{ ok: true; user: User } | { ok: false; failure: AuthFailure }> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { ok: false, failure: "unauthenticated" };
  const verified = await verifyAccessToken(app.env.JWT_SECRET, match[1]);
  if (!verified.ok) return { ok: false, failure: "unauthenticated" };
  const user = await findTokenUser(app.database.db, verified.claims.jti, verified.claims.sub);
  if (!user) return { ok: false, failure: "unauthenticated" };
  if (requireAdmin && !user.isAdmin) return { ok: false, failure: "forbidden" };
  return { ok: true, user };
}

/** A token lifetime in seconds, or why it cannot be used: not a lifetime, or over ACCESS_TOKEN_MAX_TTL. */
/* eslint-disable no-restricted-syntax -- a lifetime check the token page, the CLI and issueToken share: the message, no status */
export function tokenLifetime(
  env: Pick<Env, "ACCESS_TOKEN_MAX_TTL">,
  ttl: string,
): { ok: true; seconds: number } | { ok: false; error: string } {
  /* eslint-enable no-restricted-syntax */
  const seconds = parseTtl(ttl);
  if (!seconds) return { ok: false, error: `"${ttl}" is not a lifetime: use a number with s, m, h or d, e.g. 24h` };
  const max = parseTtl(env.ACCESS_TOKEN_MAX_TTL);
  if (max && seconds > max)
    return { ok: false, error: `A token can live at most ${env.ACCESS_TOKEN_MAX_TTL} (ACCESS_TOKEN_MAX_TTL); "${ttl}" is longer` };
  return { ok: true, seconds };
}

/**
 * Issues an access token and records it (so it can be listed and revoked). Callers check the
 * lifetime with tokenLifetime first; one that slips through is a bug, so it throws rather than
 * issue a token longer than ACCESS_TOKEN_MAX_TTL.
 */
export async function issueAccessToken(app: AppContext, user: { id: string; email: string }, ttl: string, name: string) {
  const lifetime = tokenLifetime(app.env, ttl);
  if (!lifetime.ok) throw new Error(lifetime.error);
  const issued = await signAccessToken(app.env.JWT_SECRET, user, lifetime.seconds);
  await recordApiToken(app.database.db, { jti: issued.jti, userId: user.id, name, expiresAt: issued.expiresAt });
  return issued;
}

// ── page sessions (the cookies and redirects around them: app/http/session.server.ts) ─────────────

/** The session the id names, with its user and CSRF token; null when ended, expired or unknown. */
export async function findPageSessionUser(app: AppContext, id: string): Promise<{ user: User; csrfToken: string } | null> {
  const session = await findPageSession(app.database.db, id);
  if (!session) return null;
  const user = await findUserById(app.database.db, session.userId);
  return user ? { user, csrfToken: session.csrfToken } : null;
}

/** A new session for the user until `expiresAt`; the `previous` one (signing in over it) is ended. Returns its id. */
export async function openPageSession(app: AppContext, userId: string, previous: string | null, expiresAt: Date): Promise<string> {
  if (previous) await deletePageSession(app.database.db, previous);
  const { id } = await createPageSession(app.database.db, userId, expiresAt);
  return id;
}

/** Ends a session on the server: its cookie stops working at once. */
export async function endPageSession(app: AppContext, id: string): Promise<void> {
  await deletePageSession(app.database.db, id);
}

/** A random token (the pre-session CSRF token). */
export const newCsrfToken = (): string => newSecretToken();

// ── sign-in ────────────────────────────────────────────────────────────────────────

/** The rate_limits key counting an account's failed sign-ins (its lockout). */
export const signInLockKey = (email: string) => `login:account:${normalizeEmail(email)}`;

/** The per-account failure rule, from the configuration. */
export function signInLockRule(app: AppContext): RateLimit {
  return { limit: app.env.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: app.env.LOGIN_WINDOW_SECONDS * 1000 };
}

/** The user, or a 400/401 (bad input or credentials) or a 429 with `retryAfterSeconds` (throttled). */
export type SignInResult = ServiceResult<User>;

/** A wait in words: "40 seconds", "15 minutes". */
export function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

const MAX_EMAIL_LENGTH = 320;

/**
 * Checks a sign-in attempt against the throttles and the password. Every attempt counts against
 * the client's address (LOGIN_MAX_ATTEMPTS_PER_IP per window); failures count against the
 * account (LOGIN_MAX_FAILURES_PER_ACCOUNT), and while an account is locked its password is not
 * even checked, so guessing on cannot confirm a hit. Counters live in the database (rate_limits):
 * they hold across restarts. Accounts that do not exist are counted the same way, so a lockout
 * says nothing about whether an address has an account.
 */
export async function signIn(app: AppContext, input: { email: string; password: string; clientIp: string }): Promise<SignInResult> {
  const { db } = app.database;
  const windowMs = app.env.LOGIN_WINDOW_SECONDS * 1000;
  const perIp: RateLimit = { limit: app.env.LOGIN_MAX_ATTEMPTS_PER_IP, windowMs };
  const perAccount = signInLockRule(app);

  const ip = await hitRateLimit(db, `login:ip:${input.clientIp}`, perIp);
  if (!ip.allowed) {
    return failure(429, `Too many sign-in attempts from your network. Try again in ${inWords(ip.retryAfterSeconds)}.`, {
      retryAfterSeconds: ip.retryAfterSeconds,
    });
  }
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return failure(400, "Enter your email and password.");
  if (email.length > MAX_EMAIL_LENGTH) return failure(400, "That is not an email address.");

  const accountKey = signInLockKey(email);
  const account = await peekRateLimit(db, accountKey, perAccount);
  if (!account.allowed) {
    return failure(
      429,
      `Too many failed sign-ins for this account. It is locked for ${inWords(account.retryAfterSeconds)}; try again then.`,
      {
        retryAfterSeconds: account.retryAfterSeconds,
      },
    );
  }
  const user = await verifyLogin(db, email, input.password);
  if (!user) {
    await hitRateLimit(db, accountKey, perAccount);
    return failure(401, "That email and password do not match an account.");
  }
  await clearRateLimit(db, accountKey);
  // Housekeeping, now and then: sign-ins are rare enough, and both deletes use an index.
  await deleteExpiredPageSessions(db);
  await pruneRateLimits(db, windowMs);
  return { ok: true, value: user };
}
