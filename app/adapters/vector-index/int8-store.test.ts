import { cosine } from "~/domain/retrieval/vectors";
import { Int8VectorStore, type SlotKeys } from "./int8-store";
import { createInt8Kernel } from "./int8-kernel";

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296 - 0.5;
  };
}

function randomVector(r: () => number, d: number): Float32Array {
  return Float32Array.from({ length: d }, () => r());
}

const html: SlotKeys = { type: "html", technique: "tabs", exampleType: "positive" };

function exactTop(docs: { id: string; v: Float32Array; keys: SlotKeys }[], q: Float32Array, k: number, accept?: (k: SlotKeys) => boolean) {
  return docs
    .filter((d) => !accept || accept(d.keys))
    .map((d) => ({ id: d.id, score: cosine(q, d.v) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, k);
}

describe("int8 kernel", () => {
  it("computes exact int32 dot products of an int16 query against int8 rows", () => {
    const k = createInt8Kernel();
    const row = 48;
    const n = 5;
    k.memory.grow(1);
    const q = new Int16Array(k.memory.buffer, 0, row);
    const data = new Int8Array(k.memory.buffer, 256, n * row);
    const r = rng(3);
    for (let i = 0; i < row; i++) q[i] = Math.round(r() * 65000);
    for (let i = 0; i < data.length; i++) data[i] = Math.round(r() * 254);
    data[0] = -127;
    data[1] = 127;
    k.scan(0, 256, n, row, 4096);
    const out = new Int32Array(k.memory.buffer, 4096, n);
    for (let s = 0; s < n; s++) {
      let want = 0;
      for (let i = 0; i < row; i++) want += q[i] * data[s * row + i];
      expect(out[s]).toBe(want);
    }
  });
});

describe("Int8VectorStore", () => {
  it("scores within 1e-2 of float cosine and returns the exact top-k when gaps exceed that", () => {
    const r = rng(1);
    const d = 3072;
    const docs = Array.from({ length: 400 }, (_, i) => ({ id: `doc-${String(i).padStart(3, "0")}`, v: randomVector(r, d), keys: html }));
    const store = new Int8VectorStore(d, 16);
    for (const doc of docs) store.set(doc.id, doc.v, doc.keys);
    expect(store.size).toBe(400);
    for (let t = 0; t < 5; t++) {
      // A query near one document, so the top of the list is well separated.
      const q = docs[t * 37].v.map((x) => x + 0.3 * r()) as Float32Array;
      const got = store.search(q, 10);
      const want = exactTop(docs, q, 10);
      expect(got).toHaveLength(10);
      for (const g of got) expect(Math.abs(g.score - cosine(q, docs.find((x) => x.id === g.id)!.v))).toBeLessThan(1e-2);
      expect(got[0].id).toBe(want[0].id);
      // Every result is in the exact top-k unless its exact score is within the error of the k-th.
      const wantIds = new Set(want.map((w) => w.id));
      for (const g of got) if (!wantIds.has(g.id)) expect(want[9].score - cosine(q, docs.find((x) => x.id === g.id)!.v)).toBeLessThan(2e-2);
      // Best first.
      for (let i = 1; i < got.length; i++) expect(got[i - 1].score).toBeGreaterThanOrEqual(got[i].score);
    }
  });

  it("handles dimensions that are not a multiple of 16, and zero vectors", () => {
    const r = rng(2);
    const store = new Int8VectorStore(21);
    const a = randomVector(r, 21);
    store.set("a", a, html);
    store.set("zero", new Float32Array(21), html);
    const got = store.search(a, 5);
    expect(got.map((g) => g.id)).toEqual(["a", "zero"]);
    expect(got[0].score).toBeCloseTo(1, 2);
    expect(got[1].score).toBe(0);
    expect(store.search(new Float32Array(21), 5).map((g) => g.score)).toEqual([0, 0]);
  });

  it("applies the filter before taking the top k", () => {
    const r = rng(4);
    const store = new Int8VectorStore(64);
    const docs = Array.from({ length: 60 }, (_, i) => ({
      id: `d${i}`,
      v: randomVector(r, 64),
      keys: { type: i % 3 === 0 ? "amp" : "html", technique: i % 2 ? "quiz" : "tabs", exampleType: null } as SlotKeys,
    }));
    for (const doc of docs) store.set(doc.id, doc.v, doc.keys);
    const q = randomVector(r, 64);
    const accept = (k: SlotKeys) => k.type === "amp" && k.technique === "quiz";
    const got = store.search(q, 50, accept);
    expect(got.map((g) => g.id).sort()).toEqual(
      docs
        .filter((x) => accept(x.keys))
        .map((x) => x.id)
        .sort(),
    );
    expect(store.search(q, 5, () => false)).toEqual([]);
  });

  it("breaks ties by id, like the SQL path", () => {
    const v = Float32Array.from({ length: 32 }, (_, i) => (i % 7) - 3);
    const store = new Int8VectorStore(32);
    for (const id of ["c", "a", "d", "b"]) store.set(id, v, html);
    expect(store.search(v, 3).map((g) => g.id)).toEqual(["a", "b", "c"]);
    expect(store.search(v, 4).map((g) => g.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("answers an empty store and k ≤ 0 with nothing", () => {
    const store = new Int8VectorStore(16);
    expect(store.search(new Float32Array(16).fill(1), 5)).toEqual([]);
    store.set("x", new Float32Array(16).fill(1), html);
    expect(store.search(new Float32Array(16).fill(1), 0)).toEqual([]);
  });

  it("rejects vectors and queries of the wrong dimension", () => {
    const store = new Int8VectorStore(16);
    expect(() => store.set("x", new Float32Array(15), html)).toThrow(/15 dimensions, the store expects 16/);
    expect(() => store.search(new Float32Array(17), 1)).toThrow(/17 dimensions/);
    expect(() => new Int8VectorStore(0)).toThrow(RangeError);
    expect(store.size).toBe(0);
  });

  it("updates in place, deletes with swap-remove and keeps growing past its capacity", () => {
    const r = rng(5);
    const d = 48;
    const store = new Int8VectorStore(d, 2);
    const docs = Array.from({ length: 50 }, (_, i) => ({ id: `d${i}`, v: randomVector(r, d), keys: html }));
    for (const doc of docs) store.set(doc.id, doc.v, doc.keys);
    expect(store.search(docs[49].v, 1)[0].id).toBe("d49");
    expect(store.delete("d0")).toBe(true);
    expect(store.delete("d0")).toBe(false);
    expect(store.has("d0")).toBe(false);
    expect(store.size).toBe(49);
    // d49 moved into slot 0 and is still found by its own vector.
    expect(store.search(docs[49].v, 1)[0].id).toBe("d49");
    const moved = randomVector(r, d);
    store.set("d7", moved, { ...html, technique: "quiz" });
    expect(store.size).toBe(49);
    expect(store.search(moved, 1)).toMatchObject([{ id: "d7" }]);
    expect(store.search(moved, 1, (k) => k.technique === "quiz").map((g) => g.id)).toEqual(["d7"]);
    for (const doc of docs) store.delete(doc.id);
    expect(store.size).toBe(0);
    expect(store.search(moved, 3)).toEqual([]);
  });

  it("re-uses scores for a repeated query by value, but not after a write", () => {
    const r = rng(6);
    const store = new Int8VectorStore(32);
    const a = randomVector(r, 32);
    const b = randomVector(r, 32);
    store.set("a", a, html);
    store.set("b", b, html);
    const q = Float32Array.from(a);
    expect(store.search(q, 1)[0].id).toBe("a");
    // Same buffer, new contents: answered for the new contents.
    q.set(b);
    expect(store.search(q, 1)[0].id).toBe("b");
    store.set("b", b.map((x) => -x) as Float32Array, html);
    expect(store.search(q, 1)[0].id).toBe("a");
  });

  it("reports its memory: about one byte a dimension per document", () => {
    const store = new Int8VectorStore(3072, 1000);
    expect(store.memoryBytes()).toBeGreaterThanOrEqual(1000 * 3072);
    expect(store.memoryBytes()).toBeLessThan(1000 * 3072 * 1.1);
  });
});
