// The brand's web addresses and the policies built from them (docs/security.md, "Pages"): the
// brand page refuses a logo or website address whose host is not a plain host name, and the
// unsubscribe and answer pages allow the logo's site by its parsed scheme, host and port, so a bad
// value stored before the check injects nothing either. The report's logo,
// `https://cdn.bloom.example;sandbox/logo.png`, put `sandbox` into the unsubscribe page's policy
// and the browser blocked its Unsubscribe button.
import { WEB_ADDRESS_MESSAGES } from "~/domain/requests/sender";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";
const INJECTING = "https://cdn.bloom.example;sandbox/logo.png";

let server: TestServer;
let user: { id: string; email: string; token: string };
let browser: PageClient;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", MAIL_FROM: "Kinetic <no-reply@mail.kinetic.example>" });
  user = await createUserWithToken(server);
  browser = new PageClient(server);
  expect((await browser.signIn(user.email, PASSWORD)).status).toBe(302);
});
afterAll(() => server?.close());

/** The directives of a Content-Security-Policy header, by name (`;` and `,` both end one). */
function directives(policy: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (policy ?? "").split(/[;,]/)) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

const HTML = `<!DOCTYPE html><html><body><p>Spring</p><a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></body></html>`;

/** A send to `to` through the outbox and the path of its unsubscribe page (`/unsubscribe/<token>?s=<send>`). */
async function unsubscribePath(to: string): Promise<string> {
  const sent = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: user.token,
    json: { to, subject: "Spring", html: HTML },
  });
  expect(sent.status).toBe(200);
  const { sendId } = (await sent.json()) as { sendId: string };
  const admin = await createUserWithToken(server, { admin: true });
  const raw = await (await server.fetch(`/api/admin/sends/${sendId}/raw`, { token: admin.token })).text();
  const url = new URL(/<(https?:[^>]+\/unsubscribe\/[^>]+)>/.exec(raw.replace(/\r\n[ \t]+/g, " "))![1]);
  return url.pathname + url.search;
}

describe("the brand page refuses an address a policy could not name as it is", () => {
  it.each([
    ["logoUrl", INJECTING, "host"],
    ["logoUrl", "https://cdn.bloom.example,sandbox/logo.png", "host"],
    ["logoUrl", "https://cdn bloom.example/logo.png", "not-a-url"],
    ["logoUrl", "https://cdn.bloom.example/\tlogo.png", "not-a-url"],
    ["logoUrl", "https://user:secret@cdn.bloom.example/logo.png", "credentials"],
    ["logoUrl", "ftp://cdn.bloom.example/logo.png", "scheme"],
    ["websiteUrl", "https://bloom.example;script-src*/", "host"],
    ["websiteUrl", "https://bloom.example'/", "host"],
  ] as const)("%s = %s: 400, the field's error, nothing saved", async (field, value, problem) => {
    const { csrf } = await browser.page("/brand");
    const res = await browser.post("/brand", { _csrf: csrf, senderName: "Bloom & Co", [field]: value });
    expect(res.status).toBe(400);
    const html = await res.text();
    const what = field === "logoUrl" ? "The logo address" : "The website address";
    expect(html).toMatch(new RegExp(`id="brand-${field}"[^>]*aria-invalid="true"`));
    expect(html).toContain(WEB_ADDRESS_MESSAGES[problem](what).replace(/'/g, "&#x27;"));
    const { findSenderProfile } = await import("~/models/sender-profiles.server");
    expect(await findSenderProfile(server.app.database.db as never, user.id)).toBeNull();
  });

  it("takes plain addresses: a host name with a port, an IP address, an IDN", async () => {
    const { csrf } = await browser.page("/brand");
    for (const logoUrl of ["https://cdn.bloom.example:8443/logo.png", "http://192.0.2.7/logo.png", "https://blüte.example/logo.png"]) {
      const res = await browser.post("/brand", { _csrf: csrf, senderName: "Bloom & Co", logoUrl, websiteUrl: "https://bloom.example/" });
      expect(res.status, logoUrl).toBe(200);
    }
  });
});

describe("a policy built from a stored address", () => {
  it("a plain logo: img-src names its scheme, host and port", async () => {
    const { saveSenderProfile } = await import("~/models/sender-profiles.server");
    await saveSenderProfile(server.app.database.db as never, user.id, {
      senderName: "Bloom & Co",
      fromAddress: null,
      replyTo: null,
      postalAddress: null,
      logoUrl: "https://CDN.Bloom.example:8443/a/logo.png?v=1",
      websiteUrl: null,
    });
    const res = await server.fetch(await unsubscribePath("plain@example.org"));
    expect(res.status).toBe(200);
    expect(directives(res.headers.get("content-security-policy")).get("img-src")).toEqual(["'self'", "https://cdn.bloom.example:8443"]);
  });

  it("a bad logo stored below the form (through the model): no `sandbox`, no source from it, and the page still unsubscribes", async () => {
    const { saveSenderProfile } = await import("~/models/sender-profiles.server");
    await saveSenderProfile(server.app.database.db as never, user.id, {
      senderName: "Bloom & Co",
      fromAddress: null,
      replyTo: null,
      postalAddress: null,
      logoUrl: INJECTING,
      websiteUrl: "https://bloom.example,sandbox/",
    });
    const path = await unsubscribePath("stored-bad@example.org");

    const page = await server.fetch(path);
    expect(page.status).toBe(200);
    const policy = page.headers.get("content-security-policy");
    const parsed = directives(policy);
    expect(policy).not.toMatch(/sandbox/i);
    expect([...parsed.keys()]).toEqual(["default-src", "style-src", "img-src", "form-action", "base-uri", "frame-ancestors"]);
    expect(parsed.get("img-src")).toEqual(["'self'"]);
    const html = await page.text();
    // The brand is still shown, by name; the bad addresses are left out.
    expect(html).toContain("<title>Unsubscribe · Bloom &amp; Co</title>");
    expect(html).not.toContain("sandbox");
    expect(html).toMatch(/<form method="post"><button type="submit">Unsubscribe<\/button><\/form>/);

    // The page's button posts the form back: the address is unsubscribed.
    const done = await server.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("stored-bad@example.org</strong> will not receive emails");
    expect(directives(done.headers.get("content-security-policy")).get("img-src")).toEqual(["'self'"]);
  });
});
