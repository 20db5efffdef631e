// Responses are compressed for clients that accept it (pages, JSON, static text), never event
// streams: a send's live events arrive one by one, uncompressed, while the stream stays open.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox" });
  token = (await createUserWithToken(server)).token;
});
afterAll(() => server?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with node:http, which (unlike fetch) leaves the body as the server encoded it. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + pathname, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("compression", () => {
  it("gzips a page, JSON and a stylesheet for a client that accepts gzip, and says so in Vary", async () => {
    for (const pathname of ["/login", "/healthz", "/app.css"]) {
      const plain = await get(pathname);
      const zipped = await get(pathname, { "Accept-Encoding": "gzip" });
      expect(zipped.status, pathname).toBe(200);
      expect(zipped.headers["content-encoding"], pathname).toBe("gzip");
      expect(zipped.headers.vary, pathname).toMatch(/accept-encoding/i);
      const text = zlib.gunzipSync(zipped.body).toString("utf8");
      if (pathname === "/app.css") expect(text).toBe(plain.body.toString("utf8"));
      else expect(text.length).toBeGreaterThan(0);
      expect(plain.headers["content-encoding"], pathname).toBeUndefined();
    }
  });

  it("uses brotli when the client prefers it", async () => {
    const res = await get("/login", { "Accept-Encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.body).toString("utf8")).toContain("<!DOCTYPE html>");
  });

  it("leaves a static file under the threshold alone", async () => {
    const res = await get("/favicon.svg", { "Accept-Encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("never compresses a send's event stream, whose first event arrives while the stream is open", async () => {
    const sent = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token,
      json: { to: "reader@example.com", subject: "Hi", html: "<p>Hello</p>" },
    });
    expect(sent.status).toBe(200);
    const { sendId } = (await sent.json()) as { sendId: string };
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string; ended: boolean }>((resolve, reject) => {
      const req = http.get(
        server.url + `/api/sends/${sendId}/events`,
        { headers: { Authorization: `Bearer ${token}`, "Accept-Encoding": "gzip, br", Accept: "text/event-stream" } },
        (res) => {
          let ended = false;
          res.on("end", () => (ended = true));
          res.once("data", (c: Buffer) => {
            resolve({ headers: res.headers, chunk: c.toString("utf8"), ended });
            req.destroy();
          });
          res.on("error", () => undefined);
        },
      );
      req.on("error", (e) => (req.destroyed ? undefined : reject(e)));
    });
    expect(first.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.chunk).toContain("retry: 2000");
    expect(first.ended).toBe(false);
  });

  it("never compresses a streamed generation", async () => {
    const res = await new Promise<Raw>((resolve, reject) => {
      const req = http.request(
        server.url + "/api/generate",
        {
          method: "POST",
          headers: {
            Authorization: `Bearer ${token}`,
            "Content-Type": "application/json",
            Accept: "text/event-stream",
            "Accept-Encoding": "gzip",
          },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on("data", (c: Buffer) => chunks.push(c));
          r.on("end", () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ prompt: "A spring sale email with tabs for three products" }));
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toMatch(/^event: /m);
  });
});
