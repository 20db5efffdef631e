import { createLocalEmbedder } from "./local";
import { createOpenAiEmbedder, type OpenAiEmbedderConfig } from "./openai.server";
import type { Embedder } from "./port";

export interface EmbeddingsSettings {
  EMBEDDINGS_PROVIDER?: "auto" | "openai" | "local" | string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  /** Extra knobs for the OpenAI adapter (batch size, retries, timeout). */
  openai?: Omit<OpenAiEmbedderConfig, "apiKey" | "baseURL">;
}

export type EmbeddingsSelection = { ok: true; provider: "openai" | "local"; embedder: Embedder } | { ok: false; error: string };

/** `auto` (the default) picks OpenAI when its key is set, else the local embedder (docs/architecture.md "Ports and their defaults"). */
export function selectEmbeddingsProvider(settings: EmbeddingsSettings): EmbeddingsSelection {
  const wanted = (settings.EMBEDDINGS_PROVIDER ?? "auto").trim().toLowerCase() || "auto";
  const key = settings.OPENAI_API_KEY?.trim();
  if (wanted !== "auto" && wanted !== "openai" && wanted !== "local") {
    return { ok: false, error: `EMBEDDINGS_PROVIDER must be auto, openai or local (got "${settings.EMBEDDINGS_PROVIDER}")` };
  }
  if (wanted === "local" || (wanted === "auto" && !key)) {
    return { ok: true, provider: "local", embedder: createLocalEmbedder() };
  }
  if (!key) return { ok: false, error: "EMBEDDINGS_PROVIDER=openai needs OPENAI_API_KEY" };
  return {
    ok: true,
    provider: "openai",
    embedder: createOpenAiEmbedder({ ...settings.openai, apiKey: key, baseURL: settings.OPENAI_BASE_URL || undefined }),
  };
}
