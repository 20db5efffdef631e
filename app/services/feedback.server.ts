import type { AppContext } from "~/lib/app.server";
import { type Rating, type ShareOfPositive, isPositive, share } from "~/domain/eval/feedback";
import { type FeedbackRow, countFeedback, insertFeedback, listFeedback } from "~/models/feedback.server";

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

export async function submitFeedback(app: AppContext, userId: string | null, input: FeedbackInput): Promise<{ id: number; positive: boolean }> {
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
