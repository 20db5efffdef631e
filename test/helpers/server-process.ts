// The real server in a process of its own (scripts/bench/_server.ts), for tests that must not
// share the server's event loop: floods, abandoned streams, kills and restarts. Its database is
// its own temporary folder; pass `dataDir` to restart a killed server on the same data.
import { startBenchServer, type BenchServer, type ServerProcessOptions } from "../../scripts/bench/lib/server-process";
import { testBuildDir } from "./server";

export type ServerProcess = BenchServer;

export async function startServerProcess(
  env: Record<string, string> = {},
  options: Pick<ServerProcessOptions, "dataDir"> = {},
): Promise<ServerProcess> {
  return startBenchServer("test", { LOG_LEVEL: "silent", ...env }, { ...options, buildDir: await testBuildDir() });
}
