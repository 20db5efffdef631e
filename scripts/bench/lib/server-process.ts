// Builds the app and starts it in a child process (scripts/bench/_server.ts) on a temporary
// database, so a benchmark's load generator and the server each get their own event loop and core.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { createClient, type Client } from "@libsql/client";

export interface BenchServer {
  url: string;
  token: string;
  child: ChildProcess;
  /** CPU milliseconds the server process has used so far (Linux /proc). */
  cpuMs(): number;
  /** A read connection to the server's database, for counting rows afterwards. */
  db(): Client;
  stop(): Promise<void>;
}

export async function startBenchServer(name: string, env: Record<string, string>): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kinetic-bench-${name}-`));
  const dbFile = path.join(dir, "bench.db");
  const buildDir = path.resolve(".cache/bench-build");
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    KINETIC_DATA_DIR: dir,
    DATABASE_URL: `file:${dbFile}`,
    JWT_SECRET: "bench-jwt-secret-0123456789abcdef0123456789",
    SESSION_SECRET: "bench-session-secret-0123456789abcdef012345",
    KINETIC_SKIP_DOTENV: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    KINETIC_BUILD_DIR: buildDir,
    SEED_LIBRARY: "false",
    ...env,
  };
  console.error("building the server bundle…");
  execFileSync(path.resolve("node_modules/.bin/remix"), ["build"], {
    env: { ...childEnv, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // `node --import tsx` keeps the server in this one child process (the tsx CLI would fork
  // another), so its /proc CPU counters are the server's own.
  const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), "--import", "tsx", path.resolve("scripts/bench/_server.ts")], {
    env: { ...childEnv, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, token } = JSON.parse(first) as { url: string; token: string };
  const ticks = 100; // USER_HZ on Linux
  let client: Client | undefined;
  return {
    url,
    token,
    child,
    cpuMs() {
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
    },
    db() {
      client ??= createClient({ url: `file:${dbFile}` });
      return client;
    },
    async stop() {
      client?.close();
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
