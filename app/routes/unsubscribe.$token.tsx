// The unsubscribe link of every email and the RFC 8058 one-click target of List-Unsubscribe.
// GET only asks (link scanners follow links); POST unsubscribes, idempotently. The signed token is
// the authority, so the one-click POST needs no session or CSRF token, and it comes from the mail
// provider's servers with any Origin or none. That is why this is a resource route (ADR 025): a
// page route's action runs behind Remix's own Origin-versus-Host check, which answers such a post
// with a 500 before the action runs. The page is a small document with no script.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { UnsubscribePage, type UnsubscribeState } from "~/components/unsubscribe-page";
import { cspSourceOf } from "~/domain/sender/web-address";
import { getApp } from "~/composition/app.server";
import { verifyUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { unsubscribeAddress } from "~/services/deliverability.server";
import { brandOfSend, type PublicBrand } from "~/services/sender-profile.server";

const HEADERS: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  // The URL holds the token: it must not travel on in a Referer.
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

/** The sender's logo is the one image from elsewhere the page may load: its site, from the parsed address only. */
function headersFor(brand: PublicBrand): Record<string, string> {
  const source = cspSourceOf(brand.logoUrl);
  if (!source) return HEADERS;
  return {
    ...HEADERS,
    "Content-Security-Policy": HEADERS["Content-Security-Policy"].replace("img-src 'self'", `img-src 'self' ${source}`),
  };
}

async function page(state: UnsubscribeState, status = 200, brand?: PublicBrand): Promise<Response> {
  const app = await getApp();
  const shown = brand ?? { name: app.env.BRAND_NAME, logoUrl: null, websiteUrl: null };
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<UnsubscribePage brand={shown} page={state} />)}`;
  return new Response(html, { status, headers: headersFor(shown) });
}

/** The brand of the send the link came from (`?s=<send id>`, the sender's brand profile). */
async function brandFor(request: Request, email: string): Promise<PublicBrand> {
  return brandOfSend(await getApp(), new URL(request.url).searchParams.get("s"), email);
}

async function addressFor(token: string | undefined): Promise<string | null> {
  const app = await getApp();
  return verifyUnsubscribeToken(app.env.SESSION_SECRET, token ?? "");
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const email = await addressFor(params.token);
  if (!email) return page({ state: "invalid" }, 400);
  return page({ state: "confirm", email }, 200, await brandFor(request, email));
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
  return page({ state: "done", email }, 200, await brandFor(request, email));
}
