import http from "node:http";
import type { AddressInfo } from "node:net";

export interface CapturedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | "hang";

/**
 * A local HTTP server that records each request and answers with `reply(request)` (a promise
 * holds the answer back, e.g. to keep a provider call in flight).
 */
export async function startHttp(reply: (req: CapturedRequest) => Reply | Promise<Reply>) {
  const requests: CapturedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const captured = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(captured);
      const r = await reply(captured);
      if (r === "hang") return;
      const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body ?? {});
      res.writeHead(r.status, { "content-type": typeof r.body === "string" ? "text/plain" : "application/json", ...r.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Parses a captured multipart/form-data body the way a server framework would. */
export function formData(req: CapturedRequest): Promise<FormData> {
  return new Response(new Uint8Array(req.body), { headers: { "content-type": String(req.headers["content-type"]) } }).formData();
}
