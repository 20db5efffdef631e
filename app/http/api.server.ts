// One error shape and one way to write a JSON API route (docs/api.md "Conventions"):
// { "success": false, "error": "<message>", "details"?: …, "retry_after"?: … }
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { getApp, type AppContext } from "~/composition/app.server";
import type { ServiceFailure } from "~/services/result";
import { authenticateBearer, type AuthFailure, type User } from "~/services/auth.server";
import { isStorageFull, noteStorageFull } from "~/lib/storage-refusals.server";

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
  return apiError(e.status, e.error, { ...(e.details !== undefined ? { details: e.details } : {}), ...(e.extra ?? {}) }, { ...retryAfter, ...headers });
}

export const unauthorized = (message = "Authentication required") =>
  apiError(401, message, {}, { "WWW-Authenticate": 'Bearer realm="kinetic"' });
export const forbidden = () => apiError(403, "Admin access required");
export const insufficientBalance = () => apiError(402, "Insufficient balance");

/** Another process held the database's write lock past DB_BUSY_TIMEOUT_MS: nothing was written. */
export function isDatabaseBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "SQLITE_BUSY";
}

export const DATABASE_BUSY_RETRY_SECONDS = 2;

export const databaseBusy = () =>
  apiError(
    503,
    "The database is busy (another process holds its write lock); nothing was changed. Try again shortly.",
    { retry_after_seconds: DATABASE_BUSY_RETRY_SECONDS },
    { "Retry-After": String(DATABASE_BUSY_RETRY_SECONDS) },
  );

/** How long a client is asked to wait after a write refused for lack of room: freeing space takes an operator. */
export const DATABASE_FULL_RETRY_SECONDS = 60;

/**
 * The database had no room for a write (SQLITE_FULL: a full disk, or its page limit): the write's
 * transaction was rolled back, nothing was changed, and /healthz reports "disk full".
 */
export const databaseFull = () =>
  apiError(
    503,
    "The server's storage is full; nothing was changed. Try again later (the operator must free space).",
    { retry_after_seconds: DATABASE_FULL_RETRY_SECONDS },
    { "Retry-After": String(DATABASE_FULL_RETRY_SECONDS) },
  );

/** Reads the body as text, refusing more than `limit` bytes even without a Content-Length. */
export async function readBodyText(request: Request, limit: number): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const tooLarge = () => ({
    ok: false as const,
    response: apiError(413, `Request body is larger than ${limit} bytes`, { limit_bytes: limit }),
  });
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return tooLarge();
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Released, not cancelled: cancelling the stream over a socket would destroy the socket
      // before the 413 is sent. The server drains the rest once the response is written.
      reader.releaseLock();
      return tooLarge();
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Top-level fields the schema requires that the body lacks (or leaves empty). */
function missingFields(issues: z.ZodIssue[], body: unknown): string[] {
  const obj = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const names = new Set<string>();
  for (const i of issues) {
    if (i.path.length !== 1) continue;
    const key = String(i.path[0]);
    const value = obj[key];
    const absent = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
    if (absent) names.add(key);
  }
  return [...names];
}

// ── input limits (docs/api.md "Input limits") ───────────────────────────────────────────────────

/** The deepest nesting of arrays and objects a JSON body may have. */
export const JSON_MAX_DEPTH = 64;
/** The most values a JSON body may hold, counted as array elements plus object members. */
export const JSON_MAX_VALUES = 20_000;
/** A 400 lists at most this many zod issues in `details` (and says how many it left out). */
export const MAX_ERROR_DETAILS = 50;

export type JsonShapeProblem = { kind: "depth"; limit: number } | { kind: "values"; limit: number };

/**
 * One linear pass over JSON text, before JSON.parse: nesting deeper than `maxDepth` or more than
 * `maxValues` values. JSON.parse itself copes with a million levels (slowly: a 5 MB body of
 * brackets blocks the loop for most of a second), but every recursive consumer after it (zod,
 * JSON.stringify of a stored value, a logger) overflows the stack. Malformed text gets no verdict
 * here: JSON.parse rejects it next.
 */
export function checkJsonShape(text: string, maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES): JsonShapeProblem | null {
  let depth = 0;
  let values = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Jump to the closing quote: one not preceded by an odd number of backslashes.
      for (;;) {
        const q = text.indexOf('"', i + 1);
        if (q < 0) return null;
        let slashes = 0;
        while (text.charCodeAt(q - 1 - slashes) === 0x5c) slashes++;
        i = q;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return { kind: "depth", limit: maxDepth };
      if (++values > maxValues) return { kind: "values", limit: maxValues };
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    } else if (c === 0x2c /* , */) {
      if (++values > maxValues) return { kind: "values", limit: maxValues };
    }
  }
  return null;
}

/** 413 for a field over its limit; the body names the field, its size and the limit. */
export function inputTooLarge(field: string, size: number, limit: number, unit = "characters"): Response {
  return apiError(413, `${field} is too large: ${size} ${unit}, the limit is ${limit}`, { field, limit, reason: "chars", unit, size });
}

export interface BodyOptions {
  /**
   * Top-level string fields with a length limit, checked after JSON.parse and before the schema:
   * a 413 naming the field and the limit rather than a 400 among the schema's details.
   */
  maxChars?: Record<string, number>;
}

/**
 * Parses and validates a JSON body: 413 over the byte limit, over JSON_MAX_VALUES values or over a
 * field's `maxChars`; 400 for malformed JSON, nesting past JSON_MAX_DEPTH, or invalid fields.
 */
export async function parseJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S, limit: number, options: BodyOptions = {}): Promise<ParsedBody<z.infer<S>>> {
  const body = await readBodyText(request, limit);
  if (!body.ok) return body;
  let value: unknown;
  if (body.text.trim() === "") value = {};
  else {
    const shape = checkJsonShape(body.text);
    if (shape?.kind === "depth")
      return { ok: false, response: apiError(400, `JSON nested too deeply: more than ${shape.limit} levels of arrays and objects`, { limit: shape.limit }) };
    if (shape?.kind === "values")
      return { ok: false, response: apiError(413, `JSON body has too many values: more than ${shape.limit} array elements and object members`, { limit: shape.limit }) };
    try {
      value = JSON.parse(body.text);
    } catch {
      return { ok: false, response: apiError(400, "Malformed JSON body") };
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, response: apiError(400, "Request body must be a JSON object") };
  for (const [field, max] of Object.entries(options.maxChars ?? {})) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === "string" && v.length > max) return { ok: false, response: inputTooLarge(field, v.length, max) };
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues;
    const details = issues.slice(0, MAX_ERROR_DETAILS).map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
    const omitted = issues.length > details.length ? { details_omitted: issues.length - details.length } : {};
    const missing = missingFields(issues, value);
    if (missing.length) return { ok: false, response: apiError(400, "Missing required fields", { missing, details, ...omitted }) };
    return { ok: false, response: apiError(400, "Invalid request", { details, ...omitted }) };
  }
  return { ok: true, data: result.data };
}

// ── route definition ────────────────────────────────────────────────────────────────────────────

export type ApiAuth = "user" | "admin" | "none";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiArgs {
  request: Request;
  params: Record<string, string | undefined>;
  app: AppContext;
  requestId: string;
  /** The client's address (X-Forwarded-For is believed only from the proxies in TRUST_PROXY). */
  clientIp: string;
  /** Set for "user" and "admin" routes. */
  user: User;
  body<S extends z.ZodTypeAny>(schema: S, options?: BodyOptions): Promise<ParsedBody<z.infer<S>>>;
}

export type ApiHandler = (args: ApiArgs) => Promise<Response> | Response;

export interface LoadContext {
  requestId?: string;
  clientIp?: string;
}

function authFailureResponse(f: AuthFailure): Response {
  return f === "forbidden" ? forbidden() : unauthorized();
}

/**
 * A JSON API resource route: authentication first (so an anonymous caller learns nothing about a
 * route), then dispatch by method (405 with Allow otherwise), and any unexpected error becomes a
 * 500 without internals while the log keeps the stack and the request id.
 */
export function apiRoute(auth: ApiAuth, handlers: Partial<Record<Method, ApiHandler>>) {
  const allow = Object.keys(handlers).join(", ");
  const dispatch = async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    const app = await getApp();
    const requestId = (context as LoadContext | undefined)?.requestId ?? request.headers.get("x-request-id") ?? "-";
    const log = app.logger.child({ requestId });
    try {
      let user: User | undefined;
      if (auth !== "none") {
        const result = await authenticateBearer(app, request, auth === "admin");
        if (!result.ok) return authFailureResponse(result.failure);
        user = result.user;
      }
      const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
      const handler = handlers[method];
      if (!handler) return apiError(405, `Method ${request.method} not allowed`, { allow }, { Allow: allow });
      return await handler({
        request,
        params,
        app,
        requestId,
        clientIp: (context as LoadContext | undefined)?.clientIp ?? "unknown",
        user: user as User,
        body: (schema, options) => parseJsonBody(request, schema, app.env.JSON_BODY_LIMIT_BYTES, options),
      });
    } catch (error) {
      if (error instanceof Response) return error;
      if (isDatabaseBusy(error)) {
        log.warn({ path: new URL(request.url).pathname }, "database write lock held by another process; answered 503");
        return databaseBusy();
      }
      if (isStorageFull(error)) {
        noteStorageFull();
        log.error({ err: error, path: new URL(request.url).pathname }, "the database has no room for a write (disk full); answered 503");
        return databaseFull();
      }
      log.error({ err: error, path: new URL(request.url).pathname }, "unhandled error in API route");
      return apiError(500, "Internal server error", { request_id: requestId });
    }
  };
  return { loader: dispatch, action: dispatch, apiAuth: auth };
}
