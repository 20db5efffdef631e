import { desc, sql } from "drizzle-orm";
import { feedback } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type FeedbackRow = typeof feedback.$inferSelect;

export type NewFeedback = Omit<FeedbackRow, "id" | "createdAt">;

export async function insertFeedback(db: Db, input: NewFeedback): Promise<number> {
  const [row] = await db.insert(feedback).values(input).returning({ id: feedback.id });
  return row.id;
}

/** Newest first; the autoincrement id breaks ties within a millisecond. */
export async function listFeedback(db: Db, limit: number): Promise<FeedbackRow[]> {
  return db.select().from(feedback).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(limit).all();
}

export interface FeedbackCounts {
  ragUsed: boolean;
  count: number;
  positive: number;
}

/** Counts over every stored row (not just a listed page), split by whether retrieval was used. */
export async function countFeedback(db: Db): Promise<FeedbackCounts[]> {
  const rows = await db
    .select({
      ragUsed: feedback.ragUsed,
      count: sql<number>`count(*)`,
      positive: sql<number>`sum(case when ${feedback.positive} then 1 else 0 end)`,
    })
    .from(feedback)
    .groupBy(feedback.ragUsed)
    .all();
  return rows.map((r) => ({ ragUsed: Boolean(r.ragUsed), count: Number(r.count), positive: Number(r.positive ?? 0) }));
}
