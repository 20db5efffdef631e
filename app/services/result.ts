/**
 * What a service answers: its value, or a failure with the HTTP status a route would give it and a
 * message a person can act on. Routes turn a failure into their error response; CLIs print it.
 */
export type ServiceResult<T> = { ok: true; value: T } | ServiceFailure;

/** `extra`: more fields for the error body (a suppression, a retry time). */
export type ServiceFailure = { ok: false; status: number; error: string; extra?: Record<string, unknown> };

export const failure = (status: number, error: string): ServiceFailure => ({ ok: false, status, error });
