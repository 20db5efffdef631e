// POST /api/esp-webhook with Standard Webhooks / Svix as Resend sends them: the signature covers
// the raw body, the svix-id is the event id.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { signSvix } from "~/domain/webhooks";
import { RESEND_DOCUMENTED, type ResendBody } from "../fixtures/webhooks/resend-payloads";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;

let server: TestServer;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  server = await startTestServer({
    EMAIL_PROVIDER: "outbox",
    WEBHOOK_SIGNING_SECRET: SECRET,
    WEBHOOK_SCHEME: "svix",
    ALERT_WEBHOOK_URL: "",
  });
  user = await createUserWithToken(server);
});
afterAll(() => server?.close());

function payload(type: string, to: string, data: Record<string, unknown> = {}, createdAt = new Date()) {
  return { type, created_at: createdAt.toISOString(), data: { email_id: randomUUID(), to: [to], subject: "Hi", ...data } };
}

async function post(body: string, headers: Record<string, string>) {
  const res = await server.fetch("/api/esp-webhook", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function deliver(p: unknown, opts: { id?: string; timestampSec?: number } = {}) {
  const body = JSON.stringify(p);
  return post(body, signSvix(SECRET, body, opts));
}

async function count(table: string, where = "1 = 1", args: string[] = []): Promise<number> {
  const rs = await server.app.database.client.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE ${where}`, args });
  return Number(rs.rows[0].n);
}

const tables = [
  "webhook_receipts",
  "email_delivery_events",
  "email_recipient_states",
  "email_bounce_log",
  "email_suppressions",
  "operator_alerts",
];
const snapshot = () => Promise.all(tables.map((t) => count(t)));

async function suppression(email: string) {
  const rs = await server.app.database.client.execute({
    sql: "SELECT reason, until FROM email_suppressions WHERE email = ?",
    args: [email],
  });
  return rs.rows[0] ? { reason: rs.rows[0].reason, until: rs.rows[0].until } : null;
}

describe("signatures", () => {
  it("answers 401 to missing headers, a bad signature, a tampered body and a stale timestamp, and writes nothing", async () => {
    const before = await snapshot();
    const body = JSON.stringify(payload("email.bounced", "x@example.com", { bounce: { type: "Permanent" } }));
    const headers = signSvix(SECRET, body);
    expect((await post(body, {})).status).toBe(401);
    expect((await post(body, { ...headers, "svix-signature": "v1,AAAA" })).status).toBe(401);
    expect((await post(body, signSvix(`whsec_${randomBytes(24).toString("base64")}`, body))).status).toBe(401);
    expect((await post(body.replace("x@example.com", "y@example.com"), headers)).status).toBe(401);
    expect((await post(body, { ...headers, "svix-id": "msg_other" })).status).toBe(401);
    const stale = await deliver(JSON.parse(body), { timestampSec: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("compares the signature as base64 text: unpadded, URL-safe or junk-suffixed forms of the right one are refused", async () => {
    const before = await snapshot();
    // A signature with a "+" or "/" in it, so that its URL-safe spelling differs: about three in
    // four are, so a few recipients are enough.
    let body = "";
    let headers: Record<string, string> = {};
    for (let i = 0; i < 50 && !/[+/]/.test(headers["svix-signature"] ?? ""); i++) {
      body = JSON.stringify(payload("email.bounced", `spelling${i}@example.com`, { bounce: { type: "Permanent" } }));
      headers = signSvix(SECRET, body);
    }
    const sig = headers["svix-signature"].slice("v1,".length);
    expect(sig.endsWith("=")).toBe(true);
    expect(sig).toMatch(/[+/]/);
    for (const other of [sig.replace(/=+$/, ""), sig.replace(/\+/g, "-").replace(/\//g, "_"), `${sig}junk`, `${sig}AAAA`, `${sig},x`]) {
      expect((await post(body, { ...headers, "svix-signature": `v1,${other}` })).status).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect((await post(body, headers)).status).toBe(200);
  });

  it("accepts any matching entry of a multi-signature header (secret rotation)", async () => {
    const body = JSON.stringify(payload("email.delivered", "rotate@example.com"));
    const headers = signSvix(SECRET, body);
    const r = await post(body, { ...headers, "svix-signature": `v1,bm90IGl0 ${headers["svix-signature"]}` });
    expect(r).toEqual({ status: 200, body: { success: true } });
  });
});

describe("body cap", () => {
  const limit = () => server.app.env.WEBHOOK_BODY_LIMIT_BYTES;

  it("answers 413 to a signed body over WEBHOOK_BODY_LIMIT_BYTES and applies nothing", async () => {
    expect(limit()).toBe(256 * 1024);
    const before = await snapshot();
    const p = payload("email.bounced", "huge@example.com", { bounce: { type: "Permanent" }, pad: "x".repeat(limit()) });
    const r = await deliver(p);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ success: false, limit_bytes: limit() });
    expect(await snapshot()).toEqual(before);
    expect(await suppression("huge@example.com")).toBeNull();
  });

  it("answers 401 to a missing signature before reading the body, whatever its size", async () => {
    const r = await post("x".repeat(limit() + 1), {});
    expect(r).toMatchObject({ status: 401, body: { error: "Missing webhook signature" } });
  });

  it("answers 401 to a bad signature on a big but allowed body, applying nothing", async () => {
    const before = await snapshot();
    const body = JSON.stringify(
      payload("email.bounced", "bigbad@example.com", { bounce: { type: "Permanent" }, pad: "y".repeat(limit() - 1000) }),
    );
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limit());
    const r = await post(body, { ...signSvix(SECRET, body), "svix-signature": `v1,${randomBytes(32).toString("base64")}` });
    expect(r).toMatchObject({ status: 401, body: { error: "Invalid webhook signature" } });
    expect(await snapshot()).toEqual(before);
  });
});

describe("absurd timestamps", () => {
  /** The three headers for exactly this timestamp text. */
  function signedWith(body: string, timestamp: string) {
    const id = `msg_${randomUUID()}`;
    const key = Buffer.from(SECRET.slice("whsec_".length), "base64");
    const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
    return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` };
  }

  it.each([
    ["1e300", "1e300"],
    ["-1", "-1"],
    ["abc", "abc"],
    ["20 nines", "99999999999999999999"],
    ["400 digits", "9".repeat(400)],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["a fraction", "1700000000.5"],
    ["far future", String(Math.floor(Date.now() / 1000) + 10 * 365 * 86_400)],
    ["milliseconds", String(Date.now())],
  ])("svix-timestamp %s → 401, nothing applied", async (_, timestamp) => {
    const before = await snapshot();
    const body = JSON.stringify(payload("email.bounced", "absurd-hdr@example.com", { bounce: { type: "Permanent" } }));
    const r = await post(body, signedWith(body, timestamp));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, error: "Webhook timestamp outside the accepted window" });
    expect(await snapshot()).toEqual(before);
  });

  it.each(["9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "abc", "NaN", "1e300"])(
    "created_at %s → 400, nothing applied",
    async (createdAt) => {
      const before = await snapshot();
      const r = await deliver({
        ...payload("email.bounced", "absurd-created@example.com", { bounce: { type: "Permanent" } }),
        created_at: createdAt,
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: "Invalid webhook payload", details: expect.stringContaining("created_at") });
      expect(await snapshot()).toEqual(before);
    },
  );

  it("created_at ten years ahead → 400", async () => {
    const r = await deliver(payload("email.delivered", "future@example.com", {}, new Date(Date.now() + 10 * 365 * 86_400_000)));
    expect(r).toMatchObject({ status: 400, body: { error: "Invalid webhook payload" } });
    expect(await count("email_delivery_events", "email = ?", ["future@example.com"])).toBe(0);
  });
});

describe("payloads", () => {
  it("answers 400 to a signed body that is not JSON or not a Resend event, applying nothing", async () => {
    const before = await snapshot();
    const notJson = "type=email.bounced";
    expect((await post(notJson, signSvix(SECRET, notJson))).status).toBe(400);
    const r = await deliver({ type: "email.bounced", created_at: "yesterday", data: { to: ["z@example.com"] } });
    expect(r).toMatchObject({ status: 400, body: { success: false, error: "Invalid webhook payload" } });
    expect(await snapshot()).toEqual(before);
  });

  it("acknowledges types it does not handle", async () => {
    expect(await deliver(payload("email.sent", "sent@example.com"))).toEqual({ status: 200, body: { success: true, ignored: true } });
    expect(await count("email_delivery_events", "email = ?", ["sent@example.com"])).toBe(0);
  });
});

describe("events", () => {
  it("de-duplicates by svix-id", async () => {
    const p = payload("email.bounced", "soft@example.com", {
      bounce: { type: "Transient", subType: "MailboxFull", message: "mailbox full" },
    });
    expect(await deliver(p, { id: "msg_dup_1" })).toEqual({ status: 200, body: { success: true } });
    expect(await deliver(p, { id: "msg_dup_1" })).toEqual({ status: 200, body: { success: true, duplicate: true } });
    expect(await count("email_bounce_log", "email = ?", ["soft@example.com"])).toBe(1);
    const refused = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: user.token,
      json: { to: "soft@example.com", html: "<p>x</p>" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ reason: "cooldown", retry_after: expect.any(String) });
  });

  it("suppresses on a permanent bounce and on a complaint, storing the alerts", async () => {
    await deliver(payload("email.bounced", "hard@example.com", { bounce: { type: "Permanent", message: "no such user" } }));
    await deliver(payload("email.complained", "angry@example.com"));
    expect(await suppression("hard@example.com")).toEqual({ reason: "hard_bounce", until: null });
    expect(await suppression("angry@example.com")).toEqual({ reason: "complaint", until: null });
    expect(await count("operator_alerts", "recipient IN ('hard@example.com', 'angry@example.com')")).toBe(2);
  });

  it("ties events to the send through the send_id tag", async () => {
    const sent = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: user.token,
      json: { to: "tagged@example.com", html: "<p>x</p>" },
    });
    const sendId = ((await sent.json()) as { sendId: string }).sendId;
    await deliver(payload("email.delivered", "tagged@example.com", { tags: { send_id: sendId } }));
    await deliver(
      payload("email.clicked", "tagged@example.com", {
        tags: [{ name: "send_id", value: sendId }],
        click: { link: "https://x.example/a" },
      }),
    );
    const res = await server.fetch(`/api/sends/${sendId}`, { token: user.token });
    const body = await res.json();
    expect(body.events.map((e: { kind: string; provider: string }) => [e.kind, e.provider])).toEqual([
      ["delivered", "resend"],
      ["clicked", "resend"],
    ]);
    expect(body.events[1].url).toBe("https://x.example/a");
  });
});

describe("Resend's documented examples", () => {
  /** The documented body, to a fresh address (the examples all go to delivered@resend.dev). */
  const to = (body: ResendBody, recipient: string): ResendBody => ({ ...body, data: { ...body.data, to: [recipient] } });

  it.each([
    ["bounced", RESEND_DOCUMENTED.bounced, { success: true }, { reason: "hard_bounce", until: null }],
    ["complained", RESEND_DOCUMENTED.complained, { success: true }, { reason: "complaint", until: null }],
    ["delivered", RESEND_DOCUMENTED.delivered, { success: true }, null],
    ["opened", RESEND_DOCUMENTED.opened, { success: true }, null],
    ["clicked", RESEND_DOCUMENTED.clicked, { success: true }, null],
    ["delivery_delayed", RESEND_DOCUMENTED.deliveryDelayed, { success: true, ignored: true }, null],
    ["failed", RESEND_DOCUMENTED.failed, { success: true, ignored: true }, null],
  ] as const)("email.%s is answered and applied as documented", async (name, body, answer, suppressed) => {
    const recipient = `resend-doc-${name}@example.com`;
    expect(await deliver(to(body, recipient))).toEqual({ status: 200, body: answer });
    expect(await suppression(recipient)).toEqual(suppressed);
  });
});
