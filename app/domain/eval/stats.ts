/**
 * Pure statistics of an eval run. The rules, as documented in docs/eval.md:
 *
 * - A result is *errored* when its `error` is a non-empty string.
 * - QA and judge averages: every errored result contributes 0; a non-errored result contributes
 *   its score, or is left out of that average when it has none (it was not scored, not failed).
 * - Generation-time average: non-errored results with a time only (a failed call's latency says
 *   nothing about generation speed).
 * - An average with nothing to average is null. Averages are rounded to two decimals.
 */

export interface ResultScores {
  qaScore: number | null;
  judgeScore: number | null;
  generationMs: number | null;
  error: string | null;
}

export interface RunSummary {
  resultCount: number;
  errorCount: number;
  avgQaScore: number | null;
  avgJudgeScore: number | null;
  avgGenerationMs: number | null;
}

export function isErrored(r: Pick<ResultScores, "error">): boolean {
  return typeof r.error === "string" && r.error.trim() !== "";
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function mean(values: number[]): number | null {
  if (!values.length) return null;
  return round2(values.reduce((s, v) => s + v, 0) / values.length);
}

/** The score a result counts with in an average: 0 when errored, null when it has none. */
export function effectiveScore(r: ResultScores, field: "qaScore" | "judgeScore"): number | null {
  if (isErrored(r)) return 0;
  const v = r[field];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

export function summarizeResults(results: ResultScores[]): RunSummary {
  const scores = (field: "qaScore" | "judgeScore") => results.map((r) => effectiveScore(r, field)).filter((v): v is number => v !== null);
  const times = results
    .filter((r) => !isErrored(r) && typeof r.generationMs === "number" && Number.isFinite(r.generationMs))
    .map((r) => r.generationMs as number);
  return {
    resultCount: results.length,
    errorCount: results.filter(isErrored).length,
    avgQaScore: mean(scores("qaScore")),
    avgJudgeScore: mean(scores("judgeScore")),
    avgGenerationMs: mean(times),
  };
}

/**
 * Percentile by linear interpolation between closest ranks (the "R-7" method, numpy's default):
 * p50 of [1, 2, 3, 4] is 2.5. Null for no values; `p` is clamped to 0–100.
 */
export function percentile(values: number[], p: number): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const q = Math.min(100, Math.max(0, p)) / 100;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return round2(sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo));
}

/** `b - a`, null when either side is missing. */
export function delta(a: number | null | undefined, b: number | null | undefined): number | null {
  if (typeof a !== "number" || typeof b !== "number") return null;
  return round2(b - a);
}
