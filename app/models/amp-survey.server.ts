import { asc, eq } from "drizzle-orm";
import { ampSurveyResponses } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type AmpSurveyResponseRow = typeof ampSurveyResponses.$inferSelect;

export interface NewAmpSurveyResponse {
  formId: string;
  sender: string | null;
  answers: Record<string, unknown>;
}

export async function insertAmpSurveyResponse(db: Db, input: NewAmpSurveyResponse): Promise<number> {
  const [row] = await db.insert(ampSurveyResponses).values(input).returning({ id: ampSurveyResponses.id });
  return row.id;
}

/** Oldest first; the autoincrement id breaks ties within a millisecond. */
export async function listAmpSurveyResponses(db: Db, formId: string, limit = 1000): Promise<AmpSurveyResponseRow[]> {
  return db
    .select()
    .from(ampSurveyResponses)
    .where(eq(ampSurveyResponses.formId, formId))
    .orderBy(asc(ampSurveyResponses.createdAt), asc(ampSurveyResponses.id))
    .limit(limit)
    .all();
}
