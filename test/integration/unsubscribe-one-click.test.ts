// RFC 8058 one-click unsubscribe as mail providers send it: a POST from the provider's servers to
// the List-Unsubscribe URL, with any Origin or none, no cookies and no CSRF token. Each one
// unsubscribes the address (and a repeated one changes nothing), whatever the Origin says. Also
// the other links in an email that need no session (View in browser, the AMP survey), with
// foreign origins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", BASE_URL: "https://kinetic.example" });
});
afterAll(() => server?.close());

const tokenFor = (email: string) => createUnsubscribeToken(server.app.env.SESSION_SECRET, email);

function oneClick(token: string, headers: Record<string, string> = {}, body: BodyInit = "List-Unsubscribe=One-Click"): Promise<Response> {
  const type: Record<string, string> = typeof body === "string" ? { "Content-Type": "application/x-www-form-urlencoded" } : {};
  return fetch(`${server.url}/unsubscribe/${token}`, { method: "POST", headers: { ...type, ...headers }, body, redirect: "manual" });
}

async function suppressions(email: string): Promise<{ reason: unknown; until: unknown }[]> {
  const rs = await server.app.database.client.execute({
    sql: "SELECT reason, until FROM email_suppressions WHERE email = ?",
    args: [email],
  });
  return rs.rows.map((r) => ({ reason: r.reason, until: r.until }));
}

describe("one-click unsubscribe, whatever the Origin", () => {
  const cases: [string, Record<string, string>][] = [
    ["no Origin", {}],
    ["the origin the server was addressed at", { Origin: "" }],
    ["BASE_URL's origin", { Origin: "https://kinetic.example" }],
    ["a mail provider's origin (Gmail)", { Origin: "https://mail.google.com" }],
    ["another provider, with a forwarded host that differs", { Origin: "https://outlook.live.com", "X-Forwarded-Host": "kinetic.example" }],
    ['"null" (a privacy redirect or sandboxed frame)', { Origin: "null" }],
    ["a cross-site fetch's metadata", { Origin: "https://mail.yahoo.com", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors" }],
  ];

  it.each(cases)("%s: 200, and the address is suppressed", async (name, given) => {
    const email = `reader-${name.replace(/[^a-z]+/gi, "-").toLowerCase()}@example.com`;
    const headers = { ...given };
    if (headers.Origin === "") headers.Origin = new URL(server.url).origin;
    const res = await oneClick(tokenFor(email), headers);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You&#x27;re unsubscribed");
    expect(await suppressions(email)).toEqual([{ reason: "unsubscribe", until: null }]);
  });

  it("is idempotent: repeated posts all answer 200 and leave one permanent suppression", async () => {
    const email = "repeat@example.com";
    for (const origin of ["https://mail.google.com", "null", undefined, "https://mail.google.com"]) {
      const res = await oneClick(tokenFor(email), origin ? { Origin: origin } : {});
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(await suppressions(email)).toEqual([{ reason: "unsubscribe", until: null }]);
  });

  it("takes a multipart body, an empty body, or one it cannot parse", async () => {
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    expect((await oneClick(tokenFor("multipart@example.com"), { Origin: "https://mail.google.com" }, form)).status).toBe(200);
    expect((await oneClick(tokenFor("empty@example.com"), { Origin: "https://mail.google.com" }, "")).status).toBe(200);
    const garbled = await fetch(`${server.url}/unsubscribe/${tokenFor("garbled@example.com")}`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: "https://mail.google.com" },
      body: "not multipart at all",
    });
    expect(garbled.status).toBe(200);
    for (const email of ["multipart@example.com", "empty@example.com", "garbled@example.com"]) {
      expect(await suppressions(email), email).toEqual([{ reason: "unsubscribe", until: null }]);
    }
  });

  it("still refuses a forged token from any origin, writing nothing", async () => {
    const res = await oneClick("forged-token", { Origin: "https://mail.google.com" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("not valid");
  });

  it("the page a reader opens asks first (GET changes nothing), and its button posts back", async () => {
    const email = "page-reader@example.com";
    const res = await fetch(`${server.url}/unsubscribe/${tokenFor(email)}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain(email);
    expect(html).toMatch(/<form method="post"><button type="submit">Unsubscribe<\/button><\/form>/);
    expect(html).not.toContain("<script");
    expect(await suppressions(email)).toEqual([]);
    // The button: a same-origin form post without a token.
    const post = await fetch(`${server.url}/unsubscribe/${tokenFor(email)}`, {
      method: "POST",
      headers: { Origin: new URL(server.url).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(post.status).toBe(200);
    expect(await suppressions(email)).toEqual([{ reason: "unsubscribe", until: null }]);
  });

  it("its Remix data URL is not exempt: a cross-origin post there is refused by the CSRF check, not a 500", async () => {
    const res = await fetch(`${server.url}/unsubscribe/${tokenFor("data-url@example.com")}.data`, {
      method: "POST",
      headers: { Origin: "https://mail.google.com", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(403);
    expect(await suppressions("data-url@example.com")).toEqual([]);
  });

  it("answers HEAD like GET, and other methods with 405", async () => {
    const head = await fetch(`${server.url}/unsubscribe/${tokenFor("head@example.com")}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const put = await fetch(`${server.url}/unsubscribe/${tokenFor("put@example.com")}`, {
      method: "PUT",
      headers: { Origin: "https://mail.google.com" },
    });
    expect(put.status).not.toBe(500);
    expect(await suppressions("put@example.com")).toEqual([]);
  });
});

describe("the other session-less links of an email, from foreign origins", () => {
  it("View in browser answers a GET from any origin without an error", async () => {
    for (const origin of ["https://mail.google.com", "null"]) {
      const res = await fetch(`${server.url}/vib/no-such-send`, { headers: { Origin: origin } });
      expect(res.status, origin).toBe(404);
      expect(res.headers.get("content-security-policy")).toBe("sandbox");
    }
  });
});
