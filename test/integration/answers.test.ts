// Survey and quiz answers end to end over HTTP (docs/answers.md): a generated email's answer links,
// filled per send, open a confirm page; the post records the answer (one per send and question, a
// later one replaces it, a replay changes nothing); tampered and expired links are refused; the
// AMP form stores into the same store; results and CSV per send and per email, owner or admin only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerExpiryDay, createAnswerToken } from "~/lib/answer-token.server";
import { saveSenderProfile } from "~/models/sender-profiles.server";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { sampleBlueprint } from "../fixtures/blueprints";

let server: TestServer;
let owner: { id: string; token: string; email: string };
let generationId: string;
let html: string;
let ampHtml: string;

function npsBlueprint() {
  const bp = structuredClone(sampleBlueprint("survey", "quiz")) as {
    lang: string;
    interactiveConfig: { modules: Array<Record<string, unknown>> };
  };
  const survey = bp.interactiveConfig.modules.find((m) => m.technique === "survey") as {
    questions: Array<{ question: string; options: Array<{ label: string; url?: string }> }>;
  };
  survey.questions = [
    { question: "How likely are you to recommend us to a friend?", options: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })) },
    { question: "What should we improve first?", options: [{ label: "Speed" }, { label: "Price" }, { label: "Support" }] },
  ];
  bp.lang = "fr";
  return bp;
}

async function send(to: string, token = owner.token): Promise<string> {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token, json: { to, subject: "Your feedback", html, ampHtml } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sendId: string }).sendId;
}

/** The answer links of a send as its recipient got it (View in browser serves the sent HTML). */
async function linksOf(sendId: string): Promise<string[]> {
  const sent = await (await server.fetch(`/vib/${sendId}`)).text();
  return [...new Set(Array.from(sent.matchAll(/href="[^"]*?(\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22})"/g), (m) => m[1]))];
}

const tokenOf = (path: string) => path.slice("/r/".length);
const claimOf = (path: string) => Buffer.from(tokenOf(path).split(".")[0], "base64url").toString("utf8").split("|");
const answerPost = (path: string) => server.fetch(path, { method: "POST", headers: { Origin: "https://mail.example" } });
const answerRows = async (sendId: string) =>
  (
    await server.app.database.client.execute({
      sql: "SELECT question, option_index, value, source, updated_at FROM answers WHERE send_id = ? ORDER BY question",
      args: [sendId],
    })
  ).rows;

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", BASE_URL: "https://kinetic.test", ANSWER_LINK_TTL_DAYS: "30" });
  owner = await createUserWithToken(server, { credits: 5 });
  const res = await server.fetch("/api/generate", {
    method: "POST",
    token: owner.token,
    json: { prompt: "A feedback survey with a quiz", blueprint: npsBlueprint(), generateAmp: true },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { html: string; ampHtml: string; metadata: { generationId: string } };
  ({ html, ampHtml } = body);
  generationId = body.metadata.generationId;
});
afterAll(() => server?.close());

describe("the generated email", () => {
  it("carries recipient-agnostic answer placeholders bound to its form, and eleven NPS answers in one row", () => {
    expect(html).toContain(`{{ANSWER_URL:fr:k1.0.10:${generationId}}}`);
    expect(html).not.toMatch(/\/r\//);
    const row = /<table[^>]*class="kx-nps"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(row.match(/data-kx-score="/g)).toHaveLength(11);
    expect(ampHtml).toContain("k1-nps-cell");
  });
});

describe("answer links", () => {
  it("are signed per send: each send's links differ, and no placeholder is left", async () => {
    const a = await send("ana@example.com");
    const b = await send("ben@example.com");
    const [la, lb] = [await linksOf(a), await linksOf(b)];
    // 11 NPS + 3 survey + the quiz's fallback options.
    expect(la.length).toBeGreaterThanOrEqual(14);
    expect(la.filter((l) => lb.includes(l))).toEqual([]);
    const sent = await (await server.fetch(`/vib/${a}`)).text();
    expect(sent).not.toContain("{{ANSWER_URL");
    expect(claimOf(la[0])).toEqual(expect.arrayContaining([a, generationId, "fr"]));
  });

  it("GET only asks (in the email's language); POST records; a replay changes nothing; a later answer replaces the earlier", async () => {
    const sendId = await send("cleo@example.com");
    const links = await linksOf(sendId);
    const nps = (score: number) => links.find((l) => claimOf(l)[3] === "k1.0" && claimOf(l)[4] === String(score))!;

    const ask = await server.fetch(nps(9));
    expect(ask.status).toBe(200);
    const askPage = await ask.text();
    expect(askPage).toContain('lang="fr"');
    expect(askPage).toContain("Envoyer ma réponse");
    expect(askPage).toContain("How likely are you to recommend us to a friend?");
    expect(await answerRows(sendId)).toHaveLength(0);

    const done = await answerPost(nps(9));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Merci !");
    const first = await answerRows(sendId);
    expect(first).toMatchObject([{ question: "k1.0", option_index: 9, value: "9", source: "html" }]);

    expect((await answerPost(nps(9))).status).toBe(200);
    expect(await answerRows(sendId)).toEqual(first);

    expect((await answerPost(nps(3))).status).toBe(200);
    expect(await answerRows(sendId)).toMatchObject([{ question: "k1.0", option_index: 3, value: "3" }]);
  });

  it("refuses a tampered link (404), a malformed one (400) and an expired one (410), recording nothing", async () => {
    const sendId = await send("dan@example.com");
    const [link] = await linksOf(sendId);
    const [payload, sig] = tokenOf(link).split(".");
    const otherPayload = Buffer.from(
      Buffer.from(payload, "base64url")
        .toString("utf8")
        .replace(/\|k1\.0\|\d+\|/, "|k1.0|10|"),
    ).toString("base64url");
    const tampered = await answerPost(`/r/${otherPayload}.${sig}`);
    expect(tampered.status).toBe(404);
    expect((await answerPost(`/r/${payload}`)).status).toBe(400);

    const expired = createAnswerToken(server.app.env.SESSION_SECRET, {
      sendId,
      formId: generationId,
      question: "k1.0",
      option: 5,
      lang: "de",
      expiresDay: answerExpiryDay(new Date(), -1),
    });
    const res = await answerPost(`/r/${expired}`);
    expect(res.status).toBe(410);
    // The expired link was signed: its page speaks its language (here German).
    expect(await res.text()).toContain("Diese Umfrage ist beendet");
    expect(await answerRows(sendId)).toHaveLength(0);
  });

  it("refuses an option the form does not have (400)", async () => {
    const sendId = await send("eve@example.com");
    const token = createAnswerToken(server.app.env.SESSION_SECRET, {
      sendId,
      formId: generationId,
      question: "k1.1",
      option: 7,
      lang: "en",
      expiresDay: answerExpiryDay(new Date(), 5),
    });
    expect((await answerPost(`/r/${token}`)).status).toBe(400);
    expect(await answerRows(sendId)).toHaveLength(0);
  });
});

describe("AMP answers and results", () => {
  it("stores the AMP form's answers with the send, and reports both sources per send, per email and as CSV", async () => {
    const htmlSend = await send("fay@example.com");
    const ampSend = await send("gus@example.com");
    const links = await linksOf(htmlSend);
    await answerPost(links.find((l) => claimOf(l)[3] === "k1.0" && claimOf(l)[4] === "10")!);
    await answerPost(links.find((l) => claimOf(l)[3] === "k2.0")!);

    // The AMP form of the copy sent to gus posts to that copy's address.
    const sentAmp = await server.app.database.client.execute({ sql: "SELECT amp_html FROM email_sends WHERE id = ?", args: [ampSend] });
    const action = new URL(/action-xhr="([^"]+)"/.exec(String(sentAmp.rows[0].amp_html))![1]).pathname;
    const amp = await fetch(server.url + action, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://mail.google.com" },
      body: JSON.stringify({ survey: "k1", sendId: ampSend, q0: "2", q1: "Price" }),
    });
    expect(amp.status).toBe(200);
    expect(await answerRows(ampSend)).toMatchObject([
      { question: "k1.0", option_index: 2, value: "2", source: "amp" },
      { question: "k1.1", option_index: 1, value: "Price", source: "amp" },
    ]);

    const perSend = await (await server.fetch(`/api/sends/${ampSend}/answers`, { token: owner.token })).json();
    expect(perSend).toMatchObject({
      success: true,
      scope: { kind: "send", sendId: ampSend, formId: generationId },
      answers: 2,
      bySource: { amp: 2, html: 0 },
    });

    const perEmail = (await (await server.fetch(`/api/answers?version=${generationId}`, { token: owner.token })).json()) as {
      questions: Array<{ key: string; kind: string; nps?: { score: number; distribution: number[] }; quiz?: { percentCorrect: number } }>;
      bySource: { html: number; amp: number };
    };
    const nps = perEmail.questions.find((q) => q.key === "k1.0")!;
    expect(nps.kind).toBe("nps");
    expect(nps.nps!.distribution[2]).toBeGreaterThanOrEqual(1);
    expect(nps.nps!.distribution[10]).toBeGreaterThanOrEqual(1);
    expect(perEmail.questions.find((q) => q.kind === "quiz")?.quiz?.percentCorrect).toEqual(expect.any(Number));
    expect(perEmail.bySource.amp).toBeGreaterThanOrEqual(2);

    const csv = await server.fetch(`/api/answers?version=${generationId}&format=csv`, { token: owner.token });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe("send_id,source,question_key,question,answer,option_index,correct,answered_at");
    expect(text).toContain(`${ampSend},amp,k1.1,What should we improve first?,Price,1,,`);
    expect(text).toContain(`${htmlSend},html,k1.0,How likely are you to recommend us to a friend?,10,10,,`);
  });

  it("shows results to the owner and admins only (404 to anyone else), and checks the query (400)", async () => {
    const sendId = await send("hal@example.com");
    const stranger = await createUserWithToken(server);
    const admin = await createUserWithToken(server, { admin: true });
    expect((await server.fetch(`/api/sends/${sendId}/answers`, { token: stranger.token })).status).toBe(404);
    expect((await server.fetch(`/api/answers?version=${generationId}`, { token: stranger.token })).status).toBe(404);
    expect((await server.fetch(`/api/sends/${sendId}/answers`, { token: admin.token })).status).toBe(200);
    expect((await server.fetch(`/api/answers?version=${generationId}`, { token: admin.token })).status).toBe(200);
    expect((await server.fetch(`/api/answers?version=${generationId}&format=xml`, { token: owner.token })).status).toBe(400);
    expect((await server.fetch(`/api/answers`, { token: owner.token })).status).toBe(400);
    expect((await server.fetch(`/api/answers?version=${generationId}`)).status).toBe(401);
  });

  it("refuses (404) and does not count answer links of someone else's send that name this form", async () => {
    const other = await createUserWithToken(server);
    const before = (
      (await (await server.fetch(`/api/answers?version=${generationId}`, { token: owner.token })).json()) as { answers: number }
    ).answers;
    const foreign = await send("ivy@example.com", other.token);
    const [link] = await linksOf(foreign);
    expect((await answerPost(link)).status).toBe(404);
    expect(await answerRows(foreign)).toHaveLength(0);
    const after = (
      (await (await server.fetch(`/api/answers?version=${generationId}`, { token: owner.token })).json()) as { answers: number }
    ).answers;
    expect(after).toBe(before);
  });
});

describe("the answer page's brand and a quiz's verdict", () => {
  const PROFILE = {
    senderName: "Bloom & Co",
    fromAddress: null,
    replyTo: null,
    postalAddress: null,
    logoUrl: "https://cdn.bloom.example/logo.png",
    websiteUrl: "https://bloom.example/",
  };

  it("shows the send's sender profile (name, logo, website), not the deployment's name, in the email's language", async () => {
    await saveSenderProfile(server.app.database.db, owner.id, PROFILE);
    const sendId = await send("jo@example.com");
    const link = (await linksOf(sendId)).find((l) => claimOf(l)[3] === "k1.0")!;

    const ask = await server.fetch(link);
    const askPage = await ask.text();
    expect(askPage).toContain('lang="fr"');
    expect(askPage).toContain("<title>Un clic pour envoyer votre réponse · Bloom &amp; Co</title>");
    expect(askPage).toContain('<img src="https://cdn.bloom.example/logo.png"');
    expect(askPage).toContain('href="https://bloom.example/"');
    expect(askPage).not.toContain(server.app.env.BRAND_NAME);
    // The logo's host is the one place the page may load an image from.
    expect(ask.headers.get("content-security-policy")).toContain("img-src https://cdn.bloom.example");

    const done = await (await answerPost(link)).text();
    expect(done).toContain("Merci !");
    expect(done).toContain("Bloom &amp; Co");
    expect(done).not.toContain(server.app.env.BRAND_NAME);

    const expired = createAnswerToken(server.app.env.SESSION_SECRET, {
      sendId,
      formId: generationId,
      question: "k1.0",
      option: 5,
      lang: "fr",
      expiresDay: answerExpiryDay(new Date(), -1),
    });
    const closed = await answerPost(`/r/${expired}`);
    expect(closed.status).toBe(410);
    const closedPage = await closed.text();
    expect(closedPage).toContain("Ce sondage est clos");
    expect(closedPage).toContain("Bloom &amp; Co");
  });

  it("shows the deployment's name for a link that is not valid (no send to trust)", async () => {
    const res = await answerPost("/r/not-a-token");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(server.app.env.BRAND_NAME);
  });

  it("tells a quiz answer right or wrong after it is recorded, with the email's explanation, never before", async () => {
    const sendId = await send("kim@example.com");
    const links = await linksOf(sendId);
    const quiz = (option: number) => links.find((l) => claimOf(l)[3] === "k2.0" && claimOf(l)[4] === String(option))!;
    // Brazil (option 1) is right.
    const ask = await (await server.fetch(quiz(0))).text();
    expect(ask).not.toContain("data-verdict");
    const wrong = await (await answerPost(quiz(0))).text();
    expect(wrong).toContain('data-verdict="wrong"');
    expect(wrong).toContain("Pas tout à fait — la bonne réponse est Brazil.");
    expect(wrong).toContain("Brazil grows about a third of the world&#x27;s coffee.");
    const right = await (await answerPost(quiz(1))).text();
    expect(right).toContain('data-verdict="right"');
    expect(right).toContain("Bonne réponse");
  });
});

describe("a quiz answered in the received HTML", () => {
  it("links every option of both views to its signed answer, and counts the answers with % correct", async () => {
    const sendId = await send("lea@example.com");
    const sent = await (await server.fetch(`/vib/${sendId}`)).text();
    const links = await linksOf(sendId);
    const quiz = (qi: number, option: number) => links.find((l) => claimOf(l)[3] === `k2.${qi}` && claimOf(l)[4] === String(option))!;
    // Three options per question, each in the interactive view and in the fallback.
    for (const qi of [0, 1]) for (const o of [0, 1, 2]) expect(sent.split(`href="https://kinetic.test${quiz(qi, o)}"`).length - 1).toBe(2);

    expect((await answerPost(quiz(0, 1))).status).toBe(200); // Brazil: right
    expect((await answerPost(quiz(1, 2))).status).toBe(200); // Milk: wrong (Water is right)
    const results = (await (await server.fetch(`/api/sends/${sendId}/answers`, { token: owner.token })).json()) as {
      questions: Array<{ key: string; kind: string; answers: number; quiz?: { correct: number; percentCorrect: number | null } }>;
    };
    expect(results.questions.filter((q) => q.kind === "quiz")).toMatchObject([
      { key: "k2.0", answers: 1, quiz: { correct: 1, percentCorrect: 100 } },
      { key: "k2.1", answers: 1, quiz: { correct: 0, percentCorrect: 0 } },
    ]);
  });
});

describe("the results pages", () => {
  it("are reachable from the top navigation: a list of the user's asking emails by subject and date, then each email's and each send's results, with no raw id shown", async () => {
    const browser = new PageClient(server);
    expect((await browser.signIn(owner.email, "correct horse battery")).status).toBe(302);
    const sendId = await send("mo@example.com");
    const links = await linksOf(sendId);
    await answerPost(links.find((l) => claimOf(l)[3] === "k1.0" && claimOf(l)[4] === "9")!);

    const home = await browser.page("/builder/history");
    expect(home.html).toMatch(/<a[^>]*href="\/answers"[^>]*>Results<\/a>/);

    const list = await browser.page("/answers");
    expect(list.res.status).toBe(200);
    expect(list.html).toContain("Survey and quiz answers");
    // An email generated through the API is named by the subject of a send that was answered.
    expect(list.html).toContain(">Your feedback</strong>");
    expect(list.html).toContain(`href="/answers?version=${generationId}"`);
    const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
    expect(visible(list.html)).not.toContain(generationId);

    const perSend = await browser.page(`/answers?send=${sendId}`);
    expect(perSend.res.status).toBe(200);
    expect(visible(perSend.html)).toContain("Sent to mo@example.com");
    expect(visible(perSend.html)).not.toContain(sendId);
    expect(perSend.html).toContain(`href="/answers?version=${generationId}"`);

    const perEmail = await browser.page(`/answers?version=${generationId}`);
    expect(visible(perEmail.html)).toContain("All sends of this email");
    expect(visible(perEmail.html)).not.toContain(generationId);
  });

  it("links a builder version that asks questions to its results from the Ship panel", async () => {
    const { generateFromBrief, parseBriefForm } = await import("~/services/builder.server");
    const fd = new FormData();
    fd.append("prompt", "A quick survey for our customers: how likely are you to recommend us to a friend, 0 to 10?");
    fd.append("techniques", "survey");
    const brief = parseBriefForm(fd);
    if (!brief.ok) throw new Error(JSON.stringify(brief.reply.error));
    const made = await generateFromBrief(server.app as never, { id: owner.id, isAdmin: false } as never, brief.brief);
    if (!made.ok) throw new Error(made.error);
    const browser = new PageClient(server);
    expect((await browser.signIn(owner.email, "correct horse battery")).status).toBe(302);
    const ship = await browser.page(`/builder/v/${made.value.versionId}?panel=ship`);
    expect(ship.html).toContain(`href="/answers?version=${made.value.response.metadata.generationId}"`);
    expect(ship.html).toContain("See the results");
  });

  it("links an outbox send that asks questions to its answers", async () => {
    const admin = await createUserWithToken(server, { admin: true });
    const browser = new PageClient(server);
    expect((await browser.signIn(admin.email, "correct horse battery")).status).toBe(302);
    const sendId = await send("ned@example.com");
    const page = await browser.page(`/admin/outbox/${sendId}`);
    expect(page.html).toContain(`href="/answers?send=${sendId}"`);
  });
});
