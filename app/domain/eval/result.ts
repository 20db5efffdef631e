/**
 * One eval result as other clients spell it. What a result holds (QA score, judge score,
 * generation time, error) is the contract; the field names are not. So `saveResult` accepts the
 * usual spellings through one explicit alias table, coerces numeric strings, and keeps every
 * other field in `details` instead of refusing it, including a name that looks like a known one
 * but holds another kind of value (`extra: "kept"`, `qa: "great"`): that name meant something
 * else. docs/api/eval.md lists the accepted names.
 */

export type CanonicalField = "promptId" | "prompt" | "qaScore" | "judgeScore" | "generationMs" | "error" | "details";

/** How a key is compared: case, `_`, `-`, `.` and whitespace do not matter. */
export function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[\s_.-]+/g, "");
}

/**
 * Every accepted spelling, in normalised form (see normalizeKey), and what it means. Times
 * spelled in seconds are converted to milliseconds. `score` alone is deliberately absent: it
 * could be either score, so it is kept in `details`.
 */
export const RESULT_ALIASES: Readonly<Record<string, { field: CanonicalField; seconds?: true }>> = {
  // the prompt's id in its set, and its text
  promptid: { field: "promptId" },
  promptkey: { field: "promptId" },
  caseid: { field: "promptId" },
  testcaseid: { field: "promptId" },
  prompt: { field: "prompt" },
  prompttext: { field: "prompt" },
  // QA score
  qascore: { field: "qaScore" },
  qa: { field: "qaScore" },
  qualityscore: { field: "qaScore" },
  // judge score
  judgescore: { field: "judgeScore" },
  judge: { field: "judgeScore" },
  judgementscore: { field: "judgeScore" },
  judgmentscore: { field: "judgeScore" },
  llmjudgescore: { field: "judgeScore" },
  // generation time, milliseconds
  generationms: { field: "generationMs" },
  generationtime: { field: "generationMs" },
  generationtimems: { field: "generationMs" },
  generationmillis: { field: "generationMs" },
  generationduration: { field: "generationMs" },
  generationdurationms: { field: "generationMs" },
  durationms: { field: "generationMs" },
  duration: { field: "generationMs" },
  latencyms: { field: "generationMs" },
  latency: { field: "generationMs" },
  elapsedms: { field: "generationMs" },
  timems: { field: "generationMs" },
  // generation time, seconds
  generationseconds: { field: "generationMs", seconds: true },
  generationsec: { field: "generationMs", seconds: true },
  generationtimesec: { field: "generationMs", seconds: true },
  generationtimeseconds: { field: "generationMs", seconds: true },
  durationsec: { field: "generationMs", seconds: true },
  durationseconds: { field: "generationMs", seconds: true },
  latencysec: { field: "generationMs", seconds: true },
  latencyseconds: { field: "generationMs", seconds: true },
  elapsedseconds: { field: "generationMs", seconds: true },
  // error
  error: { field: "error" },
  errormessage: { field: "error" },
  errormsg: { field: "error" },
  err: { field: "error" },
  failure: { field: "error" },
  failurereason: { field: "error" },
  // anything else worth keeping, as an object
  details: { field: "details" },
  metadata: { field: "details" },
  meta: { field: "details" },
  extra: { field: "details" },
};

const ALIASES = new Map(Object.entries(RESULT_ALIASES));

export const SCORE_RANGE = { min: 0, max: 100 } as const;
export const MAX_GENERATION_MS = 86_400_000;
export const MAX_PROMPT_ID_CHARS = 200;
export const MAX_PROMPT_CHARS = 20_000;
export const MAX_ERROR_CHARS = 4000;

export interface NormalizedEvalResult {
  promptId: string | null;
  prompt: string | null;
  qaScore: number | null;
  judgeScore: number | null;
  /** Rounded to whole milliseconds. */
  generationMs: number | null;
  /** Null when there was no error (blank, false or null). */
  error: string | null;
  /** The given `details` object with every unrecognised field added; null when there is none. */
  details: Record<string, unknown> | null;
}

export interface ResultIssue {
  path: string;
  message: string;
}

export type NormalizeEvalResult = { ok: true; value: NormalizedEvalResult } | { ok: false; issues: ResultIssue[] };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A finite number, or a string holding one (surrounding spaces allowed), with an optional unit suffix. */
function toNumber(value: unknown, units: RegExp | null): { ok: true; n: number; unit?: string } | { ok: false } {
  if (typeof value === "number") return Number.isFinite(value) ? { ok: true, n: value } : { ok: false };
  if (typeof value !== "string") return { ok: false };
  let text = value.trim();
  let unit: string | undefined;
  const suffix = units?.exec(text);
  if (suffix) {
    unit = suffix[0].trim().toLowerCase();
    text = text.slice(0, suffix.index).trim();
  }
  if (!NUMBER.test(text)) return { ok: false };
  const n = Number(text);
  return Number.isFinite(n) ? { ok: true, n, unit } : { ok: false };
}

/**
 * `shape`: the value is not the kind the field takes (kept in details under its own name);
 * `range`: the right kind, but out of bounds (refused: the client meant this field).
 */
type Coerced<T> = { ok: true; value: T | null } | { ok: false; kind: "shape" | "range"; message: string };

const shape = (message: string) => ({ ok: false as const, kind: "shape" as const, message });
const range = (message: string) => ({ ok: false as const, kind: "range" as const, message });

function score(value: unknown): Coerced<number> {
  if (value === null || value === undefined || value === "") return { ok: true, value: null };
  const n = toNumber(value, /\s*%$/);
  if (!n.ok) return shape("must be a number (or a numeric string)");
  if (n.n < SCORE_RANGE.min || n.n > SCORE_RANGE.max) return range(`must be between ${SCORE_RANGE.min} and ${SCORE_RANGE.max}`);
  return { ok: true, value: n.n };
}

function milliseconds(value: unknown, inSeconds: boolean): Coerced<number> {
  if (value === null || value === undefined || value === "") return { ok: true, value: null };
  const n = toNumber(value, /\s*(ms|s)$/i);
  if (!n.ok) return shape('must be a number (or a numeric string, optionally ending in "ms" or "s")');
  const seconds = n.unit ? n.unit === "s" : inSeconds;
  const ms = Math.round(seconds ? n.n * 1000 : n.n);
  if (ms < 0 || ms > MAX_GENERATION_MS) return range(`must be between 0 and ${MAX_GENERATION_MS} ms`);
  return { ok: true, value: ms };
}

function text(value: unknown, max: number, numbersToo: boolean): Coerced<string> {
  if (value === null || value === undefined) return { ok: true, value: null };
  const s = typeof value === "string" ? value : numbersToo && typeof value === "number" && Number.isFinite(value) ? String(value) : null;
  if (s === null) return shape(numbersToo ? "must be a string or a number" : "must be a string");
  if (s.length > max) return range(`must be at most ${max} characters`);
  return { ok: true, value: s };
}

/** A string; `{ message }` as error objects serialise; true (failed, no message); false/null/blank: none. */
function errorText(value: unknown): Coerced<string> {
  if (value === null || value === undefined || value === false) return { ok: true, value: null };
  if (value === true) return { ok: true, value: "error" };
  const message =
    typeof value === "string"
      ? value
      : value && typeof value === "object" && !Array.isArray(value) && typeof (value as { message?: unknown }).message === "string"
        ? (value as { message: string }).message
        : null;
  if (message === null) return shape("must be a string, an object with a message, or a boolean");
  const trimmed = message.trim();
  if (trimmed.length > MAX_ERROR_CHARS) return range(`must be at most ${MAX_ERROR_CHARS} characters`);
  return { ok: true, value: trimmed === "" ? null : trimmed };
}

function detailsObject(value: unknown): Coerced<Record<string, unknown>> {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value !== "object" || Array.isArray(value)) return shape("must be an object");
  return { ok: true, value: value as Record<string, unknown> };
}

function coerce(field: CanonicalField, value: unknown, seconds: boolean): Coerced<unknown> {
  switch (field) {
    case "promptId": {
      const id = text(value, MAX_PROMPT_ID_CHARS, true);
      return id.ok && id.value !== null ? { ok: true, value: id.value.trim() || null } : id;
    }
    case "prompt":
      return text(value, MAX_PROMPT_CHARS, false);
    case "qaScore":
    case "judgeScore":
      return score(value);
    case "generationMs":
      return milliseconds(value, seconds);
    case "error":
      return errorText(value);
    case "details":
      return detailsObject(value);
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Maps a result object onto the stored columns. Each key is looked up (normalised) in
 * RESULT_ALIASES. A recognised key whose value is of another kind than its field takes is kept in
 * `details` under its own name, like an unrecognised key (an explicit `details` object wins over a
 * same-named stray key); one of the right kind but out of bounds is an issue (`judge_score: 120`),
 * and two spellings of one field must agree.
 */
export function normalizeEvalResult(input: Record<string, unknown>): NormalizeEvalResult {
  const issues: ResultIssue[] = [];
  const values: Partial<Record<CanonicalField, { key: string; value: unknown }>> = {};
  // No prototype: a stray `__proto__` key is kept as data like any other.
  const extra = Object.create(null) as Record<string, unknown>;
  for (const [key, raw] of Object.entries(input)) {
    const alias = ALIASES.get(normalizeKey(key));
    if (!alias) {
      extra[key] = raw;
      continue;
    }
    const coerced = coerce(alias.field, raw, alias.seconds === true);
    if (!coerced.ok && coerced.kind === "shape") {
      extra[key] = raw;
      continue;
    }
    if (!coerced.ok) {
      issues.push({ path: key, message: `${key} (${alias.field}) ${coerced.message}` });
      continue;
    }
    const earlier = values[alias.field];
    if (earlier && !sameValue(earlier.value, coerced.value)) {
      issues.push({ path: key, message: `${key} and ${earlier.key} both give ${alias.field}, with different values` });
      continue;
    }
    values[alias.field] = { key, value: coerced.value };
  }
  if (issues.length) return { ok: false, issues };
  const given = values.details?.value as Record<string, unknown> | null | undefined;
  const details = Object.keys(extra).length || given ? { ...extra, ...(given ?? {}) } : null;
  return {
    ok: true,
    value: {
      promptId: (values.promptId?.value as string | null | undefined) ?? null,
      prompt: (values.prompt?.value as string | null | undefined) ?? null,
      qaScore: (values.qaScore?.value as number | null | undefined) ?? null,
      judgeScore: (values.judgeScore?.value as number | null | undefined) ?? null,
      generationMs: (values.generationMs?.value as number | null | undefined) ?? null,
      error: (values.error?.value as string | null | undefined) ?? null,
      details,
    },
  };
}
