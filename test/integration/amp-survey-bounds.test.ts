// What one address can write through the anonymous AMP survey endpoint, over HTTP: only the forms of
// copies this deployment sent (signed addresses) take answers, and posts and bytes per address are
// capped across all forms. Small caps here (their own server configuration); every test starts with empty
// counters, and all posts come from this process's loopback address.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signFormId, signSurveySend } from "~/lib/signed-form-id.server";
import { surveyCopy, type SurveyCopy } from "../helpers/amp-survey";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { sampleBlueprint } from "../fixtures/blueprints";

const PER_HOUR = 12;
const BYTES_PER_HOUR = 40 * 1024;
const CORS = { Origin: "https://mail.google.com" };

let server: TestServer;
let copy: SurveyCopy;

beforeAll(async () => {
  server = await startTestServer({
    BASE_URL: "https://kinetic.test",
    AMP_SURVEY_MAX_PER_MINUTE: "5",
    AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR: String(PER_HOUR),
    AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR: String(BYTES_PER_HOUR),
  });
  copy = await surveyCopy(server);
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.app.database.client.execute("DELETE FROM rate_limits WHERE key LIKE 'amp-survey%'");
});

const count = async (sql: string) => Number((await server.app.database.client.execute(sql)).rows[0].n);
const db = {
  responses: () => count("SELECT count(*) AS n FROM amp_survey_responses"),
  counters: () => count("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'amp-survey%'"),
};

/** A valid answer of `bytes` bytes: the JSON of one answer, padded with whitespace (still JSON). */
function answer(bytes: number): string {
  const json = JSON.stringify({ survey: "k1", q0: "Great" });
  return json + " ".repeat(Math.max(0, bytes - json.length));
}

const post = (segment: string, body = answer(100)) =>
  fetch(`${server.url}/api/amp/survey/${segment}`, { method: "POST", body, headers: { "Content-Type": "application/json", ...CORS } });
/** The address of the sent copy of form `formId`. */
const signed = (formId: string) => copy.address(formId);

describe("only the forms of copies this deployment sent take answers", () => {
  it("refuses made-up addresses (400 unless shaped like a signed one, else 404) with the CORS headers, storing and counting nothing", async () => {
    const before = await db.responses();
    const body = answer(13 * 1024);
    for (let i = 0; i < 50; i++) {
      const res = await post(`made-up-${i}`, body);
      expect(res.status, `made-up-${i}`).toBe(400);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
      expect(await res.json()).toMatchObject({ success: false, error: "Invalid form id" });
    }
    // Shaped like a signed address, but not signed here: another secret, another form's or send's
    // signature, noise.
    const otherSecret = signFormId("a-secret-that-is-not-this-server-one", "form-x");
    const borrowed = `form-y.${signFormId(server.app.env.SESSION_SECRET, "form-x").split(".")[1]}`;
    const copySig = (await signed("form-x")).split(".")[2];
    const otherSecretCopy = signSurveySend("a-secret-that-is-not-this-server-one", "form-x", copy.sendId);
    for (const segment of [
      otherSecret,
      borrowed,
      "form-z.AAAAAAAAAAAAAAAAAAAAAA",
      otherSecretCopy,
      `form-y.${copy.sendId}.${copySig}`,
      `form-x.another-send.${copySig}`,
    ]) {
      const res = await post(segment, body);
      expect(res.status, segment).toBe(404);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Unknown form/) });
    }
    expect(await db.responses()).toBe(before);
    expect(await db.counters()).toBe(0);
  });

  it("takes the form a sent copy of a generated email carries", async () => {
    const { token } = await createUserWithToken(server);
    const gen = await (
      await server.fetch("/api/gen/amp", { method: "POST", token, json: { blueprint: sampleBlueprint("survey") } })
    ).json();
    const sent = await server.fetch("/api/send-email-esp", {
      method: "POST",
      token,
      json: { to: "reader@example.com", html: "<p>Hi</p>", ampHtml: gen.ampHtml },
    });
    const { sendId } = (await sent.json()) as { sendId: string };
    const amp = await server.app.database.client.execute({ sql: "SELECT amp_html FROM email_sends WHERE id = ?", args: [sendId] });
    const action = /action-xhr="([^"]+)"/.exec(String(amp.rows[0].amp_html))![1];
    const res = await fetch(server.url + new URL(action).pathname, {
      method: "POST",
      body: answer(50),
      headers: { "Content-Type": "application/json", ...CORS },
    });
    expect(res.status).toBe(200);
    const stored = await server.app.database.client.execute({
      sql: "SELECT count(*) AS n FROM amp_survey_responses WHERE form_id = ?",
      args: [gen.formId],
    });
    expect(Number(stored.rows[0].n)).toBe(1);
  });
});

describe("what one address may write, all forms together", () => {
  it(`caps posts per address per hour across form ids (AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR = ${PER_HOUR})`, async () => {
    const before = await db.responses();
    for (let i = 0; i < PER_HOUR; i++) expect((await post(await signed(`spread-${i}`))).status, `form ${i}`).toBe(200);
    const refused = await post(await signed("spread-one-more"));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(await refused.json()).toMatchObject({ success: false, retry_after_seconds: retryAfter });
    expect(await db.responses()).toBe(before + PER_HOUR);
  });

  it(`bounds the bytes one address writes per hour (AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR = ${BYTES_PER_HOUR})`, async () => {
    const before = await db.responses();
    const big = answer(13 * 1024);
    const size = Buffer.byteLength(big);
    const fits = Math.floor(BYTES_PER_HOUR / size);
    expect(fits).toBe(3);
    for (let i = 0; i < fits; i++) expect((await post(await signed(`big-${i}`), big)).status, `post ${i + 1}`).toBe(200);
    const refused = await post(await signed("big-one-more"), big);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    // Even a small answer now waits for the window: the bytes already written count.
    expect((await post(await signed("small-after"), answer(10))).status).toBe(429);
    expect(await db.responses()).toBe(before + fits);
  });
});
