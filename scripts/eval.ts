// npm run eval -- --set scripts/eval/prompts.v1.json --label NAME [--rag] [--limit N] [--concurrency N] [--url URL] [--token TOKEN]
// npm run eval -- --compare RUN_A RUN_B
// Talks to the service over HTTP only (see docs/eval.md).
import { compareRuns, type ComparableResult } from "../app/domain/eval/compare";
import { USAGE, parseEvalArgs, type CompareCommand, type RunCommand } from "./eval/args";
import { KineticClient } from "./eval/client";
import { formatComparison, formatReport } from "./eval/format";
import { createProgress } from "./eval/progress";
import { runEval } from "./eval/run";
import { loadPromptSet } from "./eval/set";
import { runCli } from "./lib/args";

async function run(cmd: RunCommand): Promise<number> {
  const loaded = loadPromptSet(cmd.set);
  if (!loaded.ok) {
    console.error(`error: ${loaded.error}`);
    return 2;
  }
  const client = new KineticClient(cmd.url, cmd.token);
  const result = await runEval(client, loaded.set, cmd, createProgress(process.stderr));
  if (!result.ok) {
    console.error(`error: ${result.error}`);
    return 1;
  }
  process.stdout.write(cmd.json ? `${JSON.stringify(result.report, null, 2)}\n` : formatReport(result.report));
  return 0;
}

async function fetchRun(client: KineticClient, id: string) {
  const r = await client.get(`/api/admin/eval?run=${encodeURIComponent(id)}`);
  if (!r.ok) return { ok: false as const, error: `run ${id}: ${r.error}` };
  const run = r.body.run as { id: string; label: string };
  return { ok: true as const, run: { id: run.id, label: run.label, results: r.body.results as ComparableResult[] } };
}

async function compare(cmd: CompareCommand): Promise<number> {
  const client = new KineticClient(cmd.url, cmd.token);
  const [a, b] = await Promise.all([fetchRun(client, cmd.runA), fetchRun(client, cmd.runB)]);
  for (const side of [a, b]) {
    if (!side.ok) {
      console.error(`error: ${side.error}`);
      return 1;
    }
  }
  if (!a.ok || !b.ok) return 1;
  const comparison = compareRuns(a.run, b.run);
  process.stdout.write(cmd.json ? `${JSON.stringify(comparison, null, 2)}\n` : formatComparison(comparison));
  return 0;
}

async function main(): Promise<number> {
  const parsed = parseEvalArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    console.error(`error: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const cmd = parsed.command;
  if (cmd.kind === "help") {
    console.log(USAGE);
    return 0;
  }
  return cmd.kind === "compare" ? compare(cmd) : run(cmd);
}

runCli(main);
