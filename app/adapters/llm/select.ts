import { createAnthropicClient } from "./anthropic.server";
import type { CoreDeps } from "./core";
import { createOpenAiClient } from "./openai.server";
import { LLM_ROLES, type LlmClient, type LlmConfig, type LlmProvider, type LlmRole } from "./port";

export type LlmProviderChoice = LlmProvider | "local";

export interface LlmSelectionInput {
  LLM_PROVIDER?: string;
  ANTHROPIC_API_KEY?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
}

const set = (v: string | undefined) => v !== undefined && v.trim() !== "";

/** `auto` (or unset): Anthropic when its key is set, else OpenAI when a key or base URL is set, else local engines. */
export function selectLlmProvider(input: LlmSelectionInput): LlmProviderChoice {
  const explicit = (input.LLM_PROVIDER ?? "auto").trim().toLowerCase();
  if (explicit === "anthropic" || explicit === "openai" || explicit === "local") return explicit;
  if (set(input.ANTHROPIC_API_KEY)) return "anthropic";
  if (set(input.OPENAI_API_KEY) || set(input.OPENAI_BASE_URL)) return "openai";
  return "local";
}

/**
 * Reading the brief and the writing stages get the strong model (every later stage writes from
 * the brief); ranking, judging and tagging get the cheap one.
 */
export const DEFAULT_MODELS: Record<LlmProvider, Record<LlmRole, string>> = {
  anthropic: {
    brief: "claude-sonnet-5-5",
    copy: "claude-sonnet-5-5",
    blueprint: "claude-sonnet-5-5",
    code: "claude-sonnet-5-5",
    rewrite: "claude-sonnet-5-5",
    refine: "claude-sonnet-5-5",
    rerank: "claude-haiku-4-5",
    judge: "claude-haiku-4-5",
    tag: "claude-haiku-4-5",
  },
  openai: {
    brief: "gpt-4.1",
    copy: "gpt-4.1",
    blueprint: "gpt-4.1",
    code: "gpt-4.1",
    rewrite: "gpt-4.1",
    refine: "gpt-4.1",
    rerank: "gpt-4.1-mini",
    judge: "gpt-4.1-mini",
    tag: "gpt-4.1-mini",
  },
};

export function createLlmClient(provider: LlmProvider, cfg: LlmConfig, deps: CoreDeps = {}): LlmClient {
  return provider === "anthropic" ? createAnthropicClient(cfg, deps) : createOpenAiClient(cfg, deps);
}

/** Provider defaults with per-role overrides from configuration; blank overrides are ignored. */
export function modelsFor(provider: LlmProvider, overrides: Partial<Record<LlmRole, string | undefined>> = {}): Record<LlmRole, string> {
  const models = { ...DEFAULT_MODELS[provider] };
  for (const [role, model] of Object.entries(overrides) as [LlmRole, string | undefined][]) {
    if (model !== undefined && model.trim() !== "" && role in models) models[role] = model.trim();
  }
  return models;
}

/** The configuration keys the adapters use, as the env module parses them. */
export interface LlmSettings extends LlmSelectionInput {
  ANTHROPIC_BASE_URL?: string;
  /** One model for every role (handy for a single local model); per-role keys win over it. */
  LLM_MODEL?: string;
  LLM_MODEL_BRIEF?: string;
  LLM_MODEL_COPY?: string;
  LLM_MODEL_BLUEPRINT?: string;
  LLM_MODEL_CODE?: string;
  LLM_MODEL_REWRITE?: string;
  LLM_MODEL_RERANK?: string;
  LLM_MODEL_JUDGE?: string;
  LLM_MODEL_TAG?: string;
  LLM_MODEL_REFINE?: string;
  LLM_TIMEOUT_MS?: number;
  LLM_MAX_RETRIES?: number;
}

export function llmConfigFromSettings(provider: LlmProvider, s: LlmSettings, onCall?: LlmConfig["onCall"]): LlmConfig {
  const overrides: Partial<Record<LlmRole, string | undefined>> = {};
  for (const role of LLM_ROLES) {
    const key = `LLM_MODEL_${role.toUpperCase()}` as keyof LlmSettings;
    const specific = s[key];
    overrides[role] = typeof specific === "string" && specific.trim() !== "" ? specific : s.LLM_MODEL;
  }
  return {
    apiKey: provider === "anthropic" ? s.ANTHROPIC_API_KEY : s.OPENAI_API_KEY,
    baseURL: provider === "anthropic" ? s.ANTHROPIC_BASE_URL : s.OPENAI_BASE_URL,
    models: modelsFor(provider, overrides),
    timeoutMs: s.LLM_TIMEOUT_MS ?? 60_000,
    maxRetries: s.LLM_MAX_RETRIES ?? 2,
    onCall,
  };
}
