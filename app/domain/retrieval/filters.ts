import { metaString, type StoredMetadata } from "./metadata";

export interface Match {
  id: string;
  /** Cosine similarity in [-1, 1]. */
  score: number;
  metadata: StoredMetadata;
}

export interface RerankInput {
  /** The rewritten retrieval query. */
  query: string;
  /** Requested technique(s), e.g. "tabs" or "tabs+accordion". */
  technique: string | null;
  complexity?: string;
  emailPurpose?: string;
  candidates: Match[];
  /** At most this many are kept (7: docs/api.md "Contract limits"). */
  limit: number;
}

/** Matches below 50% similarity are dropped (docs/retrieval.md "Pipeline"). */
export const SIMILARITY_GATE = 0.5;
export const FILTERED_TOP_K = 10;
export const UNFILTERED_TOP_K = 15;
export const MAX_EXAMPLES = 7;

/**
 * Union of two result lists by id. A document found by both queries keeps its best score (the two
 * queries use the same vector, so scores agree unless an index approximates). Sorted best first;
 * ties broken by id so the order never depends on which query answered first.
 */
export function mergeAndDedupe(a: readonly Match[], b: readonly Match[]): Match[] {
  const best = new Map<string, Match>();
  for (const m of [...a, ...b]) {
    const prev = best.get(m.id);
    if (!prev || m.score > prev.score) best.set(m.id, m);
  }
  return [...best.values()].sort(byScoreThenId);
}

export function byScoreThenId(x: Match, y: Match): number {
  return y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

export function gate<T extends { score: number }>(matches: readonly T[], threshold = SIMILARITY_GATE): T[] {
  return matches.filter((m) => Number.isFinite(m.score) && m.score >= threshold);
}

/** `exampleType` defaults to positive (docs/api/library.md), so documents without it are kept. */
export function keepPositive<T extends { metadata: StoredMetadata }>(matches: readonly T[]): T[] {
  return matches.filter((m) => (metaString(m.metadata, "exampleType") ?? "positive") !== "negative");
}

const CONCEPT_MARKERS = new Set(["blog", "concept"]);

/** Blog and concept content teaches; it is never code-generation context (docs/retrieval.md "Pipeline"). */
export function excludeBlogAndConcept<T extends { metadata: StoredMetadata }>(matches: readonly T[]): T[] {
  return matches.filter((m) => {
    for (const key of ["type", "htmlType", "technique", "contentType"]) {
      const v = metaString(m.metadata, key);
      if (v && CONCEPT_MARKERS.has(v.toLowerCase())) return false;
    }
    return true;
  });
}

/** Counts after each step, for `metadata.rag` and logs. */
export interface RetrievalTrace {
  technique: string | null;
  query: string;
  filteredHits: number;
  unfilteredHits: number;
  merged: number;
  aboveGate: number;
  positive: number;
  codeExamples: number;
  reranked: number;
  fetched: number;
  timingsMs: Partial<Record<"rewrite" | "embed" | "search" | "rerank" | "fetch" | "total", number>>;
}

export function emptyTrace(query: string, technique: string | null): RetrievalTrace {
  return {
    technique,
    query,
    filteredHits: 0,
    unfilteredHits: 0,
    merged: 0,
    aboveGate: 0,
    positive: 0,
    codeExamples: 0,
    reranked: 0,
    fetched: 0,
    timingsMs: {},
  };
}

/** The deterministic middle of step 4: merge → gate → positive only → no blog/concept. */
export function narrowCandidates(
  filtered: readonly Match[],
  unfiltered: readonly Match[],
  trace: RetrievalTrace,
  threshold = SIMILARITY_GATE,
): Match[] {
  trace.filteredHits = filtered.length;
  trace.unfilteredHits = unfiltered.length;
  const merged = mergeAndDedupe(filtered, unfiltered);
  trace.merged = merged.length;
  const gated = gate(merged, threshold);
  trace.aboveGate = gated.length;
  const positive = keepPositive(gated);
  trace.positive = positive.length;
  const code = excludeBlogAndConcept(positive);
  trace.codeExamples = code.length;
  return code;
}
