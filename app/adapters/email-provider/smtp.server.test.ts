import net, { type AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import {
  absolutizeImageUrls,
  attributionBanner,
  attributionBannerAmp,
  buildMime,
  htmlToText,
  recipientHash,
  recipientPlaceholders,
  resolveWorkspacePlaceholders,
} from "~/domain/mime";
import type { EmailProvider, OutgoingMessage } from "./port";
import { createSmtpProvider, smtpTransportOptions } from "./smtp.server";
import { startCaptureSmtp as startSmtp, type ReceivedMail as Received } from "./testing/smtp";

const AMP = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style><style amp-custom>h1{color:#111}</style></head><body><h1>{{EMAIL_NAME}}</h1><amp-img src="img/hero.png" width="600" height="300" layout="responsive"></amp-img><p>AMP for {{RECIPIENT_EMAIL}}</p></body></html>`;
const HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spring</title></head><body class="body"><div class="kx-preheader" style="display:none">Spring is here</div><a class="kx-vib" href="{{VIB_URL}}">View in browser</a><h1>{{EMAIL_NAME}}</h1><img src="img/hero.png" alt="Hero"><p>Hello {{RECIPIENT_EMAIL}}, id {{UUID}} / {{SEND_ID}}</p><td class="kx-footer"><a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></td></body></html>`;

/** The sending pipeline of send rules 2–7 (docs/api/sending.md), using the domain/mime functions. */
async function prepare(sender: string, recipient: string): Promise<OutgoingMessage> {
  const sendId = "5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e";
  const subs = { recipient, sendId, vibUrl: `https://k.example/vib/${sendId}`, unsubscribeUrl: "https://k.example/unsubscribe/tok" };
  const step = (doc: string) =>
    recipientPlaceholders(absolutizeImageUrls(resolveWorkspacePlaceholders(doc, { emailName: "Spring Sale" }), "https://k.example"), subs);
  let html = step(HTML);
  let amp = step(AMP);
  if (sender !== recipient) {
    html = attributionBanner(html, sender, "Kinetic");
    amp = attributionBannerAmp(amp, sender, "Kinetic");
  }
  const text = htmlToText(html);
  const headers = { "X-Kinetic-Send-Id": sendId };
  const { raw } = await buildMime({
    from: { name: "Kinetic", address: "mail@k.example" },
    to: recipient,
    subject: "Your Kinetic Email",
    text,
    html,
    ampHtml: amp,
    messageId: `${sendId}@k.example`,
    listUnsubscribe: { mailto: "unsubscribe@k.example", url: "https://k.example/unsubscribe/tok" },
    headers,
  });
  return {
    raw,
    from: `"Kinetic" <mail@k.example>`,
    to: recipient,
    sendId,
    subject: "Your Kinetic Email",
    html,
    text,
    ampHtml: amp,
    headers,
  };
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

describe("SMTP provider against an in-process SMTP server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let provider: EmailProvider;
  let parsed: ParsedMail;
  let received: Received;
  let result: Awaited<ReturnType<EmailProvider["send"]>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    const created = createSmtpProvider({ url: `smtp://127.0.0.1:${smtp.port}` });
    if (!created.ok) throw new Error(created.error);
    provider = created.provider;
    result = await provider.send(await prepare("alice@sender.example", "Bob@Example.com"));
    received = smtp.received[0];
    parsed = await simpleParser(received.raw);
  });
  afterAll(async () => {
    await provider.close?.();
    await smtp.close();
  });

  it("delivers with a bare-address envelope and reports the message id", () => {
    expect(result).toMatchObject({ ok: true, providerId: "<5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e@k.example>" });
    expect(received.from).toBe("mail@k.example");
    expect(received.to).toEqual(["Bob@example.com"]); // nodemailer normalises the domain part
  });

  it("keeps the part order text/plain → text/x-amp-html → text/html", () => {
    expect(partOrder(received.raw)).toEqual(["multipart/alternative", "text/plain", "text/x-amp-html", "text/html"]);
    expect(parsed.attachments.map((a) => a.contentType)).toEqual(["text/x-amp-html"]);
  });

  it("carries the headers", () => {
    const line = (k: string) => parsed.headerLines.find((h) => h.key === k)?.line.replace(/\r\n[ \t]+/g, " ");
    expect(parsed.messageId).toBe("<5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e@k.example>");
    expect(line("list-unsubscribe")).toBe("List-Unsubscribe: <mailto:unsubscribe@k.example>, <https://k.example/unsubscribe/tok>");
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(line("x-kinetic-send-id")?.toLowerCase()).toBe("x-kinetic-send-id: 5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e");
    expect(parsed.subject).toBe("Your Kinetic Email");
  });

  it("substitutes placeholders and absolutizes images in the HTML and AMP parts", () => {
    const html = String(parsed.html);
    const amp = parsed.attachments[0].content.toString("utf8");
    expect(html).toContain(`href="https://k.example/vib/5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e"`);
    expect(html).toContain(`Hello Bob@Example.com, id ${recipientHash("bob@example.com")} / 5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e`);
    expect(html).toContain(`<img src="https://k.example/img/hero.png"`);
    expect(html).toContain(`href="https://k.example/unsubscribe/tok"`);
    expect(amp).toContain(`<amp-img src="https://k.example/img/hero.png"`);
    expect(amp).toContain("<h1>Spring Sale</h1>");
    expect(amp).toContain("AMP for Bob@Example.com");
    for (const part of [html, amp, parsed.text ?? ""]) expect(part).not.toContain("{{");
  });

  it("shows the attribution banner in both parts and the text, after the preheader", () => {
    const html = String(parsed.html);
    const amp = parsed.attachments[0].content.toString("utf8");
    expect(html.indexOf("kx-preheader")).toBeLessThan(html.indexOf("kx-attribution"));
    expect(html).toContain("Sent to you by <strong>alice@sender.example</strong> using Kinetic");
    expect(amp).toContain(`<div class="kx-attribution">Sent to you by <strong>alice@sender.example</strong> using Kinetic</div>`);
    expect(amp).toMatch(/<style amp-custom>h1\{color:#111\}\.kx-attribution\{/);
    expect(parsed.text?.split("\n").filter(Boolean).slice(0, 2)).toEqual([
      "Spring is here",
      "Sent to you by alice@sender.example using Kinetic",
    ]);
  });

  it("reuses pooled connections for further sends", async () => {
    const before = smtp.received.length;
    const msg = await prepare("same@example.com", "same@example.com");
    const results = await Promise.all([provider.send(msg), provider.send(msg), provider.send(msg)]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(smtp.received.length).toBe(before + 3);
    expect(smtp.received[before].raw).not.toContain("kx-attribution");
  });
});

describe("SMTP provider: auth, refusals and failures", () => {
  it("authenticates with the user and password from the URL (percent-encoded)", async () => {
    const logins: string[] = [];
    const smtp = await startSmtp({
      authOptional: false,
      allowInsecureAuth: true,
      authMethods: ["PLAIN", "LOGIN"],
      onAuth(auth, _session, cb) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === "u@k.example" && auth.password === "p@ss:word") cb(null, { user: auth.username });
        else cb(new Error("Invalid username or password"));
      },
    });
    const good = createSmtpProvider({ url: `smtp://u%40k.example:p%40ss%3Aword@127.0.0.1:${smtp.port}` });
    const bad = createSmtpProvider({ url: `smtp://u%40k.example:wrong@127.0.0.1:${smtp.port}` });
    if (!good.ok || !bad.ok) throw new Error("config");
    const msg = await prepare("a@x.example", "b@y.example");
    expect(await good.provider.send(msg)).toMatchObject({ ok: true });
    expect(await bad.provider.send(msg)).toMatchObject({ ok: false, retryable: false });
    expect(logins).toContain("u@k.example:p@ss:word");
    expect(smtp.received).toHaveLength(1);
    await good.provider.close?.();
    await bad.provider.close?.();
    await smtp.close();
  });

  it.each([
    [550, false],
    [451, true],
  ])("maps a %i reply to the recipient to retryable=%s", async (code, retryable) => {
    const smtp = await startSmtp({
      onRcptTo(_addr, _session, cb) {
        cb(Object.assign(new Error(code === 550 ? "5.1.1 No such user" : "4.7.1 Try again later"), { responseCode: code }));
      },
    });
    const created = createSmtpProvider({ url: `smtp://127.0.0.1:${smtp.port}` });
    if (!created.ok) throw new Error(created.error);
    const r = await created.provider.send(await prepare("a@x.example", "b@y.example"));
    expect(r).toMatchObject({ ok: false, retryable });
    expect(!r.ok && r.error).toContain(String(code));
    await created.provider.close?.();
    await smtp.close();
  });

  it("speaks implicit TLS for smtps:// and honours tlsRejectUnauthorized", async () => {
    // smtp-server falls back to its bundled self-signed certificate when given none.
    const smtp = await startSmtp({ secure: true, disabledCommands: [] });
    const lax = createSmtpProvider({ url: `smtps://127.0.0.1:${smtp.port}`, tlsRejectUnauthorized: false });
    const strict = createSmtpProvider({ url: `smtps://127.0.0.1:${smtp.port}` });
    if (!lax.ok || !strict.ok) throw new Error("config");
    const msg = await prepare("a@x.example", "b@y.example");
    expect(await lax.provider.send(msg)).toMatchObject({ ok: true });
    const refused = await strict.provider.send(msg);
    expect(refused).toMatchObject({ ok: false, retryable: false });
    expect(!refused.ok && refused.error).toMatch(/certificate/i);
    expect(smtp.received).toHaveLength(1);
    await lax.provider.close?.();
    await strict.provider.close?.();
    await smtp.close();
  });

  it("gives up on a server that never greets, as a retryable timeout", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as AddressInfo).port;
    const created = createSmtpProvider({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 300 });
    if (!created.ok) throw new Error(created.error);
    const r = await created.provider.send(await prepare("a@x.example", "b@y.example"));
    expect(r).toMatchObject({ ok: false, retryable: true });
    await created.provider.close?.();
    sockets.forEach((s) => s.destroy());
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it("reports a refused connection as retryable", async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const created = createSmtpProvider({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 2000 });
    if (!created.ok) throw new Error(created.error);
    expect(await created.provider.send(await prepare("a@x.example", "b@y.example"))).toMatchObject({ ok: false, retryable: true });
    await created.provider.close?.();
  });
});

describe("smtpTransportOptions", () => {
  it("reads smtp:// and smtps:// URLs", () => {
    expect(smtpTransportOptions({ url: "smtp://user:pa%20ss@mail.example.com:2525", tlsRejectUnauthorized: false })).toMatchObject({
      ok: true,
      options: {
        pool: true,
        host: "mail.example.com",
        port: 2525,
        secure: false,
        auth: { user: "user", pass: "pa ss" },
        tls: { rejectUnauthorized: false },
      },
    });
    const tls = smtpTransportOptions({ url: "smtps://relay.example.com" });
    expect(tls).toMatchObject({ ok: true, options: { port: 465, secure: true, tls: { rejectUnauthorized: true } } });
    expect(tls.ok && "auth" in tls.options).toBe(false);
    expect(smtpTransportOptions({ url: "smtp://relay.example.com" })).toMatchObject({ ok: true, options: { port: 587 } });
  });

  it("rejects other URLs", () => {
    expect(smtpTransportOptions({ url: "http://x" })).toMatchObject({ ok: false });
    expect(smtpTransportOptions({ url: "not a url" })).toMatchObject({ ok: false });
  });
});
