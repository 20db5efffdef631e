import { spawn } from "node:child_process";
import path from "node:path";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript script as an operator would, in its own process, with `env` on top of ours. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
