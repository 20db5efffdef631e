// POST /api/esp-webhook with Mailgun's scheme: signatures, replay and staleness, de-duplication
// (also under concurrency), every row of the Events and deliverability tables (docs/api.md), operator
// alerts through a local Slack-compatible server, and live tracking over SSE.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomUUID } from "node:crypto";
import { signMailgun } from "~/domain/webhooks";
import { MAILGUN_DOCUMENTED, MAILGUN_USER_VARIABLES_SHAPES, withUserVariables } from "../fixtures/webhooks/mailgun-payloads";
import { retryPendingAlerts } from "~/services/alerts.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { streamText, waitUntil } from "../helpers/wait";

const SECRET = "key-mailgun-webhook-signing-0123456789";

let server: TestServer;
let user: { id: string; email: string; token: string };

// A Slack-compatible incoming webhook: answers 500 while `slackMode` is "fail", holds requests
// while "hold", and 200 otherwise.
let slackMode: "ok" | "fail" | "hold" = "ok";
const slackRequests: Array<{ text: string; answered: boolean; aborted: boolean }> = [];
const held: http.ServerResponse[] = [];
const slack = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString("utf8")));
  req.on("end", () => {
    const entry = { text: String((JSON.parse(body) as { text?: string }).text), answered: false, aborted: false };
    slackRequests.push(entry);
    res.on("close", () => {
      if (!entry.answered) entry.aborted = true;
    });
    if (slackMode === "hold") {
      held.push(res);
      return;
    }
    entry.answered = true;
    res.writeHead(slackMode === "fail" ? 500 : 200, { "content-type": "text/plain" }).end(slackMode === "fail" ? "slack is down" : "ok");
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => slack.listen(0, "127.0.0.1", resolve));
  const { port } = slack.address() as AddressInfo;
  server = await startTestServer({
    EMAIL_PROVIDER: "outbox",
    BASE_URL: "https://kinetic.example",
    WEBHOOK_SIGNING_SECRET: SECRET,
    WEBHOOK_SCHEME: "mailgun",
    WEBHOOK_MAX_AGE_SECONDS: "300",
    ALERT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/alerts`,
  });
  user = await createUserWithToken(server, { email: "sender@example.com" });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  slack.closeAllConnections();
  await new Promise<void>((resolve) => slack.close(() => resolve()));
  await server?.close();
});

type EventData = Record<string, unknown>;

function event(kind: string, recipient: string, extra: EventData = {}): EventData {
  return { id: `evt-${randomUUID()}`, event: kind, timestamp: Date.now() / 1000, recipient, ...extra };
}

function post(body: unknown) {
  return server.fetch("/api/esp-webhook", { method: "POST", json: body });
}

async function deliver(data: EventData, signature = signMailgun(SECRET)) {
  const res = await post({ signature, "event-data": data });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function count(table: string, where = "1 = 1", args: Array<string | number> = []): Promise<number> {
  const rs = await server.app.database.client.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE ${where}`, args });
  return Number(rs.rows[0].n);
}

async function state(email: string): Promise<Record<string, unknown> | null> {
  const rs = await server.app.database.client.execute({ sql: "SELECT state FROM email_recipient_states WHERE email = ?", args: [email] });
  return rs.rows[0] ? (JSON.parse(String(rs.rows[0].state)) as Record<string, unknown>) : null;
}

async function suppression(email: string) {
  const rs = await server.app.database.client.execute({
    sql: "SELECT reason, until FROM email_suppressions WHERE email = ?",
    args: [email],
  });
  return rs.rows[0] ? { reason: rs.rows[0].reason, until: rs.rows[0].until === null ? null : Number(rs.rows[0].until) } : null;
}

async function sendTo(to: string) {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token: user.token, json: { to, html: "<p>Hello</p>" } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const tables = [
  "webhook_receipts",
  "email_delivery_events",
  "email_recipient_states",
  "email_bounce_log",
  "email_suppressions",
  "operator_alerts",
];
async function snapshot(): Promise<number[]> {
  return Promise.all(tables.map((t) => count(t)));
}

describe("signatures", () => {
  it("answers 401 to a missing signature, a bad one and a body that is not JSON, and writes nothing", async () => {
    const before = await snapshot();
    const data = event("delivered", "nosig@example.com");
    expect((await post({ "event-data": data })).status).toBe(401);
    const good = signMailgun(SECRET);
    expect((await deliver(data, { ...good, signature: "0".repeat(64) })).status).toBe(401);
    expect((await deliver(data, { ...good, signature: "not-hex" })).status).toBe(401);
    expect((await deliver(data, signMailgun("another-key"))).status).toBe(401);
    expect((await deliver(data, { ...good, token: `${good.token}x` })).status).toBe(401);
    const text = await server.fetch("/api/esp-webhook", {
      method: "POST",
      body: "not json",
      headers: { "content-type": "application/json" },
    });
    expect(text.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a flood of bad signatures with 401s and no writes", async () => {
    const before = await snapshot();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        deliver(event("failed", "flood@example.com", { severity: "permanent" }), { ...signMailgun(SECRET), signature: "ab".repeat(32) }),
      ),
    );
    expect(statuses.every((s) => s.status === 401)).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect(await suppression("flood@example.com")).toBeNull();
  });

  it("rejects stale and future timestamps", async () => {
    const old = signMailgun(SECRET, { timestampSec: Math.floor(Date.now() / 1000) - 301 });
    const future = signMailgun(SECRET, { timestampSec: Math.floor(Date.now() / 1000) + 3600 });
    for (const sig of [old, future]) {
      const r = await deliver(event("delivered", "stale@example.com"), sig);
      expect(r.status).toBe(401);
      expect(r.body.error).toMatch(/timestamp/i);
    }
    expect(await count("email_delivery_events", "email = ?", ["stale@example.com"])).toBe(0);
  });

  it("refuses the right signature written another way (uppercase, a 65th digit), and writes nothing", async () => {
    const before = await snapshot();
    const good = signMailgun(SECRET);
    const data = event("failed", "spelling@example.com", { severity: "permanent" });
    expect((await deliver(data, { ...good, signature: good.signature.toUpperCase() })).status).toBe(401);
    expect((await deliver(data, { ...good, signature: `${good.signature}0` })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await deliver(data, good)).status).toBe(200);
  });

  it("accepts a subaccount's event through parent-signature: this deployment holds the primary account's key", async () => {
    // A subaccount signs `signature` with its own key and `parent-signature` with the primary's.
    const fromSubaccount = signMailgun("key-a-subaccount-of-ours-0123", { parentKey: SECRET });
    const r = await deliver(event("failed", "sub-hard@example.com", { severity: "permanent" }), fromSubaccount);
    expect(r).toEqual({ status: 200, body: { success: true } });
    expect(await suppression("sub-hard@example.com")).toEqual({ reason: "hard_bounce", until: null });
    // Neither signature made with our key: refused.
    const stranger = signMailgun("key-a-subaccount-of-ours-0123", { parentKey: "key-another-primary-account" });
    expect((await deliver(event("failed", "sub-forged@example.com", { severity: "permanent" }), stranger)).status).toBe(401);
    expect(await suppression("sub-forged@example.com")).toBeNull();
  });

  it("rejects a replayed token carrying another event", async () => {
    const sig = signMailgun(SECRET);
    expect((await deliver(event("delivered", "replay@example.com"), sig)).status).toBe(200);
    const forged = await deliver(event("failed", "replay@example.com", { severity: "permanent" }), sig);
    expect(forged.status).toBe(401);
    expect(await suppression("replay@example.com")).toBeNull();
    expect(await count("email_delivery_events", "email = ?", ["replay@example.com"])).toBe(1);
  });
});

describe("body cap and signature before parsing", () => {
  const limit = () => server.app.env.WEBHOOK_BODY_LIMIT_BYTES;
  const raw = (body: BodyInit, init: RequestInit = {}) =>
    server.fetch("/api/esp-webhook", { method: "POST", body, headers: { "content-type": "application/json" }, ...init });

  it("answers 413 to a body over WEBHOOK_BODY_LIMIT_BYTES, signed or not, JSON or not, and applies nothing", async () => {
    expect(limit()).toBe(256 * 1024);
    const before = await snapshot();
    const padded = event("failed", "toolarge@example.com", { severity: "permanent", "user-variables": { pad: "x".repeat(limit()) } });
    const signed = await raw(JSON.stringify({ signature: signMailgun(SECRET), "event-data": padded }));
    expect(signed.status).toBe(413);
    expect(await signed.json()).toMatchObject({ success: false, limit_bytes: limit() });
    // Not JSON at all: still 413, not 401 — the size is refused before anything is parsed.
    expect((await raw("y".repeat(limit() + 1))).status).toBe(413);
    // No Content-Length (chunked): refused once the read passes the cap.
    const chunks = [`{"signature":${JSON.stringify(signMailgun(SECRET))},"event-data":`, `"${"z".repeat(limit())}"}`];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const chunked = await raw(stream, { duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await snapshot()).toEqual(before);
    expect(await suppression("toolarge@example.com")).toBeNull();
  });

  it("accepts a signed event just under the cap", async () => {
    const data = event("delivered", "big-ok@example.com");
    const skeleton = JSON.stringify({ signature: signMailgun(SECRET), "event-data": { ...data, "user-variables": { pad: "" } } });
    const pad = "p".repeat(limit() - Buffer.byteLength(skeleton));
    const body = JSON.stringify({ signature: signMailgun(SECRET), "event-data": { ...data, "user-variables": { pad } } });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limit());
    expect((await raw(body)).status).toBe(200);
    expect(await count("email_delivery_events", "email = ?", ["big-ok@example.com"])).toBe(1);
  });

  it("checks the signature before parsing the event: a bad one is 'Invalid webhook signature' whatever follows it", async () => {
    const before = await snapshot();
    const junk = "[".repeat(100_000) + " not json";
    const bad = { ...signMailgun(SECRET), signature: "ab".repeat(32) };
    const r1 = await raw(`{"signature":${JSON.stringify(bad)},"event-data":${junk}`);
    expect(r1.status).toBe(401);
    expect(await r1.json()).toMatchObject({ success: false, error: "Invalid webhook signature" });
    // A big but allowed, well-formed body with the bad signature after the event.
    const big = JSON.stringify({
      "event-data": event("failed", "bigbad@example.com", { severity: "permanent", "user-variables": { pad: "q".repeat(200_000) } }),
      signature: bad,
    });
    const r2 = await raw(big);
    expect(r2.status).toBe(401);
    expect(await r2.json()).toMatchObject({ error: "Invalid webhook signature" });
    // A good signature in front of an event that is not JSON: signed, so the payload is what is wrong.
    const r3 = await raw(`{"signature":${JSON.stringify(signMailgun(SECRET))},"event-data":${junk}`);
    expect(r3.status).toBe(400);
    expect(await r3.json()).toMatchObject({ success: false, error: "Invalid webhook payload" });
    expect(await snapshot()).toEqual(before);
  });
});

describe("absurd timestamps", () => {
  const nowSec = () => Math.floor(Date.now() / 1000);
  /** A signature over exactly this timestamp text (as it appears in the body). */
  function signedWith(timestamp: string) {
    const token = randomUUID().replace(/-/g, "").padEnd(50, "0");
    return {
      timestamp,
      token,
      signature: createHmac("sha256", SECRET)
        .update(timestamp + token)
        .digest("hex"),
    };
  }

  it.each([
    ["1e300", "1e+300"],
    ["-1", "-1"],
    ["abc", "abc"],
    ["20 nines", "99999999999999999999"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["-Infinity", "-Infinity"],
    ["empty", ""],
    ["1e3", "1e3"],
    ["hex", "0x6553f100"],
    ["far future", String(10 * 365 * 86_400 + Math.floor(Date.now() / 1000))],
    ["milliseconds", String(Date.now())],
  ])("signature.timestamp %s → 401, nothing applied", async (_, timestamp) => {
    const before = await snapshot();
    const r = await deliver(event("failed", "absurd-sig@example.com", { severity: "permanent" }), signedWith(timestamp));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, error: "Webhook timestamp outside the accepted window" });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["a JSON number 1e300", 1e300],
    // eslint-disable-next-line no-loss-of-precision -- the case as its name writes it; JavaScript holds it as 1e20
    ["a JSON number 99999999999999999999", 99999999999999999999],
    ["-1", -1],
  ])("signature.timestamp as %s → 401", async (_, timestamp) => {
    const text = JSON.stringify(timestamp);
    const sig = signedWith(text);
    const res = await post({ signature: { ...sig, timestamp }, "event-data": event("delivered", "absurd-num@example.com") });
    expect(res.status).toBe(401);
  });

  it.each([
    ["1e300", 1e300],
    ["1e306", 1e306],
    ["-1", -1],
    ["0", 0],
    // eslint-disable-next-line no-loss-of-precision -- the case as its name writes it; JavaScript holds it as 1e20
    ["99999999999999999999", 99999999999999999999],
    ["far future", 0],
    ["milliseconds", 0],
    ["a string", "abc"],
    ["NaN as a string", "NaN"],
    ["null", null],
  ])("event-data.timestamp %s → 400, nothing applied", async (name, value) => {
    const timestamp = name === "far future" ? nowSec() + 10 * 365 * 86_400 : name === "milliseconds" ? Date.now() : value;
    const before = await snapshot();
    const r = await deliver(event("failed", "absurd-event@example.com", { severity: "permanent", timestamp }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      error: "Invalid webhook payload",
      details: expect.stringContaining("event-data.timestamp"),
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe("payloads", () => {
  it.each([
    ["a failure without severity", { "event-data": event("failed", "bad@example.com") }],
    ["no recipient", { "event-data": { id: "e1", event: "delivered", timestamp: Date.now() / 1000 } }],
    ["no event-data", {}],
    ["a non-numeric timestamp", { "event-data": { ...event("delivered", "bad@example.com"), timestamp: "yesterday" } }],
  ])("answers 400 to %s with a valid signature and applies nothing", async (_, payload) => {
    const before = await snapshot();
    const res = await post({ signature: signMailgun(SECRET), ...payload });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: "Invalid webhook payload" });
    expect(await snapshot()).toEqual(before);
  });

  it("acknowledges events it does not handle without applying them", async () => {
    const r = await deliver(event("accepted", "ignored@example.com"));
    expect(r).toEqual({ status: 200, body: { success: true, ignored: true } });
    expect(await count("email_delivery_events", "email = ?", ["ignored@example.com"])).toBe(0);
  });
});

describe("Mailgun's real payloads", () => {
  /** A documented event for a fresh address and id (the documented ones are shared by every test). */
  function documented(data: Record<string, unknown>, recipient: string): EventData {
    return { ...structuredClone(data), id: `doc-${randomUUID()}`, recipient };
  }

  it.each(MAILGUN_USER_VARIABLES_SHAPES.map((s, i) => [s.shape, s.value, i] as const))(
    "a permanent failure with user-variables as %s suppresses the address (200, the bounce is not lost)",
    async (_, value, i) => {
      const recipient = `uv-shape-${i}@example.com`;
      const data = withUserVariables(documented(MAILGUN_DOCUMENTED.failedPermanent, recipient), value);
      const r = await deliver(data);
      expect(r).toEqual({ status: 200, body: { success: true } });
      expect(await suppression(recipient)).toEqual({ reason: "hard_bounce", until: null });
      expect(await count("operator_alerts", "kind = 'hard_bounce' AND recipient = ?", [recipient])).toBe(1);
      const rs = await server.app.database.client.execute({
        sql: "SELECT payload FROM email_delivery_events WHERE event_id = ?",
        args: [data.id as string],
      });
      const stored = JSON.parse(String(rs.rows[0].payload)) as { unread?: Record<string, unknown> };
      // What could not be read is kept as it came.
      if (typeof value === "string") expect(stored.unread).toEqual({ "user-variables": value });
      else expect(stored.unread).toBeUndefined();
    },
  );

  it("a complaint with user-variables as a string suppresses the address", async () => {
    const data = withUserVariables(
      documented(MAILGUN_DOCUMENTED.complained, "uv-complaint@example.com"),
      MAILGUN_USER_VARIABLES_SHAPES[0].value,
    );
    expect(await deliver(data)).toEqual({ status: 200, body: { success: true } });
    expect(await suppression("uv-complaint@example.com")).toEqual({ reason: "complaint", until: null });
  });

  it.each([
    ["delivered", MAILGUN_DOCUMENTED.delivered, null],
    ["failed, permanent (delayed bounce)", MAILGUN_DOCUMENTED.failedPermanentDelayed, { reason: "hard_bounce", until: null }],
    ["opened", MAILGUN_DOCUMENTED.opened, null],
    ["clicked", MAILGUN_DOCUMENTED.clicked, null],
    ["unsubscribed", MAILGUN_DOCUMENTED.unsubscribed, { reason: "unsubscribe", until: null }],
  ] as const)("the documented %s event is applied", async (name, data, suppressed) => {
    const recipient = `doc-${name.replace(/\W+/g, "-")}@example.com`;
    const d = documented(data, recipient);
    expect(await deliver(d)).toEqual({ status: 200, body: { success: true } });
    expect(await count("email_delivery_events", "event_id = ?", [d.id as string])).toBe(1);
    expect(await suppression(recipient)).toEqual(suppressed);
  });
});

describe("temporary failures counted per message", () => {
  /** Mailgun's documented temporary failure, as attempt `attempt` of message `messageId`. */
  function attempt(recipient: string, messageId: string, attemptNo: number, timestamp: number): EventData {
    const d = structuredClone(MAILGUN_DOCUMENTED.failedTemporary) as EventData & {
      "delivery-status": Record<string, unknown>;
      message: { headers: Record<string, unknown> };
    };
    d.id = `temp-${randomUUID()}`;
    d.recipient = recipient;
    d.timestamp = timestamp;
    d["delivery-status"]["attempt-no"] = attemptNo;
    d.message.headers["message-id"] = messageId;
    return d;
  }

  it("three attempts of one message are one soft bounce (no 30-day suppression); its later delivery clears it", async () => {
    const recipient = "retried@example.com";
    const messageId = `${randomUUID()}@mg.example`;
    const start = Math.floor(Date.now() / 1000) - 3 * 3600;
    for (const [n, at] of [
      [1, start],
      [2, start + 600],
      [3, start + 1200],
    ]) {
      expect((await deliver(attempt(recipient, messageId, n, at))).status).toBe(200);
    }
    expect(await suppression(recipient)).toBeNull();
    expect(await count("operator_alerts", "recipient = ?", [recipient])).toBe(0);
    expect(await state(recipient)).toMatchObject({ status: "softBounced", consecutiveTemporary: 1, softBounces: [{ messageId }] });
    const log = await server.app.database.client.execute({
      sql: "SELECT message_id, retry, consecutive FROM email_bounce_log WHERE email = ? ORDER BY id",
      args: [recipient],
    });
    expect(log.rows.map((r) => [r.message_id, Number(r.retry), Number(r.consecutive)])).toEqual([
      [messageId, 0, 1],
      [messageId, 1, 1],
      [messageId, 1, 1],
    ]);
    expect(await sendTo(recipient)).toMatchObject({ status: 400, body: { reason: "cooldown" } });

    const delivered: EventData = {
      ...structuredClone(MAILGUN_DOCUMENTED.delivered),
      id: `del-${randomUUID()}`,
      recipient,
      timestamp: start + 1800,
    };
    (delivered.message as { headers: Record<string, unknown> }).headers["message-id"] = messageId;
    expect((await deliver(delivered)).status).toBe(200);
    expect(await state(recipient)).toMatchObject({ status: "deliverable", consecutiveTemporary: 0, softBounces: [] });
    expect((await sendTo(recipient)).status).toBe(200);
  });

  it("three different messages within 7 days still suppress for 30 days", async () => {
    const recipient = "three-messages@example.com";
    const start = Math.floor(Date.now() / 1000) - 3 * 86_400;
    for (const [i, at] of [
      [1, start],
      [2, start + 86_400],
      [3, start + 2 * 86_400],
    ]) {
      expect((await deliver(attempt(recipient, `msg-${i}-${randomUUID()}@mg.example`, 1, at))).status).toBe(200);
    }
    expect(await suppression(recipient)).toEqual({ reason: "soft_bounce_escalated", until: (start + 2 * 86_400 + 30 * 86_400) * 1000 });
  });
});

describe("de-duplication", () => {
  it("applies a redelivered event once", async () => {
    const data = event("failed", "dup@example.com", { severity: "temporary", "delivery-status": { message: "mailbox full" } });
    expect(await deliver(data)).toEqual({ status: 200, body: { success: true } });
    expect(await deliver(data)).toEqual({ status: 200, body: { success: true, duplicate: true } });
    expect(await count("email_delivery_events", "event_id = ?", [data.id as string])).toBe(1);
    expect(await count("email_bounce_log", "email = ?", ["dup@example.com"])).toBe(1);
    expect(await state("dup@example.com")).toMatchObject({ status: "softBounced", consecutiveTemporary: 1 });
  });

  it("applies concurrent deliveries of the same event exactly once", async () => {
    const data = event("failed", "race@example.com", { severity: "temporary" });
    const results = await Promise.all(Array.from({ length: 12 }, () => deliver(data)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => !r.body.duplicate)).toHaveLength(1);
    expect(await count("email_delivery_events", "event_id = ?", [data.id as string])).toBe(1);
    expect(await count("email_bounce_log", "email = ?", ["race@example.com"])).toBe(1);
    expect(await state("race@example.com")).toMatchObject({ consecutiveTemporary: 1 });
  });

  it("loses no update when different events for one address arrive at once", async () => {
    slackMode = "ok";
    const results = await Promise.all(
      Array.from({ length: 4 }, () => deliver(event("failed", "burst@example.com", { severity: "temporary" }))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rs = await server.app.database.client.execute({
      sql: "SELECT consecutive FROM email_bounce_log WHERE email = ? ORDER BY consecutive",
      args: ["burst@example.com"],
    });
    expect(rs.rows.map((r) => Number(r.consecutive))).toEqual([1, 2, 3, 4]);
    expect(await state("burst@example.com")).toMatchObject({ status: "suppressed", consecutiveTemporary: 4, suppressedUntil: null });
    expect(await suppression("burst@example.com")).toEqual({ reason: "soft_bounce_escalated", until: null });
  });
});

describe("events and the deliverability machine", () => {
  it("logs delivered, opened and clicked against the send and shows them in tracking", async () => {
    const sent = await sendTo("reader@example.com");
    const sendId = sent.body.sendId as string;
    const vars = { "user-variables": { send_id: sendId } };
    for (const data of [
      event("delivered", "reader@example.com", vars),
      event("opened", "reader@example.com", vars),
      event("clicked", "reader@example.com", { ...vars, url: "https://shop.example/sale" }),
    ]) {
      expect((await deliver(data)).status).toBe(200);
    }
    const res = await server.fetch(`/api/sends/${sendId}`, { token: user.token });
    const body = await res.json();
    expect(body.events.map((e: { kind: string }) => e.kind)).toEqual(["delivered", "opened", "clicked"]);
    expect(body.events[2]).toMatchObject({ url: "https://shop.example/sale", recipient: "reader@example.com" });
    expect(await suppression("reader@example.com")).toBeNull();
    expect((await sendTo("reader@example.com")).status).toBe(200);
  });

  it("finds the send by the provider's message id when no send id comes back", async () => {
    const sent = await sendTo("byid@example.com");
    const sendId = sent.body.sendId as string;
    await server.app.database.client.execute({
      sql: "UPDATE email_sends SET provider_id = ? WHERE id = ?",
      args: ["<20260101.abc@mg.example>", sendId],
    });
    expect(
      (await deliver(event("delivered", "byid@example.com", { message: { headers: { "message-id": "20260101.abc@mg.example" } } }))).status,
    ).toBe(200);
    expect(await count("email_delivery_events", "send_id = ?", [sendId])).toBe(1);
  });

  it("suppresses on a permanent failure, alerts, and refuses later sends without retry_after", async () => {
    slackMode = "ok";
    const before = slackRequests.length;
    const r = await deliver(
      event("failed", "Hard@Example.com", {
        severity: "permanent",
        reason: "bounce",
        "delivery-status": { message: "550 5.1.1 no such user" },
      }),
    );
    expect(r.status).toBe(200);
    expect(await suppression("hard@example.com")).toEqual({ reason: "hard_bounce", until: null });
    expect(await count("operator_alerts", "kind = 'hard_bounce' AND recipient = ?", ["hard@example.com"])).toBe(1);
    await waitUntil(() => slackRequests.length > before, { what: "the Slack post" });
    expect(slackRequests[slackRequests.length - 1].text).toContain("hard@example.com");
    expect(slackRequests[slackRequests.length - 1].text).toContain("550 5.1.1 no such user");
    const refused = await sendTo("hard@example.com");
    expect(refused).toMatchObject({ status: 400, body: { error: "Recipient suppressed", suppression: "hard_bounce" } });
    expect(refused.body.retry_after).toBeUndefined();
  });

  it("suppresses permanently on a complaint and alerts", async () => {
    expect((await deliver(event("complained", "angry@example.com"))).status).toBe(200);
    expect(await suppression("angry@example.com")).toEqual({ reason: "complaint", until: null });
    expect(await count("operator_alerts", "kind = 'complaint' AND recipient = ?", ["angry@example.com"])).toBe(1);
    expect((await sendTo("angry@example.com")).status).toBe(400);
  });

  it("logs an unsubscribed event and suppresses the address", async () => {
    expect((await deliver(event("unsubscribed", "optout@example.com"))).status).toBe(200);
    expect(await suppression("optout@example.com")).toEqual({ reason: "unsubscribe", until: null });
    expect(await count("operator_alerts", "recipient = ?", ["optout@example.com"])).toBe(0);
  });

  it("cools down after a soft bounce, with retry_after 24 h after it; a delivery resets the count", async () => {
    const at = Math.floor(Date.now() / 1000) - 3600;
    expect((await deliver(event("failed", "soft@example.com", { severity: "temporary", timestamp: at }))).status).toBe(200);
    expect(await count("email_bounce_log", "email = ?", ["soft@example.com"])).toBe(1);
    const refused = await sendTo("soft@example.com");
    expect(refused).toMatchObject({
      status: 400,
      body: { error: "Recipient suppressed", reason: "cooldown", retry_after: new Date((at + 86_400) * 1000).toISOString() },
    });
    expect(await suppression("soft@example.com")).toBeNull();
    expect((await deliver(event("delivered", "soft@example.com"))).status).toBe(200);
    expect(await state("soft@example.com")).toMatchObject({ status: "deliverable", consecutiveTemporary: 0 });
    expect((await sendTo("soft@example.com")).status).toBe(200);
  });

  it("suppresses for 30 days on the 3rd soft bounce within 7 days, with retry_after, and alerts", async () => {
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    // A delivery between the bounces keeps the consecutive count below the permanent limit.
    await deliver(event("failed", "thrice@example.com", { severity: "temporary", timestamp: now - 6 * day }));
    await deliver(event("delivered", "thrice@example.com", { timestamp: now - 5 * day }));
    await deliver(event("failed", "thrice@example.com", { severity: "temporary", timestamp: now - 4 * day }));
    expect(await suppression("thrice@example.com")).toBeNull();
    await deliver(event("failed", "thrice@example.com", { severity: "temporary", timestamp: now - 2 * day }));
    const until = (now - 2 * day + 30 * day) * 1000;
    expect(await suppression("thrice@example.com")).toEqual({ reason: "soft_bounce_escalated", until });
    expect(await count("operator_alerts", "kind = 'soft_bounce_escalated' AND recipient = ?", ["thrice@example.com"])).toBe(1);
    const rs = await server.app.database.client.execute({
      sql: "SELECT escalation FROM email_bounce_log WHERE email = ? ORDER BY id DESC LIMIT 1",
      args: ["thrice@example.com"],
    });
    expect(rs.rows[0].escalation).toBe("soft_bounce_limit");
    const refused = await sendTo("thrice@example.com");
    expect(refused).toMatchObject({ status: 400, body: { error: "Recipient suppressed", retry_after: new Date(until).toISOString() } });
  });

  it("suppresses permanently after 4 consecutive temporary failures", async () => {
    const now = Math.floor(Date.now() / 1000);
    // Spread over more than 7 days, so only the consecutive rule can fire.
    for (const daysAgo of [30, 20, 10]) {
      await deliver(event("failed", "four@example.com", { severity: "temporary", timestamp: now - daysAgo * 86_400 }));
    }
    expect(await suppression("four@example.com")).toBeNull();
    await deliver(event("failed", "four@example.com", { severity: "temporary", timestamp: now - 60 }));
    expect(await suppression("four@example.com")).toEqual({ reason: "soft_bounce_escalated", until: null });
    expect(await state("four@example.com")).toMatchObject({
      status: "suppressed",
      reason: "consecutive_temporary",
      consecutiveTemporary: 4,
    });
    expect((await sendTo("four@example.com")).body.retry_after).toBeUndefined();
  });
});

describe("operator alerts", () => {
  it("keeps a failed Slack post pending with its error and delivers it on the retry pass", async () => {
    slackMode = "fail";
    const before = slackRequests.length;
    const r = await deliver(event("failed", "retry@example.com", { severity: "permanent" }));
    expect(r).toEqual({ status: 200, body: { success: true } });
    const row = async () =>
      (
        await server.app.database.client.execute({
          sql: "SELECT attempts, last_error, delivered_at FROM operator_alerts WHERE recipient = ?",
          args: ["retry@example.com"],
        })
      ).rows[0];
    await waitUntil(async () => (await row())?.last_error != null, { what: "the first attempt to fail" });
    expect(await row()).toMatchObject({ attempts: 1, delivered_at: null });
    expect(String((await row()).last_error)).toContain("500");
    expect(slackRequests.length).toBe(before + 1);

    slackMode = "ok";
    const pass = await retryPendingAlerts(server.app as never);
    expect(pass.delivered).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ attempts: 2, last_error: null });
    expect((await row()).delivered_at).not.toBeNull();
    expect(slackRequests.slice(before).map((s) => s.text.includes("retry@example.com"))).toEqual([true, true]);
    // Delivered alerts are not posted again.
    const again = await retryPendingAlerts(server.app as never);
    expect(again.delivered).toBe(0);
  });

  it("answers the webhook while the Slack post is still pending", async () => {
    slackMode = "hold";
    const before = slackRequests.length;
    const r = await deliver(event("complained", "slow@example.com"));
    expect(r.status).toBe(200);
    await waitUntil(() => slackRequests.length > before, { what: "the Slack post" });
    // The webhook had answered and the Slack request is still open: nothing waited on it.
    expect(slackRequests[before]).toMatchObject({ answered: false, aborted: false });
    slackMode = "ok";
    for (const res of held.splice(0)) res.writeHead(200).end("ok");
  });
});

describe("live tracking over SSE", () => {
  it("streams stored events, then new ones as webhooks arrive", async () => {
    const sendId = (await sendTo("live@example.com")).body.sendId as string;
    const vars = { "user-variables": { send_id: sendId } };
    await deliver(event("delivered", "live@example.com", vars));

    const controller = new AbortController();
    const res = await server.fetch(`/api/sends/${sendId}/events`, { token: user.token, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const stream = streamText(res.body!);
    await stream.until('"kind":"delivered"');
    await deliver(event("opened", "live@example.com", vars));
    const text = await stream.until('"kind":"opened"');
    const frames = text.split("\n\n").filter((f) => f.includes("event: delivery"));
    expect(frames).toHaveLength(2);
    const data = frames.map((f) =>
      JSON.parse(
        f
          .split("\n")
          .find((l) => l.startsWith("data: "))!
          .slice(6),
      ),
    );
    expect(data.map((d) => d.kind)).toEqual(["delivered", "opened"]);
    expect(frames[1]).toMatch(/^id: \d+/m);
    controller.abort();
    await stream.cancel();
  });

  it("resumes after Last-Event-ID", async () => {
    const sendId = (await sendTo("resume@example.com")).body.sendId as string;
    const vars = { "user-variables": { send_id: sendId } };
    await deliver(event("delivered", "resume@example.com", vars));
    await deliver(event("opened", "resume@example.com", vars));
    const first = (await (await server.fetch(`/api/sends/${sendId}`, { token: user.token })).json()).events[0].id as number;
    const controller = new AbortController();
    const res = await server.fetch(`/api/sends/${sendId}/events`, {
      token: user.token,
      signal: controller.signal,
      headers: { "Last-Event-ID": String(first) },
    });
    const stream = streamText(res.body!);
    expect(await stream.until('"kind":"opened"')).not.toContain('"kind":"delivered"');
    controller.abort();
    await stream.cancel();
  });
});
