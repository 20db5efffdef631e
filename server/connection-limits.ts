// What keeps one client from taking the server's connections (docs/security.md, "Connections"):
// Node's own clocks for a request's headers and its whole body, a ceiling on open connections
// well below the process's file-descriptor limit (at which connections still waiting on their
// clients make room for new ones), and a cap per client address. Kinetic is often exposed without
// a reverse proxy, so it cannot count on one to do this.
import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { plainAddress, type TrustProxy } from "./trusted-proxies";

export type ConnectionEnv = Pick<
  Env,
  "MAX_CONNECTIONS" | "MAX_CONNECTIONS_PER_ADDRESS" | "HEADERS_TIMEOUT_SECONDS" | "REQUEST_TIMEOUT_SECONDS" | "KEEP_ALIVE_TIMEOUT_SECONDS"
>;

export interface ConnectionLimits {
  maxConnections: number;
  maxPerAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** The automatic ceiling never goes above this: more open connections than a small team's server needs. */
const AUTO_CEILING_MAX = 8192;
/** Assumed when the process's limit cannot be read (not Linux): the common default soft limit. */
const FALLBACK_FD_LIMIT = 1024;

/** The process's soft limit on open files (`ulimit -n`), from /proc on Linux; null elsewhere. */
export function openFileLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync("/proc/self/limits", "utf8"));
    if (!line) return null;
    return line[1] === "unlimited" ? Number.MAX_SAFE_INTEGER : Number(line[1]);
  } catch {
    return null;
  }
}

/**
 * The limits the server applies. MAX_CONNECTIONS=0 (the default) means half the descriptor limit,
 * at most 8,192: the other half is left for the database files, outgoing calls to providers and
 * the connections Node is still closing.
 */
export function connectionLimits(env: ConnectionEnv, fdLimit: number | null = openFileLimit()): ConnectionLimits {
  const maxConnections = env.MAX_CONNECTIONS || Math.max(16, Math.min(AUTO_CEILING_MAX, Math.floor((fdLimit ?? FALLBACK_FD_LIMIT) / 2)));
  return {
    maxConnections,
    maxPerAddress: Math.min(env.MAX_CONNECTIONS_PER_ADDRESS, maxConnections),
    headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
  };
}

/**
 * Options for http.createServer. Node cuts off a request whose headers (headersTimeout) or whole
 * body (requestTimeout) have not arrived in time with a 408 and closes the socket, whatever the
 * route is doing with it; it looks every `connectionsCheckingInterval`, so a limit holds to
 * within a second rather than Node's default 30 s.
 */
export function serverOptions(limits: ConnectionLimits): http.ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: 1000,
  };
}

/**
 * The key a client's connections are counted under: its IPv4 address, or the /64 network of an
 * IPv6 one (one machine usually holds a whole /64 and can pick any address in it).
 */
export function addressKey(remoteAddress: string | undefined): string {
  const address = plainAddress(remoteAddress ?? "");
  if (!net.isIPv6(address)) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Where a connection is, as the server sees it: `active` answers not yet over (more than one
 * when the client pipelines), and the latest request and its response.
 */
interface Tracked {
  socket: net.Socket;
  active: number;
  req?: http.IncomingMessage;
  res?: http.ServerResponse;
}

/**
 * Still waiting on its client: nothing asked yet (before the first byte, mid-headers, or idle
 * between two requests), or a request whose body is still arriving and has no answer begun.
 * Once a request is complete or its answer started, it is being served, whatever the client does.
 */
function sendingRequest(t: Tracked): boolean {
  if (t.active === 0) return true;
  return t.active === 1 && !t.req!.complete && !t.res!.headersSent;
}

/**
 * Applies the ceiling and the per-address cap to a server. A connection past the per-address cap
 * is closed before anything is read from it; trusted proxies (TRUST_PROXY) are exempt from that
 * cap, since every client behind them shares their address. At the ceiling, the connection that
 * has waited longest on its client to send a request (sendingRequest) is closed to make room, so
 * idle or slow connections, from however many addresses, cannot shut new clients out; only when
 * every connection is being served is the new one closed instead. Each refusal is counted, and
 * the first at each address (or at the ceiling) in a minute is logged.
 */
export function limitConnections(server: http.Server, limits: ConnectionLimits, trusted: TrustProxy, logger: Logger): void {
  const open = new Map<string, number>();
  const warned = new Map<string, number>();
  const warnOnce = (key: string, message: string, fields: Record<string, unknown>) => {
    const now = Date.now();
    if ((warned.get(key) ?? 0) > now - 60_000) return;
    if (warned.size > 10_000) warned.clear();
    warned.set(key, now);
    logger.warn(fields, message);
  };
  /** Every connection the server holds. */
  const live = new Map<net.Socket, Tracked>();
  /**
   * Connections that may be sending a request, in the order they began waiting on their client
   * (accepted, or their last answer over): a Map keeps insertion order, so the first entry is the
   * one that has waited longest. An entry whose request has since been read whole or answered
   * is dropped when the search below meets it, and put back at the end when its answer is over.
   */
  const waiting = new Map<net.Socket, Tracked>();

  /**
   * The connection to close for a new one, or undefined. Each entry it passes over leaves
   * `waiting` until its answer is over, so the search costs at most one step per request served.
   */
  const oldestSendingRequest = (): Tracked | undefined => {
    for (const [socket, tracked] of waiting) {
      if (sendingRequest(tracked)) return tracked;
      waiting.delete(socket);
    }
    return undefined;
  };

  const forget = (socket: net.Socket) => {
    live.delete(socket);
    waiting.delete(socket);
  };

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const tracked = live.get(req.socket);
    if (!tracked) return;
    tracked.active++;
    tracked.req = req;
    tracked.res = res;
    res.once("close", () => {
      tracked.active--;
      if (!live.has(tracked.socket)) return;
      // Waiting on its client again (or still, if another request is pipelined behind it): from now.
      waiting.delete(tracked.socket);
      waiting.set(tracked.socket, tracked);
    });
  });

  server.on("connection", (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    if (!trusted(address)) {
      const key = addressKey(address);
      const count = (open.get(key) ?? 0) + 1;
      if (count > limits.maxPerAddress) {
        warnOnce(key, "connection refused: MAX_CONNECTIONS_PER_ADDRESS reached", { address: key, maxPerAddress: limits.maxPerAddress });
        socket.destroy();
        return;
      }
      open.set(key, count);
      socket.once("close", () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    }
    if (live.size >= limits.maxConnections) {
      const oldest = oldestSendingRequest();
      if (!oldest) {
        warnOnce("*", "connection refused: MAX_CONNECTIONS reached", { maxConnections: limits.maxConnections, remoteAddress: address });
        socket.destroy();
        return;
      }
      warnOnce("*evicted", "connection closed to admit a new one: MAX_CONNECTIONS reached", {
        maxConnections: limits.maxConnections,
        closedAddress: oldest.socket.remoteAddress,
        remoteAddress: address,
      });
      forget(oldest.socket);
      oldest.socket.destroy();
    }
    const tracked: Tracked = { socket, active: 0 };
    live.set(socket, tracked);
    waiting.set(socket, tracked);
    socket.once("close", () => forget(socket));
  });
}
