// AMP survey answers bound to a recipient's copy, over HTTP (docs/answers.md, "From the AMP part"):
// each sent copy's form posts to an address signed over its form and its send; an answer counts
// for that send and form only, one per question (the latest kept); only the form's own questions
// and options are taken; every other post is refused and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signFormId } from "~/lib/signed-form-id.server";
import { validateAmp } from "~/domain/amp";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { sampleBlueprint } from "../fixtures/blueprints";

let server: TestServer;
let owner: { id: string; token: string };
let formId: string;
let html: string;
let ampHtml: string;

const MAIL = { Origin: "https://mail.google.com" };

/** NPS first (0 … 10), then a plain choice, as the stuffing attack found them. */
function npsBlueprint() {
  const bp = structuredClone(sampleBlueprint("survey")) as { interactiveConfig: { modules: Array<Record<string, unknown>> } };
  const survey = bp.interactiveConfig.modules[0] as { questions: unknown[] };
  survey.questions = [
    { question: "How likely are you to recommend us to a friend?", options: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })) },
    { question: "What should we improve first?", options: [{ label: "Speed" }, { label: "Price" }, { label: "Support" }] },
  ];
  return bp;
}

async function send(to: string, doc: { html: string; ampHtml: string } = { html, ampHtml }, token = owner.token): Promise<string> {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token, json: { to, subject: "How did we do?", ...doc } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sendId: string }).sendId;
}

/** The AMP part as the recipient got it. */
async function sentAmp(sendId: string): Promise<string> {
  const rs = await server.app.database.client.execute({ sql: "SELECT amp_html FROM email_sends WHERE id = ?", args: [sendId] });
  return String(rs.rows[0].amp_html);
}

/** The path the copy's survey form posts to. */
async function actionOf(sendId: string): Promise<string> {
  return new URL(/action-xhr="([^"]+)"/.exec(await sentAmp(sendId))![1]).pathname;
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", ...MAIL, ...headers } });

const count = async (sql: string, args: string[]) => Number((await server.app.database.client.execute({ sql, args })).rows[0].n);
const stored = {
  answers: (sendId: string) => count("SELECT count(*) AS n FROM answers WHERE send_id = ?", [sendId]),
  ofForm: (id: string) => count("SELECT count(*) AS n FROM answers WHERE form_id = ?", [id]),
  log: (id: string) => count("SELECT count(*) AS n FROM amp_survey_responses WHERE form_id = ?", [id]),
};

interface Results {
  respondents: number;
  answers: number;
  questions: Array<{ key: string; question: string; answers: number; nps?: { score: number | null }; options: Array<{ count: number }> }>;
}
const formResults = async (id = formId, token = owner.token) =>
  (await (await server.fetch(`/api/answers?version=${id}`, { token })).json()) as Results;
const sendResults = async (sendId: string, token = owner.token) =>
  (await (await server.fetch(`/api/sends/${sendId}/answers`, { token })).json()) as Results;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", BASE_URL: "https://kinetic.test" });
  owner = await createUserWithToken(server, { credits: 10 });
  const res = await server.fetch("/api/generate", {
    method: "POST",
    token: owner.token,
    json: { prompt: "A feedback survey", blueprint: npsBlueprint(), generateAmp: true },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { html: string; ampHtml: string; metadata: { generationId: string } };
  ({ html, ampHtml } = body);
  formId = body.metadata.generationId;
});
afterAll(() => server?.close());

describe("each sent copy's form posts to its own signed address", () => {
  it("signs the action over the form and the send; two copies differ; the sent AMP stays valid", async () => {
    const [a, b] = [await send("ana@example.com"), await send("ben@example.com")];
    const [pa, pb] = [await actionOf(a), await actionOf(b)];
    expect(pa).toMatch(new RegExp(`^/api/amp/survey/${formId}\\.${a}\\.[A-Za-z0-9_-]{22}$`));
    expect(pb).toMatch(new RegExp(`^/api/amp/survey/${formId}\\.${b}\\.[A-Za-z0-9_-]{22}$`));
    const amp = await sentAmp(a);
    expect(amp).not.toContain("{{");
    expect(validateAmp(amp)).toMatchObject({ status: "pass", errors: [] });
  });
});

describe("stuffing from one copy of the email", () => {
  it("500 posts of survey=k1&q0=0 from 25 addresses to one copy change the results by at most one respondent", async () => {
    const copy = await send("carl@example.com");
    const path = await actionOf(copy);
    const before = await formResults();
    const npsBefore = before.questions.find((q) => q.key === "k1.0")!.answers;
    const statuses: number[] = [];
    for (let address = 0; address < 25; address++) {
      const from = { "X-Forwarded-For": `198.18.${address}.7` };
      const posts = Array.from({ length: 20 }, () => post(path, "survey=k1&q0=0", from).then((r) => r.status));
      statuses.push(...(await Promise.all(posts)));
    }
    expect(statuses).toHaveLength(500);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const after = await formResults();
    expect(after.respondents - before.respondents).toBeLessThanOrEqual(1);
    expect(after.questions.find((q) => q.key === "k1.0")!.answers - npsBefore).toBeLessThanOrEqual(1);
    expect(await stored.answers(copy)).toBe(1);
  });

  it("posts that name no send (the form's own signed id, as emails sent before carry) are refused, storing nothing", async () => {
    const before = { answers: await stored.ofForm(formId), log: await stored.log(formId) };
    const old = await post(`/api/amp/survey/${signFormId(server.app.env.SESSION_SECRET, formId)}`, "survey=k1&q0=0");
    expect(old.status).toBe(410);
    expect(old.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(await old.json()).toMatchObject({ success: false, error: expect.stringMatching(/names no send/) });
    expect({ answers: await stored.ofForm(formId), log: await stored.log(formId) }).toEqual(before);
  });
});

describe("one answer per send and question", () => {
  it("keeps a recipient's latest answer in place of their earlier one", async () => {
    const copy = await send("dora@example.com");
    const path = await actionOf(copy);
    expect((await post(path, "survey=k1&q0=9&q1=Speed")).status).toBe(200);
    expect((await post(path, "survey=k1&q0=3")).status).toBe(200);
    const rows = (
      await server.app.database.client.execute({
        sql: "SELECT question, option_index, value, form_id FROM answers WHERE send_id = ? ORDER BY question",
        args: [copy],
      })
    ).rows;
    expect(rows).toMatchObject([
      { question: "k1.0", option_index: 3, value: "3", form_id: formId },
      { question: "k1.1", option_index: 0, value: "Speed", form_id: formId },
    ]);
    const results = await sendResults(copy);
    expect(results).toMatchObject({ respondents: 1, answers: 2 });
    expect(results.questions.find((q) => q.key === "k1.0")!.options[3].count).toBe(1);
    expect(results.questions.find((q) => q.key === "k1.0")!.options[9].count).toBe(0);
  });
});

describe("only the form's own questions and options", () => {
  it("refuses an option that is not one, a question the form does not have, and a field of no question (400), storing nothing", async () => {
    const copy = await send("emil@example.com");
    const path = await actionOf(copy);
    const extra = Array.from({ length: 48 }, (_, i) => `q${i + 2}=made+up`).join("&");
    const refused = [
      "survey=k1&q0=11",
      "survey=k1&q0=Great",
      "survey=k1&q1=Speed&q0=",
      `survey=k1&q0=5&${extra}`,
      "survey=k9&q0=1",
      "survey=k1&q0=5&comment=hello",
      "survey=k1&q0=5&q0=6",
      "q0=5",
    ];
    for (const body of refused) {
      const res = await post(path, body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
      expect(await res.json(), body).toMatchObject({ success: false, error: "Invalid survey response", details: expect.any(Array) });
    }
    expect(await stored.answers(copy)).toBe(0);
    // No made-up question reaches the sender's per-send results.
    const results = await sendResults(copy);
    expect(results.answers).toBe(0);
    expect(results.questions.filter((q) => !["k1.0", "k1.1"].includes(q.key))).toEqual([]);
  });

  it("refuses a sendId field that names another send (400)", async () => {
    const copy = await send("fritz@example.com");
    const other = await send("gina@example.com");
    const res = await post(await actionOf(copy), `survey=k1&sendId=${other}&q0=4`);
    expect(res.status).toBe(400);
    expect(await stored.answers(copy)).toBe(0);
    expect(await stored.answers(other)).toBe(0);
    // The copy's own send id, as the form posts it, is fine.
    expect((await post(await actionOf(copy), `survey=k1&sendId=${copy}&q0=4`)).status).toBe(200);
  });
});

describe("an answer counts for its send and form only", () => {
  it("refuses a token whose send or form was changed (404), storing nothing", async () => {
    const copy = await send("hana@example.com");
    const other = await send("ivan@example.com");
    const [, , , , token] = (await actionOf(copy)).split("/");
    const [form, sendId, sig] = token.split(".");
    expect(sendId).toBe(copy);
    const otherForm = (
      (await (
        await server.fetch("/api/generate", {
          method: "POST",
          token: owner.token,
          json: { prompt: "x", blueprint: npsBlueprint(), generateAmp: true },
        })
      ).json()) as { metadata: { generationId: string } }
    ).metadata.generationId;
    for (const segment of [`${form}.${other}.${sig}`, `${otherForm}.${sendId}.${sig}`, `${form}.${sendId}.AAAAAAAAAAAAAAAAAAAAAA`]) {
      const res = await post(`/api/amp/survey/${segment}`, "survey=k1&q0=2");
      expect(res.status, segment).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Unknown form/) });
    }
    expect(await stored.answers(copy)).toBe(0);
    expect(await stored.answers(other)).toBe(0);
    expect(await stored.ofForm(otherForm)).toBe(0);
  });

  it("refuses an answer to another user's form, sent in that user's own email (404), storing nothing", async () => {
    const mallory = await createUserWithToken(server);
    // The form's own address, as a copy sent before carried it, pasted into another user's email.
    const foreignAmp = ampHtml.replace(
      /action-xhr="[^"]+"/,
      `action-xhr="https://kinetic.test/api/amp/survey/${signFormId(server.app.env.SESSION_SECRET, formId)}"`,
    );
    const theirs = await send("mallory@example.com", { html, ampHtml: foreignAmp }, mallory.token);
    const before = { form: await stored.ofForm(formId), log: await stored.log(formId) };
    const res = await post(await actionOf(theirs), `survey=k1&sendId=${theirs}&q0=0&q1=Price`);
    expect(res.status).toBe(404);
    expect(await stored.answers(theirs)).toBe(0);
    expect({ form: await stored.ofForm(formId), log: await stored.log(formId) }).toEqual(before);
    const theirResults = await sendResults(theirs, mallory.token);
    expect(JSON.stringify(theirResults)).not.toContain("What should we improve first?");
  });
});
