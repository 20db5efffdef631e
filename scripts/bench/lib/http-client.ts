// A lean HTTP/1.1 client for load generation: keep-alive sockets and nothing else. `fetch`
// (undici) spent about a millisecond of CPU per request here, as much as the server's own work,
// and on a 2-core machine the load generator shares the cores with the server it measures.
import http from "node:http";

export interface BenchResponse {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export function createBenchClient(baseUrl: string, sockets: number) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  function request(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : typeof body === "string" ? Buffer.from(body) : body;
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path,
          headers: payload ? { ...headers, "content-length": String(payload.byteLength) } : headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}
