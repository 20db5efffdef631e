import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { evalResults, evalRuns } from "../../db/schema";
import type { Db } from "~/lib/db.server";
import type { RunSummary } from "~/domain/eval/stats";
import { settleChargeAfterStore, type ChargeSettlement } from "./credits.server";

export type EvalRunRow = typeof evalRuns.$inferSelect;
export type EvalResultRow = typeof evalResults.$inferSelect;

/** One prompt's result as saveResult stores it: the row without what the database assigns. */
export type NewEvalResult = Omit<EvalResultRow, "id" | "runId" | "createdAt">;

export async function insertRun(
  db: Db,
  input: { label: string; promptSetVersion: string; promptCount: number; runnerInstanceId?: string | null },
): Promise<EvalRunRow> {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(evalRuns)
    .values({ id, ...input })
    .returning();
  return row;
}

export async function findRun(db: Db, id: string): Promise<EvalRunRow | null> {
  return (await db.select().from(evalRuns).where(eq(evalRuns.id, id)).get()) ?? null;
}

/**
 * Newest first. Several runs can share a millisecond, so the insertion order (rowid) breaks ties.
 * A running run's counters are only written at finalize, so they are counted live from its rows.
 */
export async function listRecentRuns(db: Db, limit: number): Promise<EvalRunRow[]> {
  const runs = await db
    .select()
    .from(evalRuns)
    .orderBy(desc(evalRuns.createdAt), desc(sql`rowid`))
    .limit(limit)
    .all();
  const running = runs.filter((r) => r.status === "running").map((r) => r.id);
  if (!running.length) return runs;
  const counts = await db
    .select({
      runId: evalResults.runId,
      results: sql<number>`count(*)`,
      errors: sql<number>`sum(case when ${evalResults.error} is not null then 1 else 0 end)`,
    })
    .from(evalResults)
    .where(inArray(evalResults.runId, running))
    .groupBy(evalResults.runId)
    .all();
  const byRun = new Map(counts.map((c) => [c.runId, c]));
  return runs.map((r) => {
    const c = byRun.get(r.id);
    return r.status === "running" && c ? { ...r, resultCount: Number(c.results), errorCount: Number(c.errors ?? 0) } : r;
  });
}

export async function listResults(db: Db, runId: string): Promise<EvalResultRow[]> {
  return db.select().from(evalResults).where(eq(evalResults.runId, runId)).orderBy(asc(evalResults.id)).all();
}

export type InsertResultOutcome = { ok: true; id: number } | { ok: false; reason: "not_found" | "complete" };

/**
 * One statement that inserts only while the run is still running, so a result can never slip in
 * after finalize computed the averages, however the two requests interleave. With `settle`, the
 * pending charge of the generation the result describes is settled in the same transaction, and
 * only if the result was stored.
 */
export async function insertResult(db: Db, runId: string, r: NewEvalResult, settle?: ChargeSettlement): Promise<InsertResultOutcome> {
  const insert = {
    sql: `INSERT INTO eval_results (run_id, prompt_id, prompt, qa_score, judge_score, generation_ms, error, details)
          SELECT ?, ?, ?, ?, ?, ?, ?, ?
          WHERE EXISTS (SELECT 1 FROM eval_runs WHERE id = ? AND status = 'running')
          RETURNING id`,
    args: [
      runId,
      r.promptId,
      r.prompt,
      r.qaScore,
      r.judgeScore,
      r.generationMs,
      r.error,
      r.details ? JSON.stringify(r.details) : null,
      runId,
    ],
  };
  const [inserted] = settle
    ? await db.$client.batch([insert, ...settleChargeAfterStore(settle)], "write")
    : [await db.$client.execute(insert)];
  if (inserted.rows.length) return { ok: true, id: Number(inserted.rows[0].id) };
  const run = await findRun(db, runId);
  return { ok: false, reason: run ? "complete" : "not_found" };
}

/**
 * Marks the run complete with averages computed from `resultCount` rows. The update only applies
 * if the run still has exactly that many results (results are append-only, so the same count is
 * the same rows); otherwise a result arrived in between and the caller recomputes.
 */
export async function completeRun(db: Db, runId: string, summary: RunSummary): Promise<EvalRunRow | null> {
  const [row] = await db
    .update(evalRuns)
    .set({
      status: "complete",
      resultCount: summary.resultCount,
      errorCount: summary.errorCount,
      avgQaScore: summary.avgQaScore,
      avgJudgeScore: summary.avgJudgeScore,
      avgGenerationMs: summary.avgGenerationMs,
      completedAt: new Date(),
    })
    .where(
      and(
        eq(evalRuns.id, runId),
        eq(evalRuns.status, "running"),
        sql`(select count(*) from ${evalResults} where ${evalResults.runId} = ${runId}) = ${summary.resultCount}`,
      ),
    )
    .returning();
  return row ?? null;
}
