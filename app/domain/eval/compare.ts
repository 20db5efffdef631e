import { type ResultScores, type RunSummary, delta, effectiveScore, isErrored, summarizeResults } from "./stats";

export interface ComparableResult extends ResultScores {
  promptId: string | null;
}

export interface ComparableRun {
  id: string;
  label: string;
  results: ComparableResult[];
}

export interface PromptSide {
  qa: number | null;
  judge: number | null;
  ms: number | null;
  error: string | null;
}

export interface PromptDelta {
  promptId: string;
  a: PromptSide;
  b: PromptSide;
  /** b − a, scores with errors as 0 (the averages' rule); time only when both generated. */
  qa: number | null;
  judge: number | null;
  ms: number | null;
  /** "fixed" (errored in A only), "broke" (errored in B only), or null. */
  errorChange: "fixed" | "broke" | null;
}

export interface RunComparison {
  a: { id: string; label: string; summary: RunSummary };
  b: { id: string; label: string; summary: RunSummary };
  prompts: PromptDelta[];
  onlyInA: string[];
  onlyInB: string[];
  /** Over the matched prompts only, so both sides average the same prompts. */
  matched: { count: number; a: RunSummary; b: RunSummary; qa: number | null; judge: number | null; ms: number | null; errors: number };
  /** Over each run's full result set (what the stored run averages say). */
  overall: { qa: number | null; judge: number | null; ms: number | null; errors: number };
}

function side(r: ComparableResult): PromptSide {
  return {
    qa: effectiveScore(r, "qaScore"),
    judge: effectiveScore(r, "judgeScore"),
    ms: isErrored(r) ? null : r.generationMs,
    error: isErrored(r) ? r.error : null,
  };
}

/** Results keyed by prompt id; a prompt saved twice keeps its last result (a retry). */
function byPrompt(results: ComparableResult[]): Map<string, ComparableResult> {
  const map = new Map<string, ComparableResult>();
  for (const r of results) if (r.promptId) map.set(r.promptId, r);
  return map;
}

export function compareRuns(runA: ComparableRun, runB: ComparableRun): RunComparison {
  const a = byPrompt(runA.results);
  const b = byPrompt(runB.results);
  const prompts: PromptDelta[] = [];
  const matchedA: ComparableResult[] = [];
  const matchedB: ComparableResult[] = [];
  for (const [id, ra] of a) {
    const rb = b.get(id);
    if (!rb) continue;
    matchedA.push(ra);
    matchedB.push(rb);
    const sa = side(ra);
    const sb = side(rb);
    prompts.push({
      promptId: id,
      a: sa,
      b: sb,
      qa: delta(sa.qa, sb.qa),
      judge: delta(sa.judge, sb.judge),
      ms: delta(sa.ms, sb.ms),
      errorChange: sa.error && !sb.error ? "fixed" : !sa.error && sb.error ? "broke" : null,
    });
  }
  prompts.sort((x, y) => (x.promptId < y.promptId ? -1 : x.promptId > y.promptId ? 1 : 0));
  const sumA = summarizeResults(runA.results);
  const sumB = summarizeResults(runB.results);
  const mA = summarizeResults(matchedA);
  const mB = summarizeResults(matchedB);
  return {
    a: { id: runA.id, label: runA.label, summary: sumA },
    b: { id: runB.id, label: runB.label, summary: sumB },
    prompts,
    onlyInA: [...a.keys()].filter((k) => !b.has(k)).sort(),
    onlyInB: [...b.keys()].filter((k) => !a.has(k)).sort(),
    matched: {
      count: prompts.length,
      a: mA,
      b: mB,
      qa: delta(mA.avgQaScore, mB.avgQaScore),
      judge: delta(mA.avgJudgeScore, mB.avgJudgeScore),
      ms: delta(mA.avgGenerationMs, mB.avgGenerationMs),
      errors: mB.errorCount - mA.errorCount,
    },
    overall: {
      qa: delta(sumA.avgQaScore, sumB.avgQaScore),
      judge: delta(sumA.avgJudgeScore, sumB.avgJudgeScore),
      ms: delta(sumA.avgGenerationMs, sumB.avgGenerationMs),
      errors: sumB.errorCount - sumA.errorCount,
    },
  };
}
