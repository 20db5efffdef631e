import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A scripted reply: JSON with a status and headers, or `hang` to never answer. */
export type Reply = { status?: number; headers?: Record<string, string>; json: unknown } | "hang";

export interface FakeServer {
  url: string;
  received: Received[];
  /** Resolves once `count` requests have been received whole. */
  receivedCount(count: number): Promise<void>;
  /** Replies are used in order; the last one repeats. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

/** A local HTTP server standing in for a vendor API so the real SDKs can be exercised offline. */
export async function startFakeServer(): Promise<FakeServer> {
  const received: Received[] = [];
  const arrivals = new EventEmitter();
  let replies: Reply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text; a test asserting on it will show what arrived
      }
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      arrivals.emit("received");
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      if (reply === undefined) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "no scripted reply" } }));
        return;
      }
      if (reply === "hang") return;
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    receivedCount(count) {
      return new Promise((resolve) => {
        const check = () => {
          if (received.length < count) return;
          arrivals.off("received", check);
          resolve();
        };
        arrivals.on("received", check);
        check();
      });
    },
    script(...r) {
      replies = r;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
