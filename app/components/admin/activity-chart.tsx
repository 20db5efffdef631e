// Delivery events per day, stacked by type: the bars are SVG (stretched to the frame's width),
// the axis labels HTML (so they stay readable at any width), and the numbers are also a table.
import { Link } from "@remix-run/react";
import type { DailyActivity, EventSeriesKey } from "~/domain/deliverability/activity";
import { formatDayShort, formatNumber } from "./format";

export const SERIES_COLORS: Record<EventSeriesKey, string> = {
  delivered: "#12b76a",
  opened: "#2e90fa",
  clicked: "#6172f3",
  soft_bounce: "#f79009",
  hard_bounce: "#d92d20",
  complained: "#c11574",
  unsubscribed: "#98a2b3",
};

/** The event-list filter value of a series (see EVENT_FILTER_OPTIONS). */
const FILTER_FOR: Record<EventSeriesKey, string> = {
  delivered: "delivered",
  opened: "opened",
  clicked: "clicked",
  soft_bounce: "failed:temporary",
  hard_bounce: "failed:permanent",
  complained: "complained",
  unsubscribed: "unsubscribed",
};

/** A round top for the y axis and its step: 0, step, 2·step … top (about four gridlines). */
export function yScale(max: number): { top: number; step: number } {
  if (max <= 4) return { top: 4, step: 1 };
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 5, 10].find((s) => s * mag >= raw) ?? 10) * mag);
  return { top: step * Math.ceil(max / step), step };
}

const SLOT = 10;
const BAR = 6;

export function ActivityChart({ activity, eventsPath }: { activity: DailyActivity; eventsPath: string }) {
  const { days, series, totals } = activity;
  const { top, step } = yScale(Math.max(0, ...totals));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const width = days.length * SLOT;
  const busiest = totals.reduce((best, t, i) => (t > totals[best] ? i : best), 0);
  const summary =
    `Stacked bar chart of delivery events per day over the last ${days.length} days (UTC), ` +
    `${formatNumber(activity.total)} in all; the busiest day was ${formatDayShort(days[busiest])} with ${formatNumber(totals[busiest])}. ` +
    series
      .filter((s) => s.total > 0)
      .map((s) => `${s.label}: ${formatNumber(s.total)}`)
      .join(", ") +
    ".";

  return (
    <figure className="adm-chart" data-testid="activity-chart">
      <ul className="adm-legend" aria-label="Event types, totals over the period">
        {series.map((s) => (
          <li key={s.key}>
            <Link
              to={`${eventsPath}?type=${encodeURIComponent(FILTER_FOR[s.key])}`}
              className="adm-legend-item"
              data-testid={`legend-${s.key}`}
            >
              <span className="adm-swatch" style={{ background: SERIES_COLORS[s.key] }} aria-hidden="true" />
              <span>{s.label}</span>
              <strong>{formatNumber(s.total)}</strong>
            </Link>
          </li>
        ))}
      </ul>
      <div className="adm-chart-plot">
        <span className="adm-chart-ytitle" aria-hidden="true">
          Events
        </span>
        <div className="adm-chart-yaxis" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} style={{ bottom: `${(t / top) * 100}%` }}>
              {formatNumber(t)}
            </span>
          ))}
        </div>
        <div className="adm-chart-area">
          <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-label={summary} className="adm-chart-svg">
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={width}
                y1={100 - (t / top) * 100}
                y2={100 - (t / top) * 100}
                className={t === 0 ? "adm-chart-base" : "adm-chart-grid"}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((day, i) => {
              let y = 100;
              return (
                <g key={day}>
                  <title>{`${formatDayShort(day)}: ${formatNumber(totals[i])} events`}</title>
                  {series.map((s) => {
                    const v = s.counts[i];
                    if (v === 0) return null;
                    const h = (v / top) * 100;
                    y -= h;
                    return (
                      <rect key={s.key} x={i * SLOT + (SLOT - BAR) / 2} y={y} width={BAR} height={h} fill={SERIES_COLORS[s.key]}>
                        <title>{`${formatDayShort(day)}: ${formatNumber(v)} ${s.label.toLowerCase()}`}</title>
                      </rect>
                    );
                  })}
                </g>
              );
            })}
          </svg>
          <div className="adm-chart-xaxis" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
            {days.map((d, i) => {
              // Counted back from today, so today always keeps its label when narrow screens thin them out.
              const back = days.length - 1 - i;
              const thin = [back % 2 ? "adm-chart-x2" : "", back % 3 ? "adm-chart-x3" : ""].filter(Boolean).join(" ");
              return (
                <span key={d} className={thin || undefined}>
                  <span>{formatDayShort(d)}</span>
                </span>
              );
            })}
          </div>
        </div>
      </div>
      <figcaption className="adm-chart-caption">Day (UTC) · events by the day they happened</figcaption>
      <details className="adm-details">
        <summary>Show the numbers</summary>
        <div className="adm-table-wrap" role="region" aria-label="Delivery events per day" tabIndex={0}>
          <table className="adm-table adm-table-compact">
            <caption className="adm-sr">Delivery events per day and type</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th scope="col" key={s.key} className="adm-num">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="adm-num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d}>
                  <th scope="row">{formatDayShort(d)}</th>
                  {series.map((s) => (
                    <td key={s.key} className="adm-num">
                      {formatNumber(s.counts[i])}
                    </td>
                  ))}
                  <td className="adm-num">
                    <strong>{formatNumber(totals[i])}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
