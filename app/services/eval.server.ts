import type { AppContext } from "~/composition/app.server";
import { summarizeResults } from "~/domain/eval/stats";
import type { JudgeEngine, JudgeInput, RubricItem } from "~/engines/judge/port";
import type { ChargeSettlement } from "~/models/credits.server";
import {
  type EvalResultRow,
  type EvalRunRow,
  type NewEvalResult,
  completeRun,
  findRun,
  insertResult,
  insertRun,
  listRecentRuns,
  listResults,
} from "~/models/eval.server";

import { failure, type ServiceResult } from "./result";

export const RECENT_RUNS_LIMIT = 50;
/** Finalize recomputes when a result lands between its read and its write; this bounds the retries. */
const FINALIZE_ATTEMPTS = 5;

/** Rows as JSON: dates become ISO 8601 strings; a result does not repeat its run id; which process runs a run is internal. */
export type EvalRunJson = Omit<EvalRunRow, "createdAt" | "completedAt" | "runnerInstanceId"> & {
  createdAt: string;
  completedAt: string | null;
};
export type EvalResultJson = Omit<EvalResultRow, "runId" | "createdAt"> & { createdAt: string };

export function runJson({ runnerInstanceId: _runner, ...r }: EvalRunRow): EvalRunJson {
  return { ...r, createdAt: r.createdAt.toISOString(), completedAt: r.completedAt ? r.completedAt.toISOString() : null };
}

export function resultJson({ runId: _runId, ...r }: EvalResultRow): EvalResultJson {
  return { ...r, details: r.details ?? null, createdAt: r.createdAt.toISOString() };
}

const runNotFound = failure(404, "Eval run not found");

export async function listRuns(app: AppContext): Promise<EvalRunJson[]> {
  return (await listRecentRuns(app.database.db, RECENT_RUNS_LIMIT)).map(runJson);
}

export async function getRunWithResults(
  app: AppContext,
  runId: string,
): Promise<ServiceResult<{ run: EvalRunJson; results: EvalResultJson[] }>> {
  const db = app.database.db;
  const run = await findRun(db, runId);
  if (!run) return runNotFound;
  const results = await listResults(db, runId);
  // A running run's counters are written at finalize; until then they are counted from its rows.
  const live = run.status === "running" ? { ...run, ...pickCounts(summarizeResults(results)) } : run;
  return { ok: true, value: { run: runJson(live), results: results.map(resultJson) } };
}

function pickCounts(s: { resultCount: number; errorCount: number }) {
  return { resultCount: s.resultCount, errorCount: s.errorCount };
}

/** `runnerInstanceId`: the server process executing the run (runs started from the admin page). */
export async function createRun(
  app: AppContext,
  input: { label: string; promptSetVersion: string; promptCount: number; runnerInstanceId?: string },
): Promise<EvalRunJson> {
  return runJson(await insertRun(app.database.db, input));
}

/** With `settle`, the result's generation's pending charge is settled in the same batch, and only if the result was stored (ADR 032). */
export async function saveResult(
  app: AppContext,
  runId: string,
  result: NewEvalResult,
  settle?: ChargeSettlement,
): Promise<ServiceResult<{ resultId: number }>> {
  const saved = await insertResult(app.database.db, runId, result, settle);
  if (saved.ok) return { ok: true, value: { resultId: saved.id } };
  if (saved.reason === "not_found") return runNotFound;
  return failure(409, "Eval run is complete; it accepts no more results");
}

/**
 * Computes the averages from the stored rows (errored prompts count as 0, see domain/eval/stats)
 * and marks the run complete. A complete run is returned as stored, so finalising twice gives the
 * same answer.
 */
export async function finalizeRun(app: AppContext, runId: string): Promise<ServiceResult<EvalRunJson>> {
  const db = app.database.db;
  for (let attempt = 0; attempt < FINALIZE_ATTEMPTS; attempt++) {
    const run = await findRun(db, runId);
    if (!run) return runNotFound;
    if (run.status === "complete") return { ok: true, value: runJson(run) };
    const summary = summarizeResults(await listResults(db, runId));
    const done = await completeRun(db, runId, summary);
    if (done) return { ok: true, value: runJson(done) };
  }
  return failure(409, "Results are still arriving for this run; finalize again when they stop");
}

export type JudgeOutcome = ServiceResult<{ score: number; rubric: RubricItem[]; summary: string }>;

export async function judgeEmail(app: AppContext, judge: JudgeEngine, input: JudgeInput): Promise<JudgeOutcome> {
  const started = Date.now();
  const result = await judge.judge(input);
  app.logger.info(
    { judge: judge.kind, ok: result.ok, score: result.ok ? result.score : undefined, ms: Date.now() - started, usage: result.usage },
    "eval judge",
  );
  if (!result.ok) return failure(502, result.error);
  return { ok: true, value: { score: result.score, rubric: result.rubric, summary: result.summary } };
}
