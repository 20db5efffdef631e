import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { migrate } from "../../../db/migrate";
import { createLibsqlVectorIndex } from "./libsql.server";
import type { IndexItem } from "./port";

let client: Client;
let dir: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-vec-"));
  client = createClient({ url: `file:${path.join(dir, "v.db")}` });
  await migrate(client);
});

afterEach(() => {
  client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296 - 0.5;
  };
}

function unit(v: Float32Array): Float32Array {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / n) as Float32Array;
}

let centres: Float32Array[] = [];

/**
 * Clustered vectors: topic directions plus noise of varying strength, so documents sit at graded
 * distances from their topic, like real embeddings of more or less on-topic documents.
 */
function library(n: number, seed: number): IndexItem[] {
  const r = rng(seed);
  centres = Array.from({ length: 8 }, () => Float32Array.from({ length: 3072 }, () => r()));
  const techniques = ["tabs", "carousel", "accordion", "quiz"];
  return Array.from({ length: n }, (_, i) => {
    const c = centres[i % centres.length];
    const spread = 0.2 + 2.5 * (((i * 7919) % 101) / 100);
    const v = unit(c.map((x) => x + spread * r()) as Float32Array);
    const type = i % 10 === 9 ? "blog" : i % 10 === 8 ? "amp" : "html";
    return {
      id: `${type}-${1700000000000 + i}-s${i}`,
      vector: v,
      metadata: {
        type,
        doc_id: `${type}-${1700000000000 + i}-s${i}`,
        technique: techniques[i % 4],
        exampleType: i % 7 === 0 ? "negative" : "positive",
        submittedAt: new Date(1700000000000 + i).toISOString(),
      },
    };
  });
}

function exactTop(items: IndexItem[], q: Float32Array, k: number, accept: (i: IndexItem) => boolean = () => true) {
  return items
    .filter(accept)
    .map((it) => ({ id: it.id, s: it.vector.reduce((acc, x, j) => acc + x * q[j], 0) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k);
}

describe("libSQL vector index (exact path)", () => {
  it("upserts, queries by cosine with filters, fetches, deletes and counts", async () => {
    const items = library(40, 1);
    const idx = createLibsqlVectorIndex({ client, annThreshold: Number.POSITIVE_INFINITY });
    expect(await idx.upsert(items)).toEqual({ ok: true, value: { upserted: 40 } });
    const q = items[5].vector;
    const r = await idx.query({ vector: q, topK: 5 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(idx.lastQueryPath()).toBe("exact");
    expect(r.value[0].id).toBe(items[5].id);
    expect(r.value[0].score).toBeCloseTo(1, 4);
    expect(r.value.map((m) => m.id)).toEqual(exactTop(items, q, 5).map((x) => x.id));
    expect(r.value[0].metadata).toMatchObject({ technique: items[5].metadata.technique, type: "html" });

    const f = await idx.query({ vector: q, topK: 50, filter: { type: ["html", "amp"], technique: "carousel", exampleType: "positive" } });
    expect(f.ok && f.value.length).toBeGreaterThan(0);
    for (const m of f.ok ? f.value : []) {
      expect(["html", "amp"]).toContain(m.metadata.type);
      expect(m.metadata.technique).toBe("carousel");
      expect(m.metadata.exampleType).toBe("positive");
    }
    const want = exactTop(
      items,
      q,
      50,
      (i) => i.metadata.type !== "blog" && i.metadata.technique === "carousel" && i.metadata.exampleType === "positive",
    );
    expect(f.ok && f.value.map((m) => m.id)).toEqual(want.map((x) => x.id));

    const fetched = await idx.fetch([items[3].id, "html-0-missing", items[1].id]);
    expect(fetched.ok && fetched.value.map((x) => x.id)).toEqual([items[3].id, items[1].id]);

    // Re-upsert changes metadata in place.
    await idx.upsert([{ ...items[3], metadata: { ...items[3].metadata, technique: "menu" } }]);
    const again = await idx.fetch([items[3].id]);
    expect(again.ok && again.value[0].metadata.technique).toBe("menu");

    expect(await idx.delete([items[3].id, "nope"])).toEqual({ ok: true, value: { deleted: 1 } });
    expect(await idx.stats()).toEqual({ ok: true, value: { count: 39, dimension: 3072 } });
  });

  it("rejects vectors of the wrong size or with NaN without writing", async () => {
    const idx = createLibsqlVectorIndex({ client });
    const bad = await idx.upsert([{ id: "html-1-a", vector: new Float32Array(10), metadata: { type: "html" } }]);
    expect(bad).toMatchObject({ ok: false });
    const nan = new Float32Array(3072);
    nan[0] = Number.NaN;
    expect(await idx.upsert([{ id: "html-1-a", vector: nan, metadata: { type: "html" } }])).toMatchObject({ ok: false });
    expect(await idx.query({ vector: new Float32Array(3), topK: 3 })).toMatchObject({ ok: false });
    expect(await idx.stats()).toEqual({ ok: true, value: { count: 0, dimension: 3072 } });
  });

  it("lists every id past one page", async () => {
    const idx = createLibsqlVectorIndex({ client, annThreshold: Number.POSITIVE_INFINITY });
    const v = unit(Float32Array.from({ length: 3072 }, (_, i) => (i % 5) - 2));
    const ids = Array.from({ length: 1234 }, (_, i) => `html-${i}-p`);
    for (let i = 0; i < ids.length; i += 400) {
      const r = await idx.upsert(ids.slice(i, i + 400).map((id) => ({ id, vector: v, metadata: { type: "html" } })));
      expect(r.ok).toBe(true);
    }
    const listed = await idx.listIds();
    expect(listed.ok && listed.value.length).toBe(1234);
    expect(listed.ok && new Set(listed.value)).toEqual(new Set(ids));
  });

  it("answers a closed database as an error value", async () => {
    const idx = createLibsqlVectorIndex({ client });
    client.close();
    const r = await idx.query({ vector: unit(Float32Array.from({ length: 3072 }, () => 1)), topK: 3 });
    expect(r).toMatchObject({ ok: false });
    expect(r.ok ? "" : r.error).toContain("vector index (libsql)");
  });
});

describe("libSQL vector index (ANN path)", () => {
  it("switches to the ANN path when another connection grows the table past the threshold", async () => {
    const items = library(120, 5);
    const idx = createLibsqlVectorIndex({ client, annThreshold: 100 });
    await idx.upsert(items.slice(0, 50));
    await idx.query({ vector: items[0].vector, topK: 3 });
    expect(idx.lastQueryPath()).toBe("exact");
    const other = createClient({ url: `file:${path.join(dir, "v.db")}` });
    try {
      await createLibsqlVectorIndex({ client: other, annThreshold: Number.POSITIVE_INFINITY }).upsert(items.slice(50));
    } finally {
      other.close();
    }
    const r = await idx.query({ vector: items[100].vector, topK: 1 });
    expect(idx.lastQueryPath()).toBe("ann");
    expect(r.ok && r.value[0].id).toBe(items[100].id);
  });

  it("matches exact top-7 with recall ≥ 0.95 and re-ranks with exact scores", async () => {
    const items = library(600, 7);
    const writer = createLibsqlVectorIndex({ client, annThreshold: Number.POSITIVE_INFINITY });
    for (let i = 0; i < items.length; i += 200) await writer.upsert(items.slice(i, i + 200));
    // Only topK rows re-ranked exactly, so the int8 scan's own order has to be right.
    const ann = createLibsqlVectorIndex({ client, annThreshold: 100, minExact: 7, exactFactor: 1 });
    const r = rng(99);
    let hit = 0;
    let total = 0;
    for (let t = 0; t < 12; t++) {
      const q = unit(centres[t % centres.length].map((x) => x + 0.5 * r()) as Float32Array);
      // Filtered to the technique of the topic's documents, as step 4 does.
      for (const filter of [undefined, { technique: ["tabs", "carousel", "accordion", "quiz"][t % 4] }]) {
        const got = await ann.query({ vector: q, topK: 7, filter });
        expect(ann.lastQueryPath()).toBe("ann");
        expect(got.ok).toBe(true);
        if (!got.ok) return;
        const want = exactTop(items, q, 7, (i) => !filter || i.metadata.technique === filter.technique);
        const wantIds = new Set(want.map((w) => w.id));
        hit += got.value.filter((m) => wantIds.has(m.id)).length;
        total += 7;
        if (filter) for (const m of got.value) expect(m.metadata.technique).toBe(filter.technique);
        const first = want[0];
        const top = got.value.find((m) => m.id === first.id);
        if (top) expect(top.score).toBeCloseTo(first.s, 4);
      }
    }
    expect(hit / total).toBeGreaterThanOrEqual(0.95);
  });

  it("answers a small library exactly as the SQL path does, every filter included", async () => {
    const items = library(200, 11);
    const exact = createLibsqlVectorIndex({ client, annThreshold: Number.POSITIVE_INFINITY });
    await exact.upsert(items);
    const scan = createLibsqlVectorIndex({ client, annThreshold: 0 });
    const filters = [
      undefined,
      { technique: "quiz" },
      { type: "amp" },
      { type: ["amp", "blog"] },
      { type: [] as string[] },
      { type: "html", technique: "tabs", exampleType: "negative" },
      { technique: "no-such-technique" },
    ];
    const r = rng(12);
    for (const [t, filter] of filters.entries()) {
      const q = unit(centres[t % centres.length].map((x) => x + r()) as Float32Array);
      const want = await exact.query({ vector: q, topK: 10, filter });
      const got = await scan.query({ vector: q, topK: 10, filter });
      expect(scan.lastQueryPath()).toBe("ann");
      expect(got).toEqual(want);
    }
    expect(scan.memoryBytes()).toBeGreaterThanOrEqual(200 * 3072);
  });

  it("keeps the candidate index fresh on its own writes and rebuilds after another connection writes", async () => {
    const items = library(150, 3);
    const ann = createLibsqlVectorIndex({ client, annThreshold: 100 });
    await ann.upsert(items);
    expect(await ann.warm()).toEqual({ ok: true, value: { size: 150 } });

    const fresh = unit(Float32Array.from({ length: 3072 }, (_, i) => Math.sin(i)));
    await ann.upsert([{ id: "html-9-new", vector: fresh, metadata: { type: "html", technique: "quiz" } }]);
    const r1 = await ann.query({ vector: fresh, topK: 1 });
    expect(ann.lastQueryPath()).toBe("ann");
    expect(r1.ok && r1.value[0].id).toBe("html-9-new");
    await ann.delete(["html-9-new"]);
    const r2 = await ann.query({ vector: fresh, topK: 1 });
    expect(r2.ok && r2.value[0].id).not.toBe("html-9-new");

    // A write that lands while a fresh build is paging through the table is not lost.
    const other0 = createClient({ url: `file:${path.join(dir, "v.db")}` });
    await createLibsqlVectorIndex({ client: other0, annThreshold: Number.POSITIVE_INFINITY }).upsert([
      { id: "amp-1-forcerebuild", vector: items[0].vector, metadata: { type: "amp" } },
    ]);
    other0.close();
    const during = unit(Float32Array.from({ length: 3072 }, (_, i) => Math.cos(i * 0.37)));
    const [warmed] = await Promise.all([
      ann.query({ vector: fresh, topK: 1 }),
      ann.upsert([{ id: "html-0-during", vector: during, metadata: { type: "html" } }]),
    ]);
    expect(warmed.ok).toBe(true);
    const r2b = await ann.query({ vector: during, topK: 1 });
    expect(ann.lastQueryPath()).toBe("ann");
    expect(r2b.ok && r2b.value[0].id).toBe("html-0-during");

    // Another connection (another process) writes: the next query must see it.
    const other = createClient({ url: `file:${path.join(dir, "v.db")}` });
    try {
      await createLibsqlVectorIndex({ client: other, annThreshold: Number.POSITIVE_INFINITY }).upsert([
        { id: "html-10-elsewhere", vector: fresh, metadata: { type: "html" } },
      ]);
    } finally {
      other.close();
    }
    const r3 = await ann.query({ vector: fresh, topK: 1 });
    expect(r3.ok && r3.value[0].id).toBe("html-10-elsewhere");
  });
});
