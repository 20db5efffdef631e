// The HTTP server around the Remix build, shared by `npm start` and the test servers.
// JSON API routes are called straight from the table in api-routes.server.ts (ADR 011); pages,
// assets and anything the table does not claim go through Express and Remix's request handler.
// Before Remix sees a request with a body, the server reads that body within a size limit (413
// above it) and, for state-changing methods, runs the page CSRF check (csrf.server.ts; 403).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import express from "express";
import { apiRoutesFrom, isApiPath, matchApiRoute, type ApiMatch } from "./api-routes.server";
import { JSON_BODY_TEXT } from "./body-handoff";
import type { Logger } from "./logger.server";
import { NodeRequest } from "./node-request.server";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface KineticBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      bootstrap: typeof import("~/services/bootstrap.server").bootstrap;
      getApp: typeof import("~/composition/app.server").getApp;
      adapterSummary: typeof import("~/composition/adapters.server").adapterSummary;
      checkPageMutation: typeof import("~/http/csrf.server").checkPageMutation;
      warmUpPromptFacts: typeof import("~/domain/prompt/facts").warmUpPromptFacts;
    };
  };
}

export function loadBuild(buildDir: string): KineticBuild {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(buildDir, "index.js")) as KineticBuild;
}

const requestIds = new WeakMap<http.ServerResponse, string>();

/** Every response carries a request id, and every log line of that request names it. */
function beginRequest(req: http.IncomingMessage, res: http.ServerResponse, logger: Logger): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  requestIds.set(res, requestId);
  res.setHeader("x-request-id", requestId);
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const pathname = (req.url ?? "/").split("?")[0];
    logger.info({ requestId, method: req.method, path: pathname, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
  });
  return requestId;
}

// Remix calls a resource route's loader for these methods and its action for the mutations;
// anything else is left to Remix, which answers 405.
const LOADER_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The client's address as Express computes `req.ip` with `trust proxy` set to loopback. */
export function clientIp(req: http.IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? "";
  if (!LOOPBACK.test(peer)) return peer;
  const forwarded = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").map((h) => h.trim()).filter(Boolean);
  // The nearest hop that is not a trusted (loopback) proxy is the client.
  for (let i = hops.length - 1; i >= 0; i--) if (!LOOPBACK.test(hops[i])) return hops[i];
  return hops[0] ?? peer;
}

/** The request URL as Express computes it with `trust proxy` set to loopback. */
function requestUrl(req: http.IncomingMessage): string {
  const trusted = LOOPBACK.test(req.socket.remoteAddress ?? "");
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0].trim() || undefined;
  const proto = (trusted && first(req.headers["x-forwarded-proto"])) || ("encrypted" in req.socket && req.socket.encrypted ? "https" : "http");
  const host = (trusted && first(req.headers["x-forwarded-host"])) || req.headers.host || "localhost";
  return `${proto}://${host}${req.url ?? "/"}`;
}

async function writeResponse(res: http.ServerResponse, response: Response, head: boolean): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [key, value] of response.headers) res.appendHeader(key, value);
  // A body json() made is still at hand as text: no need to read it out of a web stream.
  // Buffered, so Node sends a Content-Length instead of chunking.
  const text = (response as { [JSON_BODY_TEXT]?: string })[JSON_BODY_TEXT];
  if (typeof text === "string") {
    res.end(head ? undefined : text);
    return;
  }
  if (head || !response.body) {
    // A body left unread would keep its producer running (an SSE stream's timers, for HEAD).
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    res.flushHeaders();
    await writeReadableStreamToWritable(response.body, res);
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function serveApi(
  match: ApiMatch,
  handler: NonNullable<ApiMatch["route"]["loader"]>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  requestId: string,
  url: string,
  logger: Logger,
) {
  const method = req.method ?? "GET";
  let response: Response;
  try {
    const request = new NodeRequest(url, req, res);
    const result: unknown = await handler({ request, params: match.params, context: { requestId, clientIp: clientIp(req) } });
    response = result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof Response) response = error;
    else {
      logger.error({ err: error, requestId, path: match.route.path }, "unhandled error in API route");
      response = Response.json({ success: false, error: "Internal server error", request_id: requestId }, { status: 500 });
    }
  }
  try {
    await writeResponse(res, response, method === "HEAD");
  } catch (error) {
    // The client went away mid-response; nothing is left to tell it.
    logger.debug({ err: error, requestId }, "response not completely written");
    res.destroy();
  }
  // A body the route never read (a refused request) is drained, or the next request on this
  // keep-alive connection would wait behind it. The web stream's pump stops listening first, so
  // the rest is discarded rather than queued.
  if (!req.complete) {
    req.removeAllListeners("data");
    req.resume();
  }
}

// ── page requests: body limit and CSRF ──────────────────────────────────────────────────────────

/** Headers every page-level refusal carries, as entry.server.tsx sets on every document. */
const FRAME_HEADERS = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" } as const;

/**
 * Past the limit the rest of a body is read and dropped, up to this much more, before the 413 is
 * sent: closing a connection with unread data makes TCP reset it, and the client may then lose
 * the answer. Beyond it (or a Content-Length beyond it) the connection is closed instead.
 */
const DRAIN_BYTES = 256 * 1024;

type BodyRead = { ok: true; bytes: Buffer<ArrayBuffer> } | { ok: false; reason: "too-large"; complete: boolean } | { ok: false; reason: "client-left" };

/**
 * Reads a request body of at most `limit` bytes: refused by Content-Length up front when it
 * declares more, otherwise counted as it streams (chunked bodies have no length), so at most
 * `limit` bytes are ever held.
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
function refuse(res: http.ServerResponse, url: URL | null, accept: string, status: number, message: string, extra: { close?: boolean; json?: Record<string, unknown> } = {}) {
  const headers: Record<string, string> = { ...FRAME_HEADERS, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (extra.close) headers.Connection = "close";
  let body: string;
  if (url && isApiPath(url.pathname)) {
    headers["Content-Type"] = "application/json; charset=utf-8";
    body = JSON.stringify({ success: false, error: message, ...extra.json });
  } else if (url && !url.pathname.endsWith(".data") && !url.searchParams.has("_data") && /text\/html/i.test(accept)) {
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

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * The Request Remix gets, as @remix-run/express builds it (URL from Express's host and protocol,
 * which honour `trust proxy`; aborted when the client leaves early), except the body: the one the
 * server already read within its limit, never the socket itself.
 */
function remixRequest(req: express.Request, res: express.Response, body: Buffer<ArrayBuffer> | undefined): Request {
  const port = [req.get("X-Forwarded-Host"), req.get("host")]
    .map((h) => Number.parseInt(h?.split(":")[1] ?? "", 10))
    .find((n) => Number.isSafeInteger(n));
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => res.writableFinished || controller.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (body) {
    init.body = body;
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** As @remix-run/express sends a Remix response: streamed, so documents render progressively. */
async function sendRemixResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function createHttpServer(build: KineticBuild, buildDir: string, logger: Logger): http.Server {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  const clientDir = fs.existsSync(path.join(buildDir, "client")) ? path.join(buildDir, "client") : path.resolve("public/build");
  app.use("/build", express.static(clientDir, { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.resolve("public"), { maxAge: "1h" }));

  // Bodies read (and checked) before Express: see servePage. Remix gets them from here.
  const readBodies = new WeakMap<http.IncomingMessage, Buffer<ArrayBuffer>>();
  const handleRemix = createRequestHandler(build, "production");
  app.all("*", async (req, res, next) => {
    try {
      // GET and HEAD carry no body for Remix; every other method's was read by servePage.
      const request = remixRequest(req, res, readBodies.get(req));
      const response = await handleRemix(request, { requestId: requestIds.get(res), clientIp: clientIp(req) });
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  let appContext: ReturnType<KineticBuild["entry"]["module"]["getApp"]> | undefined;

  /** Everything that is not a direct API call: Express (assets) and Remix (pages, data requests). */
  async function servePage(req: http.IncomingMessage, res: http.ServerResponse, requestId: string) {
    const method = req.method ?? "GET";
    if (method === "GET" || method === "HEAD") {
      app(req, res);
      return;
    }
    const accept = String(req.headers.accept ?? "");
    const href = requestUrl(req);
    const url = URL.canParse(href) ? new URL(href) : null;
    if (url) url.username = url.password = "";
    try {
      appContext ??= build.entry.module.getApp();
      const { env } = await appContext;
      // A /api path reaches here only as a Remix data request; its route still applies its own limit.
      const limit = url && isApiPath(url.pathname) ? env.JSON_BODY_LIMIT_BYTES : env.PAGE_BODY_LIMIT_BYTES;
      const body = await readLimitedBody(req, limit);
      if (!body.ok) {
        if (body.reason === "client-left") res.destroy();
        else refuse(res, url, accept, 413, `Request body is larger than ${limit} bytes`, { close: !body.complete, json: { limit_bytes: limit } });
        return;
      }
      if (!url) {
        refuse(res, null, accept, 400, "Bad request: the request's address cannot be read");
        return;
      }
      const verdict = await build.entry.module.checkPageMutation({ method, url: url.href, headers: headersOf(req), body: body.bytes });
      if (!verdict.ok) {
        logger.warn({ requestId, method, path: url.pathname, reason: verdict.message }, "page request refused (CSRF)");
        refuse(res, url, accept, 403, verdict.message);
        return;
      }
      readBodies.set(req, body.bytes);
      app(req, res);
    } catch (error) {
      logger.error({ err: error, requestId }, "page request check failed");
      if (!res.headersSent) refuse(res, url, accept, 500, `Internal server error (request ${requestId})`);
      else res.destroy();
    }
  }

  const apiRoutes = apiRoutesFrom(build);
  return http.createServer((req, res) => {
    const requestId = beginRequest(req, res, logger);
    const method = req.method ?? "GET";
    if (LOADER_METHODS.has(method) || ACTION_METHODS.has(method)) {
      const href = requestUrl(req);
      // A Host carrying credentials is no URL a Request accepts; Express answers those.
      const url = URL.canParse(href) ? new URL(href) : null;
      if (url && (url.username || url.password)) {
        void servePage(req, res, requestId);
        return;
      }
      // Remix's data and single-fetch requests (`?_data=`, `*.data`) keep Remix's own handling.
      if (url && isApiPath(url.pathname) && !url.pathname.endsWith(".data") && !url.searchParams.has("_data")) {
        const match = matchApiRoute(apiRoutes, url.pathname);
        const handler = match && (LOADER_METHODS.has(method) ? match.route.loader : match.route.action);
        if (match && handler) {
          void serveApi(match, handler, req, res, requestId, href, logger);
          return;
        }
      }
    }
    void servePage(req, res, requestId);
  });
}
