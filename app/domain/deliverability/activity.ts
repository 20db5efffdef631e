// Delivery events per day and type, for the admin's activity chart: counts grouped by the
// database, laid out here as one series per event type over a fixed run of UTC days.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The event types charted, in stacking order (bottom first); a failure's severity splits it in two. */
export const EVENT_SERIES = [
  { key: "delivered", label: "Delivered", kind: "delivered" },
  { key: "opened", label: "Opened", kind: "opened" },
  { key: "clicked", label: "Clicked", kind: "clicked" },
  { key: "soft_bounce", label: "Soft bounce", kind: "failed", severity: "temporary" },
  { key: "hard_bounce", label: "Hard bounce", kind: "failed", severity: "permanent" },
  { key: "complained", label: "Complaint", kind: "complained" },
  { key: "unsubscribed", label: "Unsubscribed", kind: "unsubscribed" },
] as const;

export type EventSeriesKey = (typeof EVENT_SERIES)[number]["key"];

/** The series an event belongs to; a failure without a severity counts as a soft bounce (as the machine treats it). */
export function seriesKeyFor(kind: string, severity: string | null): EventSeriesKey | null {
  if (kind === "failed") return severity === "permanent" ? "hard_bounce" : "soft_bounce";
  const found = EVENT_SERIES.find((s) => s.kind === kind);
  return found ? found.key : null;
}

export interface DailyActivity {
  /** UTC days, oldest first, YYYY-MM-DD; the last is today's. */
  days: string[];
  series: Array<{ key: EventSeriesKey; label: string; counts: number[]; total: number }>;
  /** Per day, all types together. */
  totals: number[];
  total: number;
}

/** The first instant of the UTC day `days - 1` days before `now`'s: where a `days`-day window starts. */
export function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/**
 * Lays grouped counts out over the `days` UTC days ending with `now`'s day. Rows outside the
 * window, and kinds that are not charted, are left out.
 */
export function dailyActivity(
  rows: ReadonlyArray<{ day: string; kind: string; severity: string | null; count: number }>,
  days: number,
  now: Date,
): DailyActivity {
  const start = windowStart(now, days).getTime();
  const dayKeys = Array.from({ length: days }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
  const index = new Map(dayKeys.map((d, i) => [d, i]));
  const counts = new Map<EventSeriesKey, number[]>(EVENT_SERIES.map((s) => [s.key, new Array<number>(days).fill(0)]));
  for (const row of rows) {
    const i = index.get(row.day);
    const key = seriesKeyFor(row.kind, row.severity);
    if (i === undefined || key === null) continue;
    counts.get(key)![i] += row.count;
  }
  const series = EVENT_SERIES.map((s) => {
    const c = counts.get(s.key)!;
    return { key: s.key, label: s.label, counts: c, total: c.reduce((a, b) => a + b, 0) };
  });
  const totals = dayKeys.map((_, i) => series.reduce((sum, s) => sum + s.counts[i], 0));
  return { days: dayKeys, series, totals, total: totals.reduce((a, b) => a + b, 0) };
}
