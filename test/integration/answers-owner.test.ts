// A form's definition (its questions, options and a quiz's right answer) is its owner's, over HTTP
// (docs/answers.md, "Whose form"): another user who knows its id and names it in an email of
// their own gets, on every read path, what an unknown id gets: 404, or a report without it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { sampleBlueprint } from "../fixtures/blueprints";

let server: TestServer;
let owner: { id: string; token: string };
let other: { id: string; token: string; email: string };
let formId: string;

// Words of the owner's form that must never reach the other user.
const SECRETS = ["How was your visit?", "Which country grows the most coffee?", "Brazil", "a third of the world"];
const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

async function sendAs(token: string, html: string): Promise<string> {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token, json: { to: "reader@example.com", subject: "Hi", html } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sendId: string }).sendId;
}

async function linksOf(sendId: string): Promise<string[]> {
  const sent = await (await server.fetch(`/vib/${sendId}`)).text();
  return Array.from(sent.matchAll(/href="[^"]*?(\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22})"/g), (m) => m[1]);
}

const answerRows = async (sendId: string) =>
  Number(
    (await server.app.database.client.execute({ sql: "SELECT count(*) AS n FROM answers WHERE send_id = ?", args: [sendId] })).rows[0].n,
  );

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", BASE_URL: "https://kinetic.test" });
  owner = await createUserWithToken(server, { credits: 5 });
  other = await createUserWithToken(server);
  const res = await server.fetch("/api/generate", {
    method: "POST",
    token: owner.token,
    json: { prompt: "A survey with a quiz", blueprint: sampleBlueprint("survey", "quiz") },
  });
  expect(res.status).toBe(200);
  formId = ((await res.json()) as { metadata: { generationId: string } }).metadata.generationId;
});
afterAll(() => server?.close());

describe("answer links that name another user's form", () => {
  it("GET and POST answer 404 as for an unknown form, show none of its words and record nothing", async () => {
    // The other user's own email names the owner's form (its quiz's question 0, option 1), and a made-up one.
    const sendId = await sendAs(
      other.token,
      `<p><a href="{{ANSWER_URL:en:k2.0.1:${formId}}}">A</a> <a href="{{ANSWER_URL:en:k2.0.1:no-such-form}}">B</a></p>`,
    );
    const [foreign, unknown] = await linksOf(sendId);
    expect(foreign && unknown).toBeTruthy();
    for (const [name, res] of [
      ["GET", await server.fetch(foreign)],
      ["POST", await server.fetch(foreign, { method: "POST" })],
    ] as const) {
      expect(res.status, name).toBe(404);
      const page = await res.text();
      expect(leaks(page), name).toEqual([]);
      expect(page, name).not.toContain("data-verdict");
    }
    // Byte for byte what a form id nobody has gets: the id is not confirmed.
    const asUnknown = await (await server.fetch(unknown, { method: "POST" })).text();
    expect(await (await server.fetch(foreign, { method: "POST" })).text()).toBe(asUnknown);
    expect(await answerRows(sendId)).toBe(0);
  });
});

describe("results of a send whose answers name another user's form", () => {
  it("never carry that form's questions, options or right answer (API, CSV, page)", async () => {
    const sendId = await sendAs(other.token, `<p><a href="{{ANSWER_URL:en:k2.0.1:${formId}}}">A</a></p>`);
    // As such answers were stored before the links were refused.
    const now = Date.now();
    await server.app.database.client.execute({
      sql: "INSERT INTO answers (form_id, send_id, question, option_index, value, source, created_at, updated_at) VALUES (?, ?, 'k2.0', 1, 'Brazil', 'html', ?, ?)",
      args: [formId, sendId, now, now],
    });
    const api = await server.fetch(`/api/sends/${sendId}/answers`, { token: other.token });
    expect(api.status).toBe(200);
    const body = await api.text();
    expect(leaks(body)).toEqual([]);
    expect(JSON.parse(body)).toMatchObject({ scope: { kind: "send", sendId, formId: null } });
    const csv = await server.fetch(`/api/sends/${sendId}/answers?format=csv`, { token: other.token });
    expect(leaks(await csv.text())).toEqual([]);

    const browser = new PageClient(server);
    expect((await browser.signIn(other.email, "correct horse battery")).status).toBe(302);
    const page = await browser.page(`/answers?send=${sendId}`);
    expect(page.res.status).toBe(200);
    expect(leaks(page.html)).toEqual([]);
    expect(page.html).not.toContain(`/answers?version=${formId}`);
    const pageCsv = await browser.get(`/answers.csv?send=${sendId}`);
    expect(leaks(await pageCsv.text())).toEqual([]);

    // The owner's own view of the form is unchanged, and does not count the other user's answer.
    const mine = (await (await server.fetch(`/api/answers?version=${formId}`, { token: owner.token })).json()) as { answers: number };
    expect(mine.answers).toBe(0);
  });
});

describe("the results of another user's email", () => {
  it("are 404 on the API, the results page and its CSV, exactly as for an id nobody has", async () => {
    const api = await server.fetch(`/api/answers?version=${formId}`, { token: other.token });
    const unknownApi = await server.fetch(`/api/answers?version=no-such-form`, { token: other.token });
    expect(api.status).toBe(404);
    expect(await api.text()).toBe(await unknownApi.text());
    const csv = await server.fetch(`/api/answers?version=${formId}&format=csv`, { token: other.token });
    expect(csv.status).toBe(404);
    expect(leaks(await csv.text())).toEqual([]);

    const browser = new PageClient(server);
    expect((await browser.signIn(other.email, "correct horse battery")).status).toBe(302);
    const page = await browser.page(`/answers?version=${formId}`);
    const unknownPage = await browser.page(`/answers?version=no-such-form`);
    expect(page.res.status).toBe(404);
    expect(unknownPage.res.status).toBe(404);
    expect(leaks(page.html)).toEqual([]);
    const pageCsv = await browser.get(`/answers.csv?version=${formId}`);
    expect(pageCsv.status).toBe(404);
    expect(await pageCsv.text()).toBe(await (await browser.get(`/answers.csv?version=no-such-form`)).text());
  });
});
