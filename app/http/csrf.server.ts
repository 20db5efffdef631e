// The one check every state-changing page request passes (docs/conventions.md, ADR 014). The HTTP server
// (server/page-guard.ts) calls checkPageMutation for every request to a page, and every Remix data
// request, whose method is not GET or HEAD, after reading the (size-limited) body and before any
// route code runs: document form posts, single-fetch `*.data` posts and `?_data=` posts alike, so a
// new route is covered without doing anything. OPTIONS passes as a safe method. Other /api
// requests do not come here: they are bearer-token or signature routes (see "Not checked").
//
// 1. Same origin. `Origin`, when present, must be BASE_URL's origin, and `Sec-Fetch-Site`, when
//    present, must be `same-origin`. When a request has neither header it is not refused for that:
//    every current browser sends `Origin` on cross-origin POSTs (form or fetch), so such a request
//    comes from a non-browser client or a very old browser, and step 2 still applies to it.
// 2. The CSRF token, from the `_csrf` form field or the `X-CSRF-Token` header. With a session it
//    must equal the session's token (page_sessions.csrf_token); without one (the sign-in form) it
//    must equal the pre-session token in the signed `__kinetic_csrf` cookie (`__Host-kinetic_csrf` over
//    HTTPS; session.server.ts pageCookieNames) (double submit).
//
// 0. Before either, a form body (URL-encoded or multipart) of more than MAX_FORM_ENTRIES fields is
//    refused with 413, counted on its bytes (formHasMoreEntries), signed-link routes included.
//
// Not checked: /api/* (bearer-token routes, not cookie-authenticated; the AMP survey endpoint is
// cross-origin by design) and the routes in SIGNED_LINK_ROUTES.
import crypto from "node:crypto";
import { getApp } from "~/composition/app.server";
import { MAX_FORM_ENTRIES } from "~/domain/requests/form-names";
import { formHasMoreEntries } from "./body.server";
import { getPageSession, getPreSessionCsrfToken } from "./session.server";
import { CSRF_FIELD, CSRF_HEADER } from "~/lib/csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Page routes whose authority is a signed token in their URL, not a session, and that must accept
 * posts from elsewhere: a mail provider makes the RFC 8058 one-click unsubscribe POST from its
 * own servers, without cookies. Each is a resource route (ADR 025), so nothing posts to its
 * Remix data URL (`*.data`), which stays guarded. (Route id → the pathname pattern it serves.)
 */
export const SIGNED_LINK_ROUTES: Record<string, RegExp> = {
  "routes/unsubscribe.$token": /^\/unsubscribe\/[^/]+?(?<!\.data)\/?$/i,
  "routes/r.$token": /^\/r\/[^/]+?(?<!\.data)\/?$/i,
};

export function isCsrfExempt(pathname: string): boolean {
  if (/^\/api(\/|$)/i.test(pathname)) return true;
  return Object.values(SIGNED_LINK_ROUTES).some((pattern) => pattern.test(pathname));
}

/** `status`: what the refusal answers, when not 403 (413 for a form of too many fields). */
export type CsrfVerdict = { ok: true } | { ok: false; message: string; status?: number };

/**
 * Step 1: the request comes from a page of this site (pure). `appOrigin` is BASE_URL's origin;
 * `requestOrigin` the origin the browser addressed (Host, or a loopback proxy's forwarded host):
 * a page served at 127.0.0.1 while BASE_URL says localhost is still this site, and no other site
 * can make a browser send an Origin equal to the address it is posting to.
 */
export function checkSameOrigin(headers: Headers, appOrigin: string, requestOrigin: string = appOrigin): CsrfVerdict {
  const origin = headers.get("origin");
  if (origin !== null && origin !== appOrigin && origin !== requestOrigin) {
    return {
      ok: false,
      message:
        origin === "null"
          ? `Refused: this request came from a page without an origin (a sandboxed frame or a privacy redirect). Forms must be sent from ${appOrigin}.`
          : `Refused: this request was sent from ${origin}, but this server's address is ${appOrigin} (BASE_URL). Open the app at ${appOrigin}, or set BASE_URL to the address you use.`,
    };
  }
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") {
    return {
      ok: false,
      message: `Refused: this request came from another site (Sec-Fetch-Site: ${site}). Forms must be sent from ${appOrigin}.`,
    };
  }
  return { ok: true };
}

/** The first `_csrf=…` entry of a URL-encoded body (one pass, no backtracking: `[^&]*` stops at the next entry). */
const TOKEN_ENTRY = new RegExp(`(?:^|&)${CSRF_FIELD}=[^&]*`);

/** The token a request carries: the header, else the form field (URL-encoded or multipart body). */
export async function submittedCsrfToken(headers: Headers, body: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const header = headers.get(CSRF_HEADER);
  if (header) return header;
  const type = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    // Only the token's entry is decoded: decoding a megabyte of %XX to read one field took 40 ms.
    // A browser writes the name as is (`_` is never escaped); an escaped name is no token.
    const entry = TOKEN_ENTRY.exec(Buffer.from(body).toString("utf8"));
    return entry ? new URLSearchParams(entry[0].replace(/^&/, "")).get(CSRF_FIELD) : null;
  }
  if (type === "multipart/form-data") {
    try {
      const form = await new Response(body, { headers: { "Content-Type": headers.get("content-type")! } }).formData();
      const value = form.get(CSRF_FIELD);
      return typeof value === "string" ? value : null;
    } catch {
      return null; // malformed: no token to be found
    }
  }
  return null;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface PageMutation {
  method: string;
  url: string;
  headers: Headers;
  /** The whole body, already read within PAGE_BODY_LIMIT_BYTES. */
  body: Uint8Array<ArrayBuffer>;
}

/** Whether a request may go on to Remix; when not, the reason, for a 403. */
export async function checkPageMutation(request: PageMutation): Promise<CsrfVerdict> {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true };
  const pathname = new URL(request.url).pathname;
  // Before anything reads the form (the token below, Remix, the route): signed links included.
  if (!/^\/api(\/|$)/i.test(pathname) && formHasMoreEntries(request.headers.get("content-type"), request.body, MAX_FORM_ENTRIES)) {
    return {
      ok: false,
      status: 413,
      message: `Refused: this form sent more than ${MAX_FORM_ENTRIES} fields, more than any page here has. Reload the page and send it again.`,
    };
  }
  if (isCsrfExempt(pathname)) return { ok: true };
  const app = await getApp();
  const origin = checkSameOrigin(request.headers, new URL(app.env.BASE_URL).origin, new URL(request.url).origin);
  if (!origin.ok) return origin;

  const submitted = await submittedCsrfToken(request.headers, request.body);
  if (!submitted) return { ok: false, message: "Refused: this form carries no CSRF token. Reload the page and send it again." };
  // The session lookups read only the cookies.
  const asRequest = new Request(request.url, { headers: { Cookie: request.headers.get("cookie") ?? "" } });
  const session = await getPageSession(asRequest);
  const expected = session ? session.csrfToken : await getPreSessionCsrfToken(asRequest);
  if (!expected || !sameToken(submitted, expected)) {
    return {
      ok: false,
      message: session
        ? "Refused: this form's CSRF token does not match your session (you may have signed out or in elsewhere since the page was loaded). Reload the page and send it again."
        : "Refused: this form's CSRF token does not match (your session may have ended since the page was loaded). Reload the page and send it again.",
    };
  }
  return { ok: true };
}
