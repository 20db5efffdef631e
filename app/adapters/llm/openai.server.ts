import type OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { buildClient, httpFailure, networkFailure, timeoutFailure, type CoreDeps, type SendOutcome, type SendRequest } from "./core";
import type { LlmClient, LlmConfig } from "./port";

const DEFAULT_BASE_URL = "https://api.openai.com/v1";
/** Local servers (Ollama, vLLM) ignore the key, but the SDK refuses to start without one. */
export const LOCAL_DUMMY_API_KEY = "local";

/**
 * One system message holding the system prompt and the cacheable blocks: OpenAI caches stable
 * prefixes by itself, and several local chat templates reject more than one system message.
 */
export function buildOpenAiParams(req: Omit<SendRequest, "signal" | "timeoutMs">): ChatCompletionCreateParamsNonStreaming {
  const systemText = [req.system, ...req.cacheable].filter((s) => s.trim() !== "").join("\n\n");
  const messages: ChatCompletionMessageParam[] = [];
  if (systemText !== "") messages.push({ role: "system", content: systemText });
  for (const turn of req.turns) messages.push({ role: turn.role, content: turn.content });
  const params: ChatCompletionCreateParamsNonStreaming = { model: req.model, messages };
  // `max_tokens` rather than `max_completion_tokens`: it is the one every compatible server knows.
  if (req.maxTokens !== undefined) params.max_tokens = req.maxTokens;
  if (req.temperature !== undefined) params.temperature = req.temperature;
  // A JSON Schema when the caller gave one (the server then constrains the reply to it); `strict`
  // is left off, since it would require every field and optional ones are the point of most schemas.
  if (req.json)
    params.response_format = req.jsonSchema
      ? { type: "json_schema", json_schema: { name: req.jsonSchema.name, schema: req.jsonSchema.schema } }
      : { type: "json_object" };
  return params;
}

export function createOpenAiClient(cfg: LlmConfig, deps: CoreDeps = {}): LlmClient {
  const apiKey = cfg.apiKey ?? (cfg.baseURL ? LOCAL_DUMMY_API_KEY : undefined);
  // The SDK is loaded at the first call, so a server that does not select OpenAI never loads it
  // (start-up time). Every option the SDK would otherwise read from the environment is given explicitly.
  let client: Promise<{ OpenAI: typeof OpenAI; sdk: OpenAI }> | undefined;
  const connect = (key: string) =>
    (client ??= import("openai").then(({ default: OpenAI }) => ({
      OpenAI,
      sdk: new OpenAI({
        apiKey: key,
        baseURL: cfg.baseURL ?? DEFAULT_BASE_URL,
        organization: null,
        project: null,
        adminAPIKey: null,
        webhookSecret: null,
        maxRetries: 0,
        timeout: cfg.timeoutMs,
        logLevel: "off",
      }),
    })));

  async function send(req: SendRequest): Promise<SendOutcome> {
    if (!apiKey) {
      return { ok: false, error: { kind: "auth", message: "no OpenAI API key or base URL configured" }, retryable: false };
    }
    const { signal, timeoutMs, ...rest } = req;
    const { OpenAI, sdk } = await connect(apiKey);
    try {
      const res = await sdk.chat.completions.create(buildOpenAiParams(rest), { signal });
      const choice = res.choices?.[0];
      if (!choice) {
        return { ok: false, error: { kind: "server", message: "the server returned no choices" }, retryable: false };
      }
      if (choice.message.refusal) {
        return { ok: false, error: { kind: "invalid_output", message: `the model refused: ${choice.message.refusal}` }, retryable: false };
      }
      const prompt = res.usage?.prompt_tokens ?? 0;
      const cached = res.usage?.prompt_tokens_details?.cached_tokens ?? 0;
      return {
        ok: true,
        text: choice.message.content ?? "",
        model: res.model,
        usage: {
          // prompt_tokens includes cached ones; split them so the fields mean the same as Anthropic's.
          inputTokens: Math.max(0, prompt - cached),
          outputTokens: res.usage?.completion_tokens ?? 0,
          cacheReadTokens: cached,
          cacheWriteTokens: 0,
        },
      };
    } catch (e) {
      if (e instanceof OpenAI.APIConnectionTimeoutError) return timeoutFailure(timeoutMs);
      if (e instanceof OpenAI.APIUserAbortError) return timeoutFailure(timeoutMs);
      if (e instanceof OpenAI.APIConnectionError) return networkFailure(e.message);
      if (e instanceof OpenAI.APIError && typeof e.status === "number") {
        const failure = httpFailure(e.status, e.message, e.headers ?? null);
        // Servers that predate json_schema (Ollama and vLLM versions differ) answer 400 to it; the
        // core then sends the same request once with json_object.
        return e.status === 400 && rest.jsonSchema ? { ...failure, schemaRefused: true } : failure;
      }
      return networkFailure(e instanceof Error ? e.message : String(e));
    }
  }

  return buildClient("openai", cfg, send, deps);
}
