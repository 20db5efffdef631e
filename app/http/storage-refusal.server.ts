// Pages and resource routes whose write the database refused without changing anything: for
// lack of room (SQLITE_FULL) or because another process held the write lock past
// DB_BUSY_TIMEOUT_MS (SQLITE_BUSY). The API answers these itself (apiRoute); a page's or resource
// route's loader or action throws, and Remix would answer 500. The entry module's handleError
// sees the original error first and marks the request's load context; the document render then
// answers a plain 503 page with Retry-After, a data request (a form posted by the browser's
// script) keeps Remix's body with status 503 and Retry-After, and a resource route's bare 500
// becomes a 503 in the HTTP server (refusedResourceResponse). A stream whose 200 has gone ends
// with an error event saying the same (refusedStreamError).
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_BUSY_RETRY_SECONDS,
  DATABASE_FULL_MESSAGE,
  DATABASE_FULL_RETRY_SECONDS,
  databaseBusy,
  databaseFull,
} from "./responses.server";
import { storageRefusalOf, type StorageRefusal } from "~/lib/storage-refusals.server";

export { storageRefusalOf, type StorageRefusal };

const REFUSAL = Symbol("storage refusal");
type Marked = { [REFUSAL]?: StorageRefusal };

export function markStorageRefusal(context: unknown, refusal: StorageRefusal): void {
  if (context && typeof context === "object") (context as Marked)[REFUSAL] = refusal;
}

export function storageRefusalIn(context: unknown): StorageRefusal | null {
  return context && typeof context === "object" ? ((context as Marked)[REFUSAL] ?? null) : null;
}

export function retryAfterSeconds(refusal: StorageRefusal): number {
  return refusal === "full" ? DATABASE_FULL_RETRY_SECONDS : DATABASE_BUSY_RETRY_SECONDS;
}

const COPY: Record<StorageRefusal, { title: string; detail: string }> = {
  full: {
    title: "The server cannot save anything right now",
    detail: "Its storage is full, so nothing was changed. Try again later; the server's operator needs to free some space.",
  },
  busy: {
    title: "The server is busy",
    detail: "Another process is writing to its database, so nothing was changed. Try again in a moment.",
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page (no scripts) saying what happened, answered 503 with Retry-After. */
export function storageRefusalPage(refusal: StorageRefusal, requestId?: string): Response {
  const { title, detail } = COPY[refusal];
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2933}h1{font-size:1.5rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>${requestId ? `<p><small>Request ${escapeHtml(requestId)}</small></p>` : ""}<p><a href="/">Back to the home page</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfterSeconds(refusal)),
      "Content-Security-Policy": "frame-ancestors 'none'",
      "X-Frame-Options": "DENY",
    },
  });
}

/** A data request's response, kept, with status 503 and Retry-After. */
export function refusedDataResponse(response: Response, refusal: StorageRefusal): Response {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(retryAfterSeconds(refusal)));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

/**
 * What the HTTP server sends for a resource route's response. Remix answers a resource route's
 * throw with a bare 500 and runs neither the document render nor handleDataRequest for it (the
 * signed links of an email, the builder's form targets, sign-out), so a 500 for a request
 * handleError marked becomes the 503 that says so: the page for a client that asks for HTML or
 * names no type (a browser's form post, a mail provider's one-click unsubscribe), the API's JSON
 * error for a script that asks for JSON. Anything else passes as it is.
 */
export function refusedResourceResponse(response: Response, context: unknown, accept: string): Response {
  const refusal = storageRefusalIn(context);
  if (!refusal || response.status !== 500) return response;
  void response.body?.cancel();
  const wantsJson = /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
  if (wantsJson) return refusal === "full" ? databaseFull() : databaseBusy();
  return storageRefusalPage(refusal, (context as { requestId?: string }).requestId);
}

/**
 * The last event of a stream (a streamed generation) whose work met a refused write: its 200 has
 * gone, so the event carries the status and when to try again. Null for any other error.
 */
export function refusedStreamError(error: unknown): { success: false; status: 503; error: string; retry_after_seconds: number } | null {
  const refusal = storageRefusalOf(error);
  if (!refusal) return null;
  return {
    success: false,
    status: 503,
    error: refusal === "full" ? DATABASE_FULL_MESSAGE : DATABASE_BUSY_MESSAGE,
    retry_after_seconds: retryAfterSeconds(refusal),
  };
}
