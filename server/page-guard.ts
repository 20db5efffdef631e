// What a state-changing request to a page passes before Remix sees it: its body is read within
// PAGE_BODY_LIMIT_BYTES by the reader the API uses too (readLimitedBody, app/http/body.server.ts,
// from the build's entry module; 413 above it), then the CSRF check runs (app/http/csrf.server.ts; 403,
// or 413 for a form of more fields than any page has).
// Both answer in the form the caller reads: a small page for a browser, JSON for /api, else text.
import type http from "node:http";
import type { BodySource } from "~/http/body.server";
import type { Logger } from "~/lib/logger.server";
import type { KineticBuild } from "./build";
import { DRAIN_BYTES, headersOf, isApiPath, isDataRequest } from "./request-info";

/** Headers every page-level refusal carries, as entry.server.tsx sets on every document (these pages have no script). */
const FRAME_HEADERS = {
  "Content-Security-Policy": "script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
} as const;

/**
 * The request's body for the shared reader (readLimitedBody): chunks pulled as they arrive, and a
 * rejection when the client goes before the end. Stopping removes its listeners and pauses the
 * request, so the server can still drain the rest after the response.
 */
function nodeBodySource(req: http.IncomingMessage): BodySource {
  let ended = false;
  let gone = false;
  let wake: (() => void) | null = null;
  const onReadable = () => wake?.();
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  const onGone = () => {
    if (!ended) gone = true;
    wake?.();
  };
  req.on("readable", onReadable);
  req.on("end", onEnd);
  req.on("error", onGone);
  req.on("close", onGone);
  return {
    declaredLength: Number(req.headers["content-length"]),
    async read() {
      for (;;) {
        const chunk = req.read() as Buffer | null;
        if (chunk !== null) return chunk;
        if (ended) return null;
        if (gone) throw new Error("the client left before the end of its request body");
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    },
    stop() {
      req.off("readable", onReadable);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      req.pause();
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal in the form the caller reads: JSON for /api, a small page for a document, else text. */
export function refuse(
  res: http.ServerResponse,
  url: URL | null,
  accept: string,
  status: number,
  message: string,
  extra: { close?: boolean; json?: Record<string, unknown> } = {},
) {
  const headers: Record<string, string> = { ...FRAME_HEADERS, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (extra.close) headers.Connection = "close";
  let body: string;
  if (url && isApiPath(url.pathname)) {
    headers["Content-Type"] = "application/json; charset=utf-8";
    body = JSON.stringify({ success: false, error: message, ...extra.json });
  } else if (url && !isDataRequest(url) && /text\/html/i.test(accept)) {
    const title = status === 413 ? "Too much data" : "Request refused";
    headers["Content-Type"] = "text/html; charset=utf-8";
    body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/app.css"></head><body><main><div class="narrow error-page" style="margin:0 auto"><h1>${title}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p></div></main></body></html>`;
  } else {
    headers["Content-Type"] = "text/plain; charset=utf-8";
    body = message;
  }
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * The body of a page mutation that passed both checks, or null once the request was answered
 * (refused, or the client left).
 */
export async function guardPageMutation(
  build: KineticBuild,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  requestId: string,
  logger: Logger,
): Promise<Buffer<ArrayBuffer> | null> {
  const accept = String(req.headers.accept ?? "");
  const method = req.method ?? "POST";
  const { env } = await build.entry.module.getApp();
  // A /api path reaches here only as a Remix data request; its route still applies its own limit.
  const limit = isApiPath(url.pathname) ? env.JSON_BODY_LIMIT_BYTES : env.PAGE_BODY_LIMIT_BYTES;
  // Past the limit, up to DRAIN_BYTES more are read and dropped before the 413.
  const body = await build.entry.module.readLimitedBody(nodeBodySource(req), limit, DRAIN_BYTES).catch(() => null);
  if (!body) {
    res.destroy();
    return null;
  }
  if (!body.ok) {
    refuse(res, url, accept, 413, `Request body is larger than ${limit} bytes`, { close: !body.complete, json: { limit_bytes: limit } });
    return null;
  }
  const verdict = await build.entry.module.checkPageMutation({ method, url: url.href, headers: headersOf(req), body: body.bytes });
  if (!verdict.ok) {
    logger.warn({ requestId, method, path: url.pathname, reason: verdict.message }, "page request refused");
    refuse(res, url, accept, verdict.status ?? 403, verdict.message);
    return null;
  }
  return body.bytes;
}
