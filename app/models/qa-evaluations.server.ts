import crypto from "node:crypto";
import { qaEvaluations } from "../../db/schema";
import type { Db } from "~/lib/db.server";
import type { QaResult } from "~/domain/qa/qa";

export async function logQaEvaluation(
  db: Db,
  entry: {
    userId: string | null;
    endpoint: string;
    techniques: string[];
    qa: QaResult;
    ragUsed: boolean;
    ragExamplesCount: number;
    generationMs: number;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(qaEvaluations).values({
    id,
    userId: entry.userId,
    endpoint: entry.endpoint,
    techniques: entry.techniques,
    score: entry.qa.score,
    qualifiesForFreeRegen: entry.qa.qualifiesForFreeRegen,
    failedChecks: entry.qa.failedChecks,
    checks: entry.qa.checks,
    ragUsed: entry.ragUsed,
    ragExamplesCount: entry.ragExamplesCount,
    generationMs: Math.round(entry.generationMs),
  });
  return id;
}
