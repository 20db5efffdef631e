// The operator's side of deliverability on this file's own database (test/setup.ts): manual
// suppression and lift through the machine, what the send check says before and after, and the
// admin pages' reads (suppression search, bounce log, activity per day, alerts and their
// acknowledgement).
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { findSuppression, listSuppressions } from "~/models/deliverability.server";
import {
  acknowledgeOperatorAlert,
  acknowledgeOperatorAlertsThrough,
  alertList,
  applyDeliverabilityEvent,
  bouncingRecipients,
  checkRecipient,
  deliverabilitySummary,
  deliveryActivity,
  deliveryEventList,
  liftManually,
  recipientDetail,
  suppressManually,
} from "./deliverability.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-11-14T12:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

let app: AppContext;
let eventCounter = 0;

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
});

/** A provider event through the same path the webhook uses (logged, machine, effects). */
async function providerEvent(
  email: string,
  kind: "delivered" | "failed" | "complained" | "opened",
  when: Date,
  severity?: "permanent" | "temporary",
) {
  const event =
    kind === "failed"
      ? { type: severity === "permanent" ? ("permanentFailure" as const) : ("temporaryFailure" as const) }
      : kind === "complained"
        ? { type: "complaint" as const }
        : kind === "delivered"
          ? { type: "delivered" as const }
          : null;
  const eventId = `evt-${++eventCounter}`;
  return applyDeliverabilityEvent(
    app,
    {
      recipient: email,
      event,
      occurredAt: when,
      source: `test:${eventId}`,
      sendId: null,
      reason: kind === "failed" ? "mailbox full" : null,
      deliveryEvent: {
        eventId,
        provider: "test",
        sendId: null,
        kind,
        severity: severity ?? null,
        reason: null,
        occurredAt: when,
        payload: {},
      },
    },
    when,
  );
}

describe("manual suppression and lift", () => {
  it("a manual suppression refuses sends; lifting it with the machine accepts them again", async () => {
    const email = "Manual.Person@Example.com";
    expect(await checkRecipient(app, email, NOW)).toEqual({ allowed: true });

    const suppressed = await suppressManually(app, { email, reason: "manual", until: null, by: "ops@example.com" }, NOW);
    expect(suppressed).toMatchObject({ ok: true, value: { email: "manual.person@example.com", changed: true } });
    expect(await checkRecipient(app, email, at(HOUR))).toEqual({ allowed: false, reason: "suppressed", suppression: "manual" });
    const entry = await findSuppression(app.database.db, "manual.person@example.com");
    expect(entry).toMatchObject({ reason: "manual", until: null, source: "admin:ops@example.com (manual)" });

    const lifted = await liftManually(app, { email, by: "ops@example.com" }, at(2 * HOUR));
    expect(lifted).toMatchObject({ ok: true, value: { lifted: { reason: "manual" } } });
    expect(await checkRecipient(app, email, at(2 * HOUR))).toEqual({ allowed: true });
    expect(await findSuppression(app.database.db, "manual.person@example.com")).toBeNull();
    const detail = await recipientDetail(app, email, at(2 * HOUR));
    expect(detail.state).toEqual({ status: "deliverable", softBounces: [], consecutiveTemporary: 0, lastSoftBounceAt: null });
  });

  it("a timed suppression carries its end as retry_after; a date in the past is refused", async () => {
    const until = at(10 * DAY);
    await suppressManually(app, { email: "timed@example.com", reason: "unsubscribe", until, by: "ops@example.com" }, NOW);
    expect(await checkRecipient(app, "timed@example.com", NOW)).toEqual({
      allowed: false,
      reason: "suppressed",
      suppression: "unsubscribe",
      retryAfter: until,
    });
    expect(await suppressManually(app, { email: "past@example.com", reason: "manual", until: at(-HOUR), by: "ops" }, NOW)).toEqual({
      ok: false,
      status: 400,
      error: "The end date must be in the future.",
    });
  });

  it("never weakens a suppression in force: a hard bounce stays a hard bounce", async () => {
    await providerEvent("bounced@example.com", "failed", NOW, "permanent");
    const r = await suppressManually(app, { email: "bounced@example.com", reason: "manual", until: at(5 * DAY), by: "ops" }, at(HOUR));
    expect(r).toMatchObject({ ok: true, value: { changed: false, entry: { reason: "hard_bounce", until: null } } });
  });

  it("lifts a 30-day soft-bounce suppression and clears the soft-bounce history, so a later bounce only cools down", async () => {
    const email = "soft@example.com";
    for (const d of [0, 1, 2]) await providerEvent(email, "failed", at(d * DAY), "temporary");
    expect(await checkRecipient(app, email, at(3 * DAY))).toMatchObject({
      allowed: false,
      reason: "suppressed",
      suppression: "soft_bounce_escalated",
    });

    expect(await liftManually(app, { email, by: "ops" }, at(3 * DAY))).toMatchObject({ ok: true });
    expect(await checkRecipient(app, email, at(3 * DAY))).toEqual({ allowed: true });
    const detail = await recipientDetail(app, email, at(3 * DAY));
    expect(detail.bounces).toHaveLength(3); // the log keeps the history
    expect(detail.suppression).toBeNull();

    await providerEvent(email, "failed", at(4 * DAY), "temporary");
    expect(await checkRecipient(app, email, at(4 * DAY + HOUR))).toMatchObject({ allowed: false, reason: "cooldown" });
    expect((await recipientDetail(app, email, at(4 * DAY + HOUR))).state).toMatchObject({ status: "softBounced", consecutiveTemporary: 1 });
  });

  it("lifts a cooldown too; an address with nothing to lift is an error value", async () => {
    await providerEvent("cool@example.com", "failed", NOW, "temporary");
    expect((await checkRecipient(app, "cool@example.com", at(HOUR))).allowed).toBe(false);
    expect(await liftManually(app, { email: "cool@example.com", by: "ops" }, at(HOUR))).toMatchObject({
      ok: true,
      value: { lifted: null },
    });
    expect(await checkRecipient(app, "cool@example.com", at(HOUR))).toEqual({ allowed: true });
    expect(await liftManually(app, { email: "nobody@example.com", by: "ops" }, NOW)).toEqual({
      ok: false,
      status: 409,
      error: "nobody@example.com is not suppressed and has no soft bounces: there is nothing to lift.",
    });
  });
});

describe("reads", () => {
  it("searches suppressions in force by address part, reason and duration, wildcards taken literally", async () => {
    const now = at(30 * DAY);
    await suppressManually(app, { email: "search_one@shop.example", reason: "manual", until: null, by: "ops" }, now);
    await suppressManually(app, { email: "searchXone@shop.example", reason: "unsubscribe", until: at(60 * DAY), by: "ops" }, now);
    await suppressManually(app, { email: "ended@shop.example", reason: "manual", until: at(31 * DAY), by: "ops" }, now);
    const page = { limit: 50, offset: 0 };
    const emails = async (filter: Parameters<typeof listSuppressions>[1], when = now) =>
      (await listSuppressions(app.database.db, filter, when, page)).rows.map((r) => r.email).sort();

    expect(await emails({ q: "shop.example" })).toEqual(["ended@shop.example", "search_one@shop.example", "searchxone@shop.example"]);
    expect(await emails({ q: "search_" })).toEqual(["search_one@shop.example"]);
    expect(await emails({ q: "SHOP", reason: "unsubscribe" })).toEqual(["searchxone@shop.example"]);
    expect(await emails({ q: "shop", duration: "permanent" })).toEqual(["search_one@shop.example"]);
    // After its end an entry is no longer listed.
    expect(await emails({ q: "shop", duration: "timed" }, at(32 * DAY))).toEqual(["searchxone@shop.example"]);
    expect((await listSuppressions(app.database.db, { q: "shop" }, now, { limit: 1, offset: 0 })).total).toBe(3);
  });

  it("the recipient detail has the bounce log newest first, the events and what a send would get", async () => {
    const email = "detail@example.com";
    await providerEvent(email, "delivered", at(-2 * DAY));
    await providerEvent(email, "opened", at(-2 * DAY + HOUR));
    await providerEvent(email, "failed", at(-HOUR), "temporary");
    const d = await recipientDetail(app, email, NOW);
    expect(d.state.status).toBe("softBounced");
    expect(d.check).toEqual({ allowed: false, reason: "cooldown", retryAfter: at(-HOUR + DAY) });
    expect(d.bounces).toHaveLength(1);
    expect(d.bounces[0]).toMatchObject({ reason: "mailbox full", consecutive: 1, escalation: null });
    expect(d.events.map((e) => e.kind)).toEqual(["failed", "opened", "delivered"]);
    expect(d.eventsTotal).toBe(3);

    const bouncing = await bouncingRecipients(app, at(-DAY), 50);
    expect(bouncing.find((b) => b.email === email)).toMatchObject({
      bounces: 1,
      lastReason: "mailbox full",
      state: { status: "softBounced" },
    });
  });

  it("counts events per type and UTC day over the window, and filters the event list", async () => {
    const before = await deliveryActivity(app, 14, NOW);
    await providerEvent("chart@example.com", "delivered", NOW);
    await providerEvent("chart@example.com", "failed", NOW, "permanent");
    await providerEvent("chart@example.com", "delivered", at(-20 * DAY)); // outside the window
    const after = await deliveryActivity(app, 14, NOW);
    const series = (a: typeof after, key: string) => a.series.find((s) => s.key === key)!.counts[13];
    expect(series(after, "delivered") - series(before, "delivered")).toBe(1);
    expect(series(after, "hard_bounce") - series(before, "hard_bounce")).toBe(1);
    expect(after.total - before.total).toBe(2);

    const list = await deliveryEventList(app, { q: "chart@", kind: "failed" }, { limit: 10, offset: 0 });
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ email: "chart@example.com", severity: "permanent" });
  });

  it("alerts: open ones first, acknowledged once with who and when, and all up to the newest one seen", async () => {
    await providerEvent("alert1@example.com", "complained", NOW);
    await providerEvent("alert2@example.com", "failed", NOW, "permanent");
    const first = await alertList(app, { limit: 100, offset: 0 });
    expect(first.open).toBeGreaterThanOrEqual(2);
    const target = first.rows.find((a) => a.recipient === "alert1@example.com")!;
    expect(target.kind).toBe("complaint");

    const acked = await acknowledgeOperatorAlert(app, target.id, "ops@example.com", at(HOUR));
    expect(acked).toMatchObject({ ok: true, value: { acknowledgedBy: "ops@example.com", acknowledgedAt: at(HOUR) } });
    expect(await acknowledgeOperatorAlert(app, target.id, "other@example.com", at(2 * HOUR))).toEqual({
      ok: false,
      status: 409,
      error: "That alert was already acknowledged by ops@example.com.",
    });
    expect(await acknowledgeOperatorAlert(app, 999_999, "ops", NOW)).toEqual({
      ok: false,
      status: 404,
      error: "That alert does not exist any more.",
    });

    const second = await alertList(app, { limit: 100, offset: 0 });
    expect(second.open).toBe(first.open - 1);
    const firstAcked = second.rows.findIndex((a) => a.acknowledgedAt !== null);
    expect(second.rows.slice(0, firstAcked).every((a) => a.acknowledgedAt === null)).toBe(true);
    expect(second.rows.slice(firstAcked).every((a) => a.acknowledgedAt !== null)).toBe(true);

    // "Acknowledge all" covers what the admin saw; a newer alert stays open.
    const newest = Math.max(...second.rows.map((a) => a.id));
    await providerEvent("alert3@example.com", "complained", NOW);
    expect(await acknowledgeOperatorAlertsThrough(app, newest, "ops@example.com", at(HOUR))).toBe(second.open);
    const third = await alertList(app, { limit: 100, offset: 0, openOnly: true });
    expect(third.rows.map((a) => a.recipient)).toEqual(["alert3@example.com"]);
  });

  it("the summary counts suppressions in force by reason, soft-bounced recipients and open alerts", async () => {
    const s = await deliverabilitySummary(app, NOW);
    expect(s.suppressedNow).toBe(s.byReason.reduce((n, r) => n + r.count, 0));
    expect(s.byReason.map((r) => r.reason)).toEqual(expect.arrayContaining(["manual", "hard_bounce", "complaint", "unsubscribe"]));
    expect(s.softBounced).toBeGreaterThanOrEqual(1);
    expect(s.alertsOpen).toBe(1);
  });
});
