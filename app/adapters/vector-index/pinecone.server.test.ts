import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPineconeVectorIndex, toPineconeFilter } from "./pinecone.server";

interface Rec {
  id: string;
  values: number[];
  metadata: Record<string, unknown>;
}

/** A Pinecone data plane in memory: the wire format of /vectors/*, /query and /describe_index_stats. */
async function fakePinecone(opts: { pageSize?: number } = {}) {
  const store = new Map<string, Map<string, Rec>>();
  const ns = (name: string | null | undefined) => {
    const key = name ?? "";
    if (!store.has(key)) store.set(key, new Map());
    return store.get(key)!;
  };
  const requests: { method: string; path: string; apiKey?: string; body?: any }[] = [];
  let down = false;
  const matches = (m: Record<string, unknown>, f: any): boolean => {
    if (!f) return true;
    if (f.$and) return f.$and.every((x: any) => matches(m, x));
    return Object.entries(f).every(([k, cond]: [string, any]) => ("$eq" in cond ? m[k] === cond.$eq : (cond.$in as unknown[]).includes(m[k])));
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method ?? "", path: url.pathname, apiKey: req.headers["api-key"] as string, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (down) return send(503, { code: 14, message: "Service unavailable" });
      if (url.pathname === "/vectors/upsert") {
        for (const v of body.vectors) ns(body.namespace).set(v.id, v);
        return send(200, { upsertedCount: body.vectors.length });
      }
      if (url.pathname === "/query") {
        const q: number[] = body.vector;
        const dot = (a: number[]) => a.reduce((s, x, i) => s + x * q[i], 0) / Math.sqrt(a.reduce((s, x) => s + x * x, 0) * q.reduce((s, x) => s + x * x, 0));
        const hits = [...ns(body.namespace).values()]
          .filter((r) => matches(r.metadata, body.filter))
          .map((r) => ({ id: r.id, score: dot(r.values), values: [], ...(body.includeMetadata ? { metadata: r.metadata } : {}) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, body.topK);
        return send(200, { matches: hits, namespace: body.namespace ?? "", usage: { readUnits: 1 } });
      }
      if (url.pathname === "/vectors/fetch") {
        const ids = url.searchParams.getAll("ids");
        const space = ns(url.searchParams.get("namespace"));
        const vectors = Object.fromEntries(ids.filter((id) => space.has(id)).map((id) => [id, space.get(id)]));
        return send(200, { vectors, namespace: url.searchParams.get("namespace") ?? "" });
      }
      if (url.pathname === "/vectors/delete") {
        for (const id of body.ids ?? []) ns(body.namespace).delete(id);
        return send(200, {});
      }
      if (url.pathname === "/vectors/list") {
        const limit = Math.min(Number(url.searchParams.get("limit") ?? 100), opts.pageSize ?? 100);
        const ids = [...ns(url.searchParams.get("namespace")).keys()].sort();
        const start = Number(url.searchParams.get("paginationToken") ?? 0);
        const page = ids.slice(start, start + limit);
        const next = start + limit < ids.length ? String(start + limit) : undefined;
        return send(200, { vectors: page.map((id) => ({ id })), ...(next ? { pagination: { next } } : {}), namespace: "" });
      }
      if (url.pathname === "/describe_index_stats") {
        const namespaces = Object.fromEntries([...store].map(([k, v]) => [k, { vectorCount: v.size }]));
        const total = [...store.values()].reduce((s, v) => s + v.size, 0);
        return send(200, { namespaces, dimension: 3072, indexFullness: 0, totalVectorCount: total });
      }
      send(404, { message: "not found" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setDown: (v: boolean) => (down = v),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function vec(seed: number): Float32Array {
  const v = new Float32Array(3072);
  for (let i = 0; i < 3072; i++) v[i] = Math.sin(seed * 13.7 + i * 0.01 * (seed + 1));
  return v;
}

describe("Pinecone index against a data-plane wire-format server", () => {
  it("upserts SPEC metadata, queries with filters, fetches, lists every id, deletes and counts", async () => {
    const srv = await fakePinecone({ pageSize: 7 });
    try {
      const idx = createPineconeVectorIndex({ apiKey: "pc-key", indexHost: srv.host, namespace: "library", maxRetries: 0 });
      const items = Array.from({ length: 23 }, (_, i) => ({
        id: `html-${1000 + i}-x${i}`,
        vector: vec(i),
        metadata: { type: i % 5 === 0 ? "blog" : "html", doc_id: `html-${1000 + i}-x${i}`, technique: i % 2 ? "tabs" : "carousel", exampleType: "positive", keyFeatures: ["a", "b"], emailPurpose: null },
      }));
      expect(await idx.upsert(items)).toEqual({ ok: true, value: { upserted: 23 } });
      const upsert = srv.requests.find((r) => r.path === "/vectors/upsert")!;
      expect(upsert.apiKey).toBe("pc-key");
      expect(upsert.body.namespace).toBe("library");
      expect(upsert.body.vectors[0].values).toHaveLength(3072);
      expect(upsert.body.vectors[0].metadata).toEqual({ type: "blog", doc_id: items[0].id, technique: "carousel", exampleType: "positive", keyFeatures: ["a", "b"] });

      const q = await idx.query({ vector: vec(3), topK: 4, filter: { type: ["html", "amp"], technique: "tabs" } });
      expect(q.ok).toBe(true);
      if (!q.ok) return;
      expect(q.value[0]).toMatchObject({ id: items[3].id, metadata: { technique: "tabs" } });
      expect(q.value[0].score).toBeCloseTo(1, 5);
      expect(q.value.every((m) => m.metadata.type === "html" && m.metadata.technique === "tabs")).toBe(true);
      const sent = srv.requests.find((r) => r.path === "/query")!.body;
      expect(sent).toMatchObject({ topK: 4, includeMetadata: true, filter: { $and: [{ type: { $in: ["html", "amp"] } }, { technique: { $eq: "tabs" } }] } });

      const f = await idx.fetch([items[2].id, "html-0-none", items[1].id]);
      expect(f.ok && f.value.map((r) => r.id)).toEqual([items[2].id, items[1].id]);

      const listed = await idx.listIds();
      expect(listed.ok && listed.value.sort()).toEqual(items.map((i) => i.id).sort());
      expect(srv.requests.filter((r) => r.path === "/vectors/list").length).toBe(4);

      expect(await idx.delete([items[0].id, items[1].id])).toMatchObject({ ok: true });
      expect(await idx.stats()).toEqual({ ok: true, value: { count: 21, dimension: 3072 } });
    } finally {
      await srv.close();
    }
  });

  it("turns an outage into error values (no throw) for every operation", async () => {
    const srv = await fakePinecone();
    srv.setDown(true);
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
    expect(toPineconeFilter({ type: "html", exampleType: "positive" })).toEqual({ $and: [{ type: { $eq: "html" } }, { exampleType: { $eq: "positive" } }] });
  });
});
