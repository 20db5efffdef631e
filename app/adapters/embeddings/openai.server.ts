import type OpenAI from "openai";
import { z } from "zod";
import { bytesToFloat32 } from "~/domain/retrieval/vectors";
import { EMBEDDING_DIMENSIONS, type Embedder, type EmbedResult } from "./port";

export interface OpenAiEmbedderConfig {
  apiKey: string;
  /** Include `/v1` (stack-notes §6). */
  baseURL?: string;
  model?: string;
  /** Inputs per request; the API accepts up to 2048, smaller batches retry cheaper. */
  batchSize?: number;
  /** Retries after the first attempt, on 429, 5xx and connection failures. */
  maxRetries?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  /** Injected by tests to avoid real waiting. */
  sleep?: (ms: number) => Promise<void>;
}

export const OPENAI_EMBEDDING_MODEL = "text-embedding-3-large";

const responseSchema = z.object({
  data: z
    .array(
      z.object({
        index: z.number().int().nonnegative(),
        // base64 float32 as requested; some OpenAI-compatible servers ignore the format and send floats.
        embedding: z.union([z.string(), z.array(z.number())]),
      }),
    )
    .min(0),
});

function decode(embedding: string | number[]): Float32Array {
  if (typeof embedding !== "string") return Float32Array.from(embedding);
  return bytesToFloat32(Buffer.from(embedding, "base64"));
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  if (n === 0) return v;
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return v;
}

type OpenAiSdk = typeof OpenAI;

function retryable(e: unknown, OpenAI: OpenAiSdk): boolean {
  if (e instanceof OpenAI.APIConnectionError) return true;
  if (e instanceof OpenAI.APIError) return e.status === 429 || e.status === 408 || (e.status ?? 0) >= 500;
  return false;
}

function retryAfterMs(e: unknown, OpenAI: OpenAiSdk): number | null {
  if (!(e instanceof OpenAI.APIError) || !e.headers) return null;
  const h = e.headers as Headers | Record<string, string | undefined>;
  const raw = typeof (h as Headers).get === "function" ? (h as Headers).get("retry-after") : (h as Record<string, string | undefined>)["retry-after"];
  if (!raw) return null;
  const secs = Number(raw);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

function describe(e: unknown, OpenAI: OpenAiSdk): string {
  if (e instanceof OpenAI.APIError) return `${e.status ?? "no status"} ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

export function createOpenAiEmbedder(config: OpenAiEmbedderConfig): Embedder {
  const model = config.model ?? OPENAI_EMBEDDING_MODEL;
  const batchSize = Math.max(1, config.batchSize ?? 96);
  const maxRetries = Math.max(0, config.maxRetries ?? 4);
  const base = config.retryBaseMs ?? 500;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  // The SDK is loaded at the first request, so a server on the local embedder never loads it
  // (start-up time). Retries are ours (with the policy above), so the SDK's own are off.
  let connection: Promise<{ OpenAI: OpenAiSdk; client: OpenAI }> | undefined;
  const connect = () =>
    (connection ??= import("openai").then(({ default: OpenAI }) => ({
      OpenAI,
      client: new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 0, timeout: config.timeoutMs ?? 60_000 }),
    })));

  async function embedBatch(input: string[]): Promise<EmbedResult> {
    const { OpenAI, client } = await connect();
    let lastError = "";
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      try {
        const raw: unknown = await client.embeddings.create({
          model,
          input,
          dimensions: EMBEDDING_DIMENSIONS,
          encoding_format: "base64",
        });
        const parsed = responseSchema.safeParse(raw);
        if (!parsed.success) return { ok: false, error: `embeddings (openai): unexpected response: ${parsed.error.issues[0]?.message ?? "invalid"}` };
        const vectors: (Float32Array | undefined)[] = new Array(input.length);
        for (const d of parsed.data.data) {
          if (d.index >= input.length) return { ok: false, error: `embeddings (openai): response index ${d.index} out of range` };
          vectors[d.index] = decode(d.embedding);
        }
        for (let i = 0; i < input.length; i++) {
          const v = vectors[i];
          if (!v) return { ok: false, error: `embeddings (openai): no embedding for input ${i}` };
          if (v.length !== EMBEDDING_DIMENSIONS) {
            return { ok: false, error: `embeddings (openai): got ${v.length} dimensions, expected ${EMBEDDING_DIMENSIONS}` };
          }
        }
        return { ok: true, vectors: (vectors as Float32Array[]).map(normalise) };
      } catch (e) {
        lastError = describe(e, OpenAI);
        if (!retryable(e, OpenAI) || attempt === maxRetries) break;
        const backoff = retryAfterMs(e, OpenAI) ?? base * 2 ** attempt * (0.75 + 0.5 * Math.random());
        await sleep(Math.min(backoff, 30_000));
      }
    }
    return { ok: false, error: `embeddings (openai) failed: ${lastError}` };
  }

  return {
    name: `openai:${model}`,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        // The API rejects empty strings; a single space embeds as "nothing" and keeps positions.
        const batch = texts.slice(i, i + batchSize).map((t) => (t.trim() ? t : " "));
        const r = await embedBatch(batch);
        if (!r.ok) return r;
        out.push(...r.vectors);
      }
      return { ok: true, vectors: out };
    },
  };
}
