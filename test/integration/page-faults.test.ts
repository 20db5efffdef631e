// Small page faults through the real server: the compare page's canonical address settles after
// one redirect whatever the run ids hold, the landing page shows the deployment's engines to
// admins only, and every page carries a script policy with a fresh nonce on its own scripts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";

let server: TestServer;
let admin: PageClient;
let member: PageClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = new PageClient(server);
  member = new PageClient(server);
  expect((await admin.signIn((await createUserWithToken(server, { admin: true })).email, PASSWORD)).status).toBe(302);
  expect((await member.signIn((await createUserWithToken(server)).email, PASSWORD)).status).toBe(302);
});
afterAll(() => server?.close());

/** Follows redirects by hand (at most `max`), so a loop shows as a count, not a hang. */
async function follow(client: PageClient, path: string, max = 5): Promise<{ res: Response; hops: string[] }> {
  const hops: string[] = [];
  let res = await client.get(path);
  while (res.status >= 300 && res.status < 400 && hops.length < max) {
    await res.arrayBuffer();
    const location = res.headers.get("location")!;
    hops.push(location);
    const next = new URL(location, server.url);
    res = await client.get(next.pathname + next.search);
  }
  return { res, hops };
}

describe("/admin/evals/compare settles on one address", () => {
  it.each([
    ["spaces", "a=x%20y&b=z"],
    ["form-style spaces", "a=x+y&b=z"],
    ["parentheses", "a=run(1)&b=run%282%29"],
    ["double quotes", 'a=%22quoted%22&b="raw"'],
    ["single quotes", "a=it's&b=it%27s-b"],
    ["exclamation marks", "a=go!&b=go%21"],
    ["tildes", "a=~home&b=%7Ehome"],
    ["everything at once", "a=%20(x)%20'y'%20!~%20&b=%22z%22&metric=qa"],
    ["b before a, as the run list's form sends them", "b=second%20run&a=first%20run"],
  ])("%s: at most one redirect, then the page", async (_name, query) => {
    const { res, hops } = await follow(admin, `/admin/evals/compare?${query}`);
    expect(hops.length, `redirected through ${hops.join(" → ")}`).toBeLessThanOrEqual(1);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Compare runs");
  });

  it("keeps the values through the redirect", async () => {
    const { res, hops } = await follow(admin, "/admin/evals/compare?b=%22z%22&a=x%20(y)!~&metric=qa&junk=1");
    expect(hops).toHaveLength(1);
    const settled = new URL(hops[0], server.url).searchParams;
    expect([...settled]).toEqual([
      ["a", "x (y)!~"],
      ["b", '"z"'],
      ["metric", "qa"],
    ]);
    await res.arrayBuffer();
  });
});

describe("the landing page", () => {
  const ENGINE_LABELS = ["Running with", "Language model", "Vector index", "Email provider"];

  it("shows the deployment's engines to a signed-in admin", async () => {
    const html = await (await admin.get("/")).text();
    for (const label of ENGINE_LABELS) expect(html).toContain(label);
  });

  it("does not show them to anonymous visitors or to users who are not admins", async () => {
    for (const client of [new PageClient(server), member]) {
      const res = await client.get("/");
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const label of ENGINE_LABELS) expect(html).not.toContain(label);
      // Nor in the loader data the page hands to the browser.
      const data = await (await client.get("/_root.data?_routes=routes%2F_index")).text();
      expect(data).not.toContain("adapters");
    }
  });
});

describe("script policy and other headers on every page", () => {
  const pages: [string, () => PageClient][] = [
    ["/login", () => new PageClient(server)],
    ["/", () => new PageClient(server)],
    ["/", () => admin],
    ["/admin", () => admin],
    ["/builder", () => member],
    ["/tokens", () => member],
    ["/admin/evals", () => admin],
    ["/no-such-page", () => admin],
  ];

  it.each(pages)("%s: a nonce-based script-src, no plugins, no <base>, not framed, nosniff, a referrer policy", async (path, client) => {
    const res = await client().get(path);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    // Every script the page carries has the nonce, inline or not.
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("a fresh nonce on every response", async () => {
    const nonceOf = async () => {
      const res = await new PageClient(server).get("/login");
      await res.arrayBuffer();
      return /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    };
    const seen = new Set([await nonceOf(), await nonceOf(), await nonceOf()]);
    expect(seen.size).toBe(3);
    for (const nonce of seen) expect(Buffer.from(nonce!, "base64").length).toBeGreaterThanOrEqual(16);
  });
});
