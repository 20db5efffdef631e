// The pages' side of sign-in: the session and pre-session CSRF cookies, the signed-in user of a
// request, the redirect to /login, and starting and ending a session (its row is the service's:
// app/services/auth.server.ts).
import { createCookie, redirect } from "@remix-run/node";
import { getApp } from "~/composition/app.server";
import { parseTtl } from "~/lib/jwt.server";
import { endPageSession, findPageSessionUser, newCsrfToken, openPageSession, type User } from "~/services/auth.server";

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
  const found = await findPageSessionUser(await getApp(), id);
  return found ? { id, ...found } : null;
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
  const token = newCsrfToken();
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

/**
 * Starts a new session for the user and returns its Set-Cookie. Always a new id: a session id
 * planted in the browser before sign-in is never promoted (session fixation).
 */
export async function startPageSession(request: Request, user: User): Promise<string> {
  const app = await getApp();
  const { session: cookie, ttlSeconds } = await getCookies();
  // Signing in over an old session ends it.
  const previous = await sessionIdFrom(request.headers.get("Cookie"));
  const id = await openPageSession(app, user.id, previous, new Date(Date.now() + ttlSeconds * 1000));
  return cookie.serialize(id);
}

/** Ends the session on the server (its cookie stops working at once) and clears the cookie. */
export async function logout(request: Request) {
  const app = await getApp();
  const { session: cookie } = await getCookies();
  const id = await sessionIdFrom(request.headers.get("Cookie"));
  if (id) await endPageSession(app, id);
  return redirect("/login", { headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) } });
}
