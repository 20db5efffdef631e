import {
  MAILGUN_DOCUMENTED,
  MAILGUN_GO_USER_VARIABLES_STRING,
  MAILGUN_USER_VARIABLES_SHAPES,
  withUserVariables,
} from "../../../test/fixtures/webhooks/mailgun-payloads";
import { RESEND_DOCUMENTED } from "../../../test/fixtures/webhooks/resend-payloads";
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
    [
      "email.clicked",
      { click: { link: "https://shop.example/", ipAddress: "1.2.3.4" } },
      { kind: "clicked", url: "https://shop.example/" },
    ],
    [
      "email.bounced",
      { bounce: { type: "Permanent", subType: "NoEmail", message: "The recipient's email address does not exist." } },
      { kind: "failed", severity: "permanent", reason: "The recipient's email address does not exist." },
    ],
    [
      "email.bounced",
      { bounce: { type: "Transient", subType: "MailboxFull" } },
      { kind: "failed", severity: "temporary", reason: "MailboxFull" },
    ],
    ["email.bounced", { bounce: { type: "Undetermined" } }, { kind: "failed", severity: "temporary" }],
  ])("%s %j", (type, data, expected) => {
    expect(normalizeResend(resend(type, data), "msg_2abc")).toEqual({ ok: true, ignored: false, event: { ...common, ...expected } });
  });

  it("reads the send id from tags in the array form too", () => {
    const r = normalizeResend(resend("email.delivered", { tags: [{ name: "send_id", value: "send-9" }] }), "msg_1");
    expect(r.ok && !r.ignored && r.event.sendId).toBe("send-9");
  });

  it.each(["email.sent", "email.delivery_delayed", "email.failed", "contact.updated", "domain.created"])("ignores %s", (type) => {
    expect(normalizeResend({ type, created_at: "2026-11-21T12:00:00Z", data: { id: "x" } }, "msg_1")).toEqual({
      ok: true,
      ignored: true,
      type,
    });
  });

  it("rejects malformed payloads", () => {
    expect(normalizeResend(resend("email.delivered", { to: [] }), "m")).toMatchObject({ ok: false });
    expect(normalizeResend({ ...resend("email.delivered"), created_at: "yesterday" }, "m")).toMatchObject({
      ok: false,
      error: expect.stringContaining("created_at"),
    });
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
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp }), opts)).toMatchObject({
      ok: false,
      error: expect.stringContaining("event-data.timestamp"),
    });
  });

  it("Mailgun: a time within the allowed skew is accepted; without `now` only the floor applies", () => {
    const ahead = now.getTime() / 1000 + 299;
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp: ahead }), opts)).toMatchObject({ ok: true, ignored: false });
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp: Date.UTC(2100, 0, 1) / 1000 }))).toMatchObject({ ok: true });
    expect(normalizeMailgun(mailgun({ event: "delivered", timestamp: "1763726400" }), opts)).toMatchObject({ ok: false });
  });

  it.each(["9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2026-11-21T12:10:01Z"])(
    "Resend: created_at %s is a malformed payload",
    (createdAt) => {
      expect(normalizeResend({ ...resend("email.delivered"), created_at: createdAt }, "m", opts)).toMatchObject({
        ok: false,
        error: expect.stringContaining("created_at"),
      });
    },
  );

  it("Resend: a time within the allowed skew is accepted", () => {
    expect(normalizeResend({ ...resend("email.delivered"), created_at: "2026-11-21T12:09:59Z" }, "m", opts)).toMatchObject({
      ok: true,
      ignored: false,
    });
  });
});

describe("Mailgun's documented events", () => {
  const body = (data: Record<string, unknown>) => ({ signature: { timestamp: "1", token: "t", signature: "00" }, "event-data": data });

  it.each([
    [
      "delivered",
      MAILGUN_DOCUMENTED.delivered,
      { kind: "delivered", recipient: "john@example.com", reason: "OK", providerMessageId: "20180622182958.1.48906CB188F1A454@exmple.org" },
    ],
    [
      "failed, permanent (suppress-bounce)",
      MAILGUN_DOCUMENTED.failedPermanent,
      { kind: "failed", severity: "permanent", recipient: "slava@mailgun.com", reason: "Not delivering to previously bounced address" },
    ],
    [
      "failed, permanent (delayed bounce)",
      MAILGUN_DOCUMENTED.failedPermanentDelayed,
      {
        kind: "failed",
        severity: "permanent",
        recipient: "christest123@test.com",
        reason: "smtp; 550-5.1.1 The email account that you tried to reach does not exist.",
      },
    ],
    [
      "failed, temporary",
      MAILGUN_DOCUMENTED.failedTemporary,
      { kind: "failed", severity: "temporary", recipient: "test@test.com", providerMessageId: "20221006142837.1618e01bf42da9fa@test.com" },
    ],
    ["opened", MAILGUN_DOCUMENTED.opened, { kind: "opened", recipient: "recipient@example.com" }],
    ["clicked", MAILGUN_DOCUMENTED.clicked, { kind: "clicked", url: "http://example.com/signup" }],
    ["unsubscribed", MAILGUN_DOCUMENTED.unsubscribed, { kind: "unsubscribed" }],
    ["complained", MAILGUN_DOCUMENTED.complained, { kind: "complained", recipient: "foo@example.com" }],
  ])("%s", (_, data, expected) => {
    const r = normalizeMailgun(body(data));
    expect(r).toMatchObject({
      ok: true,
      ignored: false,
      event: { eventId: data.id, occurredAt: new Date(Math.round((data.timestamp as number) * 1000)), ...expected },
    });
    expect(r.ok && !r.ignored && r.event.unread).toBeUndefined();
  });

  describe.each(MAILGUN_USER_VARIABLES_SHAPES)("user-variables as $shape", ({ value }) => {
    it.each([
      ["a permanent failure", MAILGUN_DOCUMENTED.failedPermanent, { kind: "failed", severity: "permanent" }],
      ["a complaint", MAILGUN_DOCUMENTED.complained, { kind: "complained" }],
      ["a temporary failure", MAILGUN_DOCUMENTED.failedTemporary, { kind: "failed", severity: "temporary" }],
    ])("%s is read and applies", (_, data, expected) => {
      const r = normalizeMailgun(body(withUserVariables(data, value)));
      expect(r).toMatchObject({ ok: true, ignored: false, event: { eventId: data.id, recipient: data.recipient, ...expected } });
      const event = r.ok && !r.ignored ? r.event : null;
      expect(event?.sendId).toBeUndefined();
      // A string is kept as it came; an object without send_id, or nothing, needs no keeping.
      if (typeof value === "string") expect(event?.unread).toEqual({ "user-variables": value });
      else expect(event?.unread).toBeUndefined();
    });
  });

  it("reads our send id from the object, and keeps one it cannot read", () => {
    const ours = normalizeMailgun(body(withUserVariables(MAILGUN_DOCUMENTED.failedPermanent, { send_id: "send-7", other: [1] })));
    expect(ours.ok && !ours.ignored && ours.event).toMatchObject({ sendId: "send-7" });
    expect(ours.ok && !ours.ignored && ours.event.unread).toBeUndefined();
    for (const odd of [{ send_id: 7 }, { send_id: { nested: true } }, ["send-7"], null, 42]) {
      const r = normalizeMailgun(body(withUserVariables(MAILGUN_DOCUMENTED.failedPermanent, odd)));
      expect(r).toMatchObject({
        ok: true,
        ignored: false,
        event: { kind: "failed", severity: "permanent", unread: { "user-variables": odd } },
      });
      expect(r.ok && !r.ignored && r.event.sendId).toBeUndefined();
    }
  });

  it("does not refuse an event for the shape of fields it only displays", () => {
    const data = {
      ...MAILGUN_DOCUMENTED.failedPermanent,
      "delivery-status": { message: null, code: null, description: 5 },
      message: "?",
      reason: 3,
      url: [],
    };
    expect(normalizeMailgun(body(data))).toMatchObject({ ok: true, ignored: false, event: { kind: "failed", severity: "permanent" } });
  });

  it("the string mailgun-go holds is kept verbatim", () => {
    const r = normalizeMailgun(body(withUserVariables(MAILGUN_DOCUMENTED.failedPermanent, MAILGUN_GO_USER_VARIABLES_STRING)));
    expect(r.ok && !r.ignored && r.event.unread).toEqual({
      "user-variables": "Could not load user-variables. They were either truncated or invalid JSON",
    });
  });
});

describe("Resend's documented events", () => {
  const base = { eventId: "msg_doc", recipient: "delivered@resend.dev", providerMessageId: "56761188-7520-42d8-8898-ff6fc54ce618" };
  it.each([
    [
      RESEND_DOCUMENTED.bounced,
      { kind: "failed", severity: "permanent", reason: (RESEND_DOCUMENTED.bounced.data.bounce as { message: string }).message },
    ],
    [RESEND_DOCUMENTED.clicked, { kind: "clicked", url: "https://resend.com" }],
    [RESEND_DOCUMENTED.complained, { kind: "complained" }],
    [RESEND_DOCUMENTED.delivered, { kind: "delivered" }],
    [RESEND_DOCUMENTED.opened, { kind: "opened" }],
  ])("$type", (payload, expected) => {
    expect(normalizeResend(payload, "msg_doc")).toEqual({
      ok: true,
      ignored: false,
      event: { ...base, occurredAt: new Date(payload.created_at), ...expected },
    });
  });

  it.each([RESEND_DOCUMENTED.deliveryDelayed, RESEND_DOCUMENTED.failed])("$type is acknowledged and ignored", (payload) => {
    expect(normalizeResend(payload, "msg_doc")).toEqual({ ok: true, ignored: true, type: payload.type });
  });
});
