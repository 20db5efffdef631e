// NodeRequest must behave as the web Request Remix would have built, while making its abort
// signal and body stream only on demand (ADR 013).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { READ_BODY_TEXT } from "./body-handoff";
import { NodeRequest } from "./node-request.server";

type Handler = (request: NodeRequest, res: http.ServerResponse, req: http.IncomingMessage) => Promise<void> | void;

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

async function serve(handler: Handler): Promise<string> {
  server = http.createServer((req, res) => {
    const request = new NodeRequest(`http://${req.headers.host}${req.url}`, req, res);
    Promise.resolve(handler(request, res, req)).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function reply(res: http.ServerResponse, value: unknown) {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(value));
}

describe("NodeRequest", () => {
  it("overrides every body member of Request, and notices when Node adds one", () => {
    const body = ["signal", "body", "bodyUsed", "clone", "blob", "arrayBuffer", "text", "json", "formData", "bytes"];
    const plain = ["constructor", "method", "url", "headers", "destination", "referrer", "referrerPolicy", "mode", "credentials", "cache", "redirect", "integrity", "keepalive", "isReloadNavigation", "isHistoryNavigation", "duplex", "attribute"];
    const members = Object.getOwnPropertyNames(Request.prototype);
    expect(members.filter((m) => !body.includes(m) && !plain.includes(m))).toEqual([]);
    for (const m of body) if (members.includes(m)) expect(Object.getOwnPropertyNames(NodeRequest.prototype)).toContain(m);
  });

  it("carries the method, URL and every header, repeated ones included", async () => {
    const url = await serve((request, res) =>
      reply(res, { method: request.method, url: request.url, type: request.headers.get("x-kind"), cookie: request.headers.get("x-many"), body: request.body }),
    );
    const res = await fetch(`${url}/api/x?q=1`, { headers: [["x-kind", "a"], ["x-many", "1"], ["x-many", "2"]] });
    expect(await res.json()).toEqual({ method: "GET", url: `${url}/api/x?q=1`, type: "a", cookie: "1, 2", body: null });
  });

  it("reads the body as text, JSON, bytes, a Blob or form data, once", async () => {
    const url = await serve(async (request, res) => {
      const how = request.headers.get("x-read");
      const before = request.bodyUsed;
      let value: unknown;
      if (how === "text") value = await request.text();
      else if (how === "json") value = await request.json();
      else if (how === "bytes") value = Buffer.from(await request.arrayBuffer()).toString("hex");
      else if (how === "blob") value = await (await request.blob()).text();
      else value = Object.fromEntries(await request.formData());
      const again = await request.text().then(
        () => "read twice",
        (e: Error) => e.name,
      );
      reply(res, { value, before, after: request.bodyUsed, again });
    });
    const post = async (how: string, body: string, type = "text/plain") =>
      (await fetch(url, { method: "POST", body, headers: { "x-read": how, "content-type": type } })).json();
    expect(await post("text", "héllo")).toEqual({ value: "héllo", before: false, after: true, again: "TypeError" });
    expect(await post("json", '{"a":[1,2]}')).toEqual({ value: { a: [1, 2] }, before: false, after: true, again: "TypeError" });
    expect(await post("bytes", "AB")).toMatchObject({ value: "4142" });
    expect(await post("blob", "blob body")).toMatchObject({ value: "blob body" });
    expect(await post("form", "a=1&b=two", "application/x-www-form-urlencoded")).toMatchObject({ value: { a: "1", b: "two" } });
  });

  it("reads a body arriving in many chunks, and gives the web stream to a route that asks for it", async () => {
    const url = await serve(async (request, res) => {
      if (request.headers.get("x-read") === "stream") {
        const reader = request.body!.getReader();
        let size = 0;
        for (let r = await reader.read(); !r.done; r = await reader.read()) size += r.value.byteLength;
        reply(res, { size, used: request.bodyUsed });
      } else reply(res, { size: (await request.text()).length });
    });
    const chunked = async (how: string) => {
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          for (let i = 0; i < 20; i++) {
            c.enqueue(new Uint8Array(5000).fill(97));
            await new Promise((r) => setTimeout(r, 1));
          }
          c.close();
        },
      });
      return (await fetch(url, { method: "POST", body, duplex: "half", headers: { "x-read": how } } as RequestInit)).json();
    };
    expect(await chunked("text")).toEqual({ size: 100_000 });
    expect(await chunked("stream")).toEqual({ size: 100_000, used: true });
  });

  it("stops reading past the limit; the server can still answer and keep the connection", async () => {
    const url = await serve(async (request, res, req) => {
      const text = await request[READ_BODY_TEXT](Number(request.headers.get("x-limit")));
      if (text === null) {
        res.statusCode = 413;
        res.end();
        // What the server does with a body left unread (node-server.server.ts).
        req.resume();
      } else reply(res, { length: text.length });
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (limit: number, size: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(url, { method: "POST", agent, headers: { "x-limit": String(limit), "transfer-encoding": "chunked" } }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end(Buffer.alloc(size, "z"));
      });
    expect(await call(10, 200_000)).toMatchObject({ status: 413 });
    expect(await call(1000, 1000)).toEqual({ status: 200, body: '{"length":1000}' });
    agent.destroy();
  });

  it("makes its abort signal on demand: aborted when the client leaves early, never after a complete response", async () => {
    const seen: Array<{ aborted: boolean }> = [];
    let finished: NodeRequest | undefined;
    const url = await serve(async (request, res) => {
      if (request.headers.get("x-mode") === "complete") {
        reply(res, { ok: true });
        finished = request;
        return;
      }
      const signal = request.signal;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: hi\n\n");
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      seen.push({ aborted: signal.aborted });
    });
    await (await fetch(url, { headers: { "x-mode": "complete" } })).json();
    await new Promise((r) => setTimeout(r, 20));
    expect(finished!.signal.aborted).toBe(false);

    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([{ aborted: true }]);
  });

  it("rejects a read, never hangs, when the client left before the route read the body", async () => {
    const outcomes: string[] = [];
    const url = await serve(async (request, res, req) => {
      await new Promise<void>((resolve) => (req.destroyed ? resolve() : req.once("close", () => resolve())));
      const how = request.headers.get("x-read");
      const read =
        how === "limit" ? request[READ_BODY_TEXT](1000) : how === "stream" ? new Response(request.body).text() : request.text();
      outcomes.push(await read.then((v) => `read ${JSON.stringify(v)}`, (e: Error) => `rejected: ${e.message}`));
      res.destroy();
    });
    const { port } = new URL(url);
    for (const how of ["limit", "text", "stream"]) {
      const net = await import("node:net");
      const socket = net.connect(Number(port), "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nx-read: ${how}\r\nContent-Length: 5\r\n\r\nhello`);
      await new Promise((r) => setTimeout(r, 30));
      socket.destroy();
    }
    for (let i = 0; i < 100 && outcomes.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(outcomes).toHaveLength(3);
    for (const outcome of outcomes) expect(outcome).toMatch(/^rejected: .*(closed|aborted|terminated)/i);
  });

  it("reads as undici does: GET bodies empty every time, a byte order mark dropped, bytes(), a read body's stream locked", async () => {
    const url = await serve(async (request, res) => {
      if (request.method === "GET") {
        reply(res, { first: await request.text(), second: await request.text(), used: request.bodyUsed });
        return;
      }
      if (request.headers.get("x-read") === "bytes") {
        const bytes = await request.bytes();
        reply(res, { bytes: Array.from(bytes), used: request.bodyUsed, locked: request.body?.locked });
        return;
      }
      reply(res, { json: await request.json() });
    });
    expect(await (await fetch(url)).json()).toEqual({ first: "", second: "", used: false });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]);
    expect(await (await fetch(url, { method: "POST", body: bom })).json()).toEqual({ json: { a: 1 } });
    expect(await (await fetch(url, { method: "POST", body: "AB", headers: { "x-read": "bytes" } })).json()).toEqual({ bytes: [65, 66], used: true, locked: true });
  });

  it("clones: both copies read the whole body", async () => {
    const url = await serve(async (request, res) => {
      const copy = request.clone();
      reply(res, { copy: await copy.text(), original: await request.text() });
    });
    const res = await fetch(url, { method: "POST", body: "twice" });
    expect(await res.json()).toEqual({ copy: "twice", original: "twice" });
  });
});
