// Streams opened and abandoned as a hostile client would: the request is written on a raw socket,
// which is then closed with a FIN or reset (RST) before any answer, closed in the middle of the
// stream, or asked with HEAD. Used by `npm run bench -- hostile` (the abandoned-stream flood) and by
// test/integration/stream-abandon.test.ts against the real server in its own process.
import net from "node:net";
import { percentile } from "./stats";
import type { StreamHealth } from "~/services/streams.server";

export type AbandonWay = "fin-before-headers" | "rst-before-headers" | "mid-stream" | "head";
export const ABANDON_WAYS: AbandonWay[] = ["fin-before-headers", "rst-before-headers", "mid-stream", "head"];

export interface StreamTarget {
  /** The server's base URL (http://127.0.0.1:port). */
  url: string;
  token: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
}

export interface FloodResult {
  way: AbandonWay;
  count: number;
  /** Status codes seen (only the ways that wait for an answer see one). */
  statuses: Record<string, number>;
}

/** Gives up on a connection the server neither answers nor closes. */
const SOCKET_TIMEOUT_MS = 15_000;

function requestText(target: StreamTarget, method: string): string {
  const { host } = new URL(target.url);
  const body = method === "POST" ? (target.body ?? "") : "";
  const lines = [
    `${method} ${target.path} HTTP/1.1`,
    `Host: ${host}`,
    `Authorization: Bearer ${target.token}`,
    "Accept: text/event-stream",
    ...(method === "POST" ? ["Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`] : []),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** One stream, opened and abandoned; resolves with the status seen (0 if none) once the socket is closed. */
export function abandonOne(target: StreamTarget, way: AbandonWay, index: number): Promise<number> {
  const { hostname, port } = new URL(target.url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let status = 0;
    let received = "";
    socket.setTimeout(SOCKET_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(status));
    socket.on("connect", () => {
      socket.write(requestText(target, way === "head" ? "HEAD" : target.method));
      if (way === "fin-before-headers") socket.end();
      else if (way === "rst-before-headers") socket.resetAndDestroy();
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      // HEAD: the headers are the whole answer. Mid-stream: the headers and the first event came.
      const streaming = status === 200 && way === "mid-stream";
      if (streaming && received.length === headEnd + 4) return;
      if (way === "mid-stream" && index % 2 === 1) socket.resetAndDestroy();
      else socket.destroy();
    });
  });
}

/** Opens and abandons `count` streams in one way, `concurrency` at a time. */
export async function abandonStreams(target: StreamTarget, way: AbandonWay, count: number, concurrency = 25): Promise<FloodResult> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const status = await abandonOne(target, way, next++);
      if (status) statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { way, count, statuses };
}

export async function streamHealth(url: string): Promise<StreamHealth> {
  const res = await fetch(`${url}/healthz`);
  const body = (await res.json()) as { streams?: StreamHealth };
  if (!body.streams) throw new Error("/healthz reports no streams");
  return body.streams;
}

/** Polls /healthz until `done` holds or the deadline passes; returns the last reading. */
export async function waitForStreams(url: string, done: (s: StreamHealth) => boolean, deadlineMs = 15_000): Promise<StreamHealth> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const streams = await streamHealth(url);
    if (done(streams) || Date.now() > until) return streams;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * How the server is after a flood: live streams and pollers, its CPU while nobody asks anything
 * (over `idleMs`, as % of one core), and /healthz latency over a few requests in a row.
 */
export async function serverVitals(server: { url: string; cpuMs(): number }, idleMs = 2000, healthRequests = 20) {
  const before = await streamHealth(server.url);
  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, idleMs));
  const idleCpuPercent = ((server.cpuMs() - cpu0) / (performance.now() - t0)) * 100;
  const latencies: number[] = [];
  for (let i = 0; i < healthRequests; i++) {
    const t = performance.now();
    await streamHealth(server.url);
    latencies.push(performance.now() - t);
  }
  const after = await streamHealth(server.url);
  return {
    live_streams: after.live,
    pollers: after.pollers,
    polls_during_idle: after.polls - before.polls,
    idle_cpu_percent_of_core: Math.round(idleCpuPercent * 10) / 10,
    healthz_p50_ms: Math.round(percentile(latencies, 50) * 10) / 10,
    healthz_p99_ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

/**
 * The hostile bench's abandoned-stream flood: `perWay` live-event streams of one send abandoned in
 * each way, as the server is configured (past its caps a stream is refused with 429, which counts
 * as a status here). Returns JSON-ready lines: one per way, then the server's state after it.
 */
export async function abandonedStreamFlood(
  server: { url: string; token: string; cpuMs(): number },
  perWay: number,
): Promise<Array<Record<string, unknown>>> {
  const sent = await fetch(`${server.url}/api/send-email-esp`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ to: "flood@example.com", subject: "Flood", html: "<p>Flood</p>" }),
  });
  if (!sent.ok) throw new Error(`the flood's send failed: ${sent.status} ${await sent.text()}`);
  const { sendId } = (await sent.json()) as { sendId: string };
  const target: StreamTarget = { url: server.url, token: server.token, method: "GET", path: `/api/sends/${sendId}/events` };
  const lines: Array<Record<string, unknown>> = [];
  const baseline = await serverVitals(server);
  for (const way of ABANDON_WAYS) {
    const t = performance.now();
    const result = await abandonStreams(target, way, perWay);
    lines.push({ bench: "hostile.stream_flood", way, streams: perWay, ms: Math.round(performance.now() - t), statuses: result.statuses });
  }
  // Streams end within a second of their clients; give them that, then look.
  const settled = await waitForStreams(server.url, (s) => s.live === 0 && s.pollers === 0, 5000);
  const after = await serverVitals(server);
  lines.push({
    bench: "hostile.after_stream_flood",
    abandoned: perWay * ABANDON_WAYS.length,
    streams_opened: settled.opened,
    ...after,
    idle_cpu_percent_before_flood: baseline.idle_cpu_percent_of_core,
    healthz_p50_ms_before_flood: baseline.healthz_p50_ms,
    pass: after.live_streams === 0 && after.pollers === 0 && after.polls_during_idle === 0,
  });
  return lines;
}
