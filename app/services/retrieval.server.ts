// Retrieval (step 4 of docs/generation.md "The pipeline", docs/retrieval.md) wired to the configured adapters: rewrite → two parallel queries → merge,
// gate, keep positive, drop blog/concept → re-rank ≤ 7 → full HTML from rag_documents.
import { performance } from "node:perf_hooks";
import type { AppContext } from "~/composition/app.server";
import { runRetrieval, type RetrievalInput, type RetrievalOutcome } from "~/domain/retrieval/pipeline";
import { fetchDocumentsByIds, type RagDocumentRow } from "~/models/rag-documents.server";

export type RetrievalResult = RetrievalOutcome<RagDocumentRow>;

export async function retrieveExamples(app: AppContext, input: RetrievalInput): Promise<RetrievalResult> {
  const { embedder, vectorIndex, engines } = app.adapters;
  return runRetrieval<RagDocumentRow>(
    {
      rewrite: (i) => engines.rewrite.rewrite(i),
      embed: (texts) => embedder.embed(texts),
      query: (q) => vectorIndex.query(q),
      rerank: (i) => engines.rerank.rerank(i),
      fetchDocuments: async (ids) => {
        try {
          return { ok: true, value: await fetchDocumentsByIds(app.database.db, ids) };
        } catch (e) {
          return { ok: false, error: `rag_documents fetch failed: ${e instanceof Error ? e.message : String(e)}` };
        }
      },
      clock: () => performance.now(),
    },
    input,
  );
}
