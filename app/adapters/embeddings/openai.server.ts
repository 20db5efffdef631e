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
  /**
   * Retries after the first attempt, by the SDK (on connection failures, 408, 409, 429 and 5xx,
   * honouring the server's `retry-after`, else exponential backoff with jitter).
   */
  maxRetries?: number;
  /** Per request, by the SDK. */
  timeoutMs?: number;
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

function describe(e: unknown, OpenAI: OpenAiSdk): string {
  if (e instanceof OpenAI.APIError) return `${e.status ?? "no status"} ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

export function createOpenAiEmbedder(config: OpenAiEmbedderConfig): Embedder {
  const model = config.model ?? OPENAI_EMBEDDING_MODEL;
  const batchSize = Math.max(1, config.batchSize ?? 96);
  // The SDK is loaded at the first request, so a server on the local embedder never loads it
  // (start-up time). Its own retries and timeout are the policy (see maxRetries above).
  let connection: Promise<{ OpenAI: OpenAiSdk; client: OpenAI }> | undefined;
  const connect = () =>
    (connection ??= import("openai").then(({ default: OpenAI }) => ({
      OpenAI,
      client: new OpenAI({
        apiKey: config.apiKey,
        baseURL: config.baseURL,
        maxRetries: Math.max(0, config.maxRetries ?? 4),
        timeout: config.timeoutMs ?? 60_000,
      }),
    })));

  async function embedBatch(input: string[]): Promise<EmbedResult> {
    const { OpenAI, client } = await connect();
    try {
      const raw: unknown = await client.embeddings.create({
        model,
        input,
        dimensions: EMBEDDING_DIMENSIONS,
        encoding_format: "base64",
      });
      const parsed = responseSchema.safeParse(raw);
      if (!parsed.success)
        return { ok: false, error: `embeddings (openai): unexpected response: ${parsed.error.issues[0]?.message ?? "invalid"}` };
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
      return { ok: false, error: `embeddings (openai) failed: ${describe(e, OpenAI)}` };
    }
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
