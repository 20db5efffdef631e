// Every route that writes outside the API's apiRoute and outside a page's action answers a full
// disk with 503 and Retry-After, never 500: the signed links of an email (an answer link, the
// one-click unsubscribe that mail providers retry on 503 but not on 500), the builder's resource
// routes, sign-out, and the streamed generations (whose 200 has already gone: their last event
// says 503). The server's own connection is held full (test/helpers/full-database.ts) after
// everything the routes need exists; nothing may change while it is.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { holdDatabaseFull, makeRoom } from "../helpers/full-database";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { sampleBlueprint } from "../fixtures/blueprints";

const PASSWORD = "correct horse battery";
const RECIPIENT = "reader@example.com";
const CREDITS = 20;

let server: TestServer;
let owner: { id: string; email: string; token: string };
let browser: PageClient;
let csrf: string;
let answerLink: string;
let version: string;
let child: string;

const sql = (statement: string, args: (string | number)[] = []) => server.app.database.client.execute({ sql: statement, args });
const count = async (table: string) => Number((await sql(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const balance = async () => Number((await sql("SELECT balance FROM credit_balances WHERE user_id = ?", [owner.id])).rows[0].balance);

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", BASE_URL: "https://kinetic.test" });
  owner = await createUserWithToken(server, { credits: CREDITS });
  browser = new PageClient(server);
  expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(302);

  // An email with a survey whose answers Kinetic records (options without a link of their own), sent: its recipient's answer link.
  const blueprint = structuredClone(sampleBlueprint("survey")) as {
    interactiveConfig: { modules: Array<{ questions?: Array<{ options: unknown[] }> }> };
  };
  for (const q of blueprint.interactiveConfig.modules[0].questions ?? [])
    q.options = q.options.map((o) => ({ label: (o as { label: string }).label }));
  const made = await server.fetch("/api/generate", {
    method: "POST",
    token: owner.token,
    json: { prompt: "A quick survey for our customers", blueprint },
  });
  expect(made.status).toBe(200);
  const { html } = (await made.json()) as { html: string };
  const sent = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: owner.token,
    json: { to: RECIPIENT, subject: "Tell us", html },
  });
  expect(sent.status).toBe(200);
  const { sendId } = (await sent.json()) as { sendId: string };
  const copy = await (await server.fetch(`/vib/${sendId}`)).text();
  answerLink = /href="[^"]*?(\/r\/[A-Za-z0-9_.-]+)"/.exec(copy)![1];

  // A builder version, and a child of it (for undo).
  const { generateFromBrief, parseBriefForm, regenerateVersion } = await import("~/services/builder.server");
  const form = new FormData();
  form.append("prompt", "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59)");
  form.append("techniques", "tabs");
  const brief = parseBriefForm(form);
  if (!brief.ok) throw new Error("the brief was refused");
  const user = { id: owner.id, email: owner.email, isAdmin: false } as never;
  const first = await generateFromBrief(server.app as never, user, brief.brief);
  if (!first.ok) throw new Error(first.error);
  version = first.value.versionId;
  const second = await regenerateVersion(server.app as never, user, version);
  if (!second.ok) throw new Error(second.error);
  child = second.value.versionId;
  // Low enough for the free regeneration.
  await sql("UPDATE email_versions SET qa_score = 40 WHERE id = ?", [version]);
  csrf = (await browser.page(`/builder/v/${version}`)).csrf;

  await holdDatabaseFull(server.app.database.client);
}, 180_000); // a server start, generations and the fill: over a minute on a loaded 2-core machine
afterAll(async () => {
  if (server) await makeRoom(server.app.database.client);
  await server?.close();
});

/** 503 with Retry-After and the page that says nothing was saved. */
async function expectRefusedPage(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("60");
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(await res.text()).toContain("The server cannot save anything right now");
}

/** The last event of a stream, as the browser's script and API clients read it. */
async function lastEvent(res: Response): Promise<{ event: string; data: Record<string, unknown> }> {
  expect(res.status).toBe(200);
  const events = [...(await res.text()).matchAll(/event: (\w+)\ndata: (.*)\n\n/g)];
  const [, event, data] = events[events.length - 1];
  return { event, data: JSON.parse(data) as Record<string, unknown> };
}

describe("on a full disk, routes outside apiRoute and page actions answer 503 with Retry-After", () => {
  it("POST /r/<token>: a recipient's answer is refused with 503, and nothing is recorded", async () => {
    const res = await fetch(server.url + answerLink, { method: "POST", headers: { Origin: "https://mail.example" } });
    await expectRefusedPage(res);
    expect(await count("answers")).toBe(0);
  });

  it("POST /unsubscribe/<token>: the one-click post (and the page's button) are refused with 503, so the provider retries", async () => {
    const token = createUnsubscribeToken(server.app.env.SESSION_SECRET, RECIPIENT);
    const oneClick = await fetch(`${server.url}/unsubscribe/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.google.com" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(503);
    expect(oneClick.headers.get("retry-after")).toBe("60");
    await oneClick.arrayBuffer();
    await expectRefusedPage(await fetch(`${server.url}/unsubscribe/${token}`, { method: "POST", headers: { Accept: "text/html" } }));
    expect(await count("email_suppressions")).toBe(0);
  });

  it("POST /builder/v/<id>/feedback", async () => {
    const before = await count("feedback");
    await expectRefusedPage(await browser.post(`/builder/v/${version}/feedback`, { _csrf: csrf, rating: "up", comment: "Lovely" }));
    expect(await count("feedback")).toBe(before);
  });

  it("POST /builder/v/<id>/refine: no credit moves", async () => {
    const [credits, versions] = [await balance(), await count("email_versions")];
    await expectRefusedPage(
      await browser.post(`/builder/v/${version}/refine`, { _csrf: csrf, instructions: 'change the headline to "Fresh picks"' }),
    );
    expect([await balance(), await count("email_versions")]).toEqual([credits, versions]);
  });

  it("POST /builder/v/<id>/regenerate (the free regeneration): no credit moves", async () => {
    const [credits, versions] = [await balance(), await count("email_versions")];
    await expectRefusedPage(await browser.post(`/builder/v/${version}/regenerate`, { _csrf: csrf }));
    expect([await balance(), await count("email_versions")]).toEqual([credits, versions]);
  });

  it("POST /builder/v/<id>/restore (undo)", async () => {
    const versions = await count("email_versions");
    await expectRefusedPage(await browser.post(`/builder/v/${child}/restore`, { _csrf: csrf }));
    expect(await count("email_versions")).toBe(versions);
  });

  it("POST /builder/v/<id>/send-test", async () => {
    const sends = await count("email_sends");
    await expectRefusedPage(await browser.post(`/builder/v/${version}/send-test`, { _csrf: csrf, to: "me@example.com" }));
    expect(await count("email_sends")).toBe(sends);
  });

  it("POST /builder/generate (streamed): the stream's last event is a 503 with its retry time, and no credit moves", async () => {
    const credits = await balance();
    const res = await browser.post(
      "/builder/generate",
      { intent: "generate", prompt: "Spring sale for Bloom & Co: tabs for Dresses ($49) and Shoes ($79)", techniques: "tabs" },
      { headers: { "X-CSRF-Token": csrf, Accept: "text/event-stream" } },
    );
    expect(await lastEvent(res)).toMatchObject({
      event: "error",
      data: { success: false, status: 503, retry_after_seconds: 60, refunded: false, error: expect.stringContaining("storage is full") },
    });
    expect(await balance()).toBe(credits);
  });

  it("POST /api/generate (streamed): the same last event", async () => {
    const res = await server.fetch("/api/generate", {
      method: "POST",
      token: owner.token,
      headers: { Accept: "text/event-stream" },
      json: { prompt: "Spring sale for Bloom & Co: tabs for Dresses ($49) and Shoes ($79)" },
    });
    expect(await lastEvent(res)).toMatchObject({
      event: "error",
      data: { success: false, status: 503, retry_after_seconds: 60, error: expect.stringContaining("storage is full") },
    });
  });

  it("POST /logout: refused with 503; the session stays", async () => {
    const res = await browser.post("/logout", { _csrf: csrf });
    await expectRefusedPage(res);
    expect((await browser.get(`/builder/v/${version}`)).status).toBe(200);
  });

  it("a script's fetch that asks for JSON gets the API's error body", async () => {
    const res = await browser.post(
      `/builder/v/${version}/feedback`,
      { rating: "up" },
      { headers: { "X-CSRF-Token": csrf, Accept: "application/json" } },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toMatchObject({ success: false, retry_after_seconds: 60, error: expect.stringContaining("storage is full") });
  });
});

describe("the routes this file covers", () => {
  // Resource routes (no page component) with an action that do not go through apiRoute.
  const COVERED = [
    "builder.generate.ts",
    "builder.v.$id.feedback.ts",
    "builder.v.$id.refine.ts",
    "builder.v.$id.regenerate.ts",
    "builder.v.$id.restore.ts",
    "builder.v.$id.send-test.ts",
    "logout.tsx",
    "r.$token.tsx",
    "unsubscribe.$token.tsx",
  ];

  it("are every resource route with an action outside apiRoute (but the /api catch-all, a 404 that writes nothing)", () => {
    const dir = path.resolve("app/routes");
    const found = fs
      .readdirSync(dir)
      .filter((file) => {
        if (file === "api.$.ts") return false;
        const source = fs.readFileSync(path.join(dir, file), "utf8");
        return (
          !/export default/.test(source) && !/apiRoute\(/.test(source) && /export (const|async function|function) action\b/.test(source)
        );
      })
      .sort();
    expect(found).toEqual(COVERED);
  });
});
