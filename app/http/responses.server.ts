// The JSON API's responses: one error shape (docs/api.md "Conventions"):
// { "success": false, "error": "<message>", "details"?: …, "retry_after"?: … }
import type { ServiceFailure } from "~/services/result";

export type ApiErrorBody = { success: false; error: string; details?: unknown; [extra: string]: unknown };

export function json(body: unknown, init?: number | ResponseInit): Response {
  const base: ResponseInit = typeof init === "number" ? { status: init } : (init ?? {});
  const headers = new Headers(base.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...base, headers });
}

export function apiError(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit): Response {
  return json({ success: false, error, ...extra } satisfies ApiErrorBody, { status, headers });
}

/** A service's expected failure as the API error body, with Retry-After when it says when to try again. */
export function serviceError(e: ServiceFailure, headers?: Record<string, string>): Response {
  const retryAfter = e.retryAfterSeconds !== undefined ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
  return apiError(
    e.status,
    e.error,
    { ...(e.details !== undefined ? { details: e.details } : {}), ...(e.extra ?? {}) },
    { ...retryAfter, ...headers },
  );
}

export const unauthorized = (message = "Authentication required") =>
  apiError(401, message, {}, { "WWW-Authenticate": 'Bearer realm="kinetic"' });
export const forbidden = () => apiError(403, "Admin access required");
export const insufficientBalance = () => apiError(402, "Insufficient balance");

export { isDatabaseBusy } from "~/lib/storage-refusals.server";

export const DATABASE_BUSY_RETRY_SECONDS = 2;

export const DATABASE_BUSY_MESSAGE = "The database is busy (another process holds its write lock); nothing was changed. Try again shortly.";

export const databaseBusy = () =>
  apiError(
    503,
    DATABASE_BUSY_MESSAGE,
    { retry_after_seconds: DATABASE_BUSY_RETRY_SECONDS },
    { "Retry-After": String(DATABASE_BUSY_RETRY_SECONDS) },
  );

/** How long a client is asked to wait after a write refused for lack of room: freeing space takes an operator. */
export const DATABASE_FULL_RETRY_SECONDS = 60;

/**
 * The database had no room for a write (SQLITE_FULL: a full disk, or its page limit): the write's
 * transaction was rolled back, nothing was changed, and /healthz reports "disk full".
 */
export const DATABASE_FULL_MESSAGE = "The server's storage is full; nothing was changed. Try again later (the operator must free space).";

export const databaseFull = () =>
  apiError(
    503,
    DATABASE_FULL_MESSAGE,
    { retry_after_seconds: DATABASE_FULL_RETRY_SECONDS },
    { "Retry-After": String(DATABASE_FULL_RETRY_SECONDS) },
  );
