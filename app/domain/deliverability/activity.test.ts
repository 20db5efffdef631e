import { EVENT_SERIES, dailyActivity, seriesKeyFor, windowStart } from "./activity";

const NOW = new Date("2026-11-14T15:30:00Z");

describe("windowStart", () => {
  it.each([
    [1, "2026-11-14T00:00:00.000Z"],
    [14, "2026-11-01T00:00:00.000Z"],
  ])("%i days end with today's UTC day → %s", (days, iso) => {
    expect(windowStart(NOW, days).toISOString()).toBe(iso);
  });
});

describe("seriesKeyFor", () => {
  it.each([
    ["delivered", null, "delivered"],
    ["opened", null, "opened"],
    ["clicked", null, "clicked"],
    ["failed", "permanent", "hard_bounce"],
    ["failed", "temporary", "soft_bounce"],
    ["failed", null, "soft_bounce"],
    ["complained", null, "complained"],
    ["unsubscribed", null, "unsubscribed"],
    ["accepted", null, null],
  ] as const)("%s/%s → %s", (kind, severity, key) => {
    expect(seriesKeyFor(kind, severity)).toBe(key);
  });
});

describe("dailyActivity", () => {
  it("lays the counts out over the window, oldest day first, with totals per day and per type", () => {
    const a = dailyActivity(
      [
        { day: "2026-11-14", kind: "delivered", severity: null, count: 5 },
        { day: "2026-11-14", kind: "failed", severity: "permanent", count: 1 },
        { day: "2026-11-13", kind: "failed", severity: "temporary", count: 2 },
        { day: "2026-11-01", kind: "opened", severity: null, count: 3 },
        // Outside the window, or not charted: left out.
        { day: "2026-10-31", kind: "delivered", severity: null, count: 100 },
        { day: "2026-11-14", kind: "accepted", severity: null, count: 100 },
      ],
      14,
      NOW,
    );
    expect(a.days).toHaveLength(14);
    expect(a.days[0]).toBe("2026-11-01");
    expect(a.days[13]).toBe("2026-11-14");
    const by = Object.fromEntries(a.series.map((s) => [s.key, s]));
    expect(by.delivered.counts[13]).toBe(5);
    expect(by.hard_bounce.counts[13]).toBe(1);
    expect(by.soft_bounce.counts[12]).toBe(2);
    expect(by.opened.counts[0]).toBe(3);
    expect(by.delivered.total).toBe(5);
    expect(a.totals[13]).toBe(6);
    expect(a.total).toBe(11);
    expect(a.series.map((s) => s.key)).toEqual(EVENT_SERIES.map((s) => s.key));
  });

  it("no events: every count is zero", () => {
    const a = dailyActivity([], 7, NOW);
    expect(a.total).toBe(0);
    expect(a.totals).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
