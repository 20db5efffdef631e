// Which connection the ceiling closes for a new one (server/connection-limits.ts): the one that has
// waited longest on its client to send a request, whatever it was at (nothing sent, half the
// headers, half a body, idle after an answer), and never one being served (its request read whole
// and the answer pending, an answer being written, a stream). A plain node:http server in this
// process with the limits applied, so each step can wait for the server to have seen it and check,
// in the server's own 'connection' event, which sockets the limiter closed.
import { EventEmitter, once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { limitConnections, serverOptions, type ConnectionLimits } from "../../server/connection-limits";
import { trustProxy } from "../../server/trusted-proxies";

type Kind = "idle" | "mid-headers" | "mid-body" | "between-requests" | "stream" | "held" | "answering-early";

interface Client {
  kind: Kind;
  socket: net.Socket;
  /** The server's end of the connection. */
  peer: net.Socket;
  received: () => string;
}

interface TestServer {
  open(kind: Kind): Promise<Client>;
  /** Answers every held request. */
  release(): void;
  /** Resolves when the server's answer on this connection is over. */
  answered(client: Client): Promise<unknown>;
  /** The clients the limiter closed while it accepted the latest connection. */
  closedBy(client: Client, clients: Client[]): Client[];
}

let servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  servers = [];
});

async function startServer(maxConnections: number): Promise<TestServer> {
  const limits: ConnectionLimits = {
    maxConnections,
    maxPerAddress: 1000,
    headersTimeoutMs: 600_000,
    requestTimeoutMs: 600_000,
    keepAliveTimeoutMs: 600_000,
  };
  /** What the server did, by the client's port: "request", "answered" (the answer is over), "streaming". */
  const events = new EventEmitter();
  const held: http.ServerResponse[] = [];
  const server = http.createServer(serverOptions(limits), (req, res) => {
    const port = req.socket.remotePort;
    res.once("close", () => events.emit(`answered:${port}`));
    events.emit(`request:${port}`);
    if (req.url === "/ok") res.end("ok");
    else if (req.url === "/stream") {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write("data: 1\n\n", () => events.emit(`streaming:${port}`));
    } else if (req.url === "/held") held.push(res);
    else if (req.url === "/upload") {
      req.resume();
      req.on("end", () => res.end("uploaded"));
    } else if (req.url === "/early") {
      // Answers before reading the body it was sent.
      res.writeHead(200);
      res.write("started", () => events.emit(`streaming:${port}`));
    } else res.writeHead(404).end();
  });
  limitConnections(server, limits, trustProxy([]), createLogger("silent"));
  // Registered after the limiter's: by the time it runs, the limiter has made its choice.
  const accepted = new Map<number, { peer: net.Socket; destroyed: Set<net.Socket> }>();
  const peers: net.Socket[] = [];
  server.on("connection", (peer: net.Socket) => {
    accepted.set(peer.remotePort!, { peer, destroyed: new Set(peers.filter((p) => p.destroyed)) });
    peers.push(peer);
    events.emit(`accepted:${peer.remotePort}`);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const before = new Map<Client, Set<net.Socket>>();

  const seen = async (what: string, clientPort: number, already: () => boolean) => {
    if (!already()) await once(events, `${what}:${clientPort}`);
  };

  return {
    async open(kind) {
      const destroyedBefore = new Set(peers.filter((p) => p.destroyed));
      const socket = net.connect({ host: "127.0.0.1", port });
      let received = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (received += chunk));
      socket.on("error", () => undefined);
      await once(socket, "connect");
      const clientPort = socket.localPort!;
      // Node drops a connection past server.maxConnections without a 'connection' event.
      const dropped = once(socket, "close").then(() => {
        if (!accepted.has(clientPort)) throw new Error(`the server closed the connection (${kind}) without accepting it`);
      });
      await Promise.race([seen("accepted", clientPort, () => accepted.has(clientPort)), dropped]);
      const { peer } = accepted.get(clientPort)!;
      const client: Client = { kind, socket, peer, received: () => received };
      before.set(client, destroyedBefore);
      const request = (text: string) => {
        const wait = once(events, `request:${clientPort}`);
        socket.write(text);
        return wait;
      };
      if (kind === "mid-headers") socket.write("GET /ok HTTP/1.1\r\nHost: x\r\nX-Slow: a\r\n");
      else if (kind === "mid-body") {
        await request("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n");
        socket.write("a".repeat(10));
      } else if (kind === "between-requests") {
        const answered = once(events, `answered:${clientPort}`);
        socket.write("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
        await answered;
      } else if (kind === "stream") {
        const streaming = once(events, `streaming:${clientPort}`);
        socket.write("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
        await streaming;
      } else if (kind === "held") await request("GET /held HTTP/1.1\r\nHost: x\r\n\r\n");
      else if (kind === "answering-early") {
        const streaming = once(events, `streaming:${clientPort}`);
        socket.write("POST /early HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\naaaa");
        await streaming;
      }
      return client;
    },
    answered: (client) => once(events, `answered:${client.socket.localPort}`),
    release() {
      for (const res of held.splice(0)) res.end("done");
    },
    closedBy(client, clients) {
      const { destroyed } = accepted.get(client.socket.localPort!)!;
      const earlier = before.get(client)!;
      return clients.filter((c) => c !== client && destroyed.has(c.peer) && !earlier.has(c.peer));
    },
  };
}

const idle = (server: TestServer) => server.open("idle");

describe("the connection ceiling", () => {
  it("closes, for each new connection, the one that has waited longest on its client, whatever it was sending", async () => {
    const server = await startServer(7);
    // Accepted first, but its wait starts again when its answer is over, after `first`'s began.
    const keptAlive = await server.open("idle");
    const first = await server.open("idle");
    const answered = server.answered(keptAlive);
    keptAlive.socket.write("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
    await answered;
    const midHeaders = await server.open("mid-headers");
    const midBody = await server.open("mid-body");
    const served = [await server.open("stream"), await server.open("held"), await server.open("answering-early")];
    const all = [keptAlive, first, midHeaders, midBody, ...served];

    const newcomers: Client[] = [];
    for (const expected of [first, keptAlive, midHeaders, midBody]) {
      const newcomer = await idle(server);
      expect(server.closedBy(newcomer, [...all, ...newcomers]).map((c) => c.kind)).toEqual([expected.kind]);
      expect(server.closedBy(newcomer, [...all, ...newcomers])[0]).toBe(expected);
      newcomers.push(newcomer);
    }
    // The newcomers are the ones waiting now; the connections being served are never touched.
    const next = await idle(server);
    expect(server.closedBy(next, [...all, ...newcomers])).toEqual([newcomers[0]]);
    expect(served.every((c) => !c.peer.destroyed)).toBe(true);
    expect(served.every((c) => !c.socket.destroyed)).toBe(true);
    // Closed without a word: nothing was written on them but the answer `keptAlive` had asked for.
    for (const c of [first, midHeaders, midBody]) expect(c.received()).toBe("");
  });

  it("refuses a new connection as it arrives when every connection is being served, and admits one once an answer is over", async () => {
    const server = await startServer(3);
    const served = [await server.open("stream"), await server.open("held"), await server.open("held")];
    const refused = await idle(server);
    expect(refused.peer.destroyed).toBe(true);
    expect(server.closedBy(refused, served)).toEqual([]);
    await once(refused.socket, "close");
    expect(refused.received()).toBe("");

    // The held requests are answered: those connections wait on their clients again.
    const answered = Promise.all(served.slice(1).map((c) => server.answered(c)));
    server.release();
    await answered;
    const admitted = await idle(server);
    expect(admitted.peer.destroyed).toBe(false);
    expect(server.closedBy(admitted, served)).toEqual([served[1]]);
    expect(served[0].peer.destroyed).toBe(false);
  });
});
