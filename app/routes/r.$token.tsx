// The answer link of a survey or quiz option in a sent email (docs/answers.md). The signed token
// is the authority: no session, no CSRF token (it is in SIGNED_LINK_ROUTES), and a resource route
// for the same reason as the unsubscribe link (ADR 025). GET only shows the answer and asks for
// one click, because mail scanners open every link of a message; POST records it (a later answer
// replaces an earlier one; the same answer again changes nothing).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { AnswerPage } from "~/components/answer-page";
import { cspSourceOf } from "~/domain/sender/web-address";
import { getApp } from "~/composition/app.server";
import { answerLink, type AnswerPage as AnswerPageState } from "~/services/answers.server";

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  // The URL holds the token: it must not travel on in a Referer.
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "X-Robots-Tag": "noindex",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
};

/** The sender's logo is the one image from elsewhere the page may load: its site, from the parsed address only. */
function headersFor(state: AnswerPageState): Record<string, string> {
  const source = cspSourceOf(state.brand.logoUrl);
  if (!source) return HEADERS;
  return { ...HEADERS, "Content-Security-Policy": `${HEADERS["Content-Security-Policy"]}; img-src ${source}` };
}

function page(state: AnswerPageState): Response {
  const status = "status" in state ? state.status : 200;
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(<AnswerPage page={state} />)}`, { status, headers: headersFor(state) });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const app = await getApp();
  return page(await answerLink(app, params.token ?? "", { record: false }));
}

export async function action({ params, request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  const app = await getApp();
  return page(await answerLink(app, params.token ?? "", { record: true }));
}
