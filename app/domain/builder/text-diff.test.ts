import { describe, expect, it } from "vitest";
import { diffableLines, diffLines, diffStats, foldUnchanged, MAX_DIFF_LINES } from "./text-diff";

describe("diffLines", () => {
  it.each([
    { before: ["a", "b", "c"], after: ["a", "b", "c"], added: 0, removed: 0 },
    { before: ["a", "b", "c"], after: ["a", "x", "c"], added: 1, removed: 1 },
    { before: [], after: ["a"], added: 1, removed: 0 },
    { before: ["a"], after: [], added: 0, removed: 1 },
    { before: ["h", "Shop now", "f"], after: ["h", "f"], added: 0, removed: 1 },
  ])("$before → $after", ({ before, after, added, removed }) => {
    const d = diffLines(before, after);
    expect(diffStats(d)).toEqual({ added, removed });
    // Replaying the diff gives both sides back.
    expect(d.filter((l) => l.type !== "added").map((l) => l.text)).toEqual(before);
    expect(d.filter((l) => l.type !== "removed").map((l) => l.text)).toEqual(after);
  });

  it("keeps the order of a changed headline among unchanged lines", () => {
    const d = diffLines(["Spring sale", "Dresses", "Shoes"], ["Summer sale", "Dresses", "Shoes"]);
    expect(d).toEqual([
      { type: "removed", text: "Spring sale" },
      { type: "added", text: "Summer sale" },
      { type: "same", text: "Dresses" },
      { type: "same", text: "Shoes" },
    ]);
  });

  it("stays bounded past MAX_DIFF_LINES (a swap, still both sides)", () => {
    const before = Array.from({ length: MAX_DIFF_LINES + 10 }, (_, i) => `b${i}`);
    const after = Array.from({ length: MAX_DIFF_LINES + 10 }, (_, i) => `a${i}`);
    const d = diffLines(before, after);
    expect(diffStats(d)).toEqual({ added: after.length, removed: before.length });
  });
});

describe("diffableLines and foldUnchanged", () => {
  it("drops blank lines and collapses whitespace", () => {
    expect(diffableLines("  a   b \n\n\t c\r\n")).toEqual(["a b", "c"]);
  });

  it("folds long unchanged runs around changes", () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const after = [...before];
    after[10] = "changed";
    const hunks = foldUnchanged(diffLines(before, after), 2);
    expect(hunks[0]).toEqual({ type: "skipped", count: 8 });
    expect(hunks[1]).toMatchObject({ type: "lines" });
    expect(hunks[2]).toEqual({ type: "skipped", count: 7 });
  });
});
