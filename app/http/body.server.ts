// Reading request bodies within their limits (docs/api.md "Input limits", docs/security.md): one
// size-limited reader for the API routes (a Request's stream) and the page guard
// (server/page-guard.ts, a Node request, through the build's entry module), then JSON parsed and
// validated without letting deep or huge input reach anything recursive.
import type { z } from "zod";
import { apiError } from "./responses.server";

/**
 * A body being read: its declared Content-Length (NaN when none), the next chunk (null at its
 * end; rejects when the client goes), and `stop`, which leaves the rest unread without closing
 * the connection, so a refusal can still be sent on it.
 */
export interface BodySource {
  declaredLength: number;
  read(): Promise<Uint8Array | null>;
  stop(): void;
}

export type LimitedBody = { ok: true; bytes: Buffer<ArrayBuffer> } | { ok: false; complete: boolean };

/**
 * Reads a body of at most `limit` bytes: refused by its declared length up front when that says
 * more than `limit + drain`, otherwise counted as it streams (chunked bodies have no length), so
 * at most `limit` bytes are ever held. Past the limit, up to `drain` more bytes are read and
 * dropped before the refusal; `complete` says whether the body ended within them. A client that
 * goes rejects, as its source's read does.
 */
export async function readLimitedBody(source: BodySource, limit: number, drain = 0): Promise<LimitedBody> {
  try {
    if (Number.isFinite(source.declaredLength) && source.declaredLength > limit + drain) return { ok: false, complete: false };
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const chunk = await source.read();
      if (chunk === null) break;
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit + drain) return { ok: false, complete: false };
      else chunks.length = 0;
    }
    return size > limit ? { ok: false, complete: true } : { ok: true, bytes: Buffer.concat(chunks, size) };
  } finally {
    source.stop();
  }
}

/** A Request's body as a BodySource. */
export function requestBodySource(request: Request): BodySource {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return {
    declaredLength: Number(request.headers.get("content-length") ?? NaN),
    async read() {
      if (!request.body) return null;
      reader ??= request.body.getReader();
      const { done, value } = await reader.read();
      return done ? null : value;
    },
    // Released, not cancelled: cancelling the stream over a socket would destroy the socket
    // before the 413 is sent. The server drains the rest once the response is written.
    stop: () => reader?.releaseLock(),
  };
}

/** Reads the body as text, refusing more than `limit` bytes even without a Content-Length. */
export async function readBodyText(
  request: Request,
  limit: number,
): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const body = await readLimitedBody(requestBodySource(request), limit);
  if (!body.ok) return { ok: false, response: apiError(413, `Request body is larger than ${limit} bytes`, { limit_bytes: limit }) };
  return { ok: true, text: body.bytes.toString("utf8") };
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

/**
 * Whether a form body (URL-encoded or multipart) holds more than `max` entries, counted on its
 * bytes before anything parses it: the separators (`&`) or the part delimiters. Reading a
 * megabyte of `a=1&…` into a FormData takes a tenth of a second or more, and conform gathers a
 * repeated name by copying its list at every entry; no page form has more than a few hundred.
 * Other bodies (JSON of a data request, none) are not forms: false.
 */
export function formHasMoreEntries(contentType: string | null, body: Uint8Array, max: number): boolean {
  const [type = "", ...params] = (contentType ?? "").split(";");
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let separator: Buffer;
  // Separators allowed: n entries have n - 1 `&`; n parts have n + 1 delimiters (the last one closes the body).
  let allowed: number;
  switch (type.trim().toLowerCase()) {
    case "application/x-www-form-urlencoded":
      separator = Buffer.from("&");
      allowed = max - 1;
      break;
    case "multipart/form-data": {
      const boundary = params.map((p) => /^\s*boundary="?([^";]{1,200})"?\s*$/i.exec(p)?.[1]).find(Boolean);
      // No boundary: the parser refuses the body whole.
      if (!boundary) return false;
      separator = Buffer.from(`--${boundary}`);
      allowed = max + 1;
      break;
    }
    default:
      return false;
  }
  let count = 0;
  for (let at = bytes.indexOf(separator); at >= 0; at = bytes.indexOf(separator, at + separator.length)) {
    if (++count > allowed) return true;
  }
  return false;
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
export async function parseJsonBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  limit: number,
  options: BodyOptions = {},
): Promise<ParsedBody<z.infer<S>>> {
  const body = await readBodyText(request, limit);
  if (!body.ok) return body;
  let value: unknown;
  if (body.text.trim() === "") value = {};
  else {
    const shape = checkJsonShape(body.text);
    if (shape?.kind === "depth")
      return {
        ok: false,
        response: apiError(400, `JSON nested too deeply: more than ${shape.limit} levels of arrays and objects`, { limit: shape.limit }),
      };
    if (shape?.kind === "values")
      return {
        ok: false,
        response: apiError(413, `JSON body has too many values: more than ${shape.limit} array elements and object members`, {
          limit: shape.limit,
        }),
      };
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
