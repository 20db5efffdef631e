// Who the server believes a client is, and which cookies it sets: X-Forwarded-For counts only from
// the proxies TRUST_PROXY names (none by default), so rotating it from loopback cannot escape the
// per-address sign-in limit; the per-account lockout holds whatever the address; and over HTTPS
// the page cookies are `__Host-` cookies, with which sign-in works end to end. Each configuration
// is a real server in its own process (configuration is read once per process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";

const EMAIL = "bench@sender.example";
const PASSWORD = "bench-password-123";
const MAX_PER_IP = 4;
const MAX_FAILURES = 3;
const HTTPS_ORIGIN = "https://kinetic.example";
const throttles = {
  LOGIN_MAX_ATTEMPTS_PER_IP: String(MAX_PER_IP),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
  LOGIN_WINDOW_SECONDS: "600",
};

let direct: ServerProcess;
let proxied: ServerProcess;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startServerProcess({ ...throttles, TRUST_PROXY: "" }),
    startServerProcess({ ...throttles, TRUST_PROXY: "127.0.0.1", BASE_URL: HTTPS_ORIGIN }),
  ]);
});
afterAll(async () => {
  await direct?.stop();
  await proxied?.stop();
});

/** One Set-Cookie line, split into its name, value and attributes (names lower-cased). */
function parseSetCookie(line: string) {
  const [pair, ...rest] = line.split(";").map((p) => p.trim());
  const eq = pair.indexOf("=");
  const attributes = new Map(rest.map((a) => [a.split("=")[0].toLowerCase(), a.includes("=") ? a.slice(a.indexOf("=") + 1) : ""]));
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

/**
 * A client that keeps cookies by hand, as a browser would, and signs in through the form. With a
 * `proxy`, it also sends what a TLS-terminating proxy for that origin adds (X-Forwarded-Host and
 * -Proto); without one, the browser's origin is the server's own address.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly setCookies: Array<ReturnType<typeof parseSetCookie>> = [];
  private readonly origin: string;
  constructor(
    private readonly server: ServerProcess,
    private readonly proxy?: string,
  ) {
    this.origin = proxy ?? new URL(server.url).origin;
  }

  async request(pathname: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const forwarded: Record<string, string> = this.proxy
      ? { "X-Forwarded-Host": new URL(this.proxy).host, "X-Forwarded-Proto": "https" }
      : {};
    const headers = new Headers({ Accept: "text/html", ...forwarded, ...init.headers });
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(this.server.url + pathname, { method: init.method ?? "GET", body: init.body, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const cookie = parseSetCookie(line);
      this.setCookies.push(cookie);
      if (cookie.value === "" || cookie.attributes.get("max-age") === "0") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  async signIn(email: string, password: string, forwardedFor?: string): Promise<Response> {
    const html = await (await this.request("/login")).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    return this.request("/login", {
      method: "POST",
      body: new URLSearchParams({ _csrf: csrf, email, password, redirectTo: "/tokens" }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.origin,
        ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
      },
    });
  }
}

describe("TRUST_PROXY unset (the default)", () => {
  it("ignores X-Forwarded-For from a loopback client: rotating it does not escape the per-address limit", async () => {
    const browser = new Browser(direct);
    for (let i = 0; i < MAX_PER_IP; i++) {
      const res = await browser.signIn(`nobody-${i}@example.com`, "wrong password", `198.51.100.${i + 1}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const res = await browser.signIn(EMAIL, PASSWORD, "198.51.100.200");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("TRUST_PROXY=127.0.0.1", () => {
  it("believes X-Forwarded-For from the configured proxy: each forwarded client has its own limit", async () => {
    const browser = new Browser(proxied, HTTPS_ORIGIN);
    for (let i = 0; i < MAX_PER_IP; i++)
      expect((await browser.signIn(`someone-${i}@example.com`, "wrong", "203.0.113.10")).status).toBe(401);
    expect((await browser.signIn("someone@example.com", "wrong", "203.0.113.10")).status).toBe(429);
    // Another client behind the same proxy is not affected; nor is a hop the proxy appended after a forged one.
    expect((await browser.signIn("someone@example.com", "wrong", "203.0.113.11")).status).toBe(401);
    expect((await browser.signIn("someone-else@example.com", "wrong", "203.0.113.10, 203.0.113.12")).status).toBe(401);
  });

  it("over HTTPS sets __Host- cookies (Secure, Path=/, no Domain), and signs in end to end with them", async () => {
    const browser = new Browser(proxied, HTTPS_ORIGIN);
    const res = await browser.signIn(EMAIL, PASSWORD, "203.0.113.20");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/tokens");
    const names = new Set(browser.setCookies.map((c) => c.name));
    expect([...names].sort()).toEqual(["__Host-kinetic_csrf", "__Host-kinetic_session"]);
    for (const cookie of browser.setCookies) {
      expect(cookie.attributes.has("secure"), cookie.name).toBe(true);
      expect(cookie.attributes.get("path"), cookie.name).toBe("/");
      expect(cookie.attributes.has("domain"), cookie.name).toBe(false);
      expect(cookie.attributes.has("httponly"), cookie.name).toBe(true);
    }
    // The session cookie sent back signs the request in…
    const tokens = await browser.request("/tokens");
    expect(tokens.status).toBe(200);
    expect(await tokens.text()).toContain(EMAIL);
    // …and the same id under the unprefixed name, which any page of the host could set, does not.
    const session = browser.cookies.get("__Host-kinetic_session")!;
    const planted = await fetch(`${proxied.url}/tokens`, { headers: { Cookie: `__kinetic_session=${session}` }, redirect: "manual" });
    expect(planted.status).toBe(302);
    expect(planted.headers.get("location")).toMatch(/^\/login/);
  });

  it("keeps the per-account lockout whatever the address: failures from many addresses lock the account, even for the right password", async () => {
    const browser = new Browser(proxied, HTTPS_ORIGIN);
    for (let i = 0; i < MAX_FAILURES; i++) expect((await browser.signIn(EMAIL, "wrong password", `192.0.2.${i + 1}`)).status).toBe(401);
    const res = await browser.signIn(EMAIL, PASSWORD, "192.0.2.100");
    expect(res.status).toBe(429);
    expect(await res.text()).toMatch(/Too many failed sign-ins for this account/);
  });
});
