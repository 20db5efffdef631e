// What one address can write through the anonymous AMP survey endpoint, over HTTP: only forms this
// deployment generated (signed form ids) take answers, and posts and bytes per address are capped
// across all forms. Small caps here (their own server configuration); every test starts with empty
// counters, and all posts come from this process's loopback address.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signFormId } from "~/lib/signed-form-id.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { sampleBlueprint } from "../fixtures/blueprints";

const PER_HOUR = 12;
const BYTES_PER_HOUR = 40 * 1024;
const CORS = { Origin: "https://mail.google.com" };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    BASE_URL: "https://kinetic.test",
    AMP_SURVEY_MAX_PER_MINUTE: "5",
    AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR: String(PER_HOUR),
    AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR: String(BYTES_PER_HOUR),
  });
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

/** A valid answer of about `bytes` bytes (JSON: fields of at most 2,000 characters each). */
function answer(bytes: number): string {
  const fields: Record<string, string> = {};
  let left = bytes;
  for (let i = 0; left > 0; i++) {
    const n = Math.min(1_900, left);
    fields[`q${i}`] = "x".repeat(n);
    left -= n + 10;
  }
  return JSON.stringify(fields);
}

const post = (segment: string, body = answer(100)) =>
  fetch(`${server.url}/api/amp/survey/${segment}`, { method: "POST", body, headers: { "Content-Type": "application/json", ...CORS } });
const signed = (formId: string) => signFormId(server.app.env.SESSION_SECRET, formId);

describe("only forms this deployment generated take answers", () => {
  it("refuses made-up form ids (400 unless shaped like a signed id, else 404) with the CORS headers, storing and counting nothing", async () => {
    const before = await db.responses();
    const body = answer(13 * 1024);
    for (let i = 0; i < 50; i++) {
      const res = await post(`made-up-${i}`, body);
      expect(res.status, `made-up-${i}`).toBe(400);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
      expect(await res.json()).toMatchObject({ success: false, error: "Invalid form id" });
    }
    // Shaped like a signed id, but not signed here: another secret, another form's signature, noise.
    const otherSecret = signFormId("a-secret-that-is-not-this-server-one", "form-x");
    const borrowed = `form-y.${signed("form-x").split(".")[1]}`;
    for (const segment of [otherSecret, borrowed, "form-z.AAAAAAAAAAAAAAAAAAAAAA"]) {
      const res = await post(segment, body);
      expect(res.status, segment).toBe(404);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Unknown form/) });
    }
    expect(await db.responses()).toBe(before);
    expect(await db.counters()).toBe(0);
  });

  it("takes the form a generated email carries", async () => {
    const { token } = await createUserWithToken(server);
    const gen = await (
      await server.fetch("/api/gen/amp", { method: "POST", token, json: { blueprint: sampleBlueprint("survey") } })
    ).json();
    const action = /action-xhr="([^"]+)"/.exec(gen.ampHtml)![1];
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
    for (let i = 0; i < PER_HOUR; i++) expect((await post(signed(`spread-${i}`))).status, `form ${i}`).toBe(200);
    const refused = await post(signed("spread-one-more"));
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
    for (let i = 0; i < fits; i++) expect((await post(signed(`big-${i}`), big)).status, `post ${i + 1}`).toBe(200);
    const refused = await post(signed("big-one-more"), big);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    // Even a small answer now waits for the window: the bytes already written count.
    expect((await post(signed("small-after"), answer(10))).status).toBe(429);
    expect(await db.responses()).toBe(before + fits);
  });
});
