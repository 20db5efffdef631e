import { runRetrieval, type RetrievalDeps } from "./pipeline";
import type { Match } from "./filters";

function deps(over: Partial<RetrievalDeps<{ html: string }>> = {}) {
  const calls: { topK: number; filter?: { technique?: string } }[] = [];
  const library: Match[] = [
    { id: "html-1-a", score: 0.9, metadata: { type: "html", technique: "tabs", exampleType: "positive" } },
    { id: "html-2-b", score: 0.8, metadata: { type: "html", technique: "tabs", exampleType: "negative" } },
    { id: "blog-3-c", score: 0.85, metadata: { type: "blog" } },
    { id: "html-4-d", score: 0.7, metadata: { type: "html", technique: "carousel" } },
    { id: "html-5-e", score: 0.3, metadata: { type: "html", technique: "tabs" } },
  ];
  const d: RetrievalDeps<{ html: string }> = {
    rewrite: async (i) => ({ ok: true, query: `rewritten ${i.prompt}` }),
    embed: async (t) => ({ ok: true, vectors: t.map(() => new Float32Array(3)) }),
    query: async (q) => {
      calls.push({ topK: q.topK, filter: q.filter });
      const hits = library.filter((m) => !q.filter?.technique || m.metadata.technique === q.filter.technique);
      return { ok: true, value: hits.slice(0, q.topK) };
    },
    rerank: async (i) => ({ ok: true, ranked: i.candidates.map((c) => ({ ...c, rerankScore: c.score })) }),
    fetchDocuments: async (ids) => ({
      ok: true,
      value: new Map(ids.filter((id) => id !== "html-4-d-gone").map((id) => [id, { html: `<p>${id}</p>` }])),
    }),
    ...over,
  };
  return { d, calls };
}

describe("runRetrieval", () => {
  it("runs query A filtered (topK 10) and B unfiltered (topK 15), then narrows, re-ranks and fetches", async () => {
    const { d, calls } = deps();
    const out = await runRetrieval(d, { prompt: "tabbed shoes", technique: "tabs" });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(calls).toEqual([
      { topK: 10, filter: { technique: "tabs" } },
      { topK: 15, filter: undefined },
    ]);
    expect(out.examples.map((e) => e.id)).toEqual(["html-1-a", "html-4-d"]);
    expect(out.examples[0].document.html).toBe("<p>html-1-a</p>");
    expect(out.trace).toMatchObject({
      query: "rewritten tabbed shoes",
      merged: 5,
      aboveGate: 4,
      positive: 3,
      codeExamples: 2,
      reranked: 2,
      fetched: 2,
    });
  });
  it("skips query A without a technique and falls back to the prompt when rewriting fails", async () => {
    const { d, calls } = deps({ rewrite: async () => ({ ok: false, error: "model down" }) });
    const out = await runRetrieval(d, { prompt: "anything", technique: null });
    expect(calls).toHaveLength(1);
    expect(out.ok && out.trace.query).toBe("anything");
  });
  it("never keeps more than 7, unknown ids or duplicates from the re-ranker", async () => {
    const many: Match[] = Array.from({ length: 12 }, (_, i) => ({ id: `html-${i}-x`, score: 0.9, metadata: { type: "html" } }));
    const { d } = deps({
      query: async () => ({ ok: true, value: many }),
      rerank: async (i) => ({
        ok: true,
        ranked: [{ id: "invented", score: 1, metadata: {}, rerankScore: 9 }, ...i.candidates, ...i.candidates].map((c) => ({
          ...c,
          rerankScore: 1,
        })),
      }),
    });
    const out = await runRetrieval(d, { prompt: "p", technique: "tabs" });
    expect(out.ok && out.examples.length).toBe(7);
    expect(out.ok && new Set(out.examples.map((e) => e.id)).size).toBe(7);
  });
  it("reports the failing stage", async () => {
    const { d } = deps({ query: async () => ({ ok: false, error: "index unreachable" }) });
    const out = await runRetrieval(d, { prompt: "p", technique: "tabs" });
    expect(out).toMatchObject({ ok: false, stage: "search", error: "index unreachable" });
    const e = await runRetrieval(deps({ embed: async () => ({ ok: false, error: "429" }) }).d, { prompt: "p", technique: null });
    expect(e).toMatchObject({ ok: false, stage: "embed" });
  });
});
