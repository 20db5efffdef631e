// The slow-body flood of `npm run bench -- hostile`: waves of sign-in posts from one address
// (127.0.0.2) that declare a large body and send a byte of it now and then, as in the attack that
// once took the descriptor limit and /healthz down. Measures what the server let through (held at
// most MAX_CONNECTIONS_PER_ADDRESS, the rest closed at once, the held ones cut off with a 408 after
// REQUEST_TIMEOUT_SECONDS) and what a bystander on 127.0.0.1 waited for /healthz meanwhile, then,
// after each wave: the connections the server still holds, its idle CPU and /healthz latency.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import type { BenchServer } from "./server-process";
import { percentile } from "./stats";

export interface SlowBodyFloodOptions {
  /** Connections per wave (the attack: 10,500). */
  connections: number;
  waves: number;
  /** The flooding client's address (a loopback alias). */
  from: string;
  /** How often each held connection sends one more byte of its body. */
  trickleMs: number;
  /** Longest wait for the server to cut the held connections off. */
  cutOffWaitMs: number;
}

const round = (x: number) => Math.round(x * 10) / 10;

/** Sockets the server process holds open (its listener and internal ones included), from /proc. */
export function serverSockets(pid: number): number {
  let sockets = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) sockets++;
    } catch {
      // closed while we looked
    }
  }
  return sockets;
}

/** `count` GET /healthz from 127.0.0.1, one at a time, each on a new connection (as a new visitor). */
export async function healthzLatency(url: string, count: number): Promise<{ p50_ms: number; p99_ms: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get(`${url}/healthz`, { agent: false, localAddress: "127.0.0.1", timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode === 200));
      });
      req.on("timeout", () => req.destroy());
      req.on("error", () => resolve(false));
    });
    if (ok) times.push(performance.now() - t);
    else failed++;
  }
  return { p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)), failed };
}

/** The server's CPU over `ms` of doing nothing, as a percentage of one core. */
export async function idleCpuPercent(server: BenchServer, ms = 2000): Promise<number> {
  const before = server.cpuMs();
  await new Promise((r) => setTimeout(r, ms));
  return round(((server.cpuMs() - before) / ms) * 100);
}

interface FloodSocket {
  socket: net.Socket;
  connected: boolean;
  closed: boolean;
  received: string;
}

function openSlowPost(url: URL, from: string): { conn: FloodSocket; settled: Promise<void> } {
  const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: from });
  const conn: FloodSocket = { socket, connected: false, closed: false, received: "" };
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (conn.received += chunk.slice(0, 64)));
  socket.on("error", () => undefined);
  const settled = new Promise<void>((resolve) => {
    socket.once("connect", () => {
      conn.connected = true;
      socket.write(
        `POST /login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000000\r\n\r\nemail=`,
      );
      resolve();
    });
    socket.once("close", () => {
      conn.closed = true;
      resolve();
    });
  });
  return { conn, settled };
}

export async function slowBodyFlood(server: BenchServer, options: SlowBodyFloodOptions): Promise<Array<Record<string, unknown>>> {
  const url = new URL(server.url);
  const pid = server.child.pid!;
  const lines: Array<Record<string, unknown>> = [];
  // Sockets the server holds with no client connected (its listener and internal ones), and
  // /healthz before any flood: what the figures below compare with.
  const baseline = await healthzLatency(server.url, 200);
  // Connections closed just before (the probes', the earlier cases' keep-alive) take a moment to go.
  await new Promise((r) => setTimeout(r, 1000));
  const idleSockets = serverSockets(pid);
  lines.push({
    bench: "hostile.before_slow_body_flood",
    server_sockets: idleSockets,
    idle_cpu_pct_of_core: await idleCpuPercent(server),
    healthz_p50_ms: baseline.p50_ms,
    healthz_p99_ms: baseline.p99_ms,
    healthz_failed: baseline.failed,
  });
  for (let wave = 1; wave <= options.waves; wave++) {
    const conns: FloodSocket[] = [];
    const started = performance.now();
    // In batches, so the listen backlog is not what refuses them.
    for (let i = 0; i < options.connections; i += 250) {
      const batch = Array.from({ length: Math.min(250, options.connections - i) }, () => openSlowPost(url, options.from));
      conns.push(...batch.map((b) => b.conn));
      await Promise.all(batch.map((b) => b.settled));
    }
    const trickle = setInterval(() => {
      for (const c of conns) if (!c.closed && c.socket.writable) c.socket.write("a");
    }, options.trickleMs);
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const held = conns.filter((c) => !c.closed).length;
      const socketsDuring = serverSockets(pid);
      const healthDuring = await healthzLatency(server.url, 100);
      // Wait for the server to cut the held ones off.
      const deadline = performance.now() + options.cutOffWaitMs;
      while (conns.some((c) => !c.closed) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const cutOff = conns.filter((c) => c.received.startsWith("HTTP/1.1 408")).length;
      const refused = conns.filter((c) => c.closed && c.received === "").length;
      const stillOpen = conns.filter((c) => !c.closed).length;
      lines.push({
        bench: "hostile.slow_body_flood",
        wave,
        from: options.from,
        connections: options.connections,
        never_connected: conns.filter((c) => !c.connected).length,
        refused_at_once: options.connections - held,
        held_by_server: held,
        cut_off_408: cutOff,
        closed_without_answer: refused,
        still_open_after_wait: stillOpen,
        seconds_until_all_closed: stillOpen ? null : round((performance.now() - started) / 1000),
        live_connections_during: socketsDuring - idleSockets,
        healthz_during_p50_ms: healthDuring.p50_ms,
        healthz_during_p99_ms: healthDuring.p99_ms,
        healthz_during_failed: healthDuring.failed,
        // The server held the flood to a few connections, cut those off, and kept answering others.
        pass: held < options.connections && stillOpen === 0 && healthDuring.failed === 0,
      });
    } finally {
      clearInterval(trickle);
      for (const c of conns) c.socket.destroy();
    }
    const health = await healthzLatency(server.url, 200);
    await new Promise((r) => setTimeout(r, 1000));
    lines.push({
      bench: "hostile.after_slow_body_flood",
      wave,
      live_connections: serverSockets(pid) - idleSockets,
      idle_cpu_pct_of_core: await idleCpuPercent(server),
      healthz_p50_ms: health.p50_ms,
      healthz_p99_ms: health.p99_ms,
      healthz_failed: health.failed,
    });
  }
  return lines;
}
