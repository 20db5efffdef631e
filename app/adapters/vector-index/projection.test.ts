import { CandidateIndex, Projector } from "./projection";

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296 - 0.5;
  };
}

function randomVector(r: () => number, d = 3072): Float32Array {
  const v = new Float32Array(d);
  for (let i = 0; i < d; i++) v[i] = r();
  return v;
}

function cos(a: Float32Array, b: Float32Array) {
  let d = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { d += a[i] * b[i]; na += a[i] * a[i]; nb += b[i] * b[i]; }
  return d / Math.sqrt(na * nb);
}

const keys = { type: "html", technique: "tabs", exampleType: "positive" };

describe("Projector", () => {
  it("is deterministic and approximately preserves cosine", () => {
    const r = rng(1);
    const p = new Projector(3072, 512);
    const a = randomVector(r);
    const b = a.map((x) => x + 0.8 * r()) as Float32Array;
    const pa = p.project(a);
    expect(Array.from(new Projector(3072, 512).project(a))).toEqual(Array.from(pa));
    const pb = p.project(b);
    let dot = 0;
    for (let i = 0; i < 512; i++) dot += pa[i] * pb[i];
    expect(Math.abs(dot - cos(a, b))).toBeLessThan(0.1);
  });
});

describe("CandidateIndex", () => {
  it("finds a near neighbour among random vectors and refines to the exact order", () => {
    const r = rng(2);
    const idx = new CandidateIndex(new Projector(3072, 256), 4);
    const vs: Float32Array[] = [];
    for (let i = 0; i < 300; i++) {
      const v = randomVector(r);
      vs.push(v);
      idx.set(`d${i}`, v, keys);
    }
    const q = vs[123].map((x) => x + 0.3 * r()) as Float32Array;
    const cands = idx.search(q, 30);
    expect(cands).toContain("d123");
    const refined = idx.refine(q, cands, 5);
    const exact = vs.map((v, i) => ({ id: `d${i}`, s: cos(q, v) })).sort((a, b) => b.s - a.s);
    expect(refined[0]).toBe(exact[0].id);
  });

  it("applies the filter, updates in place and deletes with swap-remove", () => {
    const r = rng(3);
    const idx = new CandidateIndex(new Projector(3072, 128), 2);
    const a = randomVector(r);
    idx.set("a", a, { ...keys, technique: "tabs" });
    idx.set("b", randomVector(r), { ...keys, technique: "carousel" });
    idx.set("c", randomVector(r), { ...keys, technique: "tabs" });
    expect(idx.search(a, 10, (k) => k.technique === "carousel")).toEqual(["b"]);
    expect(idx.size).toBe(3);
    idx.set("a", randomVector(r), { ...keys, technique: "carousel" });
    expect(idx.size).toBe(3);
    expect(new Set(idx.search(a, 10, (k) => k.technique === "carousel"))).toEqual(new Set(["a", "b"]));
    expect(idx.delete("a")).toBe(true);
    expect(idx.delete("a")).toBe(false);
    expect(new Set(idx.search(a, 10))).toEqual(new Set(["b", "c"]));
    expect(idx.refine(a, ["zzz", "c"], 5)).toEqual(["c"]);
  });

  it("re-uses scores for a repeated query but not after a write", () => {
    const r = rng(4);
    const idx = new CandidateIndex(new Projector(3072, 128));
    const v = randomVector(r);
    idx.set("x", randomVector(r), keys);
    expect(idx.search(v, 1)).toEqual(["x"]);
    idx.set("y", v, keys);
    expect(idx.search(v, 1)).toEqual(["y"]);
  });
});
