import { describe, expect, it } from "vitest";
import { auc, separation, separationByKind } from "./separation";

describe("auc", () => {
  it("is 1 when every original outscores every mutant, 0.5 for ties, 0 when reversed", () => {
    expect(auc([90, 95, 100], [10, 20])).toBe(1);
    expect(auc([50, 50], [50])).toBe(0.5);
    expect(auc([10], [20, 30])).toBe(0);
    expect(auc([80, 60], [70])).toBe(0.5);
    expect(auc([], [1])).toBeNaN();
  });
});

describe("separation", () => {
  it("counts mutants below their original and those still in the Ready to send band", () => {
    const s = separation("lose-brand", [
      { kind: "lose-brand", original: 100, mutant: 85 },
      { kind: "lose-brand", original: 97, mutant: 97 },
      { kind: "other", original: 100, mutant: 0 },
    ]);
    expect(s).toMatchObject({ mutants: 2, lower: 1, lowerPct: 50, ready: 1, readyPct: 50, meanOriginal: 98.5, meanMutant: 91 });
    // 100 > 85, 100 > 97, 97 > 85 and a tie at 97: 3.5 of 4.
    expect(s.auc).toBe(0.875);
    const rows = separationByKind(["lose-brand", "other"], [{ kind: "other", original: 2, mutant: 1 }]);
    expect(rows.map((r) => r.kind)).toEqual(["lose-brand", "other", "all"]);
    expect(rows[0]!.mutants).toBe(0);
  });
});
