// npm run bench [-- NAME ... [--option value ...]]: runs scripts/bench/<NAME>.ts (all of them
// without a name), passing the options that follow the names to each (`npm run bench -- hostile
// --only saved-sections`). Each benchmark prints JSON lines to stdout.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("scripts/bench");
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".test.ts") && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith("-"));
const requested = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const unknown = requested.filter((n) => !available.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const name of requested.length ? requested : available) {
  console.error(`── bench ${name}`);
  const r = spawnSync(path.resolve("node_modules/.bin/tsx"), [path.join(dir, `${name}.ts`), ...options], {
    stdio: "inherit",
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
