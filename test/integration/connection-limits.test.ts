// One client cannot take the server's connections (docs/security.md, "Connections"): a flood of
// slow-body sign-in posts from one address (127.0.0.2) is held to MAX_CONNECTIONS_PER_ADDRESS
// while /healthz keeps answering 127.0.0.1, and a body that trickles in is cut off with a 408 once
// REQUEST_TIMEOUT_SECONDS have passed. Against the real server in its own process, so the flood
// and the server never share an event loop. (Latency figures: `npm run bench -- hostile`.)
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import { waitUntil } from "../helpers/wait";

const FLOODER = "127.0.0.2";
const CAP = 20;
const REQUEST_TIMEOUT_SECONDS = 2;

/** One server with a small per-address cap, one with small time limits. */
let capped: ServerProcess;
let impatient: ServerProcess;
beforeAll(async () => {
  [capped, impatient] = await Promise.all([
    startServerProcess({ MAX_CONNECTIONS_PER_ADDRESS: String(CAP) }),
    startServerProcess({ REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS), HEADERS_TIMEOUT_SECONDS: "1" }),
  ]);
});
afterAll(async () => {
  await capped?.stop();
  await impatient?.stop();
});

interface SlowPost {
  socket: net.Socket;
  /** Everything the server sent back. */
  received: () => string;
  closed: Promise<number>;
  isClosed: () => boolean;
  stop: () => void;
}

/**
 * A sign-in post from `localAddress` that declares a large body and sends one byte of it every
 * `everyMs`. `closed` resolves (with the milliseconds since the headers went out) when the server
 * closes or resets the connection.
 */
function slowPost(url: string, localAddress: string, everyMs: number): SlowPost {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  let received = "";
  let closed = false;
  let trickle: NodeJS.Timeout | undefined;
  let sentAt = performance.now();
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  socket.on("connect", () => {
    sentAt = performance.now();
    socket.write(
      `POST /login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nemail=`,
    );
    trickle = setInterval(() => socket.writable && socket.write("a"), everyMs);
  });
  const closedAt = new Promise<number>((resolve) =>
    socket.on("close", () => {
      closed = true;
      clearInterval(trickle);
      resolve(performance.now() - sentAt);
    }),
  );
  return {
    socket,
    received: () => received,
    closed: closedAt,
    isClosed: () => closed,
    stop: () => {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

/** A GET from a given local address on a fresh connection: its status, or the error's code. */
function getFrom(url: string, pathname: string, localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(`${url}${pathname}`, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe("connections per address", () => {
  it("holds a slow-body flood from one address to its cap, closing the excess, while /healthz answers other addresses", async () => {
    const FLOOD = 200;
    const server = capped;
    const flood = Array.from({ length: FLOOD }, () => slowPost(server.url, FLOODER, 500));
    try {
      // The server closes every connection past the cap as it arrives; the rest it keeps reading.
      await waitUntil(() => flood.filter((c) => c.isClosed()).length >= FLOOD - CAP, {
        what: () => `the server to close the ${FLOOD - CAP} connections past the cap (closed: ${flood.filter((c) => c.isClosed()).length})`,
        timeoutMs: 20_000,
        intervalMs: 50,
      });
      expect(flood.filter((c) => c.isClosed()).length).toBe(FLOOD - CAP);
      // Refused before anything was read: no answer at all on those connections.
      expect(flood.filter((c) => c.isClosed()).every((c) => c.received() === "")).toBe(true);

      // The held connections keep the address at its cap: a new one is closed too.
      expect(typeof (await getFrom(server.url, "/healthz", FLOODER))).toBe("string");
      // Everyone else is served.
      expect(await getFrom(server.url, "/healthz", "127.0.0.1")).toBe(200);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(flood.filter((c) => !c.isClosed())).toHaveLength(CAP);
    } finally {
      for (const c of flood) c.stop();
    }
    // Closed connections are counted out: the address is served again (once the server has seen
    // the closes, which it learns after the client does).
    await Promise.all(flood.map((c) => c.closed));
    let status: number | string = "";
    await waitUntil(async () => (status = await getFrom(server.url, "/healthz", FLOODER)) === 200, {
      what: () => `the flooding address to be served again (last answer: ${JSON.stringify(status)})`,
      timeoutMs: 5_000,
      intervalMs: 100,
    });
  }, 60_000);
});

describe("time limits", () => {
  it("cuts off a sign-in body that trickles in with a 408 once REQUEST_TIMEOUT_SECONDS have passed, and not before", async () => {
    const server = impatient;
    const post = slowPost(server.url, FLOODER, 200);
    // Node's own default would hold it for 300 s; the bound here is only the test's patience.
    const result = await Promise.race([post.closed, new Promise<"open">((r) => setTimeout(() => r("open"), 15_000))]);
    post.stop();
    expect(result).not.toBe("open");
    expect(result as number).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS * 1000 - 100);
    expect(post.received()).toMatch(/^HTTP\/1\.1 408 /);
    // A body that arrives in time is answered as usual (here refused for its missing CSRF token).
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a",
    });
    expect(res.status).toBe(403);
  }, 60_000);

  it("cuts off headers that trickle in once HEADERS_TIMEOUT_SECONDS have passed", async () => {
    const server = impatient;
    const { hostname, port } = new URL(server.url);
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: FLOODER });
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => undefined);
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X-Slow: a\r\n"), 200);
    const result = await Promise.race([
      new Promise<"closed">((r) => socket.on("close", () => r("closed"))),
      new Promise<"open">((r) => setTimeout(() => r("open"), 15_000)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    expect(result).toBe("closed");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);
});
