// The HTTP server around the Remix build, shared by `npm start`, the test servers and the
// benchmarks. Assets are served by Express; pages and API routes by Remix, except the two
// sending endpoints of hot-paths.ts. A page mutation passes the body limit and CSRF check of
// page-guard.ts before Remix sees it.
import http from "node:http";
import path from "node:path";
import { createReadableStreamFromReadable, createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { Logger } from "~/lib/logger.server";
import type { KineticBuild, RequestContext } from "./build";
import { connectionLimits, limitConnections, serverOptions, type ConnectionEnv } from "./connection-limits";
import { hotPathActions, serveHotPath } from "./hot-paths";
import { guardPageMutation, refuse } from "./page-guard";
import { beginRequest, clientIp, headersOf, isApiPath, isDataRequest, requestUrl } from "./request-info";
import { trustProxy } from "./trusted-proxies";

export { loadBuild, type KineticBuild } from "./build";

/**
 * What the server settled about a request before handing it to Express: its URL, the context
 * routes get, the signal of its client going, and the body the page guard already read (without
 * one, Remix reads the socket).
 */
interface Settled {
  url: URL;
  context: RequestContext;
  gone: AbortSignal;
  body?: Buffer<ArrayBuffer>;
}
const settled = new WeakMap<http.IncomingMessage, Settled>();

/**
 * Aborted when the request is over: its response closed (finished, or the connection dropped) or
 * its socket closed. Wired as the request arrives, before Express: a client that leaves while
 * express.static is still looking for a file (FIN or RST before any answer) must be seen too, and a
 * response's "close" is emitted once. The socket listener covers a pipelined request that has no
 * socket of its own yet, and is removed with the response so a keep-alive socket gathers none.
 */
function clientGone(req: http.IncomingMessage, res: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  const socket = req.socket;
  const abort = () => {
    socket.off("close", abort);
    controller.abort();
  };
  if (socket.destroyed) abort();
  else {
    res.once("close", abort);
    socket.once("close", abort);
  }
  return controller.signal;
}

/**
 * The Request Remix gets: the server's one URL for it (request-info.ts), the body the page guard
 * read or else the socket, and the signal of its client going. Remix answers HEAD with a new,
 * empty Response and never cancels the route's body, so a stream's producer learns that the
 * request is over from the signal.
 */
function remixRequest(req: express.Request, { url, body, gone }: Settled): Request {
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: gone };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = body ?? (createReadableStreamFromReadable(req) as ReadableStream<Uint8Array>);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** Resolves when the response can take more, or the client has gone. */
function drained(res: http.ServerResponse, gone: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      gone.removeEventListener("abort", done);
      resolve();
    };
    res.once("drain", done);
    gone.addEventListener("abort", done, { once: true });
    if (gone.aborted) done();
  });
}

/**
 * Writes a response body. Unlike Remix's writer, which goes on reading a stream into a destroyed
 * socket forever, it stops when the client goes and cancels the body, so the stream's producer
 * (its cancel()) learns of it; and it waits for a slow reader instead of buffering without bound.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: http.ServerResponse, gone: AbortSignal): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  gone.addEventListener("abort", cancel, { once: true });
  try {
    if (gone.aborted) return cancel();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone.aborted || res.destroyed) break;
      if (!res.write(value)) await drained(res, gone);
    }
    if (gone.aborted || res.destroyed) cancel();
    else res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    gone.removeEventListener("abort", cancel);
  }
}

/** As @remix-run/express sends a Remix response: streamed, so documents render progressively. */
async function sendRemixResponse(res: express.Response, response: Response, gone: AbortSignal): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(response.body, res, gone);
  else res.end();
}

/** Bodies smaller than this go uncompressed when their length is known (static files). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli (at quality 4, the library's default), gzip or deflate, as the client accepts, for what
 * compresses (HTML, JSON, CSS, JS, SVG, text). Never for an event stream: the compressor would
 * hold each event back until its buffer fills. The two hot paths never reach Express, so sends
 * and webhook events are not compressed (their answers are a few hundred bytes). A body Remix
 * streams has no length up front and is compressed whatever its size.
 */
export function compressResponses(): express.RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req, res) => !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res),
  });
}

/** The configuration the server itself reads (the rest reaches routes through the build's getApp). */
export type ServerEnv = ConnectionEnv & { TRUST_PROXY: readonly string[] };

/**
 * `npm run dev` (scripts/dev.ts): Vite's middleware serves the browser modules and hot updates, and
 * each request gets the routes as they are now. The page guard and the hot paths keep the build the
 * server started with.
 */
export interface DevMode {
  middleware: express.RequestHandler;
  currentBuild: () => Promise<KineticBuild>;
}

export function createHttpServer(build: KineticBuild, buildDir: string, logger: Logger, env: ServerEnv, dev?: DevMode): http.Server {
  const trusted = trustProxy(env.TRUST_PROXY);
  const limits = connectionLimits(env);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trusted);
  app.use(compressResponses());

  if (dev) app.use(dev.middleware);
  // Vite names every built asset by its content hash, under <build>/client/assets.
  app.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.resolve("public"), { maxAge: "1h" }));

  const handleRemix = dev ? createRequestHandler(dev.currentBuild, "development") : createRequestHandler(build, "production");
  app.all("*", async (req, res, next) => {
    try {
      const known = settled.get(req)!;
      const answered = await handleRemix(remixRequest(req, known), known.context);
      // A resource route's write the database refused is a bare 500 from Remix: answered 503 here.
      const response = build.entry.module.refusedResourceResponse(answered, known.context, String(req.headers.accept ?? ""));
      await sendRemixResponse(res, response, known.gone);
    } catch (error) {
      next(error);
    }
  });

  async function servePageMutation(req: http.IncomingMessage, res: http.ServerResponse, known: Settled) {
    const { url, context } = known;
    const requestId = context.requestId;
    try {
      const body = await guardPageMutation(build, req, res, url, requestId, logger);
      if (!body) return;
      known.body = body;
      app(req, res);
    } catch (error) {
      logger.error({ err: error, requestId }, "page request check failed");
      if (!res.headersSent) refuse(res, url, String(req.headers.accept ?? ""), 500, `Internal server error (request ${requestId})`);
      else res.destroy();
    }
  }

  const hotPaths = hotPathActions(build);
  const server = http.createServer(serverOptions(limits), (req, res) => {
    const requestId = beginRequest(req, res, logger);
    const method = req.method ?? "GET";
    const url = requestUrl(req, trusted);
    if (!url) {
      refuse(res, null, String(req.headers.accept ?? ""), 400, "Bad request: the Host header or the request target is malformed");
      return;
    }
    const known: Settled = { url, context: { requestId, clientIp: clientIp(req, trusted) }, gone: clientGone(req, res) };
    settled.set(req, known);
    const hot = method === "POST" ? hotPaths.get(url.pathname) : undefined;
    if (hot) void serveHotPath(hot, req, res, url, known.context, logger);
    else if (method === "GET" || method === "HEAD") app(req, res);
    // The API authenticates by bearer token or signature and applies its own body limits.
    else if (isApiPath(url.pathname) && !isDataRequest(url)) app(req, res);
    else void servePageMutation(req, res, known);
  });
  limitConnections(server, limits, trusted, logger);
  return server;
}
