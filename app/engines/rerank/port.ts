import type { Match } from "~/domain/retrieval/filters";

export interface RerankInput {
  /** The rewritten retrieval query. */
  query: string;
  /** Requested technique(s), e.g. "tabs" or "tabs+accordion". */
  technique: string | null;
  complexity?: string;
  emailPurpose?: string;
  candidates: Match[];
  /** At most this many are kept (SPEC.md: 7). */
  limit: number;
}

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
