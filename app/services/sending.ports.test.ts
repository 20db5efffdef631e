// The send path (sendEmail) with an in-memory email provider and a throwaway database: what reaches
// the provider, what is stored, failures, Idempotency-Key replays and suppressed recipients.
import { describe, expect, it } from "vitest";
import { RecordingEmailProvider } from "../../test/fixtures/in-memory-ports";
import { createTestApp } from "../../test/helpers/app-context";
import type { AppContext } from "~/composition/app.server";
import { findSendHtml, findSendRaw, findSendSummary, listRecentSends } from "~/models/sends.server";
import { createUser, type User } from "~/models/users.server";
import { suppressManually } from "./deliverability.server";
import { senderFor, sendEmail, type SendResult } from "./sending.server";

/** The id of the send a failure is about. */
function failedSendId(r: SendResult): string {
  if (r.ok) throw new Error("expected a failure");
  return String(r.extra?.sendId);
}

async function setup(provider = new RecordingEmailProvider()): Promise<{ app: AppContext; provider: RecordingEmailProvider; user: User }> {
  const app = await createTestApp({ adapters: { emailProvider: provider } });
  const created = await createUser(app.database.db, { email: "sender@example.com", password: "password123", credits: 5 });
  if (!created.ok) throw new Error(created.error);
  return { app, provider, user: created.user };
}

const input = { to: "reader@example.org", subject: "Spring sale", html: "<html><body><p>Forty percent off all loaves</p></body></html>" };

describe("sendEmail through the email provider port", () => {
  it("hands the provider the message (to, from, subject, html) and stores the send with the provider's id", async () => {
    const { app, provider, user } = await setup();
    const r = await sendEmail(app, user, { ...input, to: "  reader@example.org " });
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toEqual({
      message: "Email sent to reader@example.org",
      sendId: expect.any(String),
      provider: "smtp",
      notes: ["kept in memory as message 1"],
    });

    expect(provider.calls).toHaveLength(1);
    const [msg] = provider.calls;
    expect(msg).toMatchObject({ to: "reader@example.org", from: senderFor(app.env).from, subject: "Spring sale", sendId: r.value.sendId });
    expect(msg.html).toContain("Forty percent off all loaves");
    expect(msg.text).toContain("Forty percent off all loaves");
    expect(msg.raw).toMatch(/^Subject: Spring sale\r?$/m);
    expect(msg.headers["X-Kinetic-Send-Id"]).toBe(r.value.sendId);
    expect(msg.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    const stored = await findSendSummary(app.database.db, r.value.sendId);
    expect(stored).toMatchObject({
      userId: user.id,
      senderEmail: "sender@example.com",
      recipient: "reader@example.org",
      subject: "Spring sale",
      provider: "smtp",
      providerId: "memory-1",
      status: "sent",
      error: null,
      notes: ["kept in memory as message 1"],
    });
    expect(stored?.sentAt).toBeInstanceOf(Date);
    // The stored message is the one the provider got.
    expect(await findSendHtml(app.database.db, r.value.sendId)).toBe(msg.html);
    expect(await findSendRaw(app.database.db, r.value.sendId)).toBe(msg.raw);
  });

  it("gives a blank subject the brand's default", async () => {
    const { app, provider, user } = await setup();
    const r = await sendEmail(app, user, { ...input, subject: " \r\n " });
    expect(r.ok).toBe(true);
    expect(provider.calls[0].subject).toBe(`Your ${app.env.BRAND_NAME} Email`);
  });

  it("records a provider failure on the send (status failed, the provider's error) and answers 500 with whether a retry may work", async () => {
    const { app, provider, user } = await setup();
    provider.failWith("temporary", "421 4.7.0 try again later");
    const r = await sendEmail(app, user, input);
    expect(r).toEqual({
      ok: false,
      status: 500,
      error: "Send failed",
      extra: { sendId: expect.any(String), provider: "smtp", retryable: true },
    });
    const sendId = failedSendId(r);
    expect(await findSendSummary(app.database.db, sendId)).toMatchObject({
      status: "failed",
      error: "421 4.7.0 try again later",
      providerId: null,
      sentAt: null,
    });

    provider.failWith("permanent", "550 5.1.1 no such mailbox");
    const again = await sendEmail(app, user, input);
    expect(again).toMatchObject({ ok: false, status: 500, extra: { retryable: false } });
    expect(provider.calls).toHaveLength(2);
  });

  it("stores an outbox send once, as sent, with the outbox message", async () => {
    const { app, provider, user } = await setup(new RecordingEmailProvider("outbox"));
    const r = await sendEmail(app, user, input);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.message).toBe("Email to reader@example.org kept in the outbox");
    expect(await findSendSummary(app.database.db, r.value.sendId)).toMatchObject({
      provider: "outbox",
      status: "sent",
      providerId: "memory-1",
    });

    provider.failWith("permanent", "outbox full");
    const failed = await sendEmail(app, user, input);
    expect(failed).toMatchObject({ ok: false, status: 500, extra: { provider: "outbox", retryable: false } });
    const sendId = failedSendId(failed);
    expect(await findSendSummary(app.database.db, sendId)).toMatchObject({ status: "failed", error: "outbox full" });
  });

  it("replays a request with the same Idempotency-Key without calling the provider again", async () => {
    const { app, provider, user } = await setup();
    const first = await sendEmail(app, user, input, { idempotencyKey: "key-1" });
    if (!first.ok) throw new Error(first.error);
    const second = await sendEmail(app, user, input, { idempotencyKey: "key-1" });
    expect(second).toEqual({ ok: true, replayed: true, value: first.value });
    expect(provider.calls).toHaveLength(1);
    expect(await listRecentSends(app.database.db, 10)).toHaveLength(1);

    // The same key with another request is refused, also without a call.
    const other = await sendEmail(app, user, { ...input, subject: "Another" }, { idempotencyKey: "key-1" });
    expect(other).toMatchObject({ ok: false, status: 422, extra: { sendId: first.value.sendId, status: "sent" } });
    expect(provider.calls).toHaveLength(1);
  });

  it("replays a failed send's failure for its Idempotency-Key, without trying the provider again", async () => {
    const { app, provider, user } = await setup();
    provider.failWith("permanent", "550 rejected");
    const first = await sendEmail(app, user, input, { idempotencyKey: "key-2" });
    expect(first.ok).toBe(false);
    provider.deliver();
    const second = await sendEmail(app, user, input, { idempotencyKey: "key-2" });
    expect(second).toMatchObject({ ok: false, replayed: true, status: 500, extra: { reason: "550 rejected" } });
    expect(provider.calls).toHaveLength(1);
  });

  it("refuses a suppressed recipient without calling the provider or storing a send", async () => {
    const { app, provider, user } = await setup();
    const suppressed = await suppressManually(app, { email: "Reader@Example.org", reason: "manual", until: null, by: "admin@example.com" });
    expect(suppressed.ok).toBe(true);
    const r = await sendEmail(app, user, input);
    expect(r).toMatchObject({ ok: false, status: 400, error: "Recipient suppressed", extra: { reason: "suppressed" } });
    expect(provider.calls).toHaveLength(0);
    expect(await listRecentSends(app.database.db, 10)).toEqual([]);
  });
});
