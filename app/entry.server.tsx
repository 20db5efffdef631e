import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { markStorageRefusal, refusedDataResponse, storageRefusalIn, storageRefusalOf, storageRefusalPage } from "~/http/storage-refusal.server";
import { NonceContext } from "~/components/nonce";

// Exposed through the server build so `npm start` and the test servers run start-up work with
// the same module instances the routes use.
export { bootstrap } from "~/services/bootstrap.server";
export { getApp } from "~/composition/app.server";
export { adapterSummary } from "~/composition/adapters.server";
export { checkPageMutation } from "~/http/csrf.server";
export { readLimitedBody } from "~/http/body.server";
export { warmUpPromptFacts } from "~/domain/prompt/facts";

const ABORT_DELAY = 5_000;

/**
 * Every error a loader or action throws, before Remix turns it into a 500. A write the database
 * refused without changing anything (full, or locked by another process) is marked on the
 * request's context, so the answer is a 503 that says so (app/http/storage-refusal.server.ts).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  const original = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  const refusal = storageRefusalOf(original);
  if (refusal) {
    markStorageRefusal(context, refusal);
    const requestId = (context as { requestId?: string }).requestId;
    void getApp().then((app) =>
      app.logger.warn({ requestId, path: new URL(request.url).pathname, refusal }, "the database refused a page's write; answered 503"),
    );
    return;
  }
  if (!request.signal.aborted) console.error(original);
}

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const refusal = storageRefusalIn(context);
  return refusal ? refusedDataResponse(response, refusal) : response;
};

/**
 * Every page's policy. Scripts run only with this response's nonce (Remix's own, React's
 * streaming ones) or when loaded by such a script ('strict-dynamic': route modules, lazy route
 * discovery); an injected inline script or event handler does not run. No plugins, no <base>
 * (which would repoint relative script URLs), and no framing by other sites (clickjacking).
 * Styles are left alone: the pages use inline styles, and the email previews are sandboxed
 * iframes (`sandbox=""`, which runs no script whatever the policy).
 */
function pagePolicy(nonce: string): string {
  return `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const refusal = storageRefusalIn(loadContext);
  if (refusal) return storageRefusalPage(refusal, (loadContext as { requestId?: string }).requestId);
  const bot = isbot(request.headers.get("user-agent") ?? "");
  // 128 random bits per response (CSP3 asks for at least 128).
  const nonce = crypto.randomBytes(16).toString("base64");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          // Untrusted email HTML is served by resource routes (/vib: CSP sandbox) that do not come
          // through here, so the admin pages can still show it in their sandboxed iframes.
          responseHeaders.set("Content-Security-Policy", pagePolicy(nonce));
          responseHeaders.set("X-Frame-Options", "DENY");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          // Paths can name users, runs and sends: other sites learn nothing from a link click. A
          // route may ask for less (the unsubscribe page: no-referrer).
          if (!responseHeaders.has("Referrer-Policy")) responseHeaders.set("Referrer-Policy", "same-origin");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // A render whose client has gone (the server aborts the request's signal) stops at once, and
    // so does its abort timer; the signal also fires when the response has finished.
    const timer = setTimeout(abort, ABORT_DELAY);
    const stop = () => {
      clearTimeout(timer);
      abort();
    };
    if (request.signal.aborted) stop();
    else request.signal.addEventListener("abort", stop, { once: true });
  });
}
