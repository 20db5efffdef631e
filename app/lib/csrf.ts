// Shared by the pages (which send the token) and the server (which checks it): see csrf.server.ts.

/** The hidden form field every page form carries (<CsrfField/>). */
export const CSRF_FIELD = "_csrf";

/** The header `fetch`/`useFetcher` calls may send instead of the field. */
export const CSRF_HEADER = "X-CSRF-Token";
