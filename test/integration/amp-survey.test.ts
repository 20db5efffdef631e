// POST /api/amp/survey/:formId over HTTP, with an https BASE_URL and MAIL_FROM set (so only that
// sender is answered): both AMP CORS versions, preflight, the three body encodings, bad input. Posts
// go to a sent copy's address (test/helpers/amp-survey.ts); what a copy may answer:
// amp-survey-recipient.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleBlueprint } from "../fixtures/blueprints";
import { listAmpSurveyResponses } from "~/models/amp-survey.server";
import { surveyCopy, type SurveyCopy } from "../helpers/amp-survey";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let copy: SurveyCopy;
const SENDER = "news@kinetic.test";

beforeAll(async () => {
  server = await startTestServer({ BASE_URL: "https://kinetic.test", MAIL_FROM: `Kinetic News <${SENDER}>`, AMP_VALIDATOR_JS: undefined });
  copy = await surveyCopy(server);
});
afterAll(() => server?.close());

const rows = (formId: string) => listAmpSurveyResponses(server.app.database.db as never, formId);

/** The path segment the sent copy of a form posts to: the form and the send, signed. */
const signed = (formId: string) => copy.address(formId);

async function survey(formId: string, body: BodyInit, headers: Record<string, string> = {}, query = ""): Promise<Response> {
  return fetch(`${server.url}/api/amp/survey/${await signed(formId)}${query}`, { method: "POST", body, headers, redirect: "manual" });
}

function answerForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe("CORS for AMP for Email", () => {
  it("version 2: echoes an allowed Origin and the AMP-Email-Sender, with credentials", async () => {
    const res = await survey("form-v2", answerForm({ survey: "k1", sendId: copy.sendId, q0: "Great", q1: "Yes" }), {
      Origin: "https://mail.google.com",
      "AMP-Email-Sender": SENDER,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(res.headers.get("amp-email-allow-sender")).toBe(SENDER);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: true, message: expect.any(String) });
    const stored = await rows("form-v2");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      formId: "form-v2",
      sender: SENDER,
      answers: { survey: "k1", sendId: copy.sendId, q0: "Great", q1: "Yes" },
    });
  });

  it("version 1: answers __amp_source_origin with AMP-Access-Control-Allow-Source-Origin, exposed", async () => {
    const query = `?__amp_source_origin=${encodeURIComponent(SENDER)}`;
    const res = await survey("form-v1", answerForm({ survey: "k1", q0: "Good" }), { Origin: "https://mail.yahoo.com" }, query);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.yahoo.com");
    expect(res.headers.get("amp-access-control-allow-source-origin")).toBe(SENDER);
    expect(res.headers.get("access-control-expose-headers")).toBe("AMP-Access-Control-Allow-Source-Origin");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect((await rows("form-v1"))[0]).toMatchObject({ sender: SENDER, answers: { survey: "k1", q0: "Good", sendId: copy.sendId } });
  });

  it("allows the AMP playgrounds and this deployment's own origin", async () => {
    for (const origin of ["https://amp.gmail.dev", "https://playground.amp.dev", "https://kinetic.test"]) {
      const res = await survey("form-origins", answerForm({ survey: "k1", q0: "Great" }), { Origin: origin, "AMP-Email-Sender": SENDER });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    }
    expect(await rows("form-origins")).toHaveLength(3);
  });

  it("answers a preflight with the allowed methods and headers and stores nothing", async () => {
    const res = await fetch(`${server.url}/api/amp/survey/form-preflight`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://mail.google.com",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toContain("Content-Type");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(await rows("form-preflight")).toHaveLength(0);
  });

  it("refuses an origin that is not an email client, and a sender other than MAIL_FROM, storing nothing", async () => {
    const evil = await survey("form-refused", answerForm({ q0: "x" }), { Origin: "https://evil.example", "AMP-Email-Sender": SENDER });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    expect(await evil.json()).toMatchObject({ success: false, error: "Origin not allowed" });
    const sender = await survey("form-refused", answerForm({ q0: "x" }), {
      Origin: "https://mail.google.com",
      "AMP-Email-Sender": "someone@else.example",
    });
    expect(sender.status).toBe(403);
    expect(sender.headers.get("amp-email-allow-sender")).toBeNull();
    const v1 = await survey(
      "form-refused",
      answerForm({ q0: "x" }),
      { Origin: "https://mail.google.com" },
      "?__amp_source_origin=someone%40else.example",
    );
    expect(v1.status).toBe(403);
    const preflight = await fetch(`${server.url}/api/amp/survey/form-refused`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example" },
    });
    expect(preflight.status).toBe(403);
    expect(await rows("form-refused")).toHaveLength(0);
  });

  it("compares the sender address case-insensitively", async () => {
    const res = await survey("form-case", answerForm({ survey: "k1", q0: "Okay" }), {
      Origin: "https://mail.google.com",
      "AMP-Email-Sender": SENDER.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("amp-email-allow-sender")).toBe(SENDER.toUpperCase());
  });
});

describe("bodies", () => {
  it("accepts urlencoded and JSON bodies; a repeated name becomes a list, which a one-answer question refuses", async () => {
    const urlencoded = await survey("form-enc", "survey=k1&q0=Great&q1=Yes", {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://mail.google.com",
    });
    expect(urlencoded.status).toBe(200);
    const json = await survey("form-enc", JSON.stringify({ survey: "k1", q0: "Okay", sendId: copy.sendId }), {
      "Content-Type": "application/json",
    });
    expect(json.status).toBe(200);
    const repeated = await survey("form-enc", "survey=k1&q1=Yes&q1=No", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({ details: [expect.objectContaining({ path: "q1", code: "not_one_value" })] });
    expect((await rows("form-enc")).map((r) => r.answers)).toEqual([
      { survey: "k1", q0: "Great", q1: "Yes", sendId: copy.sendId },
      { survey: "k1", q0: "Okay", sendId: copy.sendId },
    ]);
  });

  it("keeps the CORS headers on errors, so the client can show its error template", async () => {
    const res = await survey("form-bad", answerForm({ survey: "k1", sendId: "s-1" }), {
      Origin: "https://mail.google.com",
      "AMP-Email-Sender": SENDER,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(res.headers.get("amp-email-allow-sender")).toBe(SENDER);
    expect(await res.json()).toMatchObject({
      success: false,
      error: "Invalid survey response",
      details: [expect.objectContaining({ message: "no answers were given" })],
    });
  });

  it("refuses bad input with the error shape and stores nothing", async () => {
    const malformed = await survey("form-bad", "{", { "Content-Type": "application/json" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, error: "Malformed JSON body" });
    expect((await survey("form-bad", JSON.stringify(["q0"]), { "Content-Type": "application/json" })).status).toBe(400);
    expect((await survey("form-bad", JSON.stringify({ q0: { nested: true } }), { "Content-Type": "application/json" })).status).toBe(400);
    expect((await survey("form-bad", JSON.stringify({ "bad name!": "x" }), { "Content-Type": "application/json" })).status).toBe(400);
    expect((await survey("form-bad", JSON.stringify({ q0: "x".repeat(2001) }), { "Content-Type": "application/json" })).status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, "x"]));
    expect((await survey("form-bad", JSON.stringify(many), { "Content-Type": "application/json" })).status).toBe(400);
    const file = new FormData();
    file.append("q0", new Blob(["data"], { type: "text/plain" }), "a.txt");
    const upload = await survey("form-bad", file);
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({ error: "File uploads are not accepted" });
    const plain = await survey("form-bad", "q0=x", { "Content-Type": "text/plain" });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ success: false });
    expect(await rows("form-bad")).toHaveLength(0);
  });

  it("refuses a body over AMP_SURVEY_BODY_LIMIT_BYTES (16 KiB) with 413, keeping the CORS headers", async () => {
    expect(server.app.env.AMP_SURVEY_BODY_LIMIT_BYTES).toBe(16 * 1024);
    const cors = { Origin: "https://mail.google.com", "AMP-Email-Sender": SENDER };
    const skeleton = JSON.stringify({ q0: "" });
    const atCap = JSON.stringify({ q0: "x".repeat(16 * 1024 - skeleton.length) });
    const over = await survey("form-big", JSON.stringify({ q0: "x".repeat(16 * 1024) }), { "Content-Type": "application/json", ...cors });
    expect(over.status).toBe(413);
    expect(over.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(over.headers.get("amp-email-allow-sender")).toBe(SENDER);
    expect(await over.json()).toMatchObject({ success: false, limit_bytes: 16 * 1024 });
    // Exactly at the cap the body is read (and then refused for its value's length, with details).
    const at = await survey("form-big", atCap, { "Content-Type": "application/json", ...cors });
    expect(at.status).toBe(400);
    expect(await at.json()).toMatchObject({ error: "Invalid survey response", details: [expect.objectContaining({ path: "q0" })] });
    // Without a Content-Length the read stops at the cap too.
    const big = new TextEncoder().encode(`q0=${"y".repeat(20_000)}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 4096) controller.enqueue(big.slice(i, i + 4096));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/api/amp/survey/${await signed("form-big")}`, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...cors },
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await rows("form-big")).toHaveLength(0);
  });

  it("refuses a field named __proto__ in every encoding", async () => {
    expect((await survey("form-proto", "__proto__=x&q0=y", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(400);
    expect((await survey("form-proto", '{"__proto__":"x","q0":"y"}', { "Content-Type": "application/json" })).status).toBe(400);
    const form = new FormData();
    form.append("__proto__", "x");
    form.append("q0", "y");
    expect((await survey("form-proto", form)).status).toBe(400);
    expect(await rows("form-proto")).toHaveLength(0);
  });

  it("refuses a form id that is not a plain token", async () => {
    const res = await fetch(`${server.url}/api/amp/survey/a%20b`, {
      method: "POST",
      body: JSON.stringify({ q0: "x" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: "Invalid form id" });
  });

  it("answers GET with 405 and never redirects", async () => {
    const res = await fetch(`${server.url}/api/amp/survey/form-get`, {
      redirect: "manual",
      headers: { Origin: "https://mail.google.com" },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    const trailing = await fetch(`${server.url}/api/amp/survey/${await signed("form-get")}/`, {
      method: "POST",
      body: answerForm({ survey: "k1", q0: "Great" }),
      redirect: "manual",
    });
    expect(trailing.status).toBeLessThan(300);
  });
});

describe("rate limit per client address and form", () => {
  const cors = { Origin: "https://mail.google.com", "AMP-Email-Sender": SENDER };
  const from = (ip: string, formId: string, q0 = "Great") =>
    survey(formId, JSON.stringify({ survey: "k1", q0 }), { "Content-Type": "application/json", "X-Forwarded-For": ip, ...cors });
  const OPTIONS = ["Great", "Good", "Okay", "Not good"];

  it("answers 429 with Retry-After and the AMP CORS headers past AMP_SURVEY_MAX_PER_MINUTE, storing nothing more", async () => {
    const max = server.app.env.AMP_SURVEY_MAX_PER_MINUTE;
    expect(max).toBe(20);
    for (let i = 0; i < max; i++) expect((await from("203.0.113.7", "form-rate", OPTIONS[i % 4])).status, `post ${i + 1}`).toBe(200);
    const limited = await from("203.0.113.7", "form-rate", "Okay");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(limited.headers.get("access-control-allow-origin")).toBe("https://mail.google.com");
    expect(limited.headers.get("access-control-allow-credentials")).toBe("true");
    expect(limited.headers.get("amp-email-allow-sender")).toBe(SENDER);
    expect(await limited.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/too many/i),
      retry_after_seconds: retryAfter,
    });
    // Invalid posts count too, and are refused as rate limited rather than validated.
    expect((await survey("form-rate", "{", { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7" })).status).toBe(429);
    expect(await rows("form-rate")).toHaveLength(max);

    // Another address, and the same address on another form, have their own counters.
    expect((await from("198.51.100.9", "form-rate")).status).toBe(200);
    expect((await from("203.0.113.7", "form-rate-2")).status).toBe(200);
    expect(await rows("form-rate")).toHaveLength(max + 1);
  });

  it("counts in the database (rate_limits), per address and form", async () => {
    await from("192.0.2.44", "form-counted");
    await from("192.0.2.44", "form-counted");
    const rs = await server.app.database.client.execute({
      sql: "SELECT count FROM rate_limits WHERE key = ?",
      args: ["amp-survey:form-counted:192.0.2.44"],
    });
    expect(Number(rs.rows[0]?.count)).toBe(2);
  });
});

it("the AMP built on this deployment posts its survey to this endpoint over https, and a sent copy's form takes answers", async () => {
  const { token } = await createUserWithToken(server);
  const body = await (await server.fetch("/api/gen/amp", { method: "POST", token, json: { blueprint: sampleBlueprint("survey") } })).json();
  const action = /action-xhr="([^"]+)"/.exec(body.ampHtml)![1];
  expect(action).toMatch(new RegExp(`^https://kinetic\\.test/api/amp/survey/${body.formId}\\.[A-Za-z0-9_-]{22}$`));
  expect(body.warnings).toEqual([]);
  const answer = () => answerForm({ survey: "k1", q0: "Great" });
  const headers = { Origin: "https://mail.google.com", "AMP-Email-Sender": SENDER };
  // The form as built names no send: only a sent copy's takes answers.
  const unsent = await fetch(server.url + new URL(action).pathname, { method: "POST", body: answer(), headers });
  expect(unsent.status).toBe(410);
  const sent = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token,
    json: { to: "reader@example.com", html: "<p>Hi</p>", ampHtml: body.ampHtml },
  });
  const { sendId } = (await sent.json()) as { sendId: string };
  const ampSent = await server.app.database.client.execute({ sql: "SELECT amp_html FROM email_sends WHERE id = ?", args: [sendId] });
  const copyAction = /action-xhr="([^"]+)"/.exec(String(ampSent.rows[0].amp_html))![1];
  expect(copyAction).toMatch(new RegExp(`^https://kinetic\\.test/api/amp/survey/${body.formId}\\.${sendId}\\.[A-Za-z0-9_-]{22}$`));
  const res = await fetch(server.url + new URL(copyAction).pathname, { method: "POST", body: answer(), headers });
  expect(res.status).toBe(200);
  expect(await rows(body.formId)).toHaveLength(1);
});
