import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { feedback, users } from "../../db/schema";
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

export interface FeedbackFilter {
  /** A stored rating ("up", "down", "1"…"5"), or every positive / every other one. */
  rating?: string;
  positive?: boolean;
  ragUsed?: boolean;
}

function feedbackWhere(filter: FeedbackFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.rating !== undefined) parts.push(eq(feedback.rating, filter.rating));
  if (filter.positive !== undefined) parts.push(eq(feedback.positive, filter.positive));
  if (filter.ragUsed !== undefined) parts.push(eq(feedback.ragUsed, filter.ragUsed));
  return parts.length ? and(...parts) : undefined;
}

export type FeedbackListRow = FeedbackRow & { userEmail: string | null };

/** Matching rows newest first, each with its author's email (null once the user is gone), and how many match. */
export async function listFeedbackFiltered(
  db: Db,
  filter: FeedbackFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FeedbackListRow[]; total: number }> {
  const where = feedbackWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: feedback.id,
        userId: feedback.userId,
        prompt: feedback.prompt,
        rating: feedback.rating,
        positive: feedback.positive,
        ragUsed: feedback.ragUsed,
        ragExamplesCount: feedback.ragExamplesCount,
        comment: feedback.comment,
        createdAt: feedback.createdAt,
        userEmail: users.email,
      })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ total: count() }).from(feedback).where(where).all(),
  ]);
  return { rows, total };
}

/** How many rows carry each stored rating, over every row. */
export async function countFeedbackByRating(db: Db): Promise<Array<{ rating: string; count: number }>> {
  const rows = await db.select({ rating: feedback.rating, count: count() }).from(feedback).groupBy(feedback.rating).all();
  return rows.map((r) => ({ rating: r.rating, count: r.count }));
}
