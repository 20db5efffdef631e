// POST /api/send-email-esp with the embedded outbox provider, and everything around a send:
// the stored MIME, tracking, the admin list and .eml download, View in browser, suppression
// checks and the unsubscribe page.
import { simpleParser } from "mailparser";
import { createUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let sender: { id: string; email: string; token: string };
let admin: { id: string; email: string; token: string };

const HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spring</title></head><body><div class="kx-preheader" style="display:none">Spring is here</div><a href="{{VIB_URL}}">View in browser</a><h1>{{EMAIL_NAME}}</h1><img src="img/hero.png" alt="Hero"><p>Hello {{RECIPIENT_EMAIL}}</p><p>uuid {{UUID}} send {{SEND_ID}} project {{PROJECT_ID}} db {{DATABASE_ID}}</p><p><a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></p></body></html>`;
const AMP = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style><style amp-custom>h1{color:#111}</style></head><body><h1>{{EMAIL_NAME}}</h1><amp-img src="/img/hero.png" width="600" height="300" layout="responsive"></amp-img><p>AMP for {{RECIPIENT_EMAIL}}</p></body></html>`;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", BASE_URL: "https://kinetic.example", BRAND_NAME: "Kinetic", MAIL_FROM: "" });
  sender = await createUserWithToken(server, { email: "alice@sender.example" });
  admin = await createUserWithToken(server, { admin: true });
});
afterAll(() => server?.close());

async function send(json: unknown, token = sender.token) {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token, json });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

async function rawOf(sendId: string): Promise<string> {
  const res = await server.fetch(`/api/admin/sends/${sendId}/raw`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.text();
}

function partOrder(raw: string): string[] {
  return raw
    .split("\r\n")
    .filter((l) => /^content-type:/i.test(l))
    .map((l) =>
      l
        .replace(/^content-type:\s*/i, "")
        .split(";")[0]
        .toLowerCase(),
    );
}

describe("validation", () => {
  it("needs a token", async () => {
    const res = await server.fetch("/api/send-email-esp", { method: "POST", json: { to: "a@b.example", html: "<p>x</p>" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: "Authentication required" });
  });

  it("names the missing fields", async () => {
    const { res, body } = await send({ subject: "Hi" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: "Missing required fields" });
    expect((body.missing as string[]).sort()).toEqual(["html", "to"]);
    const blank = await send({ to: "bob@example.com", html: "   " });
    expect(blank.body).toMatchObject({ error: "Missing required fields", missing: ["html"] });
  });

  it.each([
    ["not an address", "bob"],
    ["two addresses", "bob@example.com, carol@example.com"],
    ["two addresses with a semicolon", "bob@example.com;carol@example.com"],
    ["a display name", "Bob <bob@example.com>"],
    ["a header injection", "bob@example.com\r\nBcc: x@evil.example"],
    ["a list", ["bob@example.com", "carol@example.com"]],
  ])("refuses %s in `to`", async (_, to) => {
    const { res, body } = await send({ to, html: "<p>x</p>" });
    expect(res.status).toBe(400);
    expect(body.success).toBe(false);
    expect(JSON.stringify(body.details)).toContain("to");
  });

  it("refuses a body that is not JSON", async () => {
    const res = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: sender.token,
      headers: { "Content-Type": "application/json" },
      body: "{to: nope",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: "Malformed JSON body" });
  });

  it("refuses a 10 MB html with 413 and stores nothing", async () => {
    const before = await server.fetch("/api/admin/sends?limit=500", { token: admin.token }).then((r) => r.json());
    const { res, body } = await send({ to: "bob@example.com", html: `<p>${"x".repeat(10 * 1024 * 1024)}</p>` });
    expect(res.status).toBe(413);
    expect(body.success).toBe(false);
    const after = await server.fetch("/api/admin/sends?limit=500", { token: admin.token }).then((r) => r.json());
    expect(after.count).toBe(before.count);
  });
});

describe("a send with an AMP part to someone else", () => {
  let body: Record<string, unknown>;
  let raw: string;
  let sendId: string;

  beforeAll(async () => {
    const r = await send({
      to: "Bob@Example.com",
      subject: "Spring sale",
      html: HTML,
      ampHtml: AMP,
      emailName: "Spring <Sale>",
      projectId: "p-1",
      databaseId: "db-9",
      from: "ceo@bank.example",
      sender: "ceo@bank.example",
    });
    expect(r.res.status).toBe(200);
    body = r.body;
    sendId = body.sendId as string;
    raw = await rawOf(sendId);
  });

  it("answers success with the send id and provider", () => {
    expect(body).toMatchObject({ success: true, provider: "outbox" });
    expect(body.message).toEqual(expect.any(String));
    expect(sendId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.notes).toEqual([expect.stringContaining("outbox")]);
  });

  it("builds multipart/alternative with text/plain, text/x-amp-html, text/html in that order", async () => {
    expect(partOrder(raw)).toEqual(["multipart/alternative", "text/plain", "text/x-amp-html", "text/html"]);
  });

  it("uses the verified user, never a client-supplied sender, and the default From", async () => {
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value[0]).toEqual({ name: "Kinetic", address: "no-reply@kinetic.example" });
    expect(raw).not.toContain("ceo@bank.example");
    expect(parsed.html).toContain("Sent to you by <strong>alice@sender.example</strong> using Kinetic");
  });

  it("carries Message-ID, List-Unsubscribe (mailto + https) and List-Unsubscribe-Post", async () => {
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toBe(`<${sendId}@kinetic.example>`);
    const line = (k: string) => parsed.headerLines.find((h) => h.key === k)?.line.replace(/\r\n[ \t]+/g, " ");
    const token = createUnsubscribeToken(server.app.env.SESSION_SECRET, "bob@example.com");
    expect(line("list-unsubscribe")).toBe(
      `List-Unsubscribe: <mailto:unsubscribe@kinetic.example?subject=unsubscribe>, <https://kinetic.example/unsubscribe/${token}?s=${sendId}>`,
    );
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(parsed.subject).toBe("Spring sale");
  });

  it("substitutes every placeholder and makes images absolute in both parts", async () => {
    const parsed = await simpleParser(raw);
    const html = String(parsed.html);
    expect(html).not.toContain("{{");
    expect(html).toContain("<h1>Spring &lt;Sale&gt;</h1>");
    expect(html).toContain(`src="https://kinetic.example/img/hero.png"`);
    expect(html).toContain(`href="https://kinetic.example/vib/${sendId}"`);
    expect(html).toContain("Hello Bob@Example.com");
    expect(html).toMatch(/uuid [0-9a-f]{64} send [0-9a-f-]{36} project p-1 db db-9/);
    expect(html).toContain(
      `https://kinetic.example/unsubscribe/${createUnsubscribeToken(server.app.env.SESSION_SECRET, "bob@example.com")}`,
    );
    const amp = parsed.attachments.find((a) => a.contentType === "text/x-amp-html")!.content.toString("utf8");
    expect(amp).not.toContain("{{");
    expect(amp).toContain(`src="https://kinetic.example/img/hero.png"`);
    expect(amp).toContain("AMP for Bob@Example.com");
    expect(amp).toContain(`<div class="kx-attribution">Sent to you by <strong>alice@sender.example</strong>`);
    expect(amp).not.toMatch(/<div class="kx-attribution"[^>]*style=/);
  });

  it("derives the text part from the HTML", async () => {
    const parsed = await simpleParser(raw);
    expect(parsed.text).toMatch(/^Spring is here/);
    expect(parsed.text).toContain("Hello Bob@Example.com");
    expect(parsed.text).not.toContain("<p>");
  });

  it("is listed for admins, newest first, and tracked for its sender", async () => {
    const list = await server.fetch("/api/admin/sends?limit=1", { token: admin.token });
    expect(list.status).toBe(200);
    const listed = await list.json();
    expect(listed.sends).toHaveLength(1);
    expect(listed.sends[0]).toMatchObject({
      id: sendId,
      to: "Bob@Example.com",
      subject: "Spring sale",
      provider: "outbox",
      status: "sent",
    });
    expect(Date.parse(listed.sends[0].createdAt)).not.toBeNaN();
    expect(Date.parse(listed.sends[0].sentAt)).not.toBeNaN();

    const mine = await server.fetch(`/api/sends/${sendId}`, { token: sender.token });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      success: true,
      send: { id: sendId, status: "sent", vibUrl: `https://kinetic.example/vib/${sendId}` },
      events: [],
    });
    expect((await server.fetch(`/api/sends/${sendId}`, { token: admin.token })).status).toBe(200);
    const other = await createUserWithToken(server);
    const foreign = await server.fetch(`/api/sends/${sendId}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await server.fetch(`/api/sends/${sendId}/events`, { token: other.token })).status).toBe(404);
  });

  it("downloads as .eml", async () => {
    const res = await server.fetch(`/api/admin/sends/${sendId}/raw`, { token: admin.token });
    expect(res.headers.get("content-type")).toBe("message/rfc822");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${sendId}.eml"`);
    expect((await res.text()).split("\r\n\r\n")[0]).toContain("Message-ID:");
    expect((await server.fetch("/api/admin/sends/nope/raw", { token: admin.token })).status).toBe(404);
  });

  it("serves View in browser sandboxed, exactly as the recipient got it", async () => {
    const res = await fetch(`${server.url}/vib/${sendId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    const parsed = await simpleParser(raw);
    expect(html).toBe(parsed.html);
  });

  it("answers an unknown View in browser id with a 404 page", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await fetch(`${server.url}/vib/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-security-policy")).toBe("sandbox");
      expect(await res.text()).toContain("Email not found");
    }
  });
});

describe("defaults and the sender's own address", () => {
  it("uses the default subject and no banner when sending to oneself", async () => {
    const { res, body } = await send({ to: "ALICE@sender.example", html: "<html><body><p>Hi</p></body></html>" });
    expect(res.status).toBe(200);
    const parsed = await simpleParser(await rawOf(body.sendId as string));
    expect(parsed.subject).toBe("Your Kinetic Email");
    expect(String(parsed.html)).not.toContain("Sent to you by");
    expect(partOrder(await rawOf(body.sendId as string))).toEqual(["multipart/alternative", "text/plain", "text/html"]);
  });
});

describe("the same template to several recipients", () => {
  it("gives each recipient their own values, links and text", async () => {
    const got: Array<{ sendId: string; html: string; text: string }> = [];
    for (const to of ["first@example.com", "second@example.com", "alice@sender.example"]) {
      const { body } = await send({ to, html: HTML, emailName: "Same" });
      const parsed = await simpleParser(await rawOf(body.sendId as string));
      got.push({ sendId: body.sendId as string, html: String(parsed.html), text: String(parsed.text) });
    }
    const [first, second, self] = got;
    expect(first.html).toContain("Hello first@example.com");
    expect(first.html).not.toContain("second@example.com");
    expect(second.html).toContain("Hello second@example.com");
    expect(second.html).toContain(`/vib/${second.sendId}`);
    expect(second.html).not.toContain(first.sendId);
    expect(second.text).toContain(`https://kinetic.example/vib/${second.sendId}`);
    expect(second.text).toContain("Hello second@example.com");
    expect(second.text).not.toContain("{{");
    // The banner depends on who receives it: none for the sender's own copy.
    expect(first.html).toContain("Sent to you by");
    expect(self.html).not.toContain("Sent to you by");
  });
});

describe("suppression checks", () => {
  it("refuses a suppressed address without retry_after", async () => {
    await server.app.database.client.execute({
      sql: "INSERT INTO email_suppressions (email, reason, until) VALUES (?, 'hard_bounce', NULL)",
      args: ["gone@example.com"],
    });
    const { res, body } = await send({ to: "Gone@Example.com", html: "<p>x</p>" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: "Recipient suppressed" });
    expect(body.retry_after).toBeUndefined();
  });

  it("refuses during a soft-bounce cooldown with retry_after", async () => {
    const last = new Date(Date.now() - 2 * 3600_000);
    const state = {
      status: "softBounced",
      softBounces: [last.toISOString()],
      consecutiveTemporary: 1,
      lastSoftBounceAt: last.toISOString(),
    };
    await server.app.database.client.execute({
      sql: "INSERT INTO email_recipient_states (email, state) VALUES (?, ?)",
      args: ["soft@example.com", JSON.stringify(state)],
    });
    const { res, body } = await send({ to: "soft@example.com", html: "<p>x</p>" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({
      error: "Recipient suppressed",
      reason: "cooldown",
      retry_after: new Date(last.getTime() + 24 * 3600_000).toISOString(),
    });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses during a 30-day suppression with retry_after and allows once it ended", async () => {
    const until = new Date(Date.now() + 10 * 24 * 3600_000);
    await server.app.database.client.execute({
      sql: "INSERT INTO email_suppressions (email, reason, until) VALUES (?, 'soft_bounce_escalated', ?), (?, 'soft_bounce_escalated', ?)",
      args: ["timed@example.com", until.getTime(), "ended@example.com", Date.now() - 1000],
    });
    const { res, body } = await send({ to: "timed@example.com", html: "<p>x</p>" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: "Recipient suppressed", retry_after: until.toISOString() });
    expect((await send({ to: "ended@example.com", html: "<p>x</p>" })).res.status).toBe(200);
  });
});

describe("unsubscribe", () => {
  const page = (token: string, init?: RequestInit) => fetch(`${server.url}/unsubscribe/${token}`, { redirect: "manual", ...init });

  it("asks on GET and changes nothing", async () => {
    const token = createUnsubscribeToken(server.app.env.SESSION_SECRET, "reader@example.com");
    const res = await page(token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("reader@example.com");
    expect(html).toMatch(/<form[^>]*method="post"/i);
    expect((await send({ to: "reader@example.com", html: "<p>x</p>" })).res.status).toBe(200);
  });

  it("unsubscribes on POST from the link in the email, and later sends are refused", async () => {
    const { body } = await send({ to: "Leaver@Example.com", html: HTML });
    const html = String((await simpleParser(await rawOf(body.sendId as string))).html);
    const link = /href="https:\/\/kinetic\.example(\/unsubscribe\/[A-Za-z0-9_-]+\?s=[0-9a-f-]{36})"/.exec(html)![1];
    const res = await fetch(`${server.url}${link}`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You&#x27;re unsubscribed");
    const refused = await send({ to: "leaver@example.com", html: "<p>x</p>" });
    expect(refused.res.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "Recipient suppressed", suppression: "unsubscribe" });
    const row = await server.app.database.client.execute({
      sql: "SELECT reason, until FROM email_suppressions WHERE email = ?",
      args: ["leaver@example.com"],
    });
    expect(row.rows[0]).toMatchObject({ reason: "unsubscribe", until: null });
  });

  it("accepts the RFC 8058 one-click POST without a session", async () => {
    const token = createUnsubscribeToken(server.app.env.SESSION_SECRET, "oneclick@example.com");
    const res = await page(token, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const row = await server.app.database.client.execute({
      sql: "SELECT reason FROM email_suppressions WHERE email = ?",
      args: ["oneclick@example.com"],
    });
    expect(row.rows[0]?.reason).toBe("unsubscribe");
  });

  it("refuses forged and modified tokens with a 400 page and writes nothing", async () => {
    const good = createUnsubscribeToken(server.app.env.SESSION_SECRET, "victim@example.com");
    const forgedForOther = Buffer.from(`other@example.com.${Buffer.from(good, "base64url").toString("utf8").split(".").pop()}`).toString(
      "base64url",
    );
    const otherSecret = createUnsubscribeToken("another-secret-another-secret-another-secret", "victim@example.com");
    const flipped = good.slice(0, -2) + (good.endsWith("A") ? "B" : "A") + good.slice(-1);
    for (const token of [forgedForOther, otherSecret, flipped, "garbage", Buffer.from("victim@example.com").toString("base64url")]) {
      const get = await page(token);
      expect(get.status, token).toBe(400);
      expect(await get.text()).toContain("not valid");
      const post = await page(token, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(post.status, token).toBe(400);
    }
    const rows = await server.app.database.client.execute({
      sql: "SELECT count(*) AS n FROM email_suppressions WHERE email IN ('victim@example.com', 'other@example.com')",
      args: [],
    });
    expect(Number(rows.rows[0].n)).toBe(0);
  });
});
