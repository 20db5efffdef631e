import { describe, expect, it } from "vitest";
import { compareRuns } from "~/domain/eval/compare";
import { chartGeometry, scoreDomain, textWidth } from "./chart-geometry";

const result = (promptId: string, qaScore: number | null, judgeScore: number | null, error: string | null = null) => ({
  promptId,
  qaScore,
  judgeScore,
  generationMs: 100,
  error,
});

const comparison = compareRuns(
  {
    id: "a",
    label: "baseline",
    results: [result("p1", 90, 80), result("p2", 95, 92), result("p3", 88, 70), result("p4", null, null, "generate: boom")],
  },
  { id: "b", label: "rag-on", results: [result("p1", 96, 88), result("p2", 95, 90), result("p3", 88, 70), result("p4", 91, 85)] },
);
const summary = {
  labels: { a: "baseline", b: "rag-on" },
  averages: { a: comparison.matched.a.avgJudgeScore, b: comparison.matched.b.avgJudgeScore },
};

describe("scoreDomain", () => {
  it("starts at the tens below the lowest value less a margin, never above 80 nor below 0", () => {
    expect(scoreDomain([])).toEqual([0, 100]);
    expect(scoreDomain([100, 100])).toEqual([80, 100]);
    expect(scoreDomain([86, 99])).toEqual([80, 100]);
    expect(scoreDomain([71, 99])).toEqual([60, 100]);
    expect(scoreDomain([0, 90])).toEqual([0, 100]);
  });
});

describe("chartGeometry", () => {
  it("places one row per matched prompt with A and B on one axis, and the direction of each change", () => {
    const g = chartGeometry(comparison.prompts, "judge", summary);
    expect(g.rows.map((r) => [r.key, r.a, r.b, r.delta, r.trend])).toEqual([
      ["p1", 80, 88, 8, "up"],
      ["p2", 92, 90, -2, "down"],
      ["p3", 70, 70, 0, "same"],
      // An errored prompt counts as 0, as in the averages.
      ["p4", 0, 85, 85, "up"],
    ]);
    expect(g.counts).toEqual({ up: 2, down: 1, same: 1, missing: 0 });
    expect(g.domain).toEqual([0, 100]);
    expect(g.rows[3].aError).toBe(true);
    // Scores map linearly onto the plot; rows go down the page in order.
    const { left, right } = g.plot;
    expect(g.rows[0].ax).toBeCloseTo(left + 0.8 * (right - left), 1);
    expect(g.rows[0].bx).toBeCloseTo(left + 0.88 * (right - left), 1);
    expect(g.rows.map((r) => r.y)).toEqual([...g.rows.map((r) => r.y)].sort((x, y) => x - y));
    expect(g.ticks[0]).toEqual({ value: 0, x: left });
    expect(g.ticks.at(-1)).toEqual({ value: 100, x: right });
    expect(g.averages.a?.value).toBe(comparison.matched.a.avgJudgeScore);
    expect(g.height).toBeGreaterThan(g.plot.bottom);
  });

  it("charts QA on request, and zooms the axis when every score is high", () => {
    const g = chartGeometry(comparison.prompts.slice(0, 3), "qa", { labels: summary.labels, averages: { a: 91, b: 93 } });
    expect(g.rows.map((r) => [r.a, r.b])).toEqual([
      [90, 96],
      [95, 95],
      [88, 88],
    ]);
    expect(g.domain).toEqual([80, 100]);
    expect(g.ticks.map((t) => t.value)).toEqual([80, 85, 90, 95, 100]);
  });

  it("keeps the legend apart and inside the chart, long labels truncated", () => {
    for (const labels of [summary.labels, { a: "x".repeat(60), b: "y".repeat(60) }]) {
      const g = chartGeometry(comparison.prompts, "judge", { ...summary, labels });
      const [a, b] = g.legend;
      expect(b.y).toBe(a.y);
      expect(b.x).toBeGreaterThanOrEqual(a.x + 16 + textWidth(a.text));
      expect(b.x + 16 + textWidth(b.text)).toBeLessThanOrEqual(g.width);
      expect(a.text.length).toBeLessThan(50);
    }
  });

  it("puts labels above the rows in the narrow layout", () => {
    const g = chartGeometry(comparison.prompts, "judge", summary, "narrow");
    expect(g.width).toBeLessThan(400);
    for (const r of g.rows) {
      expect(r.labelY).toBeLessThan(r.y);
      expect(r.labelX).toBe(g.plot.left);
    }
    expect(g.legend[1].y).toBeGreaterThan(g.legend[0].y);
  });

  it("draws an empty comparison without failing", () => {
    const g = chartGeometry([], "judge", { labels: summary.labels, averages: { a: null, b: null } });
    expect(g.rows).toEqual([]);
    expect(g.averages).toEqual({ a: null, b: null });
    expect(g.domain).toEqual([0, 100]);
  });
});
