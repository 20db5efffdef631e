// Page forms without JavaScript (docs/conventions.md, "Page forms"): a bad post answers 400 with
// the page itself, each wrong field carrying aria-invalid and an aria-describedby that names the
// element holding its error, and no password sent back in the page.
import type { Element } from "domhandler";
import { findOne, getElementById, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ACCESS_TOKEN_MAX_TTL: "30d" });
});
afterAll(() => server?.close());

/**
 * The named control of a page (of conform's form `formId` when given: its controls name their form),
 * whether it is marked invalid, and the text of what describes it.
 */
function field(html: string, name: string, formId?: string) {
  const doc = parseDocument(html);
  const matches = (e: Element) =>
    ["input", "select", "textarea"].includes(e.name) && e.attribs.name === name && (!formId || e.attribs.form === formId);
  const control = findOne(matches, doc.children, true);
  if (!control) throw new Error(`no control named ${name}`);
  const describedBy = control.attribs["aria-describedby"] ?? "";
  const description = describedBy
    .split(" ")
    .filter(Boolean)
    .map((id) => {
      const el = getElementById(id, doc.children, true);
      return el ? textContent(el) : `(no element #${id})`;
    })
    .join(" ");
  return { invalid: control.attribs["aria-invalid"], describedBy, description, value: control.attribs.value };
}

async function signedIn(): Promise<PageClient> {
  const user = await createUserWithToken(server);
  const browser = new PageClient(server);
  expect((await browser.signIn(user.email, PASSWORD)).status).toBe(302);
  return browser;
}

describe("sign-in", () => {
  it("empty fields: 400, each field marked and described by its error", async () => {
    const browser = new PageClient(server);
    const { csrf } = await browser.page("/login");
    const res = await browser.post("/login", { _csrf: csrf, email: "", password: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(field(html, "email")).toMatchObject({ invalid: "true", describedBy: "login-email-error", description: "Enter your email." });
    expect(field(html, "password")).toMatchObject({
      invalid: "true",
      describedBy: "login-password-error",
      description: "Enter your password.",
    });
  });

  it("an address that is not one: 400 on the email field, which keeps what was typed; the password is not sent back", async () => {
    const browser = new PageClient(server);
    const { csrf } = await browser.page("/login");
    const res = await browser.post("/login", { _csrf: csrf, email: "someone@localhost", password: "a-secret-typed-here" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(field(html, "email")).toMatchObject({
      invalid: "true",
      description: "Enter an email address, like name@example.com.",
      value: "someone@localhost",
    });
    expect(field(html, "password").invalid).toBeUndefined();
    expect(html).not.toContain("a-secret-typed-here");
  });

  it("a wrong password: 401 with the service's words as the form's alert, no field marked", async () => {
    const browser = new PageClient(server);
    const { csrf } = await browser.page("/login");
    const res = await browser.post("/login", { _csrf: csrf, email: "nobody@example.com", password: "a-wrong-password" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toMatch(/<p class="error" id="login-error" role="alert">That email and password do not match an account\.<\/p>/);
    expect(field(html, "email")).toMatchObject({ invalid: undefined, value: "nobody@example.com" });
    expect(html).not.toContain("a-wrong-password");
  });
});

describe("account: change your password", () => {
  it("new passwords that differ: 400 on the second one, described by its error; no password in the page", async () => {
    const browser = await signedIn();
    const { csrf } = await browser.page("/account");
    const res = await browser.post("/account", { _csrf: csrf, current: PASSWORD, password: "new-password-1", confirm: "new-password-2" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(field(html, "confirm")).toMatchObject({
      invalid: "true",
      describedBy: "acc-confirm-error",
      description: "The two new passwords are not the same.",
    });
    expect(field(html, "password").invalid).toBeUndefined();
    expect(html).not.toContain("new-password-1");
    expect(html).not.toContain(PASSWORD);
  });

  it("a short new password: 400, the error first in the description, the hint after it", async () => {
    const browser = await signedIn();
    const { csrf } = await browser.page("/account");
    const res = await browser.post("/account", { _csrf: csrf, current: PASSWORD, password: "short", confirm: "short" });
    expect(res.status).toBe(400);
    expect(field(await res.text(), "password")).toMatchObject({
      invalid: "true",
      describedBy: "acc-password-error acc-password-description",
      description: expect.stringMatching(/^Password must be at least 8 characters At least 8 characters\./),
    });
  });

  it("a wrong current password (the service's answer): 400 on that field", async () => {
    const browser = await signedIn();
    const { csrf } = await browser.page("/account");
    const res = await browser.post("/account", {
      _csrf: csrf,
      current: "not-the-password",
      password: "new-password-1",
      confirm: "new-password-1",
    });
    expect(res.status).toBe(400);
    expect(field(await res.text(), "current")).toMatchObject({
      invalid: "true",
      describedBy: "acc-current-error",
      description: "That is not your current password.",
    });
  });
});

describe("tokens: create one", () => {
  it("no name: 400 on the name field", async () => {
    const browser = await signedIn();
    const { csrf } = await browser.page("/tokens");
    const res = await browser.post("/tokens", { _csrf: csrf, intent: "create", name: "  ", ttl: "1h" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(field(html, "name")).toMatchObject({
      invalid: "true",
      describedBy: "new-token-name-error",
      description: "Give the token a name",
    });
    expect(field(html, "ttl").invalid).toBeUndefined();
  });

  it("a lifetime over the cap (the service's rule): 400 on the lifetime, the name kept", async () => {
    const browser = await signedIn();
    const { csrf } = await browser.page("/tokens");
    const res = await browser.post("/tokens", { _csrf: csrf, intent: "create", name: "build server", ttl: "31d" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(field(html, "ttl")).toMatchObject({
      invalid: "true",
      describedBy: "new-token-ttl-error",
      description: expect.stringContaining("A token can live at most 30d"),
    });
    expect(field(html, "name")).toMatchObject({ invalid: undefined, value: "build server" });
  });
});

describe("admin → one user: temporary password", () => {
  it("too long (the browser's maxlength bypassed): 400 on the field, hint kept in its description; the password is not sent back", async () => {
    const admin = await createUserWithToken(server, { admin: true });
    const user = await createUserWithToken(server);
    const browser = new PageClient(server);
    expect((await browser.signIn(admin.email, PASSWORD)).status).toBe(302);
    const { csrf } = await browser.page(`/admin/users/${user.id}`);
    const long = "y".repeat(257);
    const res = await browser.post(`/admin/users/${user.id}`, { _csrf: csrf, intent: "temporary-password", password: long });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(field(html, "password")).toMatchObject({
      invalid: "true",
      describedBy: "temp-password-error temp-password-description",
      description: expect.stringMatching(/^Password must be at most 256 characters At least 8 characters\./),
    });
    expect(html).not.toContain(long);
  });
});

describe("admin: add a user", () => {
  it("a taken address (the service's 409) lands on the email field; a bad one and a short password answer 400 on theirs", async () => {
    const admin = await createUserWithToken(server, { admin: true });
    const browser = new PageClient(server);
    expect((await browser.signIn(admin.email, PASSWORD)).status).toBe(302);
    const { csrf } = await browser.page("/admin");
    const taken = await browser.post("/admin?index", {
      _csrf: csrf,
      intent: "create",
      email: admin.email,
      password: "a-fine-password",
      credits: "3",
    });
    expect(taken.status).toBe(409);
    const html = await taken.text();
    expect(field(html, "email")).toMatchObject({ invalid: "true", describedBy: "new-user-email-error", value: admin.email });
    expect(field(html, "email").description).not.toBe("");
    expect(html).not.toContain("a-fine-password");

    const bad = await browser.post("/admin?index", {
      _csrf: csrf,
      intent: "create",
      email: "not-an-address",
      password: "short",
      credits: "-1",
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(field(badHtml, "email")).toMatchObject({ invalid: "true", description: "Enter a valid email" });
    expect(field(badHtml, "password")).toMatchObject({ invalid: "true", description: "Password must be at least 8 characters" });
    expect(field(badHtml, "credits", "new-user")).toMatchObject({
      invalid: "true",
      description: "Credits must be a whole number ≥ 0",
      value: "-1",
    });
  });
});
