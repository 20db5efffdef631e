// Opening a long-lived response (a send's live events, a streamed generation) within the caps
// STREAMS_MAX_PER_USER and STREAMS_MAX_TOTAL, and what /healthz says about the streams held.
import type { AppContext } from "~/composition/app.server";
import { liveStreamCounts, takeStreamSlot, type StreamSlot } from "~/lib/live-streams.server";
import type { User } from "~/models/users.server";
import { failure, type ServiceResult } from "./result";
import { sendEventPolling } from "./send-event-hub.server";

/** Streams end when their clients leave, which we cannot predict: a short wait, then try again. */
export const STREAM_RETRY_AFTER_SECONDS = 5;

export function openStream(app: AppContext, user: User): ServiceResult<StreamSlot> {
  const answer = takeStreamSlot(user.id, { perUser: app.env.STREAMS_MAX_PER_USER, total: app.env.STREAMS_MAX_TOTAL });
  if (answer.ok) return { ok: true, value: answer.slot };
  const error =
    answer.refused === "user"
      ? `Too many open streams: this account holds ${app.env.STREAMS_MAX_PER_USER}, the most allowed. Close one and try again.`
      : "Too many open streams on this server. Try again shortly.";
  return failure(429, error, { retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS, extra: { retry_after_seconds: STREAM_RETRY_AFTER_SECONDS } });
}

export interface StreamHealth {
  /** Streams open now. */
  live: number;
  /** The caps: per user and in total. */
  perUserMax: number;
  max: number;
  /** Streams opened since start, sends whose events are being polled, and the polls made so far. */
  opened: number;
  pollers: number;
  polls: number;
}

/** In-memory counters only: /healthz stays cheap. */
export function streamHealth(app: AppContext): StreamHealth {
  return { ...liveStreamCounts(), perUserMax: app.env.STREAMS_MAX_PER_USER, max: app.env.STREAMS_MAX_TOTAL, ...sendEventPolling() };
}
