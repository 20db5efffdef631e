// The unsubscribe link of every email and the RFC 8058 one-click target of List-Unsubscribe.
// GET only asks (link scanners follow links); POST unsubscribes, idempotently. The signed token is
// the authority, so the one-click POST needs no session or CSRF token, and it comes from the mail
// provider's servers with any Origin or none. That is why this is a resource route (ADR 025): a
// page route's action runs behind Remix's own Origin-versus-Host check, which answers such a post
// with a 500 before the action runs. The page is a small document with no script.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { UnsubscribePage, type UnsubscribeState } from "~/components/unsubscribe-page";
import { getApp } from "~/composition/app.server";
import { verifyUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { unsubscribeAddress } from "~/services/deliverability.server";

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  // The URL holds the token: it must not travel on in a Referer.
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

async function page(state: UnsubscribeState, status = 200): Promise<Response> {
  const app = await getApp();
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<UnsubscribePage brand={app.env.BRAND_NAME} page={state} />)}`;
  return new Response(html, { status, headers: HEADERS });
}

async function addressFor(token: string | undefined): Promise<string | null> {
  const app = await getApp();
  return verifyUnsubscribeToken(app.env.SESSION_SECRET, token ?? "");
}

export async function loader({ params }: LoaderFunctionArgs) {
  const email = await addressFor(params.token);
  if (!email) return page({ state: "invalid" }, 400);
  return page({ state: "confirm", email });
}

export async function action({ params, request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const email = await addressFor(params.token);
  if (!email) return page({ state: "invalid" }, 400);
  const app = await getApp();
  // The body only tells the one-click post from the page's button; any body, or none, unsubscribes.
  const form = await request.formData().catch(() => null);
  const oneClick = form?.get("List-Unsubscribe") === "One-Click";
  await unsubscribeAddress(app, email, oneClick ? "one-click unsubscribe" : "unsubscribe page");
  app.logger.info({ oneClick }, "recipient unsubscribed");
  return page({ state: "done", email });
}
