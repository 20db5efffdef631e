import { splitTechniques } from "./embedding-text";
import {
  emptyTrace,
  FILTERED_TOP_K,
  MAX_EXAMPLES,
  narrowCandidates,
  SIMILARITY_GATE,
  UNFILTERED_TOP_K,
  type Match,
  type RerankInput,
  type RetrievalTrace,
} from "./filters";

// Retrieval (docs/retrieval.md "Pipeline") as one function over injected ports, so the service, the benchmark and tests run
// the same sequence. Structural types only: the domain never imports an adapter.

type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export interface RetrievedExample<D> {
  id: string;
  score: number;
  rerankScore: number;
  metadata: Match["metadata"];
  document: D;
}

export interface RetrievalDeps<D> {
  rewrite(input: {
    prompt: string;
    technique: string | null;
    emailType?: string;
    complexity?: string;
  }): Promise<{ ok: true; query: string } | { ok: false; error: string }>;
  embed(texts: string[]): Promise<{ ok: true; vectors: Float32Array[] } | { ok: false; error: string }>;
  query(q: { vector: Float32Array; topK: number; filter?: { technique?: string } }): Promise<Result<Match[]>>;
  rerank(input: RerankInput): Promise<{ ok: true; ranked: (Match & { rerankScore: number })[] } | { ok: false; error: string }>;
  /** Full rows from `rag_documents`; ids that no longer exist are simply missing. */
  fetchDocuments(ids: string[]): Promise<Result<Map<string, D>>>;
  /** Monotonic milliseconds for the trace timings (performance.now in the service). */
  clock?: () => number;
}

export interface RetrievalInput {
  prompt: string;
  /** Detected by the technique extractor (step 3); "tabs+accordion" for two. */
  technique: string | null;
  emailType?: string;
  complexity?: string;
  emailPurpose?: string;
}

export type RetrievalOutcome<D> =
  | { ok: true; examples: RetrievedExample<D>[]; trace: RetrievalTrace }
  | { ok: false; stage: "rewrite" | "embed" | "search" | "rerank" | "fetch"; error: string; trace: RetrievalTrace };

export async function runRetrieval<D>(deps: RetrievalDeps<D>, input: RetrievalInput): Promise<RetrievalOutcome<D>> {
  const clock = deps.clock ?? (() => 0);
  const t0 = clock();
  const trace = emptyTrace("", input.technique);
  const mark = (step: keyof RetrievalTrace["timingsMs"], since: number) => {
    trace.timingsMs[step] = Number((clock() - since).toFixed(3));
    return clock();
  };

  let t = clock();
  const rewritten = await deps.rewrite({
    prompt: input.prompt,
    technique: input.technique,
    emailType: input.emailType,
    complexity: input.complexity,
  });
  // A failed rewrite degrades to the raw prompt: retrieval quality drops, generation still works.
  const query = rewritten.ok ? rewritten.query : input.prompt;
  trace.query = query;
  t = mark("rewrite", t);

  const embedded = await deps.embed([query]);
  if (!embedded.ok) return { ok: false, stage: "embed", error: embedded.error, trace };
  const vector = embedded.vectors[0];
  t = mark("embed", t);

  // Query A is filtered to the detected technique; with two techniques, the first one (the
  // unfiltered query B still finds documents of the second).
  const primary = splitTechniques(input.technique ?? undefined)[0] ?? null;
  const [a, b] = await Promise.all([
    primary
      ? deps.query({ vector, topK: FILTERED_TOP_K, filter: { technique: primary } })
      : Promise.resolve({ ok: true as const, value: [] as Match[] }),
    deps.query({ vector, topK: UNFILTERED_TOP_K }),
  ]);
  if (!a.ok) return { ok: false, stage: "search", error: a.error, trace };
  if (!b.ok) return { ok: false, stage: "search", error: b.error, trace };
  const candidates = narrowCandidates(a.value, b.value, trace, SIMILARITY_GATE);
  t = mark("search", t);

  if (candidates.length === 0) {
    trace.timingsMs.total = Number((clock() - t0).toFixed(3));
    return { ok: true, examples: [], trace };
  }

  const ranked = await deps.rerank({
    query,
    technique: input.technique,
    complexity: input.complexity,
    emailPurpose: input.emailPurpose,
    candidates,
    limit: MAX_EXAMPLES,
  });
  if (!ranked.ok) return { ok: false, stage: "rerank", error: ranked.error, trace };
  // Whatever the engine returns, only known candidates, no duplicates, at most seven.
  const known = new Set(candidates.map((c) => c.id));
  const seen = new Set<string>();
  const kept = ranked.ranked.filter((r) => known.has(r.id) && !seen.has(r.id) && seen.add(r.id)).slice(0, MAX_EXAMPLES);
  trace.reranked = kept.length;
  t = mark("rerank", t);

  const docs = await deps.fetchDocuments(kept.map((k) => k.id));
  if (!docs.ok) return { ok: false, stage: "fetch", error: docs.error, trace };
  const examples: RetrievedExample<D>[] = [];
  for (const k of kept) {
    const document = docs.value.get(k.id);
    if (document !== undefined) {
      examples.push({ id: k.id, score: k.score, rerankScore: k.rerankScore, metadata: k.metadata, document });
    }
  }
  trace.fetched = examples.length;
  mark("fetch", t);
  trace.timingsMs.total = Number((clock() - t0).toFixed(3));
  return { ok: true, examples, trace };
}
