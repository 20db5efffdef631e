import type Anthropic from "@anthropic-ai/sdk";
import type {
  ContentBlock,
  MessageCreateParamsNonStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolUseBlock,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { buildClient, httpFailure, networkFailure, timeoutFailure, type CoreDeps, type SendOutcome, type SendRequest } from "./core";
import type { LlmClient, LlmConfig } from "./port";

const DEFAULT_BASE_URL = "https://api.anthropic.com";
const DEFAULT_MAX_TOKENS = 4096;
/** Anthropic allows four cache breakpoints per request; one goes to the system prompt. */
const MAX_CACHEABLE_BREAKPOINTS = 3;

const EPHEMERAL = { type: "ephemeral" } as const;

/**
 * The system prompt and the cacheable blocks carry `cache_control`. Caching is by prefix, so
 * when there are more blocks than breakpoints the last ones get them and still cover the earlier.
 */
export function buildAnthropicParams(req: Omit<SendRequest, "signal" | "timeoutMs">): MessageCreateParamsNonStreaming {
  const system: TextBlockParam[] = [{ type: "text", text: req.system, cache_control: EPHEMERAL }];
  const firstBreakpoint = Math.max(0, req.cacheable.length - MAX_CACHEABLE_BREAKPOINTS);
  const cachedBlocks: TextBlockParam[] = req.cacheable.map((text, i) =>
    i >= firstBreakpoint ? { type: "text", text, cache_control: EPHEMERAL } : { type: "text", text },
  );
  const messages: MessageParam[] = req.turns.map((turn, i) =>
    i === 0 && turn.role === "user"
      ? { role: "user", content: [...cachedBlocks, { type: "text", text: turn.content }] }
      : { role: turn.role, content: turn.content },
  );
  const params: MessageCreateParamsNonStreaming = {
    model: req.model,
    max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
    system: req.system.trim() === "" ? undefined : system,
    messages,
  };
  if (params.system === undefined) delete params.system;
  // `temperature` is gone from the Messages API as of SDK 1.x, so it is deliberately not sent.
  // Structured output is a tool the model must call: its input is the object, shaped by the schema.
  if (req.json && req.jsonSchema) {
    const { name, schema } = req.jsonSchema;
    params.tools = [
      {
        name,
        description: `Record the ${name} object read from the request.`,
        input_schema: { ...schema, type: "object" } as Tool.InputSchema,
      },
    ];
    params.tool_choice = { type: "tool", name };
  }
  return params;
}

/** The forced tool's input, as JSON text, when the model called it; otherwise the reply's text. */
function replyOf(content: ContentBlock[], tool: string | undefined): string {
  const call = tool ? content.find((b): b is ToolUseBlock => b.type === "tool_use" && b.name === tool) : undefined;
  if (call) return JSON.stringify(call.input ?? null);
  return content
    .filter((b): b is Extract<ContentBlock, { type: "text" }> => b.type === "text")
    .map((b) => b.text)
    .join("");
}

export function createAnthropicClient(cfg: LlmConfig, deps: CoreDeps = {}): LlmClient {
  const apiKey = cfg.apiKey;
  // The SDK is loaded at the first call, so a server that does not select Anthropic never loads it
  // (start-up time). Every option the SDK would otherwise read from the environment is given explicitly.
  let client: Promise<{ Anthropic: typeof Anthropic; sdk: Anthropic }> | undefined;
  const connect = () =>
    (client ??= import("@anthropic-ai/sdk").then(({ default: Anthropic }) => ({
      Anthropic,
      sdk: new Anthropic({
        apiKey,
        baseURL: cfg.baseURL ?? DEFAULT_BASE_URL,
        webhookKey: null,
        maxRetries: 0,
        timeout: cfg.timeoutMs,
        logLevel: "off",
      }),
    })));

  async function send(req: SendRequest): Promise<SendOutcome> {
    if (!apiKey) return { ok: false, error: { kind: "auth", message: "no Anthropic API key configured" }, retryable: false };
    const { signal, timeoutMs, ...rest } = req;
    const { Anthropic, sdk } = await connect();
    try {
      const msg = await sdk.messages.create(buildAnthropicParams(rest), { signal });
      return {
        ok: true,
        text: replyOf(msg.content, rest.json ? rest.jsonSchema?.name : undefined),
        model: msg.model,
        usage: {
          inputTokens: msg.usage?.input_tokens ?? 0,
          outputTokens: msg.usage?.output_tokens ?? 0,
          cacheReadTokens: msg.usage?.cache_read_input_tokens ?? 0,
          cacheWriteTokens: msg.usage?.cache_creation_input_tokens ?? 0,
        },
      };
    } catch (e) {
      if (e instanceof Anthropic.APIConnectionTimeoutError) return timeoutFailure(timeoutMs);
      if (e instanceof Anthropic.APIUserAbortError) return timeoutFailure(timeoutMs);
      if (e instanceof Anthropic.APIConnectionError) return networkFailure(e.message);
      if (e instanceof Anthropic.APIError && typeof e.status === "number") {
        return httpFailure(e.status, e.apiMessage ?? e.message, e.headers ?? null);
      }
      return networkFailure(e instanceof Error ? e.message : String(e));
    }
  }

  return buildClient("anthropic", cfg, send, deps);
}
