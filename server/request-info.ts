// What the server reads off a Node request before any route runs: its id, the client's address
// and the URL as the browser addressed it. Forwarding headers are believed only from the proxies
// TRUST_PROXY names (trusted-proxies.ts), as Express's `trust proxy` set to the same test does.
import crypto from "node:crypto";
import type http from "node:http";
import net from "node:net";
import type { Logger } from "~/lib/logger.server";
import { plainAddress, type TrustProxy } from "./trusted-proxies";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * How much of a refused body is read and dropped so the connection can carry the next request.
 * Closing a connection with unread data makes TCP reset it, and the client may lose the answer;
 * past this much the connection is closed anyway, rather than read for as long as a client sends.
 * The page guard drains this much past its limit; after a response, what a route left unread is
 * drained up to four times as much, since a route may refuse before reading any of a body well
 * within its limit.
 */
export const DRAIN_BYTES = 256 * 1024;
const LEFTOVER_DRAIN_BYTES = 4 * DRAIN_BYTES;

/**
 * Every response carries a request id, and every log line of that request names it. A request
 * body a route left unread is drained once the response is sent, or the next request on this
 * keep-alive connection would wait behind it.
 */
export function beginRequest(req: http.IncomingMessage, res: http.ServerResponse, logger: Logger): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  res.setHeader("x-request-id", requestId);
  const started = process.hrtime.bigint();
  // Read now: Express rewrites req.url inside a mounted app (/assets/x.js is /x.js to express.static).
  const pathname = (req.url ?? "/").split("?")[0];
  res.on("finish", () => {
    if (!req.complete) {
      // The web stream over the body stops listening first, so the rest is discarded, not queued.
      req.removeAllListeners("data");
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.byteLength;
        if (drained > LEFTOVER_DRAIN_BYTES) req.socket.destroy();
      });
      req.resume();
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({ requestId, method: req.method, path: pathname, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
  });
  return requestId;
}

/**
 * The client's address as Express computes `req.ip` with `trust proxy` set to `trusted`: the
 * peer, unless it is a trusted proxy; then the nearest X-Forwarded-For hop that is not one.
 */
export function clientIp(req: http.IncomingMessage, trusted: TrustProxy): string {
  let address = plainAddress(req.socket.remoteAddress ?? "");
  if (!trusted(address)) return address;
  const forwarded = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    // What a trusted proxy forwards is an address; anything else ends the walk at that proxy.
    if (!net.isIP(hops[i])) return address;
    address = plainAddress(hops[i]);
    if (!trusted(address)) return address;
  }
  return address;
}

// A Host (or forwarded host) is a name or an IP literal, with an optional port: nothing that could
// move the path, such as `h:/api/x?`, and no credentials.
const HOST = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The request URL as Express computes it with `trust proxy` set to `trustProxy`; null when the
 * Host or the request target is malformed. Routing, the page guard and the Request Remix gets all
 * use this one URL, so they cannot disagree about the path.
 */
export function requestUrl(req: http.IncomingMessage, trustProxy: TrustProxy): URL | null {
  const trusted = trustProxy(req.socket.remoteAddress ?? "");
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0].trim() || undefined;
  const proto =
    (trusted && first(req.headers["x-forwarded-proto"])) || ("encrypted" in req.socket && req.socket.encrypted ? "https" : "http");
  const host = (trusted && first(req.headers["x-forwarded-host"])) || req.headers.host || "localhost";
  const target = req.url ?? "/";
  if (!HOST.test(host) || !/^https?$/i.test(proto) || !target.startsWith("/")) return null;
  const href = `${proto}://${host}${target}`;
  return URL.canParse(href) ? new URL(href) : null;
}

export function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** Whether the path is the JSON API's (bearer tokens and signatures, not page sessions). */
export const isApiPath = (pathname: string) => /^\/api(\/|$)/i.test(pathname);

/** Remix's own data requests (`?_data=`, single-fetch `*.data`): page-guarded, even under /api. */
export const isDataRequest = (url: URL) => url.pathname.endsWith(".data") || url.searchParams.has("_data");
