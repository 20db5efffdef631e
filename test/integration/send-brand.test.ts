// The brand profile end to end through the outbox: edited on /brand (field errors, the domains the
// deployment may send from), used by every send (From, Reply-To, the footer in the raw MIME),
// refused with a clear 400 when its From is no longer allowed, and shown on the unsubscribe page.
import { simpleParser } from "mailparser";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";
let server: TestServer;
let admin: { id: string; email: string; token: string };
let user: { id: string; email: string; token: string };
let browser: PageClient;

const HTML =
  `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>Spring is here.</p>` +
  `<table><tr><td class="kx-footer"><p class="kx-sender">{{SENDER_POSTAL_ADDRESS}} {{SENDER_WEBSITE}}</p>` +
  `<a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></td></tr></table></body></html>`;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", MAIL_FROM: "Kinetic <no-reply@mail.kinetic.example>", BRAND_NAME: "Kinetic" });
  admin = await createUserWithToken(server, { admin: true });
  user = await createUserWithToken(server, { email: "owner@bloom.example" });
  browser = new PageClient(server);
  expect((await browser.signIn(user.email, PASSWORD)).status).toBe(302);
});
afterAll(() => server?.close());

async function send(json: Record<string, unknown>) {
  const res = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: user.token,
    json: { subject: "Spring", html: HTML, ...json },
  });
  return { status: res.status, body: await res.json() };
}

/** A header of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw
    .slice(0, raw.indexOf("\r\n\r\n"))
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n");
  return head.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.replace(/^[^:]+:\s*/, "");
}

/** The https address of a raw message's List-Unsubscribe header. */
function oneClickUrl(raw: string): URL {
  return new URL(/<(https?:[^>]+)>/.exec(header(raw, "List-Unsubscribe") ?? "")?.[1] ?? "https://missing.invalid/");
}

async function rawOf(sendId: string): Promise<string> {
  const res = await server.fetch(`/api/admin/sends/${sendId}/raw`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.text();
}

const FORM = {
  senderName: "Bloom & Co",
  fromAddress: "news@mail.kinetic.example",
  replyTo: "hello@bloom.example",
  postalAddress: "Bloom & Co\r\n12 Garden Row\r\nLeeds LS1 4AB",
  logoUrl: "https://cdn.bloom.example/logo.png",
  websiteUrl: "https://bloom.example/",
};

describe("before a brand profile exists", () => {
  it("sends as the deployment, with an empty sender footer", async () => {
    const { status, body } = await send({ to: "first@example.org" });
    expect(status).toBe(200);
    const parsed = await simpleParser(await rawOf(body.sendId));
    expect(parsed.from?.value[0]).toEqual({ name: "Kinetic", address: "no-reply@mail.kinetic.example" });
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.html).toContain(`<p class="kx-sender"> </p>`);
  });
});

describe("the brand page", () => {
  it("needs a session", async () => {
    const res = await new PageClient(server).get("/brand");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
  });

  it("names each wrong field, with aria-invalid and aria-describedby, and saves nothing", async () => {
    const { csrf } = await browser.page("/brand");
    const res = await browser.post("/brand", {
      _csrf: csrf,
      ...FORM,
      senderName: "",
      fromAddress: "news@bloom.example",
      logoUrl: "javascript:alert(1)",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("3 fields need changing");
    for (const field of ["senderName", "fromAddress", "logoUrl"]) {
      expect(html).toMatch(
        new RegExp(`id="brand-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="brand-${field}-error brand-${field}-description"`),
      );
    }
    expect(html).toContain(
      "The From address news@bloom.example is on bloom.example, which this deployment may not send from (allowed: mail.kinetic.example)",
    );
    expect(html).toContain("SENDER_DOMAINS");
    expect(html).toContain("must be a full web address starting with https://");
    expect(html).not.toMatch(/id="brand-replyTo"[^>]*aria-invalid/);
    const after = await send({ to: "second@example.org" });
    expect((await simpleParser(await rawOf(after.body.sendId))).from?.value[0].name).toBe("Kinetic");
  });

  it("refuses a post without the CSRF token", async () => {
    const res = await browser.post("/brand", FORM);
    expect(res.status).toBe(403);
  });

  it("saves the profile and shows it again", async () => {
    const { csrf } = await browser.page("/brand");
    const res = await browser.post("/brand", { _csrf: csrf, ...FORM });
    const html = await res.text();
    expect(html).toContain("Saved. Your next emails use this sender.");
    const again = (await browser.page("/brand")).html;
    expect(again).toContain(`value="Bloom &amp; Co"`);
    expect(again).toContain("12 Garden Row");
    expect(again).not.toContain("Until you save it");
  });
});

describe("a send after the profile is saved", () => {
  let raw: string;
  let sendId: string;

  beforeAll(async () => {
    const { status, body } = await send({ to: "reader@example.org", from: "ceo@evil.example", sender: "x@evil.example" });
    expect(status, JSON.stringify(body)).toBe(200);
    sendId = body.sendId;
    raw = await rawOf(sendId);
  });

  it("comes from the brand: From name on its address, Reply-To, Message-ID on its domain", async () => {
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value[0]).toEqual({ name: "Bloom & Co", address: "news@mail.kinetic.example" });
    expect(parsed.replyTo?.value[0].address).toBe("hello@bloom.example");
    expect(parsed.messageId).toBe(`<${sendId}@mail.kinetic.example>`);
    expect(raw).not.toContain("evil.example");
  });

  it("carries the postal address and website in the footer", async () => {
    const parsed = await simpleParser(raw);
    expect(parsed.html).toContain(`<p class="kx-sender">Bloom &amp; Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/</p>`);
    expect(parsed.text).toContain("Bloom & Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/");
  });

  it("carries List-Unsubscribe (mailto and https one-click) and List-Unsubscribe-Post", async () => {
    expect(header(raw, "List-Unsubscribe")).toBe(
      `<mailto:unsubscribe@mail.kinetic.example?subject=unsubscribe>, <${oneClickUrl(raw).href}>`,
    );
    expect(oneClickUrl(raw).href).toMatch(
      new RegExp(`^${server.app.env.BASE_URL.replace(/[.:/]/g, "\\$&")}/unsubscribe/[A-Za-z0-9_-]+\\?s=${sendId}$`),
    );
    expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  it("its unsubscribe page shows the brand's name and logo, not the deployment's", async () => {
    const url = oneClickUrl(raw);
    const res = await server.fetch(url.pathname + url.search);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Unsubscribe · Bloom &amp; Co</title>");
    expect(html).toContain(`<img src="https://cdn.bloom.example/logo.png"`);
    expect(html).toContain(`href="https://bloom.example/"`);
    expect(html).not.toContain(">Kinetic<");
    expect(res.headers.get("content-security-policy")).toContain("img-src 'self' https://cdn.bloom.example;");
    // The one-click post to the same address unsubscribes and answers with the brand too.
    const done = await server.fetch(url.pathname + url.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("from Bloom &amp; Co or anyone else");
  });

  it("a send id with another address's token shows the deployment's brand", async () => {
    const other = await send({ to: "other@example.org" });
    const otherRaw = await rawOf(other.body.sendId);
    const otherUrl = oneClickUrl(otherRaw);
    const res = await server.fetch(`${otherUrl.pathname}?s=${sendId}`);
    const html = await res.text();
    expect(html).toContain("<title>Unsubscribe · Kinetic</title>");
    expect(html).not.toContain("Bloom");
  });
});

describe("a profile whose From the deployment no longer allows", () => {
  it("answers 400 saying what to do, and sends nothing", async () => {
    const { saveSenderProfile } = await import("~/models/sender-profiles.server");
    // As if SENDER_DOMAINS had listed bloom.example when it was saved.
    await saveSenderProfile(server.app.database.db as never, user.id, {
      ...FORM,
      postalAddress: FORM.postalAddress,
      fromAddress: "news@bloom.example",
    });
    const before = await server.fetch("/api/admin/sends?limit=500", { token: admin.token }).then((r) => r.json());
    const { status, body } = await send({ to: "third@example.org" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, field: "fromAddress", fix: "/brand" });
    expect(body.error).toBe(
      "The From address news@bloom.example is on bloom.example, which this deployment may not send from (allowed: mail.kinetic.example). " +
        "Use an address on mail.kinetic.example on your brand page, or leave the From address empty to send from the deployment's address; " +
        "an operator can add the domain to SENDER_DOMAINS once it is verified with the email provider.",
    );
    const after = await server.fetch("/api/admin/sends?limit=500", { token: admin.token }).then((r) => r.json());
    expect(after.sends.length).toBe(before.sends.length);
  });

  it("an empty From sends from the deployment's address under the brand's name", async () => {
    const { saveSenderProfile } = await import("~/models/sender-profiles.server");
    await saveSenderProfile(server.app.database.db as never, user.id, { ...FORM, fromAddress: null, replyTo: null });
    const { status, body } = await send({ to: "fourth@example.org" });
    expect(status).toBe(200);
    const parsed = await simpleParser(await rawOf(body.sendId));
    expect(parsed.from?.value[0]).toEqual({ name: "Bloom & Co", address: "no-reply@mail.kinetic.example" });
    expect(parsed.replyTo).toBeUndefined();
  });
});
