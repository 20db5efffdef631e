// The HTTP server around the Remix build, shared by `npm start` and the test servers.
// JSON API routes are called straight from the table in api-routes.server.ts (ADR 011); pages,
// assets and anything the table does not claim go through Express and Remix's request handler.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import express from "express";
import { apiRoutesFrom, isApiPath, matchApiRoute, type ApiMatch } from "./api-routes.server";
import { JSON_BODY_TEXT } from "./body-handoff";
import type { Logger } from "./logger.server";
import { NodeRequest } from "./node-request.server";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface KineticBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      bootstrap: typeof import("./bootstrap.server").bootstrap;
      getApp: typeof import("./app.server").getApp;
      adapterSummary: typeof import("./composition.server").adapterSummary;
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

export function createHttpServer(build: KineticBuild, buildDir: string, logger: Logger): http.Server {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  const clientDir = fs.existsSync(path.join(buildDir, "client")) ? path.join(buildDir, "client") : path.resolve("public/build");
  app.use("/build", express.static(clientDir, { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.resolve("public"), { maxAge: "1h" }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) => ({ requestId: requestIds.get(res), clientIp: clientIp(req) }),
    }),
  );

  const apiRoutes = apiRoutesFrom(build);
  return http.createServer((req, res) => {
    const requestId = beginRequest(req, res, logger);
    const method = req.method ?? "GET";
    if (LOADER_METHODS.has(method) || ACTION_METHODS.has(method)) {
      const href = requestUrl(req);
      // A Host carrying credentials is no URL a Request accepts; Express answers those.
      const url = URL.canParse(href) ? new URL(href) : null;
      if (url && (url.username || url.password)) {
        app(req, res);
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
    app(req, res);
  });
}
