/**
 * What a service answers: its value, or a failure with the HTTP status a route would give it and a
 * message a person can act on. Routes turn a failure into their error response; CLIs print it.
 * The one failure type of app/services (a lint rule, eslint.config.js): no service declares its own.
 */
export type ServiceResult<T> = { ok: true; value: T } | ServiceFailure;

/**
 * `details`: the error body's `details` (a list of field problems). `code`: a short machine word
 * for a page to branch on ("used", "balance"). `retryAfterSeconds`: when a rate limit lets the
 * caller try again (a page's or route's Retry-After). `extra`: more fields for the error body (a
 * suppression, a retry time), at its top level.
 */
export type ServiceFailure = {
  ok: false;
  status: number;
  error: string;
  details?: unknown;
  code?: string;
  retryAfterSeconds?: number;
  extra?: Record<string, unknown>;
};

export type FailureFields = Pick<ServiceFailure, "details" | "code" | "retryAfterSeconds" | "extra">;

/** The one way to write a failure; fields left undefined are left out. */
export function failure(status: number, error: string, more: FailureFields = {}): ServiceFailure {
  const out: ServiceFailure = { ok: false, status, error };
  for (const [key, value] of Object.entries(more) as [keyof FailureFields, unknown][])
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}
