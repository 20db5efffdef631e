import { describe, expect, it } from "vitest";
import { compareRuns, delta, isPositive, mean, normaliseRating, percentile, share, summarizeResults } from "./index";

const ok = (qa: number | null, judge: number | null, ms: number | null) => ({
  qaScore: qa,
  judgeScore: judge,
  generationMs: ms,
  error: null,
});
const err = (message: string, ms: number | null = null) => ({ qaScore: null, judgeScore: null, generationMs: ms, error: message });

describe("summarizeResults", () => {
  it("counts errored results as 0 in the score averages and leaves them out of the time average", () => {
    const s = summarizeResults([ok(90, 80, 100), ok(70, 60, 300), err("HTTP 500", 5000)]);
    expect(s).toEqual({ resultCount: 3, errorCount: 1, avgQaScore: 53.33, avgJudgeScore: 46.67, avgGenerationMs: 200 });
  });

  it("leaves a non-errored result without a score out of that average only", () => {
    const s = summarizeResults([ok(80, null, 50), ok(60, 40, null)]);
    expect(s.avgQaScore).toBe(70);
    expect(s.avgJudgeScore).toBe(40);
    expect(s.avgGenerationMs).toBe(50);
  });

  it("gives null averages with nothing to average and treats a blank error as no error", () => {
    expect(summarizeResults([])).toEqual({ resultCount: 0, errorCount: 0, avgQaScore: null, avgJudgeScore: null, avgGenerationMs: null });
    expect(summarizeResults([{ ...ok(50, 50, 10), error: "  " }]).errorCount).toBe(0);
    expect(summarizeResults([err("x"), err("y")])).toMatchObject({ errorCount: 2, avgQaScore: 0, avgJudgeScore: 0, avgGenerationMs: null });
  });
});

describe("percentile, mean, delta", () => {
  it.each([
    [[1, 2, 3, 4], 50, 2.5],
    [[5], 95, 5],
    [[10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 95, 95.5],
    [[3, 1, 2], 50, 2],
    [[1, 2, 3], 0, 1],
    [[1, 2, 3], 100, 3],
    [[1, 2, 3], 150, 3],
  ])("percentile(%j, %d) = %d", (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
  it("handles empty inputs", () => {
    expect(percentile([], 50)).toBeNull();
    expect(mean([])).toBeNull();
    expect(delta(null, 3)).toBeNull();
    expect(delta(1.1, 3.3)).toBe(2.2);
  });
});

describe("compareRuns", () => {
  const run = (id: string, results: Array<[string | null, ReturnType<typeof ok> | ReturnType<typeof err>]>) => ({
    id,
    label: id,
    results: results.map(([promptId, r]) => ({ promptId, ...r })),
  });

  it("matches prompts by id and reports per-prompt and average deltas", () => {
    const a = run("A", [
      ["p1", ok(80, 70, 100)],
      ["p2", err("boom")],
      ["p3", ok(50, 50, 100)],
      ["only-a", ok(10, 10, 10)],
    ]);
    const b = run("B", [
      ["p1", ok(90, 65, 150)],
      ["p2", ok(60, 60, 200)],
      ["p3", err("timeout")],
      ["only-b", ok(99, 99, 1)],
    ]);
    const c = compareRuns(a, b);
    expect(c.prompts.map((p) => p.promptId)).toEqual(["p1", "p2", "p3"]);
    expect(c.prompts[0]).toMatchObject({ qa: 10, judge: -5, ms: 50, errorChange: null });
    expect(c.prompts[1]).toMatchObject({ qa: 60, judge: 60, ms: null, errorChange: "fixed" });
    expect(c.prompts[2]).toMatchObject({ qa: -50, judge: -50, ms: null, errorChange: "broke" });
    expect(c.onlyInA).toEqual(["only-a"]);
    expect(c.onlyInB).toEqual(["only-b"]);
    expect(c.matched.count).toBe(3);
    // Matched A: qa (80 + 0 + 50) / 3 = 43.33; matched B: (90 + 60 + 0) / 3 = 50.
    expect(c.matched.qa).toBe(6.67);
    expect(c.matched.errors).toBe(0);
    // Times: A (100 + 100) / 2 = 100; B (150 + 200) / 2 = 175.
    expect(c.matched.ms).toBe(75);
    expect(c.overall.errors).toBe(0);
  });

  it("keeps the last result of a prompt saved twice and ignores results without a prompt id", () => {
    const a = run("A", [
      ["p1", err("first try")],
      ["p1", ok(70, 70, 10)],
      [null, ok(1, 1, 1)],
    ]);
    const b = run("B", [["p1", ok(70, 75, 10)]]);
    const c = compareRuns(a, b);
    expect(c.prompts).toHaveLength(1);
    expect(c.prompts[0]).toMatchObject({ qa: 0, judge: 5, errorChange: null });
  });
});

describe("feedback ratings", () => {
  it.each([
    ["up", "up", true],
    ["DOWN", "down", false],
    [5, "5", true],
    [4, "4", true],
    ["3", "3", false],
    [1, "1", false],
  ] as const)("%j → %s (positive %s)", (input, rating, positive) => {
    const r = normaliseRating(input);
    expect(r).toBe(rating);
    expect(isPositive(r!)).toBe(positive);
  });

  it.each([0, 6, 4.5, "great", "", null, true, "10"])("rejects %j", (input) => {
    expect(normaliseRating(input)).toBeNull();
  });

  it("computes the share of positive ratings", () => {
    expect(share(0, 0)).toEqual({ count: 0, positive: 0, positiveShare: null });
    expect(share(3, 2)).toEqual({ count: 3, positive: 2, positiveShare: 0.6667 });
  });
});
