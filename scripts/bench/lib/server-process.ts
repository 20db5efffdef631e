// Starts the app in a child process (scripts/bench/_server.ts) on a temporary database, so a
// benchmark's load generator and the server each get their own event loop and core. Tests that
// kill, flood or abandon a real server use it too (test/helpers/server-process.ts): they pass the
// test run's build and may restart a server on the same data folder.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { createClient, type Client } from "@libsql/client";

/** The bench server's SESSION_SECRET, for what a bench signs as the server would (an unsubscribe link). */
export const BENCH_SESSION_SECRET = "bench-session-secret-0123456789abcdef012345";

export interface BenchServer {
  url: string;
  token: string;
  child: ChildProcess;
  /** CPU milliseconds the server process has used so far (Linux /proc). */
  cpuMs(): number;
  /** The data folder (database file included); pass it as `dataDir` to restart on the same data. */
  dataDir: string;
  /** A read connection to the server's database, for counting rows afterwards. */
  db(): Client;
  /** Sends a signal (SIGKILL for a crash) and waits for the process to end; the data stays. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the server and deletes its data folder unless it was given as `dataDir`. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** A finished build to use as it is; without one, the bench build is made in .cache/bench-build. */
  buildDir?: string;
  /** An existing data folder to serve (a restart); without one, a new temporary folder. */
  dataDir?: string;
}

export async function startBenchServer(
  name: string,
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<BenchServer> {
  const dir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `kinetic-bench-${name}-`));
  const dbFile = path.join(dir, "bench.db");
  const buildDir = options.buildDir ?? path.resolve(".cache/bench-build");
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    KINETIC_DATA_DIR: dir,
    DATABASE_URL: `file:${dbFile}`,
    JWT_SECRET: "bench-jwt-secret-0123456789abcdef0123456789",
    SESSION_SECRET: BENCH_SESSION_SECRET,
    KINETIC_SKIP_DOTENV: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    KINETIC_BUILD_DIR: buildDir,
    SEED_LIBRARY: "false",
    ...env,
  };
  if (!options.buildDir) {
    console.error("building the server bundle…");
    execFileSync(process.execPath, [path.resolve("scripts/build.mjs")], {
      env: { ...childEnv, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  // `node --import tsx` keeps the server in this one child process (the tsx CLI would fork
  // another), so its /proc CPU counters are the server's own.
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      "--import",
      "tsx",
      path.resolve("scripts/bench/_server.ts"),
    ],
    {
      env: { ...childEnv, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  const ticks = 100; // USER_HZ on Linux
  let client: Client | undefined;
  const kill = async (signal: NodeJS.Signals = "SIGTERM") => {
    client?.close();
    client = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    token,
    child,
    dataDir: dir,
    cpuMs() {
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
    },
    db() {
      client ??= createClient({ url: `file:${dbFile}` });
      return client;
    },
    kill,
    async stop() {
      await kill("SIGTERM");
      if (!options.dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
