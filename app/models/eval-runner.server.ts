// Read queries the eval pages need beyond app/models/eval.server.ts: results without the stored
// email HTML (lists poll every second or two), one result with it (the preview), what each run
// last did (the stale-run sweep) and whether a run used retrieval.
import type { NormalizedEvalResult } from "~/domain/eval/result";
import type { Db } from "~/lib/db.server";

/** A result as the pages list it: `details` without its `html` (that is read one at a time). */
export type EvalResultSummary = NormalizedEvalResult & {
  id: number;
  runId: string;
  /** Whether `details.html` is stored (the email can be previewed). */
  hasHtml: boolean;
  createdAt: Date;
};

export interface EvalResultWithHtml extends EvalResultSummary {
  html: string | null;
}

type Row = Record<string, unknown>;

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

function str(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

function parseDetails(v: unknown): Record<string, unknown> | null {
  if (typeof v !== "string" || !v) return null;
  try {
    const parsed: unknown = JSON.parse(v);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toSummary(r: Row): EvalResultSummary {
  return {
    id: Number(r.id),
    runId: String(r.run_id),
    promptId: str(r.prompt_id),
    prompt: str(r.prompt),
    qaScore: num(r.qa_score),
    judgeScore: num(r.judge_score),
    generationMs: num(r.generation_ms),
    error: str(r.error),
    details: parseDetails(r.details),
    hasHtml: Number(r.has_html) === 1,
    createdAt: new Date(Number(r.created_at)),
  };
}

const SUMMARY_COLUMNS = `id, run_id, prompt_id, prompt, qa_score, judge_score, generation_ms, error, created_at,
  json_remove(details, '$.html') AS details,
  CASE WHEN json_type(details, '$.html') = 'text' THEN 1 ELSE 0 END AS has_html`;

/** A run's results in the order they were saved, without the stored HTML. */
export async function listResultSummaries(db: Db, runId: string): Promise<EvalResultSummary[]> {
  const rs = await db.$client.execute({ sql: `SELECT ${SUMMARY_COLUMNS} FROM eval_results WHERE run_id = ? ORDER BY id`, args: [runId] });
  return rs.rows.map((r) => toSummary(r as Row));
}

/** One result of a run, with its stored HTML (null when none was stored). */
export async function findResultWithHtml(db: Db, runId: string, resultId: number): Promise<EvalResultWithHtml | null> {
  const rs = await db.$client.execute({
    sql: `SELECT ${SUMMARY_COLUMNS}, json_extract(details, '$.html') AS html FROM eval_results WHERE run_id = ? AND id = ?`,
    args: [runId, resultId],
  });
  const row = rs.rows[0] as Row | undefined;
  if (!row) return null;
  const html = row.html;
  return { ...toSummary(row), html: typeof html === "string" ? html : null };
}

/** The ids of the results saved just before and after one, for previous/next links. */
export async function neighbourResultIds(
  db: Db,
  runId: string,
  resultId: number,
): Promise<{ previous: number | null; next: number | null }> {
  const rs = await db.$client.execute({
    sql: `SELECT (SELECT max(id) FROM eval_results WHERE run_id = ? AND id < ?) AS previous,
                 (SELECT min(id) FROM eval_results WHERE run_id = ? AND id > ?) AS next`,
    args: [runId, resultId, runId, resultId],
  });
  const row = rs.rows[0] as Row | undefined;
  return { previous: num(row?.previous), next: num(row?.next) };
}

/** Every `running` run with the time of its last saved result (or its creation, when it has none). */
export async function listRunningActivity(db: Db): Promise<Array<{ id: string; lastActivityAt: Date }>> {
  const rs = await db.$client.execute(
    `SELECT r.id AS id, max(r.created_at, coalesce((SELECT max(created_at) FROM eval_results WHERE run_id = r.id), 0)) AS last
     FROM eval_runs r WHERE r.status = 'running'`,
  );
  return rs.rows.map((r) => ({ id: String(r.id), lastActivityAt: new Date(Number(r.last)) }));
}

/**
 * Whether each run generated with retrieval: a page run stores its `useRAG` option in every
 * result's details; for other clients' runs, a result whose retrieval was used says so.
 * Runs without such results are absent from the map (unknown).
 */
export async function ragByRun(db: Db, runIds: string[]): Promise<Map<string, boolean>> {
  const map = new Map<string, boolean>();
  if (!runIds.length) return map;
  const rs = await db.$client.execute({
    sql: `SELECT run_id,
                 max(CASE WHEN json_type(details, '$.useRAG') IN ('true', 'false') THEN json_extract(details, '$.useRAG') END) AS option,
                 max(CASE WHEN json_extract(details, '$.rag.used') = 1 THEN 1 ELSE 0 END) AS used,
                 max(CASE WHEN json_type(details, '$.rag') = 'object' THEN 1 ELSE 0 END) AS known
          FROM eval_results WHERE run_id IN (${runIds.map(() => "?").join(", ")}) GROUP BY run_id`,
    args: runIds,
  });
  for (const r of rs.rows) {
    if (r.option !== null && r.option !== undefined) map.set(String(r.run_id), Number(r.option) === 1);
    else if (Number(r.used) === 1) map.set(String(r.run_id), true);
    else if (Number(r.known) === 1) map.set(String(r.run_id), false);
  }
  return map;
}

/** The `running` runs a server process executes (started from the admin page), with that process's id. */
export async function listRunsWithRunner(db: Db): Promise<Array<{ id: string; runnerInstanceId: string }>> {
  const rs = await db.$client.execute(
    "SELECT id, runner_instance_id FROM eval_runs WHERE status = 'running' AND runner_instance_id IS NOT NULL",
  );
  return rs.rows.map((r) => ({ id: String(r.id), runnerInstanceId: String(r.runner_instance_id) }));
}
