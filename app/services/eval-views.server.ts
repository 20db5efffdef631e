// What the eval pages show, assembled from the eval storage (services/eval.server), the runner's
// live state and the comparison of app/domain/eval/compare. Everything returned is plain JSON.
import type { AppContext } from "~/composition/app.server";
import { compareRuns, type RunComparison } from "~/domain/eval/compare";
import { summarizeResults, type RunSummary } from "~/domain/eval/stats";
import { balanceOf } from "~/models/credits.server";
import { findRun } from "~/models/eval.server";
import { findResultWithHtml, listResultSummaries, neighbourResultIds, ragByRun, type EvalResultSummary } from "~/models/eval-runner.server";
import type { User } from "~/models/users.server";
import { listRuns, runJson, type EvalRunJson } from "./eval.server";
import { failure, type ServiceResult } from "./result";
import { liveRun, listPromptSets, STALE_AFTER_MS, type PromptSetInfo, type RunnerOptions } from "./eval-runner.server";

export interface RunRow extends EvalRunJson {
  /** Retrieval on/off when the results say; null when unknown. */
  rag: boolean | null;
}

export interface RunProgress {
  completed: number;
  total: number;
  /** Averages over the results saved so far (errored prompts count as 0, as at finalize). */
  averages: RunSummary;
  /** True when this server process executes the run (it knows the prompt in progress). */
  liveHere: boolean;
  current: { index: number; promptId: string; prompt: string; startedAt: string } | null;
  stopRequested: boolean;
  lastActivityAt: string;
  /** When a run nobody executes here is finalized automatically (by the `stale-evals` job: sweepStaleRuns). */
  staleAt: string;
}

/** A result as a table row: the stored result without its details, plus what the table shows of them. */
export type ResultRow = Omit<EvalResultSummary, "runId" | "details" | "createdAt"> & {
  technique: string | null;
  subject: string | null;
  createdAt: string;
};

function text(v: unknown): string | null {
  return typeof v === "string" && v.trim() ? v : null;
}

function resultRow(r: EvalResultSummary): ResultRow {
  const d = r.details ?? {};
  return {
    id: r.id,
    promptId: r.promptId,
    prompt: r.prompt,
    qaScore: r.qaScore,
    judgeScore: r.judgeScore,
    generationMs: r.generationMs,
    error: r.error,
    technique: text(d.technique),
    subject: text(d.subject),
    hasHtml: r.hasHtml,
    createdAt: r.createdAt.toISOString(),
  };
}

function progressOf(run: EvalRunJson, results: EvalResultSummary[]): RunProgress {
  const live = liveRun(run.id);
  const last = Math.max(new Date(run.createdAt).getTime(), ...results.map((r) => r.createdAt.getTime()));
  return {
    completed: results.length,
    total: run.promptCount,
    averages: summarizeResults(results),
    liveHere: Boolean(live),
    current: live?.current ? { ...live.current, startedAt: new Date(live.current.startedAt).toISOString() } : null,
    stopRequested: live?.stopRequested ?? false,
    lastActivityAt: new Date(last).toISOString(),
    staleAt: new Date(last + STALE_AFTER_MS).toISOString(),
  };
}

/** A running run's counters as they stand (the stored ones are written at finalize). */
function withLiveCounts(run: EvalRunJson, results: EvalResultSummary[]): EvalRunJson {
  if (run.status !== "running") return run;
  const s = summarizeResults(results);
  return { ...run, resultCount: s.resultCount, errorCount: s.errorCount };
}

export interface EvalsOverview {
  runs: RunRow[];
  progress: Record<string, RunProgress>;
  sets: PromptSetInfo[];
  balance: number;
  creditsPerPrompt: number;
}

export async function getEvalsOverview(app: AppContext, user: User, options: RunnerOptions = {}): Promise<EvalsOverview> {
  const db = app.database.db;
  const runs = await listRuns(app);
  const rag = await ragByRun(
    db,
    runs.map((r) => r.id),
  );
  const progress: Record<string, RunProgress> = {};
  for (const run of runs.filter((r) => r.status === "running")) progress[run.id] = progressOf(run, await listResultSummaries(db, run.id));
  return {
    runs: runs.map((r) => ({ ...r, rag: rag.get(r.id) ?? null })),
    progress,
    sets: await listPromptSets(options.setsDir),
    balance: await balanceOf(db, user.id),
    creditsPerPrompt: app.env.CREDITS_PER_GENERATION,
  };
}

export interface RunView {
  run: RunRow;
  progress: RunProgress | null;
  results: ResultRow[];
  /** The prompt set file and options, when the run was started from the page. */
  options: { promptSet: string | null; useRAG: boolean | null };
}

const notFound = failure(404, "Eval run not found");

export async function getRunView(app: AppContext, runId: string): Promise<ServiceResult<RunView>> {
  const db = app.database.db;
  const stored = await findRun(db, runId);
  if (!stored) return notFound;
  const results = await listResultSummaries(db, runId);
  const run = withLiveCounts(runJson(stored), results);
  const rag = (await ragByRun(db, [runId])).get(runId) ?? null;
  const first = results[0]?.details ?? {};
  return {
    ok: true,
    value: {
      run: { ...run, rag },
      progress: run.status === "running" ? progressOf(run, results) : null,
      results: results.map(resultRow),
      options: { promptSet: text(first.promptSet), useRAG: typeof first.useRAG === "boolean" ? first.useRAG : rag },
    },
  };
}

export interface ResultView {
  run: { id: string; label: string; status: string };
  result: ResultRow & {
    html: string | null;
    htmlOmitted: string | null;
    judgeSummary: string | null;
    rubric: Array<{ criterion: string; score: number; weight: number; reason: string }>;
    qaFailures: Array<{ id: string; title: string; message: string }>;
    rag: { used: boolean; examplesCount: number } | null;
    /** The run's retrieval option (page runs record it; null when unknown). */
    useRAG: boolean | null;
  };
  previous: number | null;
  next: number | null;
  position: number;
  total: number;
}

function arrayOf<T>(v: unknown, ok: (x: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((x) => {
    if (!x || typeof x !== "object") return [];
    const mapped = ok(x as Record<string, unknown>);
    return mapped === null ? [] : [mapped];
  });
}

export async function getResultView(app: AppContext, runId: string, resultId: number): Promise<ServiceResult<ResultView>> {
  const db = app.database.db;
  const run = await findRun(db, runId);
  if (!run) return notFound;
  const result = await findResultWithHtml(db, runId, resultId);
  if (!result) return failure(404, "This run has no such result");
  const d = result.details ?? {};
  const ids = (await listResultSummaries(db, runId)).map((r) => r.id);
  const { previous, next } = await neighbourResultIds(db, runId, resultId);
  const rag = d.rag && typeof d.rag === "object" ? (d.rag as Record<string, unknown>) : null;
  return {
    ok: true,
    value: {
      run: { id: run.id, label: run.label, status: run.status },
      result: {
        ...resultRow(result),
        html: result.html,
        htmlOmitted: text(d.htmlOmitted),
        judgeSummary: text(d.judgeSummary),
        rubric: arrayOf(d.judgeRubric, (x) =>
          typeof x.criterion === "string" && typeof x.score === "number"
            ? {
                criterion: x.criterion,
                score: x.score,
                weight: typeof x.weight === "number" ? x.weight : 0,
                reason: typeof x.reason === "string" ? x.reason : "",
              }
            : null,
        ),
        // Page runs keep each failed check's title and message; the CLI keeps their ids.
        qaFailures: Array.isArray(d.qaFailures)
          ? arrayOf(d.qaFailures, (x) =>
              typeof x.id === "string"
                ? { id: x.id, title: typeof x.title === "string" ? x.title : x.id, message: typeof x.message === "string" ? x.message : "" }
                : null,
            )
          : Array.isArray(d.qaFailedChecks)
            ? d.qaFailedChecks.filter((id): id is string => typeof id === "string").map((id) => ({ id, title: id, message: "" }))
            : [],
        rag: rag ? { used: rag.used === true, examplesCount: typeof rag.examplesCount === "number" ? rag.examplesCount : 0 } : null,
        useRAG: typeof d.useRAG === "boolean" ? d.useRAG : null,
      },
      previous,
      next,
      position: ids.indexOf(resultId) + 1,
      total: ids.length,
    },
  };
}

export interface CompareView {
  a: RunRow;
  b: RunRow;
  comparison: RunComparison;
  /** Prompt text by the key the comparison matched on. */
  prompts: Record<string, string>;
  /** Result ids by matched key, per side (for links to each email). */
  resultIds: { a: Record<string, number>; b: Record<string, number> };
}

/** Results match by prompt id; a result saved without one matches by its prompt text. */
function matchKey(r: EvalResultSummary): string | null {
  return r.promptId ?? (r.prompt ? `text:${r.prompt.trim().replace(/\s+/g, " ").slice(0, 200)}` : null);
}

export async function getCompareView(app: AppContext, aId: string, bId: string): Promise<ServiceResult<CompareView>> {
  const db = app.database.db;
  const [a, b] = await Promise.all([findRun(db, aId), findRun(db, bId)]);
  if (!a || !b) return failure(404, `Eval run ${!a ? aId : bId} not found`);
  const [ra, rb] = await Promise.all([listResultSummaries(db, aId), listResultSummaries(db, bId)]);
  const rag = await ragByRun(db, [aId, bId]);
  const prompts: Record<string, string> = {};
  const resultIds = { a: {} as Record<string, number>, b: {} as Record<string, number> };
  const side = (results: EvalResultSummary[], ids: Record<string, number>) =>
    results.map((r) => {
      const key = matchKey(r);
      if (key) {
        prompts[key] ??= r.prompt ?? key;
        ids[key] = r.id;
      }
      return { promptId: key, qaScore: r.qaScore, judgeScore: r.judgeScore, generationMs: r.generationMs, error: r.error };
    });
  const comparison = compareRuns(
    { id: a.id, label: a.label, results: side(ra, resultIds.a) },
    { id: b.id, label: b.label, results: side(rb, resultIds.b) },
  );
  return {
    ok: true,
    value: {
      a: { ...withLiveCounts(runJson(a), ra), rag: rag.get(a.id) ?? null },
      b: { ...withLiveCounts(runJson(b), rb), rag: rag.get(b.id) ?? null },
      comparison,
      prompts,
      resultIds,
    },
  };
}

/** The runs a compare picker offers (newest first, as the list). */
export async function listRunChoices(app: AppContext): Promise<Array<{ id: string; label: string; createdAt: string; status: string }>> {
  return (await listRuns(app)).map((r) => ({ id: r.id, label: r.label, createdAt: r.createdAt, status: r.status }));
}
