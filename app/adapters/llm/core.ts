import { extractJson, formatZodIssues } from "./json";
import {
  addUsage,
  emptyUsage,
  type LlmCallLog,
  type LlmClient,
  type LlmConfig,
  type LlmError,
  type LlmJsonRequest,
  type LlmProvider,
  type LlmRequest,
  type LlmResult,
  type LlmUsage,
} from "./port";
import { parseRetryAfter, retryDelayMs } from "./retry";

/** One conversational turn after the system prompt and the cacheable blocks. */
export interface Turn {
  role: "user" | "assistant";
  content: string;
}

/** What an adapter must send for one HTTP request; vendor details stay in the adapter. */
export interface SendRequest {
  model: string;
  system: string;
  cacheable: string[];
  turns: Turn[];
  maxTokens?: number;
  temperature?: number;
  json: boolean;
  /** The JSON Schema the reply must follow, when the caller gave one (only with `json`). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  timeoutMs: number;
  signal: AbortSignal;
}

export type SendOutcome =
  | { ok: true; text: string; usage: LlmUsage; model: string }
  | {
      ok: false;
      error: LlmError;
      retryable: boolean;
      retryAfterMs?: number;
      /** The server refused the request's JSON Schema: the same request without it may pass. */
      schemaRefused?: boolean;
    };

export type Transport = (req: SendRequest) => Promise<SendOutcome>;

/** Injected in tests so backoff and timeouts can be observed without waiting for them. */
export interface CoreDeps {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /**
   * Starts the timer of one attempt, calling `expire` when its `ms` are up; answers a function that
   * stops it. A test can make an attempt time out when something has happened (the server has the
   * request) rather than after a time a loaded machine may not keep to.
   */
  startTimer?: (ms: number, expire: () => void) => () => void;
}

const DEFAULT_RETRY_BASE_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const realTimer = (ms: number, expire: () => void) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

/** Maps an HTTP failure to the port's error kinds; only throttling and server faults are worth retrying. */
export function httpFailure(
  status: number,
  message: string,
  headers?: { get(name: string): string | null } | null,
): SendOutcome & { ok: false } {
  const retryAfterMs = headers ? parseRetryAfter(headers.get("retry-after"), headers.get("retry-after-ms")) : undefined;
  if (status === 429) return { ok: false, error: { kind: "rate_limited", message, status }, retryable: true, retryAfterMs };
  if (status === 408) return { ok: false, error: { kind: "timeout", message, status }, retryable: true, retryAfterMs };
  if (status >= 500) return { ok: false, error: { kind: "server", message, status }, retryable: true, retryAfterMs };
  if (status === 401 || status === 403) return { ok: false, error: { kind: "auth", message, status }, retryable: false };
  return { ok: false, error: { kind: "bad_request", message, status }, retryable: false };
}

export function timeoutFailure(timeoutMs: number): SendOutcome & { ok: false } {
  return { ok: false, error: { kind: "timeout", message: `no response within ${timeoutMs} ms` }, retryable: true };
}

export function networkFailure(message: string): SendOutcome & { ok: false } {
  return { ok: false, error: { kind: "network", message }, retryable: true };
}

/** A schema or tool name both vendors accept: letters, digits, `_` and `-`, at most 64. */
export function schemaToolName(schemaName: string): string {
  return schemaName.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "Answer";
}

export function jsonInstruction(schemaName: string): string {
  return `Respond with a single JSON object (${schemaName}) and nothing else: no prose, no code fences.`;
}

export function repairInstruction(schemaName: string, problem: string): string {
  return [
    `Your previous reply was not a valid ${schemaName} JSON object.`,
    "Problems:",
    problem,
    `Reply with the corrected ${schemaName} JSON object only: no prose, no code fences.`,
  ].join("\n");
}

type Check<T> = { ok: true; value: T } | { ok: false; problem: string };

function checkJson<T>(text: string, schema: LlmJsonRequest<T>["schema"]): Check<T> {
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, problem: `- (root): ${extracted.message}` };
  const parsed = schema.safeParse(extracted.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: formatZodIssues(parsed.error) };
}

/**
 * Everything both vendors share: per-request timeout, retries with backoff, the JSON repair
 * round, usage accounting and the call log. Adapters only translate one request and its reply.
 */
export function buildClient(provider: LlmProvider, cfg: LlmConfig, transport: Transport, deps: CoreDeps = {}): LlmClient {
  const sleep = deps.sleep ?? sleepFor;
  const now = deps.now ?? Date.now;
  const startTimer = deps.startTimer ?? realTimer;
  const baseMs = cfg.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const maxRetryAfterMs = cfg.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const maxRetries = Math.max(0, Math.floor(cfg.maxRetries));
  // Set once a server refused a JSON Schema and took the same request without it (an older Ollama
  // or vLLM): later calls to this server ask for a JSON object straight away.
  let schemaUnsupported = false;

  interface CallState {
    attempts: number;
    usage: LlmUsage;
    model: string;
  }

  async function sendOnce(req: Omit<SendRequest, "signal" | "timeoutMs">): Promise<SendOutcome> {
    // Our own timer backs up the SDK's `timeout`, so a stalled body read is cut off as well.
    const controller = new AbortController();
    const stopTimer = startTimer(cfg.timeoutMs, () => controller.abort());
    try {
      const out = await transport({ ...req, timeoutMs: cfg.timeoutMs, signal: controller.signal });
      if (!out.ok && controller.signal.aborted) return timeoutFailure(cfg.timeoutMs);
      return out;
    } catch (e) {
      if (controller.signal.aborted) return timeoutFailure(cfg.timeoutMs);
      return networkFailure(e instanceof Error ? e.message : String(e));
    } finally {
      stopTimer();
    }
  }

  async function sendWithRetry(
    state: CallState,
    req: Omit<SendRequest, "signal" | "timeoutMs">,
  ): Promise<{ ok: true; text: string } | { ok: false; error: LlmError }> {
    let fellBack = false;
    for (let retry = 0; ; retry++) {
      state.attempts++;
      const send = schemaUnsupported || fellBack ? { ...req, jsonSchema: undefined } : req;
      const out = await sendOnce(send);
      if (out.ok) {
        state.usage = addUsage(state.usage, out.usage);
        if (out.model) state.model = out.model;
        // Only a success without the schema shows the schema was the problem, not the request.
        if (fellBack) schemaUnsupported = true;
        return { ok: true, text: out.text };
      }
      if (out.schemaRefused && send.jsonSchema && !fellBack) {
        // Not a retry of a fault: the same request once more, asking for a plain JSON object.
        fellBack = true;
        retry--;
        continue;
      }
      if (!out.retryable || retry >= maxRetries) return { ok: false, error: out.error };
      await sleep(retryDelayMs({ retry: retry + 1, baseMs, retryAfterMs: out.retryAfterMs, maxRetryAfterMs, random: deps.random }));
    }
  }

  function finish<T>(req: LlmRequest, state: CallState, started: number, result: Check<T> | { ok: false; error: LlmError }): LlmResult<T> {
    const out: LlmResult<T> = result.ok
      ? { ok: true, value: result.value, usage: state.usage, model: state.model, attempts: state.attempts }
      : {
          ok: false,
          error: "error" in result ? result.error : { kind: "invalid_output", message: result.problem },
          usage: state.usage,
          model: state.model,
          attempts: state.attempts,
        };
    if (cfg.onCall) {
      const log: LlmCallLog = {
        provider,
        role: req.role,
        model: state.model,
        promptVersion: req.promptVersion,
        usage: state.usage,
        latencyMs: now() - started,
        attempts: state.attempts,
        ok: out.ok,
        ...(out.ok ? {} : { errorKind: out.error.kind }),
      };
      try {
        cfg.onCall(log);
      } catch {
        // A broken logger must not turn a paid-for answer into a failure.
      }
    }
    return out;
  }

  function begin(req: LlmRequest): { state: CallState; started: number; model: string | undefined } {
    const model = cfg.models[req.role];
    return { state: { attempts: 0, usage: emptyUsage(), model: model ?? "" }, started: now(), model };
  }

  function missingModel(role: string): { ok: false; error: LlmError } {
    return { ok: false, error: { kind: "bad_request", message: `no model configured for role "${role}"` } };
  }

  return {
    provider,

    async complete(req) {
      const { state, started, model } = begin(req);
      if (!model) return finish(req, state, started, missingModel(req.role));
      const base = {
        model,
        system: req.system,
        cacheable: req.cacheable ?? [],
        maxTokens: req.maxTokens,
        temperature: req.temperature,
        json: false,
      };
      const out = await sendWithRetry(state, { ...base, turns: [{ role: "user", content: req.prompt }] });
      if (!out.ok) return finish(req, state, started, out);
      if (out.text.trim() === "") {
        return finish<string>(req, state, started, {
          ok: false,
          error: { kind: "invalid_output", message: "the model returned an empty reply" },
        });
      }
      return finish(req, state, started, { ok: true, value: out.text });
    },

    async completeJson<T>(req: LlmJsonRequest<T>) {
      const { state, started, model } = begin(req);
      if (!model) return finish<T>(req, state, started, missingModel(req.role));
      const base = {
        model,
        system: `${req.system}\n\n${jsonInstruction(req.schemaName)}`,
        cacheable: req.cacheable ?? [],
        maxTokens: req.maxTokens,
        temperature: req.temperature,
        json: true,
        ...(req.jsonSchema ? { jsonSchema: { name: schemaToolName(req.schemaName), schema: req.jsonSchema } } : {}),
      };
      const first = await sendWithRetry(state, { ...base, turns: [{ role: "user", content: req.prompt }] });
      if (!first.ok) return finish<T>(req, state, started, first);
      const firstCheck = checkJson(first.text, req.schema);
      if (firstCheck.ok) return finish(req, state, started, firstCheck);

      const repairTurns: Turn[] = [
        { role: "user", content: req.prompt },
        // Vendors reject empty assistant turns; the placeholder still tells the model what went wrong.
        { role: "assistant", content: first.text.trim() === "" ? "(empty reply)" : first.text },
        { role: "user", content: repairInstruction(req.schemaName, firstCheck.problem) },
      ];
      const second = await sendWithRetry(state, { ...base, turns: repairTurns });
      if (!second.ok) return finish<T>(req, state, started, second);
      const secondCheck = checkJson(second.text, req.schema);
      if (secondCheck.ok) return finish(req, state, started, secondCheck);
      return finish<T>(req, state, started, {
        ok: false,
        error: {
          kind: "invalid_output",
          message: `the model's output was not a valid ${req.schemaName} after one repair round:\n${secondCheck.problem}`,
        },
      });
    },
  };
}
