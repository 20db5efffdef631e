// The admin pages' pure helpers: formatting (the same text on the server and in the browser),
// the forms' and query strings' schemas, how a suppression entry reads, the chart's y scale.
import { yScale } from "./activity-chart";
import {
  formatDate,
  formatDateTime,
  formatDayShort,
  formatNumber,
  formatRelative,
  formatShare,
  formatSigned,
  ordinal,
  plural,
} from "./format";
import {
  AckFormSchema,
  LiftFormSchema,
  SuppressFormSchema,
  optionalEnum,
  pageParam,
  returnToSchema,
  withOutcome,
} from "~/domain/requests/admin-forms";
import { fieldErrors } from "~/lib/form-errors";
import { sourceLabel, suppressionSummary } from "./suppression-bits";

const NOW = new Date("2026-11-14T12:00:00Z");

describe("format", () => {
  it("dates in UTC, written out by hand", () => {
    expect(formatDateTime("2026-03-05T07:04:59Z")).toBe("5 Mar 2026, 07:04 UTC");
    expect(formatDate(new Date("2026-12-24T23:59:00Z"))).toBe("24 Dec 2026");
    expect(formatDayShort("2026-11-01")).toBe("1 Nov");
  });

  it.each([
    [-30_000, "just now"],
    [-5 * 60_000, "5 min ago"],
    [-3_600_000, "1 hour ago"],
    [-26 * 3_600_000, "1 day ago"],
    [9.5 * 86_400_000, "in 9 days"],
    [-40 * 86_400_000, "1 month ago"],
    [-800 * 86_400_000, "2 years ago"],
  ])("%d ms from now → %s", (offset, text) => {
    expect(formatRelative(NOW.getTime() + offset, NOW)).toBe(text);
  });

  it("numbers, shares, signs, ordinals and plurals", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatShare(0.8333)).toBe("83%");
    expect(formatShare(null)).toBe("–");
    expect([formatSigned(12), formatSigned(-3), formatSigned(0)]).toEqual(["+12", "−3", "0"]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "103rd",
    ]);
    expect([plural(1, "entry", "entries"), plural(2, "entry", "entries"), plural(1000, "alert")]).toEqual([
      "1 entry",
      "2 entries",
      "1,000 alerts",
    ]);
  });
});

describe("SuppressFormSchema", () => {
  it("lower-cases the address; a blank end is permanent, a date the start of that UTC day", () => {
    expect(SuppressFormSchema.parse({ intent: "suppress", email: " Bob@Example.COM ", reason: "manual", until: "" })).toEqual({
      intent: "suppress",
      email: "bob@example.com",
      reason: "manual",
      until: null,
    });
    expect(SuppressFormSchema.parse({ intent: "suppress", email: "a@b.co", reason: "unsubscribe", until: "2026-12-01" }).until).toEqual(
      new Date("2026-12-01T00:00:00Z"),
    );
  });

  it.each([
    [{ email: "" }, { email: "Enter an email address" }],
    [{ email: "not-an-address" }, { email: "Enter a valid email address, like name@example.com" }],
    [{ reason: "hard_bounce" }, { reason: "Choose a reason" }],
    [{ until: "2026-02-30" }, { until: "Enter the date as YYYY-MM-DD" }],
    [{ until: "tomorrow" }, { until: "Enter the date as YYYY-MM-DD" }],
  ])("%j → %j", (change, errors) => {
    const r = SuppressFormSchema.safeParse({ intent: "suppress", email: "a@b.co", reason: "manual", until: "", ...change });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual(errors);
  });
});

describe("LiftFormSchema and returnTo", () => {
  it("needs confirm=yes", () => {
    const r = LiftFormSchema.safeParse({ intent: "lift", email: "a@b.co", returnTo: "/admin/deliverability" });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ confirm: "Confirm that you want to lift this suppression" });
    expect(LiftFormSchema.parse({ intent: "lift", email: "a@b.co", confirm: "yes" }).returnTo).toBe("/admin/deliverability/suppressions");
  });

  it.each([
    ["/admin/deliverability", "/admin/deliverability"],
    ["/admin/deliverability/suppressions?q=shop&page=2", "/admin/deliverability/suppressions?q=shop&page=2"],
    ["/admin/deliverability/recipient?email=a%40b.co", "/admin/deliverability/recipient?email=a%40b.co"],
    ["https://evil.example/admin/deliverability", "/admin/deliverability/suppressions"],
    ["//evil.example", "/admin/deliverability/suppressions"],
    ["/admin", "/admin/deliverability/suppressions"],
    ["/admin/deliverability/../../logout", "/admin/deliverability/suppressions"],
    [undefined, "/admin/deliverability/suppressions"],
  ])("returnTo %s → %s", (input, output) => {
    expect(returnToSchema.parse(input)).toBe(output);
  });

  it("withOutcome replaces an earlier outcome and keeps the rest of the query", () => {
    expect(withOutcome("/admin/deliverability/suppressions?q=shop&lifted=old%40x.co", "lifted", "new@x.co")).toBe(
      "/admin/deliverability/suppressions?q=shop&lifted=new%40x.co",
    );
    expect(withOutcome("/admin/deliverability", "lifted", "a@b.co")).toBe("/admin/deliverability?lifted=a%40b.co");
  });
});

describe("query and alert schemas", () => {
  it("page and enums fall back instead of failing", () => {
    expect([pageParam.parse("3"), pageParam.parse("0"), pageParam.parse("x"), pageParam.parse(undefined)]).toEqual([3, 1, 1, 1]);
    const e = optionalEnum(["yes", "no"]);
    expect([e.parse("yes"), e.parse("maybe"), e.parse(undefined)]).toEqual(["yes", undefined, undefined]);
  });

  it("acknowledge one or all", () => {
    expect(AckFormSchema.parse({ intent: "ack", id: "7", _csrf: "t" })).toEqual({ intent: "ack", id: 7 });
    expect(AckFormSchema.parse({ intent: "ack-all", through: "12" })).toEqual({ intent: "ack-all", through: 12 });
    expect(AckFormSchema.safeParse({ intent: "ack", id: "-1" }).success).toBe(false);
    expect(AckFormSchema.safeParse({ intent: "delete", id: "1" }).success).toBe(false);
  });
});

describe("suppression entries in words", () => {
  it.each([
    ["mailgun:evt-123 (hard_bounce)", "Mailgun webhook"],
    ["resend:msg_1 (complaint)", "Resend webhook"],
    ["admin:ops@example.com (manual)", "Admin ops@example.com"],
    ["unsubscribe page (unsubscribe)", "Unsubscribe page"],
    ["one-click unsubscribe (unsubscribe)", "One-click unsubscribe"],
    [null, "–"],
  ])("source %s → %s", (source, text) => {
    expect(sourceLabel(source)).toBe(text);
  });

  it("summarises reason and duration", () => {
    expect(suppressionSummary({ reason: "hard_bounce", until: null })).toBe("Hard bounce · permanent");
    expect(suppressionSummary({ reason: "manual", until: "2026-12-01T00:00:00Z" })).toBe("Manual · until 1 Dec 2026");
  });
});

describe("yScale", () => {
  it.each([
    [0, { top: 4, step: 1 }],
    [3, { top: 4, step: 1 }],
    [7, { top: 8, step: 2 }],
    [15, { top: 15, step: 5 }],
    [73, { top: 80, step: 20 }],
    [1234, { top: 1500, step: 500 }],
  ])("max %i → %j", (max, scale) => {
    expect(yScale(max)).toEqual(scale);
  });
});
