// Operator alerts with a recording notifier and a throwaway database: an alert stored by a
// deliverability event or the interrupted-send sweep reaches the notifier the context carries,
// a failed push stays pending and is delivered by a later pass.
import { describe, expect, it } from "vitest";
import { RecordingAlertNotifier } from "../../test/fixtures/in-memory-ports";
import { createTestApp } from "../../test/helpers/app-context";
import { listRecentAlerts } from "~/models/alerts.server";
import { insertSend } from "~/models/sends.server";
import { createUser } from "~/models/users.server";
import { retryPendingAlerts } from "./alerts.server";
import { applyDeliverabilityEvent } from "./deliverability.server";
import { recoverInterruptedSends, SEND_IN_FLIGHT_LIMIT_MS } from "./sending.server";

const hardBounce = (recipient: string) => ({
  recipient,
  event: { type: "permanentFailure" as const },
  occurredAt: new Date(),
  source: "test",
  sendId: null,
  reason: "550 no such user",
});

describe("operator alerts through the alert notifier port", () => {
  it("delivers a stored alert to the context's notifier and marks it delivered", async () => {
    const notifier = new RecordingAlertNotifier();
    const app = await createTestApp({ adapters: { alerts: notifier } });
    const applied = await applyDeliverabilityEvent(app, hardBounce("Gone@Example.org"));
    expect(applied.alerts).toEqual(["hard_bounce"]);

    expect(await retryPendingAlerts(app)).toEqual({ delivered: 1, failed: 0 });
    expect(notifier.delivered).toEqual([
      { kind: "hard_bounce", recipient: "gone@example.org", message: expect.stringContaining("Reason: 550 no such user.") },
    ]);
    const [row] = await listRecentAlerts(app.database.db, 10);
    expect(row).toMatchObject({ kind: "hard_bounce", attempts: 1, lastError: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    // Delivered alerts are not pushed again.
    expect(await retryPendingAlerts(app)).toEqual({ delivered: 0, failed: 0 });
    expect(notifier.attempts).toHaveLength(1);
  });

  it("keeps an alert the notifier refused pending, with its error, and delivers it on a later pass", async () => {
    const notifier = new RecordingAlertNotifier();
    const app = await createTestApp({ adapters: { alerts: notifier } });
    await applyDeliverabilityEvent(app, hardBounce("bounce@example.org"));
    notifier.failWith("webhook answered 500");

    expect(await retryPendingAlerts(app)).toEqual({ delivered: 0, failed: 1 });
    expect((await listRecentAlerts(app.database.db, 10))[0]).toMatchObject({
      attempts: 1,
      lastError: "webhook answered 500",
      deliveredAt: null,
    });
    // A pass after a webhook (fresh alerts only) leaves an alert already tried alone.
    expect(await retryPendingAlerts(app, { freshOnly: true })).toEqual({ delivered: 0, failed: 0 });

    notifier.recover();
    expect(await retryPendingAlerts(app)).toEqual({ delivered: 1, failed: 0 });
    expect(notifier.attempts.map((a) => a.recipient)).toEqual(["bounce@example.org", "bounce@example.org"]);
    expect(notifier.delivered).toHaveLength(1);
    expect((await listRecentAlerts(app.database.db, 10))[0]).toMatchObject({ attempts: 2, lastError: null });
  });

  it("pushes the alert for a send a stopped server left in flight", async () => {
    const notifier = new RecordingAlertNotifier();
    const app = await createTestApp({ adapters: { alerts: notifier } });
    const user = await createUser(app.database.db, { email: "sender@example.com", password: "password123", credits: 1 });
    if (!user.ok) throw new Error(user.error);
    const now = new Date();
    await insertSend(app.database.db, {
      id: "send-in-flight",
      userId: user.user.id,
      senderEmail: "sender@example.com",
      recipient: "reader@example.org",
      subject: "Hello",
      provider: "smtp",
      messageId: "send-in-flight@example.com",
      status: "sending",
      html: "<p>Hello</p>",
      createdAt: new Date(now.getTime() - SEND_IN_FLIGHT_LIMIT_MS - 1000),
    });

    expect(await recoverInterruptedSends(app, now)).toEqual([{ id: "send-in-flight", recipient: "reader@example.org" }]);
    // The sweep pushes in the background; a pass queued after it returns once that push is done.
    await retryPendingAlerts(app);
    expect(notifier.delivered).toEqual([
      { kind: "send_outcome_unknown", recipient: "reader@example.org", message: expect.stringContaining("send-in-flight (smtp)") },
    ]);
  });

  it("pushes nothing when no notifier is configured; the alert stays stored", async () => {
    const app = await createTestApp({ adapters: { alerts: null } });
    await applyDeliverabilityEvent(app, hardBounce("quiet@example.org"));
    expect(await retryPendingAlerts(app)).toEqual({ delivered: 0, failed: 0 });
    expect((await listRecentAlerts(app.database.db, 10))[0]).toMatchObject({ kind: "hard_bounce", attempts: 0, deliveredAt: null });
  });
});
