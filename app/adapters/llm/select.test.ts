import { describe, expect, it } from "vitest";
import { LLM_ROLES } from "./port";
import { createLlmClient, DEFAULT_MODELS, llmConfigFromSettings, modelsFor, selectLlmProvider } from "./select";

describe("selectLlmProvider", () => {
  it("auto picks anthropic when its key is set, even with OpenAI settings", () => {
    expect(selectLlmProvider({ ANTHROPIC_API_KEY: "a", OPENAI_API_KEY: "o" })).toBe("anthropic");
    expect(selectLlmProvider({ LLM_PROVIDER: "auto", ANTHROPIC_API_KEY: "a" })).toBe("anthropic");
  });

  it("auto picks openai for a key or a base URL alone", () => {
    expect(selectLlmProvider({ OPENAI_API_KEY: "o" })).toBe("openai");
    expect(selectLlmProvider({ OPENAI_BASE_URL: "http://localhost:11434/v1" })).toBe("openai");
  });

  it("auto falls back to local engines; blank values count as unset", () => {
    expect(selectLlmProvider({})).toBe("local");
    expect(selectLlmProvider({ ANTHROPIC_API_KEY: "  ", OPENAI_BASE_URL: "" })).toBe("local");
  });

  it("explicit choices win over keys", () => {
    expect(selectLlmProvider({ LLM_PROVIDER: "local", ANTHROPIC_API_KEY: "a" })).toBe("local");
    expect(selectLlmProvider({ LLM_PROVIDER: "openai", ANTHROPIC_API_KEY: "a" })).toBe("openai");
    expect(selectLlmProvider({ LLM_PROVIDER: "Anthropic" })).toBe("anthropic");
  });
});

describe("models", () => {
  it("has a default model for every role of both providers", () => {
    for (const provider of ["anthropic", "openai"] as const) {
      for (const role of LLM_ROLES) expect(DEFAULT_MODELS[provider][role]).toMatch(/\S/);
    }
  });

  it("applies per-role overrides and ignores blanks", () => {
    const m = modelsFor("openai", { copy: "llama3.1:8b", tag: " ", judge: undefined });
    expect(m.copy).toBe("llama3.1:8b");
    expect(m.tag).toBe(DEFAULT_MODELS.openai.tag);
    expect(m.judge).toBe(DEFAULT_MODELS.openai.judge);
    expect(DEFAULT_MODELS.openai.copy).toBe("gpt-4.1");
    // The brief is what every later stage writes from: it gets the writing stages' model.
    expect(DEFAULT_MODELS.anthropic.brief).toBe(DEFAULT_MODELS.anthropic.copy);
    expect(DEFAULT_MODELS.openai.brief).toBe(DEFAULT_MODELS.openai.copy);
  });
});

describe("createLlmClient", () => {
  it("builds the requested provider's client", () => {
    const cfg = { apiKey: "k", baseURL: "http://127.0.0.1:9/v1", models: modelsFor("openai"), timeoutMs: 1000, maxRetries: 0 };
    expect(createLlmClient("openai", cfg).provider).toBe("openai");
    expect(createLlmClient("anthropic", { ...cfg, models: modelsFor("anthropic") }).provider).toBe("anthropic");
  });
});

describe("llmConfigFromSettings", () => {
  it("takes the provider's key and base URL, LLM_MODEL for all roles and per-role keys over it", () => {
    const settings = {
      ANTHROPIC_API_KEY: "ak",
      ANTHROPIC_BASE_URL: "http://a.local",
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: "http://localhost:11434/v1",
      LLM_MODEL: "llama3.1",
      LLM_MODEL_TAG: "qwen2.5:0.5b",
      LLM_MODEL_BRIEF: "qwen2.5:14b",
      LLM_TIMEOUT_MS: 1234,
      LLM_MAX_RETRIES: 4,
    };
    const o = llmConfigFromSettings("openai", settings);
    expect(o).toMatchObject({ apiKey: undefined, baseURL: "http://localhost:11434/v1", timeoutMs: 1234, maxRetries: 4 });
    expect(o.models.copy).toBe("llama3.1");
    expect(o.models.tag).toBe("qwen2.5:0.5b");
    expect(o.models.brief).toBe("qwen2.5:14b");
    const a = llmConfigFromSettings("anthropic", { ANTHROPIC_API_KEY: "ak", LLM_MODEL_COPY: "claude-opus-4-1" });
    expect(a).toMatchObject({ apiKey: "ak", baseURL: undefined, timeoutMs: 60_000, maxRetries: 2 });
    expect(a.models.copy).toBe("claude-opus-4-1");
    expect(a.models.judge).toBe(DEFAULT_MODELS.anthropic.judge);
  });
});
