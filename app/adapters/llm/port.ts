import type { z } from "zod";

/** Each pipeline stage names its own model so cheap stages can use cheap models. */
export type LlmRole = "brief" | "copy" | "blueprint" | "code" | "rewrite" | "rerank" | "judge" | "tag" | "refine";

export const LLM_ROLES: readonly LlmRole[] = ["brief", "copy", "blueprint", "code", "rewrite", "rerank", "judge", "tag", "refine"];

export type LlmProvider = "anthropic" | "openai";

export interface LlmRequest {
  role: LlmRole;
  /** Stable instructions; Anthropic caches it. */
  system: string;
  /** Long, stable blocks (retrieved examples, style guides) sent before `prompt`; Anthropic caches them. */
  cacheable?: string[];
  /** The per-call part. */
  prompt: string;
  maxTokens?: number;
  temperature?: number;
  /** Reported to `onCall` so logs can tie an output to the prompt text that produced it. */
  promptVersion?: string;
}

export interface LlmJsonRequest<T> extends LlmRequest {
  schema: z.ZodType<T>;
  /** Short name of the expected object, used in the repair instruction (and as the vendor's schema or tool name). */
  schemaName: string;
  /**
   * `schema` as a JSON Schema object, for the vendor's structured output: OpenAI-compatible
   * servers get it as `response_format: json_schema`, Anthropic as a forced tool. Without it the
   * model is only told to answer JSON. The reply is still checked with `schema` either way.
   */
  jsonSchema?: Record<string, unknown>;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** Token counts of two calls together. */
export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

export type LlmErrorKind = "timeout" | "rate_limited" | "server" | "invalid_output" | "auth" | "bad_request" | "network";

export interface LlmError {
  kind: LlmErrorKind;
  message: string;
  status?: number;
}

export type LlmResult<T> =
  | { ok: true; value: T; usage: LlmUsage; model: string; attempts: number }
  | { ok: false; error: LlmError; usage: LlmUsage; model: string; attempts: number };

export interface LlmCallLog {
  provider: LlmProvider;
  role: LlmRole;
  model: string;
  promptVersion?: string;
  usage: LlmUsage;
  latencyMs: number;
  /** HTTP requests made for this call, including retries and the repair round. */
  attempts: number;
  ok: boolean;
  errorKind?: LlmErrorKind;
}

export interface LlmConfig {
  apiKey?: string;
  /** Anthropic: server root (e.g. http://host:port). OpenAI-compatible: include `/v1`. */
  baseURL?: string;
  models: Record<LlmRole, string>;
  /** Per HTTP request. */
  timeoutMs: number;
  /** Retries after the first request for retryable failures (429, 5xx, timeout, connection). */
  maxRetries: number;
  /** First backoff delay; doubles each retry. Default 500 ms. */
  retryBaseMs?: number;
  /** Upper bound for a server-requested `retry-after` wait. Default 30 s. */
  maxRetryAfterMs?: number;
  onCall?: (log: LlmCallLog) => void;
}

export interface LlmClient {
  readonly provider: LlmProvider;
  /** Text completion. */
  complete(req: LlmRequest): Promise<LlmResult<string>>;
  /** Structured output: JSON checked with zod, one repair round when invalid. */
  completeJson<T>(req: LlmJsonRequest<T>): Promise<LlmResult<T>>;
}

export function emptyUsage(): LlmUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
}
