// npm run bench [-- NAME ...]: runs scripts/bench/<NAME>.ts (all of them without a name).
// Each benchmark prints JSON lines to stdout.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("scripts/bench");
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".test.ts") && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();
const requested = process.argv.slice(2);
const unknown = requested.filter((n) => !available.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const name of requested.length ? requested : available) {
  console.error(`── bench ${name}`);
  const r = spawnSync(path.resolve("node_modules/.bin/tsx"), [path.join(dir, `${name}.ts`)], { stdio: "inherit", env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
