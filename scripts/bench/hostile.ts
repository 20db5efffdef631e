// npm run bench -- hostile: the worst inputs we know of, sent to every endpoint that parses text
// or HTML and to every page form (as the signed-in bench user, `--only "^page "`), against the real server in its own process (127.0.0.1 only). One request at a time, so
// the server's event-loop probe (scripts/bench/lib/event-loop-probe.mjs, opt-in through
// KINETIC_BENCH_EVENT_LOOP=1) can say how long each request blocked its loop; meanwhile this
// process polls GET /healthz, whose latency is what every other client would have waited.
// Each case runs BENCH_HOSTILE_REPS (2) times in a row. Prints one JSON line per endpoint (p99 and
// slowest latency, statuses, longest block), the three worst cases, and a verdict: pass = no 5xx,
// every request answered, and no case blocking the loop for more than BLOCK_LIMIT_MS in every one
// of its runs (the single worst run and the probe's histogram are printed too).
//
// Then the floods (scripts/bench/lib/*-flood.ts), each followed by the server's state: the
// abandoned-stream flood ("flood abandoned-stream"; BENCH_HOSTILE_STREAMS per way, 500: live
// streams, idle CPU, /healthz latency) and the slow-body flood ("flood slow-body": the connections
// the server still holds, its idle CPU and /healthz latency from 127.0.0.1).
//
// Each case line also gives the CPU milliseconds the server used per run (all its threads, from the
// probe): the block moves with the machine's load, the CPU time much less, so compare changes by it.
//
// --only REGEX / --skip REGEX (or BENCH_HOSTILE_ONLY / BENCH_HOSTILE_SKIP): regexes over
// "endpoint name" to pick cases, e.g. `npm run bench -- hostile --only "saved-sections"` (a flood
// is "flood <name>", so --only leaves the floods out unless it names them); --reps N (or
// BENCH_HOSTILE_REPS): runs per case. BENCH_HOSTILE_HTML_BYTES: size of the flat HTML cases; BENCH_HOSTILE_TIMEOUT_MS:
// per request; BENCH_SLOW_BODY_CONNECTIONS (10500) and BENCH_SLOW_BODY_WAVES (2): the slow-body flood.
import path from "node:path";
import readline from "node:readline";
import { createBenchClient, type BenchResponse } from "./lib/http-client";
import { HTML_LIMITS, PLACED_HTML_LIMITS } from "~/domain/html/limits";
import { hostileCases, pageFormCases } from "./lib/hostile-inputs";
import { openPageSession } from "./lib/page-session";
import { BENCH_SESSION_SECRET, startBenchServer, type BenchServer } from "./lib/server-process";
import { slowBodyFlood } from "./lib/slow-body-flood";
import { abandonedStreamFlood } from "./lib/stream-flood";
import { percentile } from "./lib/stats";

const BLOCK_LIMIT_MS = 100;
const HTML_BYTES = Number(process.env.BENCH_HOSTILE_HTML_BYTES ?? 1_500_000);
const TIMEOUT_MS = Number(process.env.BENCH_HOSTILE_TIMEOUT_MS ?? 120_000);
/**
 * Each case runs REPS times in a row. Its block is the smallest of its runs: a block the input
 * causes happens every time, while a pause from outside (a GC of earlier requests' garbage, the
 * machine's other processes taking the core) rarely repeats. The histogram's maximum over the
 * whole run, which counts both, is printed beside it.
 */
function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const REPS = Math.max(1, Number(option("reps") ?? process.env.BENCH_HOSTILE_REPS ?? 2));
const onlyPattern = option("only") ?? process.env.BENCH_HOSTILE_ONLY;
const skipPattern = option("skip") ?? process.env.BENCH_HOSTILE_SKIP;
const ONLY = onlyPattern ? new RegExp(onlyPattern) : null;
const SKIP = skipPattern ? new RegExp(skipPattern) : null;
const picked = (key: string) => (!ONLY || ONLY.test(key)) && !(SKIP && SKIP.test(key));
const STREAMS_PER_WAY = Number(process.env.BENCH_HOSTILE_STREAMS ?? 500);

interface Outcome {
  endpoint: string;
  name: string;
  status: number;
  ms: number;
  blockMs: number;
  /** The server's CPU time for the request, the smallest of the case's runs (like blockMs). */
  cpuMs: number;
  error?: string;
  bodyBytes: number;
  response: string;
}

type LoopReport = {
  seq: number;
  window_max_block_ms: number;
  window_cpu_ms: number;
  max_block_ms: number;
  max_ms: number;
  p99_ms: number;
  samples: number;
};

/** Asks the server's probe for the longest block since the last question. */
function loopProbe(server: BenchServer) {
  const waiting: Array<(r: LoopReport) => void> = [];
  const lines = readline.createInterface({ input: server.child.stdout! });
  lines.on("line", (line) => {
    if (!line.startsWith('{"eventLoop"')) return;
    const report = (JSON.parse(line) as { eventLoop: LoopReport }).eventLoop;
    waiting.shift()?.(report);
  });
  return (): Promise<LoopReport> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the server's event-loop probe did not answer (is it loaded?)")), 30_000);
      waiting.push((r) => {
        clearTimeout(timer);
        resolve(r);
      });
      server.child.kill("SIGUSR2");
    });
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | "timeout"> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve("timeout"), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

const round = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
  const server = await startBenchServer("hostile", {
    EMAIL_PROVIDER: "outbox",
    BASE_URL: "https://kinetic.example",
    ALERT_WEBHOOK_URL: "",
    KINETIC_BUILD_DIR: path.resolve(".cache/bench-build-hostile"),
    KINETIC_BENCH_EVENT_LOOP: "1",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${path.resolve("scripts/bench/lib/event-loop-probe.mjs")}`.trim(),
  });
  const outcomes: Outcome[] = [];
  let healthz: number[] = [];
  let stopHealth = false;
  let overall: LoopReport | undefined;
  const rawBlocks: number[] = [];
  const floodLines: Array<Record<string, unknown>> = [];
  try {
    // The bench user becomes an admin for the admin endpoints (admin_users is read per request).
    await server.db().execute({ sql: "INSERT OR IGNORE INTO admin_users (email) VALUES (?)", args: ["bench@sender.example"] });
    const client = createBenchClient(server.url, 4);
    const auth = { authorization: `Bearer ${server.token}`, "content-type": "application/json" };
    const probe = loopProbe(server);

    // /healthz, every 50 ms throughout: what a bystander waits while the hostile requests run.
    const healthLoop = (async () => {
      while (!stopHealth) {
        const t = performance.now();
        await client.request("GET", "/healthz", {}).catch(() => undefined);
        healthz.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    // The page forms post as a signed-in browser does: a session cookie, its CSRF token, the app's Origin.
    const pages = await openPageSession(client.request, server.db(), {
      origin: server.url,
      email: "bench@sender.example",
      password: "bench-password-123",
      sessionSecret: BENCH_SESSION_SECRET,
    });
    const cases = [
      ...hostileCases({ htmlBytes: HTML_BYTES, htmlLimits: HTML_LIMITS, placedLimits: PLACED_HTML_LIMITS }),
      ...pageFormCases(pages),
    ].filter((c) => picked(`${c.endpoint} ${c.name}`));
    console.error(`${cases.length} hostile requests…`);
    // Warm-up: the first request of each endpoint pays for module loading, not for its input.
    for (const p of ["/api/gen/copy", "/api/generate"])
      await client.request("POST", p, auth, JSON.stringify({ prompt: "Tabs for A, B and C" }));
    server.child.kill("SIGUSR1");
    await new Promise((r) => setTimeout(r, 100));
    await probe();
    healthz = [];

    let wedged = false;
    for (const c of cases) {
      let body = "";
      const runs: Array<{ status: number; ms: number; blockMs: number; cpuMs: number; error?: string; response: string }> = [];
      for (let rep = 0; rep < REPS; rep++) {
        body = c.body(rep);
        const t = performance.now();
        let res: BenchResponse | "timeout" | undefined;
        let error: string | undefined;
        if (wedged) error = "skipped: the server did not answer an earlier request";
        else {
          try {
            res = await withTimeout(client.request(c.method, c.path, { ...auth, ...(c.headers ?? {}) }, body), TIMEOUT_MS);
          } catch (e) {
            error = e instanceof Error ? e.message : String(e);
          }
        }
        const ms = performance.now() - t;
        if (res === "timeout") {
          wedged = true;
          error = `no answer within ${TIMEOUT_MS} ms`;
        }
        const loop = wedged ? { window_max_block_ms: NaN, window_cpu_ms: NaN } : await probe();
        const answered = res && res !== "timeout" ? res : undefined;
        // A stream reports its failure in an `error` event: count a 5xx inside it as a 5xx.
        const sseStatus =
          answered && /^event: error$/m.test(answered.body) ? Number(/"status":(\d+)/.exec(answered.body)?.[1] ?? 500) : undefined;
        runs.push({
          status: sseStatus ?? answered?.status ?? 0,
          ms,
          blockMs: loop.window_max_block_ms,
          cpuMs: loop.window_cpu_ms,
          error,
          response: answered ? answered.body.slice(0, 200) : "",
        });
      }
      // The worst status, the smallest block (see REPS), every latency.
      const worst = runs.reduce((a, b) => (b.status >= 500 || b.status === 0 ? b : a));
      const blockMs = runs.some((r) => Number.isNaN(r.blockMs)) ? NaN : Math.min(...runs.map((r) => r.blockMs));
      const cpuMs = Math.min(...runs.map((r) => r.cpuMs));
      for (const r of runs) {
        outcomes.push({
          endpoint: c.endpoint,
          name: c.name,
          status: r.status,
          ms: r.ms,
          blockMs,
          cpuMs,
          error: r.error,
          bodyBytes: Buffer.byteLength(body),
          response: r.response,
        });
      }
      rawBlocks.push(...runs.map((r) => r.blockMs));
      console.error(
        `${c.endpoint.padEnd(22)} ${c.name.padEnd(40)} ${String(worst.status).padStart(3)} ${runs
          .map((r) => round(r.ms))
          .join("/")
          .padStart(
            14,
          )} ms  block ${runs.map((r) => round(r.blockMs)).join("/")} ms  cpu ${runs.map((r) => round(r.cpuMs)).join("/")} ms${worst.error ? `  ${worst.error}` : ""}`,
      );
    }
    stopHealth = true;
    await healthLoop;
    if (!wedged) overall = await probe();
    client.close();

    if (!wedged && picked("flood abandoned-stream")) {
      console.error(`abandoned-stream flood: ${STREAMS_PER_WAY} streams in each way…`);
      floodLines.push(...(await abandonedStreamFlood(server, STREAMS_PER_WAY)));
    }
    if (!wedged && picked("flood slow-body")) {
      console.error("slow-body flood…");
      const lines = await slowBodyFlood(server, {
        connections: Number(process.env.BENCH_SLOW_BODY_CONNECTIONS ?? 10_500),
        waves: Number(process.env.BENCH_SLOW_BODY_WAVES ?? 2),
        from: "127.0.0.2",
        trickleMs: 1000,
        // REQUEST_TIMEOUT_SECONDS is 30 s by default; the last byte may have come just before it.
        cutOffWaitMs: 45_000,
      });
      floodLines.push(...lines);
    }
  } finally {
    stopHealth = true;
    await server.stop();
  }

  // ── report ──────────────────────────────────────────────────────────────────────────────────
  for (const line of floodLines) console.log(JSON.stringify(line));
  const floodsPass = floodLines.every((l) => l.pass !== false);
  if (outcomes.length === 0) {
    process.exitCode = floodsPass ? 0 : 1;
    return;
  }
  const byEndpoint = new Map<string, Outcome[]>();
  for (const o of outcomes) byEndpoint.set(o.endpoint, [...(byEndpoint.get(o.endpoint) ?? []), o]);
  const isFailure = (o: Outcome) => o.status >= 500 || o.status === 0 || !(o.blockMs <= BLOCK_LIMIT_MS);
  for (const [endpoint, list] of byEndpoint) {
    const statuses: Record<string, number> = {};
    for (const o of list) statuses[o.status || "none"] = (statuses[o.status || "none"] ?? 0) + 1;
    const slowest = list.reduce((a, b) => (b.ms > a.ms ? b : a));
    const blockiest = list.reduce((a, b) => (!(b.blockMs <= a.blockMs) ? b : a));
    console.log(
      JSON.stringify({
        bench: "hostile.endpoint",
        endpoint,
        requests: list.length,
        p99_ms: round(
          percentile(
            list.map((o) => o.ms),
            99,
          ),
        ),
        slowest_ms: round(slowest.ms),
        slowest_case: slowest.name,
        max_event_loop_block_ms: round(blockiest.blockMs),
        max_block_case: blockiest.name,
        statuses,
        failures: list.filter(isFailure).map((o) => `${o.name} (${o.status || o.error}, block ${round(o.blockMs)} ms)`),
      }),
    );
  }
  const worst = [...outcomes]
    .sort((a, b) => (Number.isNaN(b.blockMs) ? 1 : b.blockMs) - (Number.isNaN(a.blockMs) ? 1 : a.blockMs))
    .slice(0, 3);
  for (const w of worst)
    console.log(
      JSON.stringify({
        bench: "hostile.worst",
        endpoint: w.endpoint,
        case: w.name,
        status: w.status,
        ms: round(w.ms),
        event_loop_block_ms: round(w.blockMs),
        cpu_ms: round(w.cpuMs),
        body_bytes: w.bodyBytes,
        response: w.response,
      }),
    );
  const fiveXx = outcomes.filter((o) => o.status >= 500).length;
  const unanswered = outcomes.filter((o) => o.status === 0).length;
  // Per case the smallest block of its runs (reproducible); the largest of those decides the verdict.
  const maxBlock = Math.max(...outcomes.map((o) => (Number.isNaN(o.blockMs) ? Infinity : o.blockMs)));
  const rawMax = Math.max(...rawBlocks.map((b) => (Number.isNaN(b) ? Infinity : b)));
  const slowest = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    JSON.stringify({
      bench: "hostile.summary",
      requests: outcomes.length,
      cases: outcomes.length / REPS,
      reps: REPS,
      html_bytes: HTML_BYTES,
      slowest_ms: round(slowest.ms),
      slowest: `${slowest.endpoint} ${slowest.name}`,
      max_event_loop_block_ms: round(maxBlock),
      max_single_run_block_ms: round(rawMax),
      event_loop_histogram: overall ? { max_block_ms: overall.max_block_ms, p99_ms: overall.p99_ms, samples: overall.samples } : null,
      block_limit_ms: BLOCK_LIMIT_MS,
      healthz_p99_ms: round(percentile(healthz, 99)),
      healthz_max_ms: round(Math.max(0, ...healthz)),
      five_xx: fiveXx,
      unanswered,
      failing_endpoints: [...new Set(outcomes.filter(isFailure).map((o) => o.endpoint))],
      floods_pass: floodsPass,
      pass: fiveXx === 0 && unanswered === 0 && maxBlock <= BLOCK_LIMIT_MS && floodsPass,
    }),
  );
  process.exitCode = fiveXx === 0 && unanswered === 0 && maxBlock <= BLOCK_LIMIT_MS && floodsPass ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
