// npm run bench -- startup: milliseconds from `npm start` to the first 200 from /healthz, one JSON
// line per case: cold (no build, new database), warm (build current, database ready; the median
// of WARM_RUNS), touched (a source file's mtime changed, its content did not: no rebuild), and
// changed (the build record says a source changed: a rebuild). Each server runs on its own port
// and data folder, in its own process group, killed after its first 200.
// Each line also has cpu_ms, the server's CPU time when it began listening (it prints it): on a
// shared, loaded machine the clock's figure grows with the load, the CPU time much less.
// STARTUP_BENCH_PORT (3205) and KINETIC_BUILD_DIR (.cache/bench-startup) choose where.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildLayout, recordPath } from "../lib/build-freshness";
import { median } from "./lib/stats";

const PORT = Number(process.env.STARTUP_BENCH_PORT ?? 3205);
const BUILD_DIR = process.env.KINETIC_BUILD_DIR || ".cache/bench-startup";
const WARM_RUNS = 3;
/** A start that has not answered by then is reported as failed. */
const GIVE_UP_MS = 180_000;
const TOUCHED_FILE = "app/root.tsx";

interface Start {
  ms: number;
  /** The server's own CPU time when it started listening (it prints it): what start-up costs whatever else the machine runs. */
  cpuMs?: number;
  built: boolean;
  reason?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Stops the whole group (npm, node, a remix build should one run) and waits for the port to free. */
async function stopGroup(pid: number, npmExited: Promise<void>, healthz: string) {
  signalGroup(pid, "SIGTERM");
  const deadline = performance.now() + 10_000;
  await Promise.race([npmExited, sleep(5_000)]);
  while ((await healthy(healthz)) && performance.now() < deadline) await sleep(100);
  signalGroup(pid, "SIGKILL");
}

/** Runs `npm start` until /healthz first answers 200; returns how long that took. */
async function timeStart(dataDir: string): Promise<Start> {
  const base = `http://127.0.0.1:${PORT}`;
  if (await healthy(`${base}/healthz`)) throw new Error(`something already answers on port ${PORT}`);
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    BASE_URL: base,
    KINETIC_DATA_DIR: dataDir,
    KINETIC_BUILD_DIR: BUILD_DIR,
    KINETIC_SKIP_DOTENV: "1",
    LOG_LEVEL: "warn",
  };
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  let exited = false;
  const done = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  try {
    for (;;) {
      if (await healthy(`${base}/healthz`)) break;
      if (exited) throw new Error(`npm start exited before /healthz answered:\n${output}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no 200 from /healthz within ${GIVE_UP_MS} ms:\n${output}`);
      await sleep(20);
    }
    const ms = Math.round(performance.now() - started);
    const building = /Building the app into \S+ \((.*)\)…/.exec(output);
    // The line is printed as the server starts listening, a moment before /healthz can answer.
    const READY = /ready in \d+ ms, (\d+) ms of CPU/;
    for (let i = 0; i < 50 && !READY.test(output); i++) await sleep(20);
    const cpu = READY.exec(output);
    const cpuMs = cpu ? Number(cpu[1]) : undefined;
    return building ? { ms, cpuMs, built: true, reason: building[1] } : { ms, cpuMs, built: false };
  } finally {
    await stopGroup(child.pid!, done, `${base}/healthz`);
  }
}

const line = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: "startup", ...o }));

async function main() {
  process.env.KINETIC_BUILD_DIR = BUILD_DIR;
  const layout = buildLayout(process.cwd());
  const buildDir = path.dirname(layout.serverBuildFile);
  // The cold case deletes the build folder: only ever one of the throwaway ones under .cache/.
  if (!buildDir.startsWith(path.resolve(".cache") + path.sep))
    throw new Error(`KINETIC_BUILD_DIR must be a folder under .cache/ (got ${BUILD_DIR})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-bench-startup-"));
  try {
    fs.rmSync(buildDir, { recursive: true, force: true });
    const cold = await timeStart(dataDir);
    line({ case: "cold", ms_to_healthz: cold.ms, cpu_ms: cold.cpuMs, built: cold.built, reason: cold.reason });

    const warm: Start[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart(dataDir));
    // A source edited meanwhile (by someone else in this working tree) makes a run build: such
    // runs are listed but left out of the median while any other run remains.
    const unbuilt = warm.filter((w) => !w.built);
    const counted = unbuilt.length ? unbuilt : warm;
    line({
      case: "warm",
      ms_to_healthz: median(counted.map((w) => w.ms)),
      cpu_ms: median(counted.map((w) => w.cpuMs ?? NaN)),
      runs: warm.map((w) =>
        w.built ? { ms: w.ms, cpu_ms: w.cpuMs, built: true, reason: w.reason } : { ms: w.ms, cpu_ms: w.cpuMs, built: false },
      ),
      goal_ms: 1000,
      load_average: Number(os.loadavg()[0].toFixed(1)),
    });

    const now = new Date();
    fs.utimesSync(TOUCHED_FILE, now, now);
    const touched = await timeStart(dataDir);
    line({
      case: "touched",
      file: TOUCHED_FILE,
      ms_to_healthz: touched.ms,
      cpu_ms: touched.cpuMs,
      built: touched.built,
      reason: touched.reason,
    });

    // A real edit would change a file other people are working on; a wrong hash in the record
    // is what the next start sees after one.
    const record = JSON.parse(fs.readFileSync(recordPath(layout), "utf8")) as { inputs: Record<string, string> };
    record.inputs[TOUCHED_FILE] = "0".repeat(40);
    fs.writeFileSync(recordPath(layout), JSON.stringify(record));
    const changed = await timeStart(dataDir);
    line({
      case: "changed",
      file: TOUCHED_FILE,
      ms_to_healthz: changed.ms,
      cpu_ms: changed.cpuMs,
      built: changed.built,
      reason: changed.reason,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
