import { useId } from "react";
import type { PromptDelta } from "~/domain/eval/compare";
import { chartGeometry, type ChartGeometry, type ChartLayout, type ChartMetric, type LegendItem } from "./chart-geometry";
import { fmtScore, fmtSigned, plural } from "./format";

export const METRIC_NAME: Record<ChartMetric, string> = { judge: "Judge score", qa: "QA score" };

interface ChartProps {
  prompts: PromptDelta[];
  metric: ChartMetric;
  labels: { a: string; b: string };
  averages: { a: number | null; b: number | null };
}

/**
 * A server-rendered dot plot: one row per matched prompt, A (ring) and B (dot) on one score axis,
 * joined by a line coloured by the direction of the change, each run's average as a dashed rule.
 * Rendered twice (wide and narrow layouts); the stylesheet shows the one that fits. Screen readers
 * get the title and a one-sentence summary; the delta table below has every number.
 */
export function CompareChart(props: ChartProps) {
  return (
    <>
      <ChartSvg {...props} layout="wide" />
      <ChartSvg {...props} layout="narrow" />
    </>
  );
}

function Legend({ item }: { item: LegendItem }) {
  const marker =
    item.kind === "a" ? (
      <circle cx={6} cy={-4} r={6} className="ev-dot-a" />
    ) : item.kind === "b" ? (
      <circle cx={6} cy={-4} r={5.5} className="ev-dot-b" />
    ) : (
      <line
        x1={0}
        x2={14}
        y1={-4}
        y2={-4}
        className={item.kind === "up" ? "ev-link-up" : item.kind === "down" ? "ev-link-down" : "ev-avg-line ev-avg-b"}
      />
    );
  return (
    <g
      transform={`translate(${item.x}, ${item.y})`}
      className={item.kind === "a" || item.kind === "b" ? "ev-legend-main" : "ev-legend-minor"}
    >
      {marker}
      <text x={item.kind === "a" || item.kind === "b" ? 18 : 20} y={0}>
        {item.text}
      </text>
    </g>
  );
}

function summaryText(g: ChartGeometry, name: string, averages: ChartProps["averages"]): string {
  return (
    `${plural(g.rows.length, "matched prompt")}. B is higher on ${g.counts.up}, lower on ${g.counts.down} and equal on ${g.counts.same}` +
    `${g.counts.missing ? `; ${g.counts.missing} without both scores` : ""}. ` +
    `Average ${name.toLowerCase()}: A ${fmtScore(averages.a)}, B ${fmtScore(averages.b)}.`
  );
}

function ChartSvg({ prompts, metric, labels, averages, layout }: ChartProps & { layout: ChartLayout }) {
  const id = useId();
  const g = chartGeometry(prompts, metric, { labels, averages }, layout);
  const name = METRIC_NAME[metric];
  const wide = layout === "wide";
  return (
    <svg
      className={`ev-chart ev-chart-${layout}`}
      viewBox={`0 0 ${g.width} ${g.height}`}
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      data-testid={wide ? "compare-chart" : "compare-chart-narrow"}
    >
      <title id={`${id}-t`}>{`${name} per prompt: A “${labels.a}” vs B “${labels.b}”`}</title>
      <desc id={`${id}-d`}>{summaryText(g, name, averages)}</desc>

      <g aria-hidden="true">
        {g.legend.map((item) => (
          <Legend key={item.kind} item={item} />
        ))}

        {g.rows.map((r, i) =>
          i % 2 === 0 ? <rect key={r.key} x={0} y={r.top} width={g.width} height={g.rowHeight} className="ev-band" /> : null,
        )}
        {g.ticks.map((t) => (
          <g key={t.value}>
            <line x1={t.x} x2={t.x} y1={g.plot.top} y2={g.plot.bottom} className="ev-grid" />
            <text x={t.x} y={g.plot.bottom + 20} className="ev-tick" textAnchor="middle">
              {t.value}
            </text>
          </g>
        ))}
        <text x={(g.plot.left + g.plot.right) / 2} y={g.plot.bottom + 46} className="ev-axis-label" textAnchor="middle">
          {name}
          {g.domain[0] > 0 ? ` (axis from ${g.domain[0]} to 100)` : " (0–100)"}
        </text>
        {wide ? (
          <text x={14} y={g.plot.top - 10} className="ev-axis-label">
            Prompt
          </text>
        ) : null}
        {wide ? (
          <text x={g.plot.right + 16} y={g.plot.top - 10} className="ev-axis-label">
            B − A
          </text>
        ) : null}

        {g.averages.a ? (
          <line x1={g.averages.a.x} x2={g.averages.a.x} y1={g.plot.top} y2={g.plot.bottom} className="ev-avg-line ev-avg-a" />
        ) : null}
        {g.averages.b ? (
          <line x1={g.averages.b.x} x2={g.averages.b.x} y1={g.plot.top} y2={g.plot.bottom} className="ev-avg-line ev-avg-b" />
        ) : null}
      </g>

      {g.rows.map((r) => (
        <g key={r.key} className="ev-chart-row" aria-hidden="true">
          <title>{`${r.label}: A ${r.aError ? "error" : fmtScore(r.a)}, B ${r.bError ? "error" : fmtScore(r.b)}${r.delta !== null ? ` (${r.delta === 0 ? "no change" : fmtSigned(r.delta)})` : ""}`}</title>
          <text x={r.labelX} y={r.labelY} className="ev-row-label">
            {r.label}
          </text>
          <line x1={g.plot.left} x2={g.plot.right} y1={r.y} y2={r.y} className="ev-row-guide" />
          {r.ax !== null && r.bx !== null && r.ax !== r.bx ? (
            <line x1={r.ax} x2={r.bx} y1={r.y} y2={r.y} className={r.trend === "up" ? "ev-link-up" : "ev-link-down"} />
          ) : null}
          {/* A is a ring drawn larger than B's dot, so equal scores read as a dot in a ring. */}
          {r.ax !== null ? <circle cx={r.ax} cy={r.y} r={7.5} className={r.aError ? "ev-dot-a ev-dot-error" : "ev-dot-a"} /> : null}
          {r.bx !== null ? <circle cx={r.bx} cy={r.y} r={4.5} className={r.bError ? "ev-dot-b ev-dot-error" : "ev-dot-b"} /> : null}
          <text x={g.plot.right + 16} y={r.y + 4.5} className={`ev-row-delta ev-row-delta-${r.trend}`}>
            {r.delta === null ? "–" : r.delta === 0 ? "±0" : fmtSigned(r.delta)}
          </text>
        </g>
      ))}
    </svg>
  );
}
