// One eval run end to end: create, generate + judge each prompt, save, finalize.
import { isErrored, percentile, summarizeResults } from "../../app/domain/eval/stats";
import type { KineticClient } from "./client";
import { type PromptEntry, type PromptSet, generateRequest } from "../../app/domain/eval/prompt-set";

export interface PromptOutcome {
  promptId: string;
  prompt: string;
  qaScore: number | null;
  judgeScore: number | null;
  generationMs: number | null;
  error: string | null;
  details: Record<string, unknown>;
  /** Why the result could not be stored, if it could not. */
  saveError?: string;
}

export interface RunTotals {
  avgQaScore: number | null;
  avgJudgeScore: number | null;
  avgGenerationMs: number | null;
  errorCount: number;
  resultCount: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export interface RunReport {
  runId: string;
  label: string;
  promptSetVersion: string;
  rag: boolean;
  outcomes: PromptOutcome[];
  totals: RunTotals;
  /** Set when finalize failed; the totals are then computed locally. */
  finalizeError?: string;
}

export interface Progress {
  start(total: number): void;
  done(outcome: PromptOutcome, completed: number, total: number): void;
  finish(): void;
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function pick(obj: unknown, ...path: string[]): unknown {
  let cur = obj;
  for (const k of path) {
    if (!cur || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

export async function evaluatePrompt(
  client: KineticClient,
  entry: PromptEntry,
  rag: boolean,
  now: () => number = Date.now,
): Promise<PromptOutcome> {
  const out: PromptOutcome = {
    promptId: entry.id,
    prompt: entry.prompt,
    qaScore: null,
    judgeScore: null,
    generationMs: null,
    error: null,
    details: {},
  };
  const started = now();
  const gen = await client.post("/api/generate", generateRequest(entry, rag));
  out.generationMs = Math.round(now() - started);
  if (!gen.ok) {
    out.error = `generate: ${gen.error}`;
    return out;
  }
  const html = gen.body.html;
  if (typeof html !== "string" || !html) {
    out.error = "generate: response has no html";
    return out;
  }
  const metadata = gen.body.metadata;
  out.qaScore = num(pick(metadata, "qa", "score"));
  const failed = pick(metadata, "qa", "failedChecks");
  out.details = {
    technique: pick(metadata, "technique") ?? null,
    rag: pick(metadata, "rag") ?? null,
    qaFailedChecks: Array.isArray(failed)
      ? failed.map((c) => (c && typeof c === "object" && "id" in c ? (c as { id: unknown }).id : c))
      : [],
    htmlBytes: Buffer.byteLength(html),
  };
  const judged = await client.post("/api/eval/judge", {
    prompt: entry.prompt,
    html,
    blueprint: gen.body.blueprint,
    emailType: entry.emailType,
  });
  if (!judged.ok) {
    out.error = `judge: ${judged.error}`;
    return out;
  }
  out.judgeScore = num(judged.body.score);
  out.details.judgeRubric = judged.body.rubric ?? null;
  out.details.judgeSummary = judged.body.summary ?? null;
  return out;
}

/** Runs `worker` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapPool<T, R>(items: T[], limit: number, worker: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i], i);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function localTotals(outcomes: PromptOutcome[]): Pick<RunTotals, "errorCount" | "resultCount" | "p50Ms" | "p95Ms"> {
  const times = outcomes.filter((o) => !isErrored(o) && o.generationMs !== null).map((o) => o.generationMs as number);
  return {
    resultCount: outcomes.length,
    errorCount: outcomes.filter(isErrored).length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
  };
}

export type RunEvalResult = { ok: true; report: RunReport } | { ok: false; error: string };

export async function runEval(
  client: KineticClient,
  set: PromptSet,
  opts: { label: string; rag: boolean; limit: number | null; concurrency: number },
  progress: Progress,
): Promise<RunEvalResult> {
  const prompts = opts.limit ? set.prompts.slice(0, opts.limit) : set.prompts;
  const created = await client.post("/api/admin/eval", {
    action: "createRun",
    label: opts.label,
    promptSetVersion: set.version,
    promptCount: prompts.length,
  });
  if (!created.ok) return { ok: false, error: `could not create the run: ${created.error}` };
  const runId = String(created.body.runId);
  progress.start(prompts.length);
  let completed = 0;
  const outcomes = await mapPool(prompts, opts.concurrency, async (entry) => {
    const outcome = await evaluatePrompt(client, entry, opts.rag);
    const saved = await client.post("/api/admin/eval", {
      action: "saveResult",
      runId,
      result: {
        promptId: outcome.promptId,
        prompt: outcome.prompt,
        qaScore: outcome.qaScore,
        judgeScore: outcome.judgeScore,
        generationMs: outcome.generationMs,
        error: outcome.error,
        details: outcome.details,
      },
    });
    if (!saved.ok) outcome.saveError = saved.error;
    progress.done(outcome, ++completed, prompts.length);
    return outcome;
  });
  progress.finish();
  const local = localTotals(outcomes);
  const finalized = await client.post("/api/admin/eval", { action: "finalizeRun", runId });
  const run = finalized.ok ? (finalized.body.run as Record<string, unknown>) : null;
  // The server's averages are the record; the same rules computed here stand in if finalize failed.
  const fallback = summarizeResults(outcomes);
  const totals: RunTotals = {
    ...local,
    avgQaScore: run ? num(run.avgQaScore) : fallback.avgQaScore,
    avgJudgeScore: run ? num(run.avgJudgeScore) : fallback.avgJudgeScore,
    avgGenerationMs: run ? num(run.avgGenerationMs) : fallback.avgGenerationMs,
  };
  if (run) {
    totals.errorCount = num(run.errorCount) ?? totals.errorCount;
    totals.resultCount = num(run.resultCount) ?? totals.resultCount;
  }
  return {
    ok: true,
    report: {
      runId,
      label: opts.label,
      promptSetVersion: set.version,
      rag: opts.rag,
      outcomes,
      totals,
      ...(finalized.ok ? {} : { finalizeError: finalized.error }),
    },
  };
}
