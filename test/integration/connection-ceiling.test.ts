// A distributed idle flood does not shut new clients out (docs/security.md, "Connections"): forty
// addresses (127.0.0.2 … 127.0.0.41, all loopback on Linux), each under MAX_CONNECTIONS_PER_ADDRESS,
// fill MAX_CONNECTIONS with connections that are still sending their request (nothing yet, half
// the headers, half a body, or idle between two requests); /healthz from a 41st address is still
// answered, each time at the cost of the flood's oldest connection, and a stream that has been
// answered is never the one closed. Against the real server in its own process, with time limits
// long enough that Node's own clocks close nothing while the test runs.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import { waitUntil } from "../helpers/wait";

const ADDRESSES = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`);
const PROBE_ADDRESS = "127.0.0.42";
const PER_ADDRESS_CAP = 3;
/** Each flooding address holds two connections, one under its cap. */
const HELD_PER_ADDRESS = 2;
/** The stream, and the flood. */
const MAX_CONNECTIONS = 1 + ADDRESSES.length * HELD_PER_ADDRESS;
/** As many as the attack's /healthz probes. */
const PROBES = 61;

let server: ServerProcess;
let sendId: string;
beforeAll(async () => {
  server = await startServerProcess({
    EMAIL_PROVIDER: "outbox",
    // Every stream here is answered with a stream, not refused with a 429.
    STREAMS_MAX_PER_USER: "1000",
    STREAMS_MAX_TOTAL: "1000",
    MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS_CAP),
    HEADERS_TIMEOUT_SECONDS: "600",
    REQUEST_TIMEOUT_SECONDS: "600",
    KEEP_ALIVE_TIMEOUT_SECONDS: "600",
  });
  // On a connection of its own, closed after the answer: every connection the server holds below is the test's.
  const sent = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${server.url}/api/send-email-esp`,
      { method: "POST", agent: false, headers: { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ to: "reader@example.com", subject: "Streams", html: "<p>Hello</p>" }));
  });
  expect(sent.status).toBe(200);
  sendId = (JSON.parse(sent.body) as { sendId: string }).sendId;
}, 120_000);
afterAll(() => server?.stop());

type Kind = "idle" | "mid-headers" | "mid-body" | "between-requests" | "stream";

interface Held {
  kind: Kind;
  from: string;
  socket: net.Socket;
  received: () => string;
  isClosed: () => boolean;
}

/**
 * A raw connection from `from` in one of the states a flood holds, or an answered event stream.
 * Resolves once the client knows the server has it in that state where the server says so (a
 * `100 Continue`, a whole answer, the stream's first event), else once it is connected.
 */
function hold(kind: Kind, from: string): Promise<Held> {
  const { hostname, port, host } = new URL(server.url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
  let received = "";
  let closed = false;
  socket.setEncoding("latin1");
  socket.on("error", () => undefined);
  const held: Held = { kind, from, socket, received: () => received, isClosed: () => closed };
  return new Promise((resolve, reject) => {
    const ready = (pattern: RegExp) => {
      const check = () => pattern.test(received) && resolve(held);
      socket.on("data", check);
    };
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("close", () => {
      closed = true;
      reject(
        new Error(`the server closed a ${kind} connection from ${from} while it was being set up; it said ${JSON.stringify(received)}`),
      );
    });
    socket.on("connect", () => {
      if (kind === "idle") return resolve(held);
      if (kind === "mid-headers") {
        socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Slow: a\r\n`);
        return resolve(held);
      }
      if (kind === "mid-body") {
        ready(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
        socket.write(
          `POST /login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n\r\n`,
        );
        socket.once("data", () => socket.write("email="));
        return;
      }
      if (kind === "between-requests") {
        // A whole answer (its body is JSON, so it ends with a brace), then the connection stays open.
        ready(/^HTTP\/1\.1 200 [^]*\r\n\r\n[^]*\}(\r\n0\r\n\r\n)?$/);
        socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        return;
      }
      ready(/\r\n\r\n[^]*\n\n/);
      socket.write(
        `GET /api/sends/${sendId}/events HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${server.token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
  }).then((h) => {
    socket.removeAllListeners("close");
    socket.on("close", () => (closed = true));
    return h as Held;
  });
}

/** GET /healthz on a new connection from `from`: its status and body, or the error's code. */
function healthzFrom(from: string): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${server.url}/healthz`, { localAddress: from, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ status: e.code ?? e.message, body: "" }));
  });
}

const FLOOD_KINDS: Array<[Kind, Kind]> = [
  ["idle", "mid-body"],
  ["mid-headers", "between-requests"],
];

describe("at MAX_CONNECTIONS", () => {
  it("closes the oldest connection still sending its request to admit a new client, never an answered stream", async () => {
    const stream = await hold("stream", "127.0.0.1");
    const flood: Held[] = [];
    try {
      // One connection at a time, so the order the server accepted them in is the order here.
      for (const [i, from] of ADDRESSES.entries()) for (const kind of FLOOD_KINDS[i % 2]) flood.push(await hold(kind, from));
      // Every address was answered on a connection of its own although the cap per address is 3:
      // the server counts them as the forty addresses they are.
      expect(flood.filter((c) => c.kind === "mid-body" || c.kind === "between-requests")).toHaveLength(ADDRESSES.length);
      expect(new Set(flood.map((c) => c.from)).size).toBe(ADDRESSES.length);
      expect(flood.every((c) => !c.isClosed())).toBe(true);

      for (let probe = 1; probe <= PROBES; probe++) {
        // The flood is at the ceiling: the server holds the stream and the flood's connections.
        const answer = await healthzFrom(PROBE_ADDRESS);
        expect(answer.status, `probe ${probe}`).toBe(200);
        // The stream is still open and still counted by the server.
        expect((JSON.parse(answer.body) as { streams: { live: number } }).streams.live).toBe(1);
        expect(stream.isClosed()).toBe(false);
        // Each probe cost the flood its oldest connection still sending (at least one: a probe
        // the server has not yet seen closed may take a place too).
        await waitUntil(() => flood.filter((c) => c.isClosed()).length >= probe, {
          what: () => `the server to close ${probe} of the flood's connections (closed: ${flood.filter((c) => c.isClosed()).length})`,
        });
        const closed = flood.map((c) => c.isClosed());
        expect(closed.indexOf(false), "the closed connections are the oldest").toBe(closed.filter(Boolean).length);
        // The flood takes the places back from where it lost them, each address under its cap.
        const lost = flood.filter((c) => c.isClosed()).length - (flood.length - ADDRESSES.length * HELD_PER_ADDRESS);
        for (const gone of flood.filter((c) => c.isClosed()).slice(-lost)) flood.push(await hold("idle", gone.from));
      }
      expect(stream.isClosed()).toBe(false);
      // Closed without an answer: nothing was written to them but what their request had asked for.
      for (const c of flood.filter((f) => f.isClosed())) {
        if (c.kind === "idle" || c.kind === "mid-headers") expect(c.received()).toBe("");
        if (c.kind === "mid-body") expect(c.received()).toBe("HTTP/1.1 100 Continue\r\n\r\n");
      }
    } finally {
      stream.socket.destroy();
      for (const c of flood) c.socket.destroy();
    }
  }, 120_000);

  it("refuses a new client as it arrives when every connection is being answered", async () => {
    const streams: Held[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS; i++) streams.push(await hold("stream", ADDRESSES[i % ADDRESSES.length]));
      const refused = await healthzFrom(PROBE_ADDRESS);
      expect(typeof refused.status).toBe("string");
      expect(streams.every((s) => !s.isClosed())).toBe(true);
      // A place freed is a place for the next client.
      streams[0].socket.destroy();
      let answer: { status: number | string } = { status: "" };
      await waitUntil(async () => (answer = await healthzFrom(PROBE_ADDRESS)).status === 200, {
        what: () => `a place for /healthz once a stream closed (last answer: ${JSON.stringify(answer.status)})`,
      });
    } finally {
      for (const s of streams) s.socket.destroy();
    }
  }, 120_000);
});
