// A branded send through SMTP with DKIM configured: the in-process SMTP server receives a message
// from the user's brand (From name and address, Reply-To, the footer's postal address), with both
// List-Unsubscribe headers, signed with DKIM_* and verifiable with the public key.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { startCaptureSmtp, type ReceivedMail } from "~/adapters/email-provider/testing/smtp";
import { verifyDkim } from "../helpers/dkim";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const keys = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
// From a file, as DKIM_PRIVATE_KEY_FILE reads it.
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-dkim-"));
const keyFile = path.join(keyDir, "dkim.pem");
fs.writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });

const HTML =
  `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>Hello   there  </p>` +
  `<table><tr><td class="kx-footer"><p class="kx-sender">{{SENDER_POSTAL_ADDRESS}} {{SENDER_WEBSITE}}</p>` +
  `<a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></td></tr></table></body></html>`;

let smtp: Awaited<ReturnType<typeof startCaptureSmtp>>;
let server: TestServer;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  smtp = await startCaptureSmtp({ closeTimeout: 100 });
  server = await startTestServer({
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "Kinetic <no-reply@mail.acme.example>",
    SENDER_DOMAINS: "mail.acme.example, bloom.example",
    BASE_URL: "https://app.acme.example",
    DKIM_DOMAIN: "bloom.example",
    DKIM_SELECTOR: "k2026",
    DKIM_PRIVATE_KEY_FILE: keyFile,
  });
  user = await createUserWithToken(server, { email: "owner@bloom.example" });
  const { saveSenderProfile } = await import("~/models/sender-profiles.server");
  await saveSenderProfile(server.app.database.db as never, user.id, {
    senderName: `Bloom & Co "Flowers"`,
    fromAddress: "news@bloom.example",
    replyTo: "hello@bloom.example",
    postalAddress: "Bloom & Co\n12 Garden Row\nLeeds LS1 4AB",
    logoUrl: "https://bloom.example/logo.png",
    websiteUrl: "https://bloom.example/",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

describe("a branded, DKIM-signed message through SMTP", () => {
  let msg: ReceivedMail;
  let sendId: string;

  beforeAll(async () => {
    const res = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token: user.token,
      // A client-supplied sender is never used.
      json: { to: "reader@example.org", subject: "Spring", html: HTML, from: "ceo@evil.example", replyTo: "x@evil.example" },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    sendId = body.sendId;
    msg = smtp.received[smtp.received.length - 1];
  });

  it("comes from the brand profile: From name and address, Reply-To, envelope", async () => {
    const parsed = await simpleParser(msg.raw);
    expect(parsed.from?.value[0]).toEqual({ name: `Bloom & Co "Flowers"`, address: "news@bloom.example" });
    expect(parsed.replyTo?.value[0].address).toBe("hello@bloom.example");
    expect(msg.from).toBe("news@bloom.example");
    expect(parsed.messageId).toBe(`<${sendId}@bloom.example>`);
  });

  it("carries the postal address and website in the footer, in HTML and text", async () => {
    const parsed = await simpleParser(msg.raw);
    expect(parsed.html).toContain(`<p class="kx-sender">Bloom &amp; Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/</p>`);
    expect(parsed.text).toContain("Bloom & Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/");
    expect(msg.raw).not.toContain("{{SENDER_");
  });

  it("has both List-Unsubscribe forms and the RFC 8058 one-click header", async () => {
    const head = msg.raw
      .slice(0, msg.raw.indexOf("\r\n\r\n"))
      .replace(/\r\n[ \t]+/g, " ")
      .split("\r\n");
    const line = (name: string) => head.find((l) => l.toLowerCase().startsWith(`${name}:`));
    expect(line("list-unsubscribe")).toMatch(
      new RegExp(
        `^List-Unsubscribe: <mailto:unsubscribe@bloom\\.example\\?subject=unsubscribe>, <https://app\\.acme\\.example/unsubscribe/[A-Za-z0-9_-]+\\?s=${sendId}>$`,
      ),
    );
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("is DKIM-signed with the configured domain and selector, and the signature verifies", () => {
    const result = verifyDkim(msg.raw, keys.publicKey);
    expect(result.reason).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.tags).toMatchObject({ d: "bloom.example", s: "k2026", a: "rsa-sha256", c: "relaxed/relaxed" });
    expect(result.tags.h.toLowerCase().split(":")).toEqual(
      expect.arrayContaining(["from", "to", "subject", "reply-to", "list-unsubscribe", "list-unsubscribe-post"]),
    );
  });

  it("the verifier refuses a changed body, a changed header and another key", () => {
    const other = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    expect(verifyDkim(msg.raw.replace("Hello", "Jello"), keys.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/body hash/),
    });
    expect(verifyDkim(msg.raw.replace("Subject: Spring", "Subject: SprinG"), keys.publicKey)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/header signature/),
    });
    expect(verifyDkim(msg.raw, other.publicKey).ok).toBe(false);
  });
});

it("the verifier agrees with nodemailer's signer on a message of its own", async () => {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
    dkim: { domainName: "example.com", keySelector: "t", privateKey: keys.privateKey },
  });
  const info = await transport.sendMail({ from: "a@example.com", to: "b@example.org", subject: "x", text: "line  one \r\n\r\n\r\n" });
  expect(verifyDkim((info.message as Buffer).toString("utf8"), keys.publicKey)).toMatchObject({ ok: true });
});
