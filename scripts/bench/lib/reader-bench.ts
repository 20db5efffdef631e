// The timing both prompt readers' benches print (scripts/bench/brief.ts, scripts/bench/prompt-facts.ts):
// one JSON line per input size (200 / 2,000 / 20,000 characters of a realistic prompt and of
// "Tab: " × n), one for the hostile bench's prompt that costs most CPU, one for the p50/p95 over a
// table of real prompts, then a verdict line. Targets: a typical prompt under 5 ms, any prompt up to
// 20,000 characters under 50 ms.
import { hostilePrompts } from "./hostile-inputs";
import { percentile } from "./stats";

const fill = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);

const REALISTIC =
  "Black Friday email for Lumen Coffee Roasters: a carousel of three roasts, Ethiopia Yirgacheffe $18, Colombia Huila $16 and Sumatra Mandheling $17, 20% off with code BEAN20 until November 29, free shipping over $50. ";

type Timing = { p50: number; p95: number; max: number; cpu: number };

/**
 * Wall-clock p50/p95/max per read, and the mean CPU time per read: on a machine shared with other
 * work the wall clock counts waiting for a core, the CPU time only the reader's own work.
 */
function timeRuns(read: (prompt: string) => unknown, prompts: string[], runs: number): Timing {
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let r = 0; r < runs; r++) {
    for (const p of prompts) {
      const t = performance.now();
      read(p);
      times.push(performance.now() - t);
    }
  }
  const cpuUsed = process.cpuUsage(cpuStart);
  const at = (p: number) => Number(percentile(times, p).toFixed(3));
  const cpu = Number(((cpuUsed.user + cpuUsed.system) / 1000 / times.length).toFixed(3));
  return { p50: at(50), p95: at(95), max: Number(Math.max(...times).toFixed(3)), cpu };
}

export interface ReaderBench {
  /** The benches' name prefix: "brief", "prompt-facts". */
  name: string;
  read: (prompt: string) => unknown;
  /** Real prompts, and what their line is called ("corpus", "phrasings"). */
  table: { name: string; prompts: string[]; warmRuns: number; runs: number };
}

export function benchReader({ name, read, table }: ReaderBench): void {
  // Warm-up: the libraries load their models, the lexicons are built and the JIT settles.
  timeRuns(read, table.prompts, table.warmRuns);
  const rows: Array<{ name: string; chars: number; result: Timing }> = [];
  for (const chars of [200, 2_000, 20_000]) {
    const runs = chars >= 20_000 ? 10 : 30;
    rows.push({ name: "realistic", chars, result: timeRuns(read, [fill(REALISTIC, chars)], runs) });
    rows.push({ name: "tab-colon", chars, result: timeRuns(read, [fill("Tab: ", chars)], runs) });
  }
  const hostile = Object.entries(hostilePrompts()).map(([n, prompt]) => ({ name: n, prompt, result: timeRuns(read, [prompt], 3) }));
  const worst = hostile.sort((a, b) => b.result.cpu - a.result.cpu)[0];
  for (const r of rows)
    console.log(
      JSON.stringify({ bench: `${name}.${r.name}`, chars: r.chars, p50_ms: r.result.p50, p95_ms: r.result.p95, cpu_ms: r.result.cpu }),
    );
  console.log(
    JSON.stringify({
      bench: `${name}.hostile-worst`,
      name: worst.name,
      chars: worst.prompt.length,
      p50_ms: worst.result.p50,
      max_ms: worst.result.max,
      cpu_ms: worst.result.cpu,
    }),
  );
  const typical = timeRuns(read, table.prompts, table.runs);
  console.log(
    JSON.stringify({
      bench: `${name}.${table.name}`,
      prompts: table.prompts.length,
      p50_ms: typical.p50,
      p95_ms: typical.p95,
      max_ms: typical.max,
      cpu_ms: typical.cpu,
    }),
  );
  const anyMax = Math.max(...rows.map((r) => r.result.p50), worst.result.p50);
  const anyCpu = Math.max(...rows.map((r) => r.result.cpu), worst.result.cpu);
  console.log(
    JSON.stringify({
      bench: `${name}.verdict`,
      typical_p50_lt_5ms: typical.p50 < 5,
      any_20k_p50_lt_50ms: anyMax < 50,
      typical_cpu_lt_5ms: typical.cpu < 5,
      any_20k_cpu_lt_50ms: anyCpu < 50,
    }),
  );
}
