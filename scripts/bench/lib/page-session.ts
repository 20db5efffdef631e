// A browser's standing for the page-form cases of `npm run bench -- hostile`: the bench user signed
// in through /login (its session cookie and CSRF token), an anonymous visitor's pre-session CSRF
// cookie and token (the sign-in form), and the ids some forms post to (a version of the user's,
// the user itself, an unsubscribe link). The bench user is made an admin before this runs.
import crypto from "node:crypto";
import type { Client } from "@libsql/client";
import { createUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import type { BenchResponse } from "./http-client";

type Request = (method: string, path: string, headers: Record<string, string>, body?: string) => Promise<BenchResponse>;

export interface PageSession {
  /** Headers a same-origin form post of the signed-in user carries (cookie, origin, content type). */
  headers: Record<string, string>;
  csrf: string;
  /** The same for a visitor who is not signed in (the sign-in form). */
  anonymous: { headers: Record<string, string>; csrf: string };
  userId: string;
  versionId: string;
  unsubscribePath: string;
  /** The Check step's hidden fields as the page rendered them (`brief`, `u.read`), for its own posts. */
  understood: { brief: string; read: string };
}

const cookiesOf = (res: BenchResponse) => [res.headers["set-cookie"] ?? []].flat().map((line) => line.split(";")[0]!.trim());

const unescapeHtml = (s: string) =>
  s.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, e: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" })[e]!);

function hiddenValue(html: string, name: string): string {
  const m = new RegExp(`name="${name.replace(/\./g, "\\.")}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`the page has no hidden field ${name}`);
  return unescapeHtml(m[1]!);
}

const csrfIn = (html: string) => hiddenValue(html, "_csrf");

export async function openPageSession(
  request: Request,
  db: Client,
  opts: { origin: string; email: string; password: string; sessionSecret: string },
): Promise<PageSession> {
  const form = { "content-type": "application/x-www-form-urlencoded", origin: opts.origin };
  const login = await request("GET", "/login", {});
  const anonCookie = cookiesOf(login).join("; ");
  const anonCsrf = csrfIn(login.body);
  const signedIn = await request(
    "POST",
    "/login",
    { ...form, cookie: anonCookie },
    new URLSearchParams({ _csrf: anonCsrf, email: opts.email, password: opts.password }).toString(),
  );
  if (signedIn.status !== 302) throw new Error(`bench sign-in answered ${signedIn.status}`);
  const cookie = cookiesOf(signedIn).join("; ");
  const builder = await request("GET", "/builder", { cookie });
  const csrf = csrfIn(builder.body);
  const headers = { ...form, cookie };

  const user = await db.execute({ sql: "SELECT id FROM users WHERE email = ?", args: [opts.email] });
  const userId = String(user.rows[0]!.id);
  const versionId = crypto.randomUUID();
  await db.execute({
    sql: "INSERT INTO email_versions (id, user_id, kind, prompt, brief, html, metadata, created_at) VALUES (?, ?, 'generate', ?, ?, ?, '{}', ?)",
    args: [
      versionId,
      userId,
      "Spring sale",
      JSON.stringify({ prompt: "Spring sale" }),
      "<!DOCTYPE html><html><body><p>Spring sale</p></body></html>",
      Date.now(),
    ],
  });

  // The Check step as the page renders it after "Continue".
  const understand = await request(
    "POST",
    "/builder?index",
    headers,
    new URLSearchParams({
      _csrf: csrf,
      intent: "understand",
      prompt: "Spring sale for Bloom: tabs for Dresses ($49) and Shoes ($79)",
    }).toString(),
  );
  if (understand.status !== 200) throw new Error(`the builder's understand step answered ${understand.status}`);
  const understood = { brief: hiddenValue(understand.body, "brief"), read: hiddenValue(understand.body, "u.read") };

  return {
    headers,
    csrf,
    anonymous: { headers: { ...form, cookie: anonCookie }, csrf: anonCsrf },
    userId,
    versionId,
    unsubscribePath: `/unsubscribe/${createUnsubscribeToken(opts.sessionSecret, "hostile-reader@example.com")}`,
    understood,
  };
}
