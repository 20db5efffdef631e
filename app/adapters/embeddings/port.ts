/** A single index of 3072-dimension embeddings (docs/retrieval.md). */
export const EMBEDDING_DIMENSIONS = 3072 as const;

export type EmbedResult = { ok: true; vectors: Float32Array[] } | { ok: false; error: string };

export interface Embedder {
  /** Provider/model, e.g. `local-hash-v1` or `openai:text-embedding-3-large`. Stored with documents. */
  readonly name: string;
  readonly dimensions: typeof EMBEDDING_DIMENSIONS;
  /** One vector per input, same order. Vectors are L2-normalised. */
  embed(texts: string[]): Promise<EmbedResult>;
}
