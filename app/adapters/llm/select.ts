import { createAnthropicClient } from "./anthropic.server";
import type { CoreDeps } from "./core";
import { createOpenAiClient } from "./openai.server";
import type { LlmClient, LlmConfig, LlmProvider, LlmRole } from "./port";

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

/** Writing stages get the strong model; ranking, judging and tagging get the cheap one. */
export const DEFAULT_MODELS: Record<LlmProvider, Record<LlmRole, string>> = {
  anthropic: {
    copy: "claude-sonnet-4-5",
    blueprint: "claude-sonnet-4-5",
    code: "claude-sonnet-4-5",
    rewrite: "claude-sonnet-4-5",
    refine: "claude-sonnet-4-5",
    rerank: "claude-haiku-4-5",
    judge: "claude-haiku-4-5",
    tag: "claude-haiku-4-5",
  },
  openai: {
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
export function modelsFor(
  provider: LlmProvider,
  overrides: Partial<Record<LlmRole, string | undefined>> = {},
): Record<LlmRole, string> {
  const models = { ...DEFAULT_MODELS[provider] };
  for (const [role, model] of Object.entries(overrides) as [LlmRole, string | undefined][]) {
    if (model !== undefined && model.trim() !== "" && role in models) models[role] = model.trim();
  }
  return models;
}
