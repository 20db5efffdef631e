// Bearer tokens for the JSON API; cookie sessions (remix-auth FormStrategy) for the pages.
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AppContext } from "./app.server";
import { getApp } from "./app.server";
import { verifyAccessToken, signAccessToken, parseTtl } from "./jwt.server";
import { findTokenUser, findUserById, recordApiToken, verifyLogin, type User } from "~/models/users.server";

export type AuthFailure = "unauthenticated" | "forbidden";

export async function authenticateBearer(
  app: AppContext,
  request: Request,
  requireAdmin: boolean,
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

/** Issues an access token and records it (so it can be listed and revoked). */
export async function issueAccessToken(app: AppContext, user: { id: string; email: string }, ttl: string, name: string) {
  const seconds = parseTtl(ttl);
  if (!seconds) throw new Error(`Invalid TTL "${ttl}": use a number with s, m, h or d, e.g. 24h`);
  const issued = await signAccessToken(app.env.JWT_SECRET, user, seconds);
  await recordApiToken(app.database.db, { jti: issued.jti, userId: user.id, name, expiresAt: issued.expiresAt });
  return issued;
}

// ── pages ───────────────────────────────────────────────────────────────────────────────────────

type SessionData = { userId: string };
type FlashData = { error: string; notice: string };

let pageAuth:
  | {
      storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>>;
      authenticator: Authenticator<User>;
    }
  | undefined;

async function getPageAuth() {
  if (pageAuth) return pageAuth;
  const app = await getApp();
  const storage = createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__kinetic_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: app.env.BASE_URL.startsWith("https://"),
      secrets: [app.env.SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 14,
    },
  });
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "").trim();
      const password = String(form.get("password") ?? "");
      if (!email || !password) throw new Error("Enter your email and password.");
      const user = await verifyLogin(app.database.db, email, password);
      if (!user) throw new Error("That email and password do not match an account.");
      return user;
    }),
    "form",
  );
  pageAuth = { storage, authenticator };
  return pageAuth;
}

export async function getSession(request: Request) {
  const { storage } = await getPageAuth();
  return storage.getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: Awaited<ReturnType<typeof getSession>>) {
  const { storage } = await getPageAuth();
  return storage.commitSession(session);
}

/** Runs the form strategy; returns the user or a readable error. */
export async function loginWithForm(request: Request): Promise<{ ok: true; user: User } | { ok: false; error: string }> {
  const { authenticator } = await getPageAuth();
  try {
    return { ok: true, user: await authenticator.authenticate("form", request) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : "Sign-in failed." };
  }
}

export async function logout(request: Request) {
  const { storage } = await getPageAuth();
  const session = await getSession(request);
  return redirect("/login", { headers: { "Set-Cookie": await storage.destroySession(session) } });
}

export async function getSessionUser(request: Request): Promise<User | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  const app = await getApp();
  return findUserById(app.database.db, userId);
}

/** For page loaders: the signed-in user, or a redirect to /login that comes back here. */
export async function requirePageUser(request: Request, opts: { admin?: boolean } = {}): Promise<User> {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (opts.admin && !user.isAdmin) throw new Response("Admin access required", { status: 403 });
  return user;
}
