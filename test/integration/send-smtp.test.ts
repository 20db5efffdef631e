// POST /api/send-email-esp through the SMTP provider to a real in-process SMTP server, parsed
// back with mailparser: part order, headers, substitutions and the banner as a recipient sees them.
import { simpleParser, type ParsedMail } from "mailparser";
import { startCaptureSmtp, type ReceivedMail } from "~/adapters/email-provider/testing/smtp";
import { recipientHash } from "~/domain/mime";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let server: TestServer;
let user: { id: string; email: string; token: string };

const HTML = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div class="kx-preheader" style="display:none">Preview line</div><h1>{{EMAIL_NAME}}</h1><img src="/assets/hero.png" alt=""><p>Hi {{RECIPIENT_EMAIL}} ({{UUID}})</p><a href="{{VIB_URL}}">View</a> <a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></body></html>`;
const AMP = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style></head><body><p>AMP {{SEND_ID}}</p><amp-img src="assets/a.png" width="10" height="10"></amp-img></body></html>`;

beforeAll(async () => {
  smtp = await startCaptureSmtp({
    // The provider keeps pooled connections open; do not wait for them at the end.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("reject@")) {
        const err = Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
  });
  const { port } = smtp;
  server = await startTestServer({
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Acme Mail <mail@acme.example>",
    BASE_URL: "https://app.acme.example/kinetic",
    BRAND_NAME: "Acme",
  });
  user = await createUserWithToken(server, { email: "owner@acme.example" });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("a message through SMTP", () => {
  let body: Record<string, unknown>;
  let msg: ReceivedMail;
  let parsed: ParsedMail;

  beforeAll(async () => {
    const res = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: user.token,
      json: { to: "Reader@Example.org", subject: "Launch", html: HTML, ampHtml: AMP, emailName: "Launch day", replyTo: "x@evil.example" },
    });
    body = await res.json();
    expect(res.status).toBe(200);
    msg = smtp.received[smtp.received.length - 1];
    parsed = await simpleParser(msg.raw);
  });

  it("reports success with the Message-ID as the provider id", async () => {
    expect(body).toMatchObject({ success: true, provider: "smtp", sendId: expect.any(String) });
    expect(body.notes).toEqual([expect.stringContaining("250")]);
    const tracked = await (await server.fetch(`/api/sends/${body.sendId}`, { token: user.token })).json();
    expect(tracked.send).toMatchObject({ status: "sent", provider: "smtp", providerId: `<${body.sendId}@acme.example>` });
  });

  it("uses MAIL_FROM for the header and a bare envelope sender", () => {
    expect(msg.from).toBe("mail@acme.example");
    expect(msg.to).toEqual(["Reader@example.org"]);
    expect(parsed.from?.value[0]).toEqual({ name: "Acme Mail", address: "mail@acme.example" });
    expect(parsed.replyTo).toBeUndefined();
  });

  it("keeps the part order text/plain → text/x-amp-html → text/html", () => {
    const order = msg.raw
      .split("\r\n")
      .filter((l) => /^content-type:/i.test(l))
      .map((l) =>
        l
          .replace(/^content-type:\s*/i, "")
          .split(";")[0]
          .toLowerCase(),
      );
    expect(order).toEqual(["multipart/alternative", "text/plain", "text/x-amp-html", "text/html"]);
  });

  it("carries Message-ID and both List-Unsubscribe headers on the from domain", () => {
    const line = (k: string) => parsed.headerLines.find((h) => h.key === k)?.line.replace(/\r\n[ \t]+/g, " ");
    expect(parsed.messageId).toBe(`<${body.sendId}@acme.example>`);
    expect(line("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <mailto:unsubscribe@acme\.example\?subject=unsubscribe>, <https:\/\/app\.acme\.example\/kinetic\/unsubscribe\/[A-Za-z0-9_-]+\?s=[0-9a-f-]{36}>$/,
    );
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(parsed.subject).toBe("Launch");
  });

  it("substitutes, resolves images under BASE_URL and adds the banner in both parts", () => {
    const html = String(parsed.html);
    expect(html).toContain("<h1>Launch day</h1>");
    expect(html).toContain(`src="https://app.acme.example/kinetic/assets/hero.png"`);
    expect(html).toContain(`Hi Reader@Example.org (${recipientHash("reader@example.org")})`);
    expect(html).toContain(`href="https://app.acme.example/kinetic/vib/${body.sendId}"`);
    expect(html).toContain("Sent to you by <strong>owner@acme.example</strong> using Acme");
    // The banner follows the hidden preheader so the inbox preview is unchanged.
    expect(html.indexOf("Preview line")).toBeLessThan(html.indexOf("Sent to you by"));
    const amp = parsed.attachments.find((a) => a.contentType === "text/x-amp-html")!.content.toString("utf8");
    expect(amp).toContain(`AMP ${body.sendId}`);
    expect(amp).toContain(`src="https://app.acme.example/kinetic/assets/a.png"`);
    expect(amp).toContain("Sent to you by <strong>owner@acme.example</strong>");
    expect(parsed.text).toMatch(/^Preview line/);
  });
});

it("records a refused recipient as a failed send and answers 500 Send failed", async () => {
  const res = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: user.token,
    json: { to: "reject@example.org", html: "<p>x</p>" },
  });
  expect(res.status).toBe(500);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, error: "Send failed", sendId: expect.any(String) });
  const tracked = await (await server.fetch(`/api/sends/${body.sendId}`, { token: user.token })).json();
  expect(tracked.send.status).toBe("failed");
  expect(tracked.send.error).toMatch(/550|Mailbox does not exist|rejected/);
  expect(tracked.send.sentAt).toBeNull();
});
