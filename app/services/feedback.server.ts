import type { AppContext } from "~/composition/app.server";
import { type Rating, type ShareOfPositive, isPositive, share } from "~/domain/eval/feedback";
import {
  type FeedbackFilter,
  type FeedbackListRow,
  type FeedbackRow,
  countFeedback,
  countFeedbackByRating,
  insertFeedback,
  listFeedback,
  listFeedbackFiltered,
} from "~/models/feedback.server";

export interface FeedbackInput {
  prompt: string;
  rating: Rating;
  ragUsed: boolean;
  ragExamplesCount: number;
  comment?: string | null;
}

/** A row as JSON, with its date as an ISO 8601 string. */
export type FeedbackJson = Omit<FeedbackRow, "createdAt"> & { createdAt: string };

export interface FeedbackAggregates {
  overall: ShareOfPositive;
  withRag: ShareOfPositive;
  withoutRag: ShareOfPositive;
}

function feedbackJson(r: FeedbackRow): FeedbackJson {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

export async function submitFeedback(
  app: AppContext,
  userId: string | null,
  input: FeedbackInput,
): Promise<{ id: number; positive: boolean }> {
  const positive = isPositive(input.rating);
  const id = await insertFeedback(app.database.db, {
    userId,
    prompt: input.prompt,
    rating: input.rating,
    positive,
    ragUsed: input.ragUsed,
    ragExamplesCount: input.ragExamplesCount,
    comment: input.comment?.trim() ? input.comment.trim() : null,
  });
  return { id, positive };
}

export async function feedbackReport(app: AppContext, limit: number): Promise<{ items: FeedbackJson[]; aggregates: FeedbackAggregates }> {
  const db = app.database.db;
  const [rows, counts] = await Promise.all([listFeedback(db, limit), countFeedback(db)]);
  const rag = counts.find((c) => c.ragUsed) ?? { count: 0, positive: 0 };
  const noRag = counts.find((c) => !c.ragUsed) ?? { count: 0, positive: 0 };
  return {
    items: rows.map(feedbackJson),
    aggregates: {
      overall: share(rag.count + noRag.count, rag.positive + noRag.positive),
      withRag: share(rag.count, rag.positive),
      withoutRag: share(noRag.count, noRag.positive),
    },
  };
}

export const RATINGS: readonly Rating[] = ["up", "down", "5", "4", "3", "2", "1"];

export interface FeedbackPage {
  items: FeedbackListRow[];
  /** Rows matching the filter. */
  matching: number;
  aggregates: FeedbackAggregates;
  /** Every stored rating with its count (zero included), in RATINGS order. */
  byRating: Array<{ rating: Rating; count: number }>;
}

/** The admin page: a filtered page of feedback, and counts over all of it. */
export async function feedbackPage(
  app: AppContext,
  filter: FeedbackFilter,
  page: { limit: number; offset: number },
): Promise<FeedbackPage> {
  const db = app.database.db;
  const [list, counts, ratings] = await Promise.all([listFeedbackFiltered(db, filter, page), countFeedback(db), countFeedbackByRating(db)]);
  const rag = counts.find((c) => c.ragUsed) ?? { count: 0, positive: 0 };
  const noRag = counts.find((c) => !c.ragUsed) ?? { count: 0, positive: 0 };
  const byRatingMap = new Map(ratings.map((r) => [r.rating, r.count]));
  return {
    items: list.rows,
    matching: list.total,
    aggregates: {
      overall: share(rag.count + noRag.count, rag.positive + noRag.positive),
      withRag: share(rag.count, rag.positive),
      withoutRag: share(noRag.count, noRag.positive),
    },
    byRating: RATINGS.map((rating) => ({ rating, count: byRatingMap.get(rating) ?? 0 })),
  };
}
