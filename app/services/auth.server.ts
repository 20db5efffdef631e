// Bearer tokens for the JSON API; server-side sessions (table page_sessions) for the pages.
import { createCookie, redirect } from "@remix-run/node";
import type { AppContext } from "~/composition/app.server";
import { getApp } from "~/composition/app.server";
import type { Env } from "~/lib/env.server";
import { verifyAccessToken, signAccessToken, parseTtl } from "~/lib/jwt.server";
import {
  createPageSession, deleteExpiredPageSessions, deletePageSession, findPageSession, newSecretToken,
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
// eslint-disable-next-line no-restricted-syntax -- a lifetime check the token page, the CLI and issueToken share: the message, no status
export function tokenLifetime(env: Pick<Env, "ACCESS_TOKEN_MAX_TTL">, ttl: string): { ok: true; seconds: number } | { ok: false; error: string } {
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

// ── page sessions ───────────────────────────────────────────────────────────────────────────────

let cookies:
  | {
      /** The random session id; the session itself is the page_sessions row. */
      session: ReturnType<typeof createCookie>;
      /** Before sign-in: the token the sign-in form must send back (signed double-submit). */
      preSessionCsrf: ReturnType<typeof createCookie>;
      ttlSeconds: number;
    }
  | undefined;

/**
 * The page cookies' names. Over HTTPS they carry the `__Host-` prefix: a browser then accepts
 * them only from a secure origin, for Path=/ and without a Domain, so a page on another port or
 * subdomain of the same host cannot set them (and sign a victim into the attacker's account).
 * Over plain HTTP the prefix cannot be used; docs/security.md says what that leaves open.
 */
export function pageCookieNames(baseUrl: string): { session: string; preSessionCsrf: string; secure: boolean } {
  const secure = baseUrl.startsWith("https://");
  const prefix = secure ? "__Host-" : "__";
  return { session: `${prefix}kinetic_session`, preSessionCsrf: `${prefix}kinetic_csrf`, secure };
}

async function getCookies() {
  if (cookies) return cookies;
  const { env } = await getApp();
  const ttlSeconds = parseTtl(env.SESSION_TTL) ?? 14 * 86400;
  const names = pageCookieNames(env.BASE_URL);
  const common = {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: names.secure,
    secrets: [env.SESSION_SECRET],
  };
  cookies = {
    session: createCookie(names.session, { ...common, maxAge: ttlSeconds }),
    // No maxAge: it lasts as long as the browser session, and only guards the sign-in form.
    preSessionCsrf: createCookie(names.preSessionCsrf, common),
    ttlSeconds,
  };
  return cookies;
}

export interface PageSessionInfo {
  /** The random id from the cookie (never stored; the table holds its hash). */
  id: string;
  user: User;
  csrfToken: string;
}

async function sessionIdFrom(cookieHeader: string | null): Promise<string | null> {
  if (!cookieHeader) return null;
  const { session } = await getCookies();
  // A cookie from before server-side sessions held an object; it names no session.
  const value: unknown = await session.parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The live session the request's cookie names, with its user; null when signed out, ended or expired. */
export async function getPageSession(request: Request): Promise<PageSessionInfo | null> {
  const id = await sessionIdFrom(request.headers.get("Cookie"));
  if (!id) return null;
  const app = await getApp();
  const session = await findPageSession(app.database.db, id);
  if (!session) return null;
  const user = await findUserById(app.database.db, session.userId);
  return user ? { id, user, csrfToken: session.csrfToken } : null;
}

export async function getSessionUser(request: Request): Promise<User | null> {
  return (await getPageSession(request))?.user ?? null;
}

/** The pre-session CSRF token from its (signed) cookie, when the browser has one. */
export async function getPreSessionCsrfToken(request: Request): Promise<string | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader) return null;
  const { preSessionCsrf } = await getCookies();
  const value: unknown = await preSessionCsrf.parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * What the pages need on every request: the signed-in user, and the CSRF token forms must send
 * (the session's, or before sign-in the pre-session cookie's, made here when missing).
 */
export async function getPageAuth(request: Request): Promise<{ user: User | null; csrfToken: string; setCookie: string | null }> {
  const session = await getPageSession(request);
  if (session) return { user: session.user, csrfToken: session.csrfToken, setCookie: null };
  const existing = await getPreSessionCsrfToken(request);
  if (existing) return { user: null, csrfToken: existing, setCookie: null };
  const token = newSecretToken();
  const { preSessionCsrf } = await getCookies();
  return { user: null, csrfToken: token, setCookie: await preSessionCsrf.serialize(token) };
}

/** For page loaders: the signed-in user, or a redirect to /login that comes back here. */
export async function requirePageUser(request: Request, opts: { admin?: boolean } = {}): Promise<User> {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (opts.admin && !user.isAdmin) throw new Response("Admin access required", { status: 403 });
  return user;
}

// ── sign-in and sign-out ────────────────────────────────────────────────────────────────────────

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
    return failure(429, `Too many sign-in attempts from your network. Try again in ${inWords(ip.retryAfterSeconds)}.`, { retryAfterSeconds: ip.retryAfterSeconds });
  }
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return failure(400, "Enter your email and password.");
  if (email.length > MAX_EMAIL_LENGTH) return failure(400, "That is not an email address.");

  const accountKey = signInLockKey(email);
  const account = await peekRateLimit(db, accountKey, perAccount);
  if (!account.allowed) {
    return failure(429, `Too many failed sign-ins for this account. It is locked for ${inWords(account.retryAfterSeconds)}; try again then.`, {
      retryAfterSeconds: account.retryAfterSeconds,
    });
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

/**
 * Starts a new session for the user and returns its Set-Cookie. Always a new id: a session id
 * planted in the browser before sign-in is never promoted (session fixation).
 */
export async function startPageSession(request: Request, user: User): Promise<string> {
  const app = await getApp();
  const { session: cookie, ttlSeconds } = await getCookies();
  // Signing in over an old session ends it.
  const previous = await sessionIdFrom(request.headers.get("Cookie"));
  if (previous) await deletePageSession(app.database.db, previous);
  const { id } = await createPageSession(app.database.db, user.id, new Date(Date.now() + ttlSeconds * 1000));
  return cookie.serialize(id);
}

/** Ends the session on the server (its cookie stops working at once) and clears the cookie. */
export async function logout(request: Request) {
  const app = await getApp();
  const { session: cookie } = await getCookies();
  const id = await sessionIdFrom(request.headers.get("Cookie"));
  if (id) await deletePageSession(app.database.db, id);
  return redirect("/login", { headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) } });
}
