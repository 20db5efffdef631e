// What a state-changing request to a page passes before Remix sees it: its body is read within
// PAGE_BODY_LIMIT_BYTES (413 above it), then the CSRF check runs (app/http/csrf.server.ts; 403).
// Both answer in the form the caller reads: a small page for a browser, JSON for /api, else text.
import type http from "node:http";
import type { Logger } from "~/lib/logger.server";
import type { KineticBuild } from "./build";
import { DRAIN_BYTES, headersOf, isApiPath, isDataRequest } from "./request-info";

/** Headers every page-level refusal carries, as entry.server.tsx sets on every document (these pages have no script). */
const FRAME_HEADERS = {
  "Content-Security-Policy": "script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
} as const;


type BodyRead = { ok: true; bytes: Buffer<ArrayBuffer> } | { ok: false; reason: "too-large"; complete: boolean } | { ok: false; reason: "client-left" };

/**
 * Reads a request body of at most `limit` bytes: refused by Content-Length up front when it
 * declares more than DRAIN_BYTES beyond it, otherwise counted as it streams (chunked bodies have
 * no length), so at most `limit` bytes are ever held. Past the limit, up to DRAIN_BYTES more are
 * read and dropped before the 413.
 */
function readLimitedBody(req: http.IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit + DRAIN_BYTES) return Promise.resolve({ ok: false, reason: "too-large", complete: false });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const finish = (result: BodyRead) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (!over && size > limit) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size > limit + DRAIN_BYTES) {
        req.pause();
        finish({ ok: false, reason: "too-large", complete: false });
      }
    };
    const onEnd = () => finish(over ? { ok: false, reason: "too-large", complete: true } : { ok: true, bytes: Buffer.concat(chunks, size) });
    const onGone = () => finish({ ok: false, reason: "client-left" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("close", onGone);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal in the form the caller reads: JSON for /api, a small page for a document, else text. */
export function refuse(res: http.ServerResponse, url: URL | null, accept: string, status: number, message: string, extra: { close?: boolean; json?: Record<string, unknown> } = {}) {
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
  const body = await readLimitedBody(req, limit);
  if (!body.ok) {
    if (body.reason === "client-left") res.destroy();
    else refuse(res, url, accept, 413, `Request body is larger than ${limit} bytes`, { close: !body.complete, json: { limit_bytes: limit } });
    return null;
  }
  const verdict = await build.entry.module.checkPageMutation({ method, url: url.href, headers: headersOf(req), body: body.bytes });
  if (!verdict.ok) {
    logger.warn({ requestId, method, path: url.pathname, reason: verdict.message }, "page request refused (CSRF)");
    refuse(res, url, accept, 403, verdict.message);
    return null;
  }
  return body.bytes;
}
