import type { Match, RerankInput } from "~/domain/retrieval/filters";

export type { RerankInput };

export interface RankedMatch extends Match {
  /** The engine's own relevance score, used for ordering; `score` stays the cosine similarity. */
  rerankScore: number;
  reason: string;
}

export type RerankResult = { ok: true; ranked: RankedMatch[] } | { ok: false; error: string };

export interface RerankEngine {
  readonly name: string;
  rerank(input: RerankInput): Promise<RerankResult>;
}
