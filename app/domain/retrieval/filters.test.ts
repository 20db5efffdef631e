import { excludeBlogAndConcept, emptyTrace, gate, keepPositive, mergeAndDedupe, narrowCandidates, type Match } from "./filters";
import { makeDocId, parseDocId } from "./doc-id";

const m = (id: string, score: number, metadata: Match["metadata"] = { type: "html", exampleType: "positive" }): Match => ({
  id,
  score,
  metadata,
});

describe("mergeAndDedupe", () => {
  it("keeps one entry per id with its best score, best first", () => {
    const out = mergeAndDedupe([m("a", 0.6), m("b", 0.9)], [m("a", 0.8), m("c", 0.7)]);
    expect(out.map((x) => [x.id, x.score])).toEqual([
      ["b", 0.9],
      ["a", 0.8],
      ["c", 0.7],
    ]);
  });
  it("orders ties by id so the result does not depend on which query answered first", () => {
    expect(mergeAndDedupe([m("z", 0.5)], [m("y", 0.5)]).map((x) => x.id)).toEqual(["y", "z"]);
    expect(mergeAndDedupe([m("y", 0.5)], [m("z", 0.5)]).map((x) => x.id)).toEqual(["y", "z"]);
  });
});

describe("gate, keepPositive, excludeBlogAndConcept", () => {
  it("drops matches below 50% similarity and keeps exactly 0.5", () => {
    expect(gate([m("a", 0.49999), m("b", 0.5), m("c", 0.93), m("d", Number.NaN)]).map((x) => x.id)).toEqual(["b", "c"]);
  });
  it("keeps positive examples and documents without exampleType (default positive)", () => {
    const out = keepPositive([m("a", 1, { type: "html", exampleType: "negative" }), m("b", 1, { type: "amp" }), m("c", 1)]);
    expect(out.map((x) => x.id)).toEqual(["b", "c"]);
  });
  it("excludes blog and concept content", () => {
    const out = excludeBlogAndConcept([
      m("a", 1, { type: "blog" }),
      m("b", 1, { type: "html", htmlType: "concept" }),
      m("c", 1, { type: "html", technique: "Concept" }),
      m("d", 1, { type: "amp" }),
    ]);
    expect(out.map((x) => x.id)).toEqual(["d"]);
  });
  it("narrowCandidates counts after each step", () => {
    const trace = emptyTrace("q", "tabs");
    const out = narrowCandidates(
      [m("a", 0.9), m("b", 0.4)],
      [m("a", 0.9), m("c", 0.8, { type: "html", exampleType: "negative" }), m("d", 0.7, { type: "blog" }), m("e", 0.6)],
      trace,
    );
    expect(out.map((x) => x.id)).toEqual(["a", "e"]);
    expect(trace).toMatchObject({ filteredHits: 2, unfilteredHits: 4, merged: 5, aboveGate: 4, positive: 3, codeExamples: 2 });
  });
});

describe("doc ids", () => {
  it("has the shape <type>-<epoch_ms>-<suffix> and parses back", () => {
    let i = 0;
    const seq = [0.1, 0.5, 0.99, 0, 0.3, 0.7, 0.2, 0.9];
    const id = makeDocId("html", new Date("2026-11-21T12:00:00.000Z"), () => seq[i++ % seq.length]);
    expect(id).toMatch(/^html-1795262400000-[a-z0-9]{8}$/);
    expect(parseDocId(id)).toEqual({ type: "html", epochMs: 1795262400000, suffix: id.split("-")[2] });
    expect(parseDocId("pdf-1-abc")).toBeNull();
  });
  it("never indexes past the alphabet even if rand returns 1", () => {
    expect(makeDocId("amp", 5, () => 1, 3)).toBe("amp-5-999");
  });
});
