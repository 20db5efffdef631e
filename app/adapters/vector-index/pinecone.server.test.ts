import { createPineconeVectorIndex, toPineconeFilter } from "./pinecone.server";
import { fakePinecone } from "./testing/pinecone";

function vec(seed: number): Float32Array {
  const v = new Float32Array(3072);
  for (let i = 0; i < 3072; i++) v[i] = Math.sin(seed * 13.7 + i * 0.01 * (seed + 1));
  return v;
}

describe("Pinecone index against a data-plane wire-format server", () => {
  it("upserts the vector metadata, queries with filters, fetches, lists every id, deletes and counts", async () => {
    const srv = await fakePinecone({ pageSize: 7 });
    try {
      const idx = createPineconeVectorIndex({ apiKey: "pc-key", indexHost: srv.host, namespace: "library", maxRetries: 0 });
      const items = Array.from({ length: 23 }, (_, i) => ({
        id: `html-${1000 + i}-x${i}`,
        vector: vec(i),
        metadata: {
          type: i % 5 === 0 ? "blog" : "html",
          doc_id: `html-${1000 + i}-x${i}`,
          technique: i % 2 ? "tabs" : "carousel",
          exampleType: "positive",
          keyFeatures: ["a", "b"],
          emailPurpose: null,
        },
      }));
      expect(await idx.upsert(items)).toEqual({ ok: true, value: { upserted: 23 } });
      const upsert = srv.calls.find((c) => c.op === "upsert")!;
      expect(upsert.apiKey).toBe("pc-key");
      expect(upsert.body.namespace).toBe("library");
      expect(upsert.body.vectors[0].values).toHaveLength(3072);
      expect(upsert.body.vectors[0].metadata).toEqual({
        type: "blog",
        doc_id: items[0].id,
        technique: "carousel",
        exampleType: "positive",
        keyFeatures: ["a", "b"],
      });

      const q = await idx.query({ vector: vec(3), topK: 4, filter: { type: ["html", "amp"], technique: "tabs" } });
      expect(q.ok).toBe(true);
      if (!q.ok) return;
      expect(q.value[0]).toMatchObject({ id: items[3].id, metadata: { technique: "tabs" } });
      expect(q.value[0].score).toBeCloseTo(1, 5);
      expect(q.value.every((m) => m.metadata.type === "html" && m.metadata.technique === "tabs")).toBe(true);
      const sent = srv.calls.find((c) => c.op === "query")!.body;
      expect(sent).toMatchObject({
        topK: 4,
        includeMetadata: true,
        filter: { $and: [{ type: { $in: ["html", "amp"] } }, { technique: { $eq: "tabs" } }] },
      });

      const f = await idx.fetch([items[2].id, "html-0-none", items[1].id]);
      expect(f.ok && f.value.map((r) => r.id)).toEqual([items[2].id, items[1].id]);

      const listed = await idx.listIds();
      expect(listed.ok && listed.value.sort()).toEqual(items.map((i) => i.id).sort());
      expect(srv.calls.filter((c) => c.op === "list").length).toBe(4);

      expect(await idx.delete([items[0].id, items[1].id])).toMatchObject({ ok: true });
      expect(await idx.stats()).toEqual({ ok: true, value: { count: 21, dimension: 3072 } });
    } finally {
      await srv.close();
    }
  });

  it("turns an outage into error values (no throw) for every operation", async () => {
    const srv = await fakePinecone();
    srv.fail("upsert", "query", "fetch", "delete", "list", "stats");
    try {
      const idx = createPineconeVectorIndex({ apiKey: "k", indexHost: srv.host, maxRetries: 0 });
      const results = await Promise.all([
        idx.upsert([{ id: "html-1-a", vector: vec(1), metadata: { type: "html" } }]),
        idx.query({ vector: vec(1), topK: 3 }),
        idx.fetch(["html-1-a"]),
        idx.delete(["html-1-a"]),
        idx.listIds(),
        idx.stats(),
      ]);
      for (const r of results) {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error).toMatch(/^vector index \(pinecone\) \w+ failed: /);
      }
    } finally {
      await srv.close();
    }
    // Nothing listening at all.
    const gone = createPineconeVectorIndex({ apiKey: "k", indexHost: srv.host, maxRetries: 0 });
    expect(await gone.query({ vector: vec(1), topK: 1 })).toMatchObject({ ok: false });
  });

  it("rejects wrong-size vectors before any request", async () => {
    const idx = createPineconeVectorIndex({ apiKey: "k", indexHost: "http://127.0.0.1:9", maxRetries: 0 });
    expect(await idx.upsert([{ id: "x", vector: new Float32Array(5), metadata: {} }])).toMatchObject({ ok: false });
  });

  it("translates filters", () => {
    expect(toPineconeFilter(undefined)).toBeUndefined();
    expect(toPineconeFilter({ technique: "tabs" })).toEqual({ technique: { $eq: "tabs" } });
    expect(toPineconeFilter({ type: "html", exampleType: "positive" })).toEqual({
      $and: [{ type: { $eq: "html" } }, { exampleType: { $eq: "positive" } }],
    });
  });
});
