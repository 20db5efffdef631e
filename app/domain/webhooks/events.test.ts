import { normalizeMailgun, normalizeResend } from "./events";

function mailgun(eventData: Record<string, unknown>) {
  return {
    signature: { timestamp: "1763726400", token: "t".repeat(50), signature: "00" },
    "event-data": {
      id: "CPgfbmQMTCKtHW6uIWtuVe",
      timestamp: 1763726400.123,
      "log-level": "info",
      recipient: "bob@example.com",
      message: { headers: { "message-id": "send-1@kinetic.example", to: "bob@example.com" }, size: 100 },
      "user-variables": { send_id: "send-1" },
      ...eventData,
    },
  };
}

describe("normalizeMailgun", () => {
  it.each([
    ["delivered", {}, { kind: "delivered" }],
    ["opened", {}, { kind: "opened" }],
    ["complained", {}, { kind: "complained" }],
    ["unsubscribed", {}, { kind: "unsubscribed" }],
    ["clicked", { url: "https://shop.example/" }, { kind: "clicked", url: "https://shop.example/" }],
    [
      "failed",
      { severity: "permanent", reason: "bounce", "delivery-status": { code: 550, message: "5.1.1 No such user" } },
      { kind: "failed", severity: "permanent", reason: "5.1.1 No such user" },
    ],
    ["failed", { severity: "temporary", reason: "generic" }, { kind: "failed", severity: "temporary", reason: "generic" }],
  ])("%s %j", (event, extra, expected) => {
    const r = normalizeMailgun(mailgun({ event, ...extra }));
    expect(r).toEqual({
      ok: true,
      ignored: false,
      event: {
        eventId: "CPgfbmQMTCKtHW6uIWtuVe",
        recipient: "bob@example.com",
        providerMessageId: "send-1@kinetic.example",
        sendId: "send-1",
        occurredAt: new Date(1763726400123),
        ...expected,
      },
    });
  });

  it("ignores events we do not track", () => {
    expect(normalizeMailgun(mailgun({ event: "accepted" }))).toEqual({ ok: true, ignored: true, type: "accepted" });
  });

  it("rejects malformed payloads with a readable error", () => {
    const noSeverity = normalizeMailgun(mailgun({ event: "failed" }));
    expect(noSeverity).toMatchObject({ ok: false, error: expect.stringContaining("severity") });
    const noRecipient = normalizeMailgun(mailgun({ event: "delivered", recipient: undefined }));
    expect(noRecipient).toMatchObject({ ok: false, error: expect.stringContaining("recipient") });
    expect(normalizeMailgun("nope")).toMatchObject({ ok: false });
    expect(normalizeMailgun({ "event-data": { event: "delivered", id: 5 } })).toMatchObject({ ok: false });
  });

  it("works without user variables or message headers", () => {
    const payload = mailgun({ event: "delivered" });
    delete (payload["event-data"] as Record<string, unknown>)["user-variables"];
    delete (payload["event-data"] as Record<string, unknown>).message;
    const r = normalizeMailgun(payload);
    expect(r.ok && !r.ignored && r.event).toEqual({
      eventId: "CPgfbmQMTCKtHW6uIWtuVe",
      kind: "delivered",
      recipient: "bob@example.com",
      occurredAt: new Date(1763726400123),
    });
  });
});

function resend(type: string, data: Record<string, unknown> = {}) {
  return {
    type,
    created_at: "2026-11-21T12:00:00.000Z",
    data: {
      email_id: "56761188-7520-42d8-8898-ff6fc54ce618",
      created_at: "2026-11-21T11:59:58.000Z",
      from: "Kinetic <mail@kinetic.example>",
      to: ["bob@example.com"],
      subject: "Hi",
      tags: { send_id: "send-1" },
      ...data,
    },
  };
}

describe("normalizeResend", () => {
  const common = {
    eventId: "msg_2abc",
    recipient: "bob@example.com",
    providerMessageId: "56761188-7520-42d8-8898-ff6fc54ce618",
    sendId: "send-1",
    occurredAt: new Date("2026-11-21T12:00:00.000Z"),
  };

  it.each([
    ["email.delivered", {}, { kind: "delivered" }],
    ["email.opened", {}, { kind: "opened" }],
    ["email.complained", {}, { kind: "complained" }],
    ["email.clicked", { click: { link: "https://shop.example/", ipAddress: "1.2.3.4" } }, { kind: "clicked", url: "https://shop.example/" }],
    [
      "email.bounced",
      { bounce: { type: "Permanent", subType: "NoEmail", message: "The recipient's email address does not exist." } },
      { kind: "failed", severity: "permanent", reason: "The recipient's email address does not exist." },
    ],
    ["email.bounced", { bounce: { type: "Transient", subType: "MailboxFull" } }, { kind: "failed", severity: "temporary", reason: "MailboxFull" }],
    ["email.bounced", { bounce: { type: "Undetermined" } }, { kind: "failed", severity: "temporary" }],
  ])("%s %j", (type, data, expected) => {
    expect(normalizeResend(resend(type, data), "msg_2abc")).toEqual({ ok: true, ignored: false, event: { ...common, ...expected } });
  });

  it("reads the send id from tags in the array form too", () => {
    const r = normalizeResend(resend("email.delivered", { tags: [{ name: "send_id", value: "send-9" }] }), "msg_1");
    expect(r.ok && !r.ignored && r.event.sendId).toBe("send-9");
  });

  it.each(["email.sent", "email.delivery_delayed", "email.failed", "contact.updated", "domain.created"])("ignores %s", (type) => {
    expect(normalizeResend({ type, created_at: "2026-11-21T12:00:00Z", data: { id: "x" } }, "msg_1")).toEqual({ ok: true, ignored: true, type });
  });

  it("rejects malformed payloads", () => {
    expect(normalizeResend(resend("email.delivered", { to: [] }), "m")).toMatchObject({ ok: false });
    expect(normalizeResend({ ...resend("email.delivered"), created_at: "yesterday" }, "m")).toMatchObject({ ok: false, error: expect.stringContaining("created_at") });
    expect(normalizeResend([], "m")).toMatchObject({ ok: false });
    expect(normalizeResend(resend("email.delivered"), "")).toMatchObject({ ok: false });
  });
});

describe("event times", () => {
  const now = new Date("2026-11-21T12:05:00Z");
  const opts = { now, maxFutureSec: 300 };

  it.each([
    ["1e300", 1e300],
    ["-1", -1],
    ["0", 0],
    ["a time before 2000", Date.UTC(1999, 11, 31) / 1000],
    ["far future", Date.UTC(2100, 0, 1) / 1000],
    ["milliseconds sent as seconds", now.getTime()],
    ["1e306 (overflows to Infinity in ms)", 1e306],
  ])("Mailgun: %s is a malformed payload", (_, timestamp) => {
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp }), opts)).toMatchObject({ ok: false, error: expect.stringContaining("event-data.timestamp") });
  });

  it("Mailgun: a time within the allowed skew is accepted; without `now` only the floor applies", () => {
    const ahead = now.getTime() / 1000 + 299;
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp: ahead }), opts)).toMatchObject({ ok: true, ignored: false });
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp: Date.UTC(2100, 0, 1) / 1000 }))).toMatchObject({ ok: true });
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp: "1763726400" }), opts)).toMatchObject({ ok: false });
  });

  it.each(["9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2026-11-21T12:10:01Z"])("Resend: created_at %s is a malformed payload", (createdAt) => {
    expect(normalizeResend({ ...resend("email.delivered"), created_at: createdAt }, "m", opts)).toMatchObject({ ok: false, error: expect.stringContaining("created_at") });
  });

  it("Resend: a time within the allowed skew is accepted", () => {
    expect(normalizeResend({ ...resend("email.delivered"), created_at: "2026-11-21T12:09:59Z" }, "m", opts)).toMatchObject({ ok: true, ignored: false });
  });
});
