// Idempotency-Key on POST /api/send-email-esp (the same key with the same body
// gives the first result and no second message), and the start-up recovery of sends a stopped
// server left `sending`. Also item 7: a `to` whose local part is too long is refused up front.
import { randomUUID } from "node:crypto";
import Database from "libsql";
import { startHttp, type CapturedRequest, type Reply } from "~/adapters/email-provider/testing/http";
import { insertSend } from "~/models/sends.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { waitUntil } from "../helpers/wait";

let reply: (req: CapturedRequest) => Reply | Promise<Reply> = () => ({
  status: 200,
  body: { id: "<1@mg.acme.example>", message: "Queued. Thank you." },
});
let mailgun: Awaited<ReturnType<typeof startHttp>>;
let server: TestServer;
let user: { id: string; email: string; token: string };
let admin: { id: string; email: string; token: string };
const dbFile = process.env.DATABASE_URL!.replace(/^file:/, "");

beforeAll(async () => {
  mailgun = await startHttp((req) => reply(req));
  server = await startTestServer({
    EMAIL_PROVIDER: "mailgun",
    MAILGUN_API_KEY: "key-test",
    MAILGUN_DOMAIN: "mg.acme.example",
    MAILGUN_API_BASE: mailgun.url,
    MAIL_FROM: "Acme <mail@mg.acme.example>",
  });
  user = await createUserWithToken(server);
  admin = await createUserWithToken(server, { admin: true });
});
afterAll(async () => {
  await server?.close();
  await mailgun.close();
});

const message = { to: "bob@example.com", subject: "Spring", html: "<p>Hello {{RECIPIENT_EMAIL}}</p>" };

async function send(json: unknown, key?: string) {
  const res = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: user.token,
    json,
    headers: key ? { "Idempotency-Key": key } : {},
  });
  return {
    status: res.status,
    replayed: res.headers.get("idempotent-replayed"),
    retryAfter: res.headers.get("retry-after"),
    body: (await res.json()) as Record<string, unknown>,
  };
}

function rowsWithKey(key: string): number {
  const db = new Database(dbFile, { timeout: 5000 });
  try {
    return Number((db.prepare("SELECT count(*) AS n FROM email_sends WHERE idempotency_key = ?").get(key) as { n: number }).n);
  } finally {
    db.close();
  }
}

describe("Idempotency-Key", () => {
  it("gives the first result again for the same key and body, and sends one message", async () => {
    const key = randomUUID();
    const before = mailgun.requests.length;
    const first = await send(message, key);
    const again = await send(message, key);
    expect(first).toMatchObject({ status: 200, replayed: null, body: { success: true, provider: "mailgun" } });
    expect(again).toMatchObject({ status: 200, replayed: "true", body: first.body });
    expect(mailgun.requests.length - before).toBe(1);
    expect(rowsWithKey(key)).toBe(1);
  });

  it("refuses the same key with a different body (422) and sends nothing more", async () => {
    const key = randomUUID();
    await send(message, key);
    const before = mailgun.requests.length;
    const other = await send({ ...message, subject: "Another subject" }, key);
    expect(other).toMatchObject({ status: 422, body: { success: false, error: expect.stringContaining("different request") } });
    expect(mailgun.requests.length).toBe(before);
  });

  it("answers 409 while the first request is still at the provider, then replays its result", async () => {
    const key = randomUUID();
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    reply = async () => {
      await held;
      return { status: 200, body: { id: "<held@mg.acme.example>", message: "Queued. Thank you." } };
    };
    try {
      const before = mailgun.requests.length;
      const first = send(message, key);
      await waitUntil(() => mailgun.requests.length > before, { what: "the first send to reach Mailgun", intervalMs: 5 });
      const during = await Promise.all([send(message, key), send(message, key)]);
      for (const d of during)
        expect(d).toMatchObject({ status: 409, retryAfter: "1", body: { error: expect.stringContaining("in progress") } });
      letGo();
      const done = await first;
      expect(done).toMatchObject({ status: 200, body: { success: true } });
      expect(await send(message, key)).toMatchObject({ status: 200, replayed: "true", body: done.body });
      expect(mailgun.requests.length - before).toBe(1);
    } finally {
      reply = () => ({ status: 200, body: { id: "<1@mg.acme.example>", message: "Queued. Thank you." } });
    }
  });

  it("replays a failure instead of sending again", async () => {
    const key = randomUUID();
    reply = () => ({ status: 400, body: { message: "to parameter is not a valid address" } });
    try {
      const first = await send(message, key);
      expect(first).toMatchObject({ status: 500, body: { error: "Send failed" } });
      const before = mailgun.requests.length;
      const again = await send(message, key);
      expect(again).toMatchObject({ status: 500, replayed: "true", body: { error: "Send failed", sendId: first.body.sendId } });
      expect(mailgun.requests.length).toBe(before);
    } finally {
      reply = () => ({ status: 200, body: { id: "<1@mg.acme.example>", message: "Queued. Thank you." } });
    }
  });

  it("keeps keys per user and refuses malformed keys", async () => {
    const key = randomUUID();
    const mine = await send(message, key);
    const res = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: admin.token,
      json: message,
      headers: { "Idempotency-Key": key },
    });
    const theirs = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(theirs.sendId).not.toBe(mine.body.sendId);
    const before = mailgun.requests.length;
    for (const bad of ["", "x".repeat(256), "has space"]) {
      const r = await server.fetch("/api/send-email-esp", {
        method: "POST",
        token: user.token,
        json: message,
        headers: { "Idempotency-Key": bad },
      });
      expect(r.status).toBe(400);
      expect(JSON.stringify(await r.json())).toContain("Idempotency-Key");
    }
    expect(mailgun.requests.length).toBe(before);
  });
});

describe("recipient validation", () => {
  it("refuses a local part over 64 characters with 400, not 500", async () => {
    const r = await send({ ...message, to: `${"a".repeat(65)}@example.com` });
    expect(r).toMatchObject({ status: 400, body: { success: false } });
    expect(JSON.stringify(r.body.details)).toContain("before @");
    const ok = await send({ ...message, to: `${"a".repeat(64)}@example.com` });
    expect(ok.status).toBe(200);
  });
});

describe("HTML limits on sends", () => {
  it("refuses an email over the HTML limits before any work: 413 too large, 400 too deep, nothing sent", async () => {
    const before = mailgun.requests.length;
    const huge = await send({ ...message, html: `<p>${"x".repeat(300_000)}</p>` });
    expect(huge).toMatchObject({ status: 413, body: { success: false } });
    expect(JSON.stringify(huge.body)).toContain("html");
    const deep = await send({ ...message, html: `${"<div>".repeat(5_000)}x${"</div>".repeat(5_000)}` });
    expect(deep).toMatchObject({ status: 400, body: { success: false } });
    const deepAmp = await send({ ...message, ampHtml: `${"<div>".repeat(5_000)}x${"</div>".repeat(5_000)}` });
    expect(deepAmp.status).toBe(400);
    expect(JSON.stringify(deepAmp.body)).toContain("ampHtml");
    expect(mailgun.requests.length).toBe(before);
  });
});

describe("sends left in flight by a stopped server", () => {
  it("are marked unknown at start with an operator alert, never resent; recent ones wait for the sweep", async () => {
    const { db } = server.app.database;
    const base = {
      userId: user.id,
      senderEmail: user.email,
      subject: "Crash",
      provider: "mailgun",
      html: "<p>x</p>",
      status: "sending" as const,
    };
    const stale = [randomUUID(), randomUUID()];
    for (const id of stale)
      await insertSend(db as never, {
        ...base,
        id,
        recipient: `${id}@example.com`,
        messageId: `<${id}@mg.acme.example>`,
        createdAt: new Date(Date.now() - 10 * 60_000),
      });
    const recent = randomUUID();
    await insertSend(db as never, {
      ...base,
      id: recent,
      recipient: "recent@example.com",
      messageId: `<${recent}@mg.acme.example>`,
      createdAt: new Date(),
    });
    const before = mailgun.requests.length;

    const report = await server.build.entry.module.bootstrap();
    expect(report.notes.join("\n")).toContain("2 send(s) were in flight");
    for (const id of stale) {
      const tracked = (await (await server.fetch(`/api/sends/${id}`, { token: user.token })).json()) as { send: Record<string, unknown> };
      expect(tracked.send).toMatchObject({ status: "unknown", error: expect.stringContaining("not sent again") });
    }
    const recentNow = (await (await server.fetch(`/api/sends/${recent}`, { token: user.token })).json()) as {
      send: Record<string, unknown>;
    };
    expect(recentNow.send.status).toBe("sending");
    const alerts = await db.$client.execute("SELECT kind, recipient, message FROM operator_alerts WHERE kind = 'send_outcome_unknown'");
    expect(alerts.rows.map((r) => r.recipient).sort()).toEqual(stale.map((id) => `${id}@example.com`).sort());
    expect(mailgun.requests.length).toBe(before);

    // The periodic sweep takes the recent one once it is past the in-flight limit.
    const { recoverInterruptedSends, SEND_IN_FLIGHT_LIMIT_MS } = await import("~/services/sending.server");
    const swept = await recoverInterruptedSends(server.app as never, new Date(Date.now() + SEND_IN_FLIGHT_LIMIT_MS + 1000));
    expect(swept.map((s) => s.id)).toEqual([recent]);
  });
});
