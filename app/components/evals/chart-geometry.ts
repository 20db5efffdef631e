// Geometry of the compare chart: a dot plot with one row per prompt, A and B on a shared score
// axis joined by a line, and each run's average as a dashed rule. Pure, so it is unit-tested and
// rendered on the server as plain SVG. Two layouts: `wide` (labels left of the rows) and `narrow`
// (labels above the rows, for phones); the page renders both and CSS shows one.
import type { PromptDelta } from "~/domain/eval/compare";

export type ChartMetric = "judge" | "qa";
export type ChartLayout = "wide" | "narrow";

export interface ChartRow {
  key: string;
  label: string;
  /** Top of the row's band. */
  top: number;
  /** Where the label's baseline is. */
  labelX: number;
  labelY: number;
  /** The row's axis line (the dots sit on it). */
  y: number;
  a: number | null;
  b: number | null;
  ax: number | null;
  bx: number | null;
  delta: number | null;
  trend: "up" | "down" | "same" | "missing";
  aError: boolean;
  bError: boolean;
}

export interface LegendItem {
  kind: "a" | "b" | "up" | "down" | "avg";
  text: string;
  x: number;
  y: number;
}

export interface ChartGeometry {
  layout: ChartLayout;
  width: number;
  height: number;
  rowHeight: number;
  plot: { left: number; right: number; top: number; bottom: number };
  domain: [number, number];
  ticks: Array<{ value: number; x: number }>;
  rows: ChartRow[];
  legend: LegendItem[];
  averages: { a: { value: number; x: number } | null; b: { value: number; x: number } | null };
  counts: { up: number; down: number; same: number; missing: number };
}

const LAYOUTS = {
  wide: { width: 960, rowHeight: 34, left: 240, top: 78, bottom: 58, right: 64, labelChars: 30 },
  narrow: { width: 360, rowHeight: 52, left: 14, top: 104, bottom: 58, right: 52, labelChars: 40 },
} as const;

/** Rough width of legend text at 13 px (system UI, semibold): enough to place items without overlap. */
export function textWidth(s: string): number {
  return Math.ceil(s.length * 7.4);
}

/** The axis starts at the tens below the lowest value (minus a margin), so close scores stay apart; at most 0–100. */
export function scoreDomain(values: number[]): [number, number] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return [0, 100];
  const min = Math.min(...finite);
  const lo = Math.max(0, Math.min(80, Math.floor((min - 5) / 10) * 10));
  return [lo, 100];
}

export function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function chartGeometry(
  prompts: PromptDelta[],
  metric: ChartMetric,
  summary: { labels: { a: string; b: string }; averages: { a: number | null; b: number | null } },
  layout: ChartLayout = "wide",
): ChartGeometry {
  const L = LAYOUTS[layout];
  const { averages } = summary;
  const value = (side: PromptDelta["a"]) => (metric === "qa" ? side.qa : side.judge);
  const all = prompts.flatMap((p) => [value(p.a), value(p.b)]).filter((v): v is number => typeof v === "number");
  for (const avg of [averages.a, averages.b]) if (typeof avg === "number") all.push(avg);
  const domain = scoreDomain(all);
  const fmt = (n: number | null) => (n === null ? "–" : String(Math.round(n * 10) / 10));
  const aText = `A · ${truncate(summary.labels.a, 28)} (avg ${fmt(averages.a)})`;
  const bText = `B · ${truncate(summary.labels.b, 28)} (avg ${fmt(averages.b)})`;
  // Wide: A and B side by side when they fit, else one under the other (as in the narrow layout).
  const sideBySide = layout === "wide" && L.left + 16 + textWidth(aText) + 28 + 16 + textWidth(bText) <= L.width;
  const top = layout === "wide" && !sideBySide ? L.top + 22 : L.top;
  const plot = {
    left: L.left,
    right: L.width - L.right,
    top,
    bottom: top + Math.max(1, prompts.length) * L.rowHeight,
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const x = (v: number) =>
    round(plot.left + ((Math.min(domain[1], Math.max(domain[0], v)) - domain[0]) / (domain[1] - domain[0])) * (plot.right - plot.left));
  const span = domain[1] - domain[0];
  const step = layout === "narrow" ? (span > 40 ? 25 : span > 20 ? 10 : 5) : span > 50 ? 10 : 5;
  const ticks: ChartGeometry["ticks"] = [];
  for (let v = domain[0]; v <= domain[1]; v += step) ticks.push({ value: v, x: x(v) });

  const counts = { up: 0, down: 0, same: 0, missing: 0 };
  const rows = prompts.map((p, i): ChartRow => {
    const a = value(p.a);
    const b = value(p.b);
    const delta = typeof a === "number" && typeof b === "number" ? Math.round((b - a) * 100) / 100 : null;
    const trend = delta === null ? "missing" : delta > 0 ? "up" : delta < 0 ? "down" : "same";
    counts[trend] += 1;
    const top = plot.top + i * L.rowHeight;
    const y = layout === "wide" ? top + L.rowHeight / 2 : top + 34;
    return {
      key: p.promptId,
      label: truncate(p.promptId.replace(/^text:/, ""), L.labelChars),
      top,
      labelX: layout === "wide" ? 14 : plot.left,
      labelY: layout === "wide" ? y + 4.5 : top + 16,
      y,
      a,
      b,
      ax: typeof a === "number" ? x(a) : null,
      bx: typeof b === "number" ? x(b) : null,
      delta,
      trend,
      aError: Boolean(p.a.error),
      bError: Boolean(p.b.error),
    };
  });

  // Items: a marker at (x, y) and its text 16 px to the right.
  const legend: LegendItem[] = sideBySide
    ? [
        { kind: "a", text: aText, x: plot.left, y: 22 },
        { kind: "b", text: bText, x: plot.left + 16 + textWidth(aText) + 28, y: 22 },
        { kind: "up", text: "B higher", x: plot.left, y: 46 },
        { kind: "down", text: "B lower", x: plot.left + 100, y: 46 },
        { kind: "avg", text: "averages (dashed)", x: plot.left + 196, y: 46 },
      ]
    : [
        { kind: "a", text: aText, x: plot.left, y: 20 },
        { kind: "b", text: bText, x: plot.left, y: 42 },
        { kind: "up", text: "B higher", x: plot.left, y: 66 },
        { kind: "down", text: "B lower", x: plot.left + 96, y: 66 },
        { kind: "avg", text: layout === "wide" ? "averages (dashed)" : "averages", x: plot.left + 184, y: 66 },
      ];
  const avg = (v: number | null) => (typeof v === "number" ? { value: v, x: x(v) } : null);
  return {
    layout,
    width: L.width,
    height: plot.bottom + L.bottom,
    rowHeight: L.rowHeight,
    plot,
    domain,
    ticks,
    rows,
    legend,
    averages: { a: avg(averages.a), b: avg(averages.b) },
    counts,
  };
}
