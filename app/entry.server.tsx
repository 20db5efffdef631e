import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import {
  markStorageRefusal,
  refusedDataResponse,
  storageRefusalIn,
  storageRefusalOf,
  storageRefusalPage,
} from "~/http/storage-refusal.server";
import { NonceContext } from "~/components/nonce";

// Exposed through the server build so `npm start` and the test servers run start-up work with
// the same module instances the routes use.
export { bootstrap } from "~/services/bootstrap.server";
export { runJobNow, stopJobs } from "~/services/jobs.server";
export { getApp } from "~/composition/app.server";
export { adapterSummary } from "~/composition/adapters.server";
export { checkPageMutation } from "~/http/csrf.server";
export { readLimitedBody } from "~/http/body.server";
export { refusedResourceResponse } from "~/http/storage-refusal.server";
export { warmUpPromptFacts } from "~/domain/prompt/facts";

const ABORT_DELAY = 5_000;

type PageErrorLog = { level: "error" | "warn" | "debug"; fields: Record<string, unknown>; message: string };

/**
 * Logs a page's error through the app's logger (pino), as every other line of the request:
 * with its request id, method and path (never the query string, which can hold an address).
 * The app is already made when a request runs, so the line is written before the answer leaves.
 */
function logPageError(request: Request, context: unknown, entry: PageErrorLog): void {
  const requestId = (context as { requestId?: string } | undefined)?.requestId;
  const fields = { requestId, method: request.method, path: new URL(request.url).pathname, ...entry.fields };
  void getApp().then(
    (app) => app.logger[entry.level](fields, entry.message),
    // Without an app (its configuration is broken) there is no logger to use.
    () => console.error(entry.message, fields),
  );
}

/**
 * Every error a loader or action throws, before Remix turns it into a 500, and every error of a
 * page's render: logged with the request id (docs/operations.md, "Page errors"). A write the
 * database refused without changing anything (full, or locked by another process) is marked on
 * the request's context, so the answer is a 503 that says so (app/http/storage-refusal.server.ts).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const original = wrapped ?? error;
  const refusal = storageRefusalOf(original);
  if (refusal) {
    markStorageRefusal(context, refusal);
    logPageError(request, context, { level: "warn", fields: { refusal }, message: "the database refused a page's write; answered 503" });
    return;
  }
  // A client that went away makes Remix abort its work; that is not a fault of the page.
  if (request.signal.aborted) {
    logPageError(request, context, { level: "debug", fields: { err: original }, message: "page request aborted by its client" });
    return;
  }
  // Remix's own 4xx answers (no route for the URL, a method a route does not take) carry an error
  // too: they are the client's, worth a debug line, not an error.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logPageError(request, context, { level: "debug", fields: { status: error.status, err: original }, message: "page request refused" });
    return;
  }
  logPageError(request, context, { level: "error", fields: { err: original }, message: "unhandled error in a page" });
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
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, the error reaches handleError through Remix; after it, only here.
          if (shellRendered)
            logPageError(request, loadContext, { level: "error", fields: { err: error }, message: "error while streaming a page" });
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
