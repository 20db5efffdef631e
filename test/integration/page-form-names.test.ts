// Page forms refuse a field name the form does not have before any work (docs/security.md, "Page
// forms"): a list index past that list's maximum, or a name nested deeper than the schema, answers
// 400 with the page and the error, as any wrong field does. The post of the report, any signed-in
// user's: `images[1000000].url` on the builder held the server 13 s and doubled its memory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_NAME_MESSAGES, MAX_FORM_ENTRIES } from "~/domain/requests/form-names";
import { MAX_IMAGE_ROWS, MAX_SECTION_ROWS } from "~/domain/requests/builder";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";

let server: TestServer;
let user: PageClient;
let admin: PageClient;
let otherUserId: string;

async function signedIn(opts: { admin?: boolean } = {}): Promise<PageClient> {
  const account = await createUserWithToken(server, opts);
  const browser = new PageClient(server);
  expect((await browser.signIn(account.email, PASSWORD)).status).toBe(302);
  return browser;
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signedIn();
  admin = await signedIn({ admin: true });
  otherUserId = (await createUserWithToken(server)).id;
});
afterAll(() => server?.close());

/** A form body as it is written (PageClient posts a record: one entry per name). */
function postRaw(browser: PageClient, pathname: string, body: string): Promise<Response> {
  return fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: browser.appOrigin,
      "X-Forwarded-Host": new URL(server.app.env.BASE_URL).host,
      Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    body,
  });
}

/** A refused page: 400, the error in it, and no trace of a list built for the index (the page of an ordinary refusal is ~50 KB). */
async function expectRefused(res: Response, message: string, status = 400): Promise<string> {
  const body = await res.text();
  expect(res.status).toBe(status);
  expect(body).toContain(message);
  expect(body.length).toBeLessThan(200_000);
  expect(body).not.toContain("null,null,null");
  return body;
}

describe("the builder's brief: the report's post, refused at once", () => {
  it.each([
    ["images[1000000].url", "https://x.test/a.png", MAX_IMAGE_ROWS],
    ["images[1000000000].url", "https://x.test/a.png", MAX_IMAGE_ROWS],
    ["savedSections[1000000].html", "<p>Footer</p>", MAX_SECTION_ROWS],
    ["savedSections[1000000000].html", "<p>Footer</p>", MAX_SECTION_ROWS],
  ])("POST /builder?index with %s: 400 with the list's error on the page, the prompt kept", async (name, value, max) => {
    const { csrf } = await user.page("/builder");
    const res = await user.post("/builder?index", { _csrf: csrf, intent: "understand", prompt: "Spring sale", [name]: value });
    const html = await expectRefused(res, FORM_NAME_MESSAGES.index(max));
    // The error summary names the list; the prompt comes back as typed.
    const label = name.startsWith("images") ? "Images" : "Saved sections";
    expect(html.replace(/<!-- -->/g, "")).toContain(`${label}: ${FORM_NAME_MESSAGES.index(max)}`);
    expect(html).toMatch(/<textarea[^>]*name="prompt"[^>]*>Spring sale<\/textarea>/);
  });

  it("the streamed generation takes the same post and answers the same refusal, before any credit", async () => {
    const { csrf } = await user.page("/builder");
    const res = await user.post("/builder/generate", {
      _csrf: csrf,
      intent: "generate",
      prompt: "Spring sale",
      "savedSections[1000000000].html": "<p>Footer</p>",
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { step: string; reply: { error: Record<string, string[]> } };
    expect(json).toMatchObject({ step: "brief", reply: { error: { savedSections: [FORM_NAME_MESSAGES.index(MAX_SECTION_ROWS)] } } });
  });

  it("a name nested deeper than the brief, or one name posted past its list's count: refused alike", async () => {
    const { csrf } = await user.page("/builder");
    const deeper = await user.post("/builder?index", { _csrf: csrf, intent: "understand", prompt: "Spring sale", "prompt[1000000]": "x" });
    await expectRefused(deeper, FORM_NAME_MESSAGES.deeper);
    const repeated = `_csrf=${encodeURIComponent(csrf)}&intent=understand&prompt=Spring+sale${"&images=x".repeat(50)}`;
    await expectRefused(await postRaw(user, "/builder?index", repeated), FORM_NAME_MESSAGES.entries(MAX_IMAGE_ROWS));
  });
});

describe("a form of more fields than any page has", () => {
  it("is refused by the HTTP server before anything reads it, token or not, signed in or not (413)", async () => {
    const { csrf } = await user.page("/builder");
    const flood = "&images=x".repeat(MAX_FORM_ENTRIES);
    const signedIn = await postRaw(
      user,
      "/builder?index",
      `_csrf=${encodeURIComponent(csrf)}&intent=understand&prompt=Spring+sale${flood}`,
    );
    expect(signedIn.status).toBe(413);
    expect(await signedIn.text()).toContain(`more than ${MAX_FORM_ENTRIES} fields`);
    // No session, no token: the sign-in form, and the one-click unsubscribe route that takes any post.
    const anonymous = new PageClient(server);
    expect((await postRaw(anonymous, "/login", `email=a${flood}`)).status).toBe(413);
    expect((await postRaw(anonymous, "/unsubscribe/not-a-token", `List-Unsubscribe=One-Click${flood}`)).status).toBe(413);
    // A form within the count goes on to the route as before.
    const within = await postRaw(user, "/builder?index", `_csrf=${encodeURIComponent(csrf)}&intent=understand&prompt=Spring+sale`);
    expect(within.status).toBe(200);
  });
});

describe("every other page form", () => {
  // [who posts, page, the form's own fields, the hostile name, what the page says]
  const cases: Array<[string, "user" | "admin" | "anonymous", string, Record<string, string>, string, string]> = [
    ["sign-in", "anonymous", "/login", { email: "a@example.com", password: "x" }, "email[1000000000]", FORM_NAME_MESSAGES.deeper],
    [
      "account",
      "user",
      "/account",
      { current: "a", password: "bbbbbbbb", confirm: "bbbbbbbb" },
      "confirm[1000000]",
      FORM_NAME_MESSAGES.deeper,
    ],
    ["tokens", "user", "/tokens", { intent: "create", name: "ci", ttl: "7d" }, "name[1000000000]", FORM_NAME_MESSAGES.deeper],
    ["brand", "user", "/brand", { senderName: "Bloom" }, "logoUrl[1000000]", FORM_NAME_MESSAGES.deeper],
    [
      "admin: add a user",
      "admin",
      "/admin",
      { intent: "create", email: "n@example.com", password: "x", credits: "1" },
      "email.x.y",
      FORM_NAME_MESSAGES.deeper,
    ],
    [
      "admin: the library upload",
      "admin",
      "/admin/library",
      { intent: "submit", uploadType: "html", htmlContent: "<p>x</p>", description: "d" },
      "keyFeatures[1000000000]",
      FORM_NAME_MESSAGES.index(100),
    ],
    [
      "admin: an eval run",
      "admin",
      "/admin/evals",
      { intent: "start", set: "prompts.v1.json", label: "l" },
      "label[1000000]",
      FORM_NAME_MESSAGES.deeper,
    ],
    [
      "admin: a lift",
      "admin",
      "/admin/deliverability/lift",
      { intent: "lift", email: "r@example.com", confirm: "yes" },
      "email[1000000]",
      FORM_NAME_MESSAGES.deeper,
    ],
    [
      "admin: an alert",
      "admin",
      "/admin/deliverability/alerts",
      { intent: "ack", id: "1" },
      "id[1000000]",
      "That request did not name an alert.",
    ],
    [
      "admin: a form of no field",
      "admin",
      "/admin/deliverability/alerts",
      { intent: "ack", id: "1" },
      "nope[1000000000]",
      "That request did not name an alert.",
    ],
  ];

  it.each(cases)("%s: 400 and the page says why", async (_what, who, path, fields, name, message) => {
    const browser = who === "anonymous" ? new PageClient(server) : who === "admin" ? admin : user;
    const { csrf } = await browser.page(who === "anonymous" ? "/login" : "/builder");
    await expectRefused(await browser.post(path, { _csrf: csrf, ...fields, [name]: "x" }), message);
  });

  it("admin: the suppress form, answered as that page answers every refused field (200, the error beside it)", async () => {
    const { csrf } = await admin.page("/admin/deliverability/suppressions");
    const res = await admin.post("/admin/deliverability/suppressions", {
      _csrf: csrf,
      intent: "suppress",
      email: "r@example.com",
      reason: "manual",
      "email[1000000000]": "x",
    });
    const html = await expectRefused(res, FORM_NAME_MESSAGES.deeper, 200);
    expect(html).not.toContain("r@example.com is suppressed");
  });

  it("admin → a user: the temporary password form", async () => {
    const { csrf } = await admin.page("/admin");
    const res = await admin.post(`/admin/users/${otherUserId}`, { _csrf: csrf, intent: "temporary-password", "password[1000000000]": "x" });
    await expectRefused(res, FORM_NAME_MESSAGES.deeper);
  });
});
