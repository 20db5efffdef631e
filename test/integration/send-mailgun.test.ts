// POST /api/send-email-esp through the Mailgun provider against a local server speaking
// Mailgun's messages.mime wire format: success, an API error and a timeout.
import { simpleParser } from "mailparser";
import { formData, startHttp, type CapturedRequest, type Reply } from "~/adapters/email-provider/testing/http";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let reply: (req: CapturedRequest) => Reply = () => ({
  status: 200,
  body: { id: "<20260101.1@mg.acme.example>", message: "Queued. Thank you." },
});
let mailgun: Awaited<ReturnType<typeof startHttp>>;
let server: TestServer;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  mailgun = await startHttp((req) => reply(req));
  server = await startTestServer({
    EMAIL_PROVIDER: "mailgun",
    MAILGUN_API_KEY: "key-test",
    MAILGUN_DOMAIN: "mg.acme.example",
    MAILGUN_API_BASE: mailgun.url,
    MAIL_FROM: "Acme <mail@mg.acme.example>",
  });
  user = await createUserWithToken(server);
});
afterAll(async () => {
  await server?.close();
  await mailgun.close();
});

const send = async (json: unknown) => {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token: user.token, json });
  return { status: res.status, body: await res.json() };
};

it("posts the raw MIME with the send id and records Mailgun's id", async () => {
  const r = await send({
    to: "bob@example.com",
    html: "<p>Hi {{RECIPIENT_EMAIL}}</p>",
    ampHtml: "<!doctype html><html ⚡4email><head></head><body>amp</body></html>",
  });
  expect(r).toMatchObject({ status: 200, body: { success: true, provider: "mailgun", notes: ["Mailgun: Queued. Thank you."] } });
  const req = mailgun.requests[mailgun.requests.length - 1];
  expect(req.method).toBe("POST");
  expect(req.url).toBe("/v3/mg.acme.example/messages.mime");
  expect(req.headers.authorization).toBe(`Basic ${Buffer.from("api:key-test").toString("base64")}`);
  const form = await formData(req);
  expect(form.get("to")).toBe("bob@example.com");
  expect(form.get("v:send_id")).toBe(r.body.sendId);
  const mime = await (form.get("message") as File).text();
  const parsed = await simpleParser(mime);
  expect(parsed.messageId).toBe(`<${r.body.sendId}@mg.acme.example>`);
  expect(parsed.attachments.map((a) => a.contentType)).toEqual(["text/x-amp-html"]);
  expect(String(parsed.html)).toContain("Hi bob@example.com");
  const tracked = await (await server.fetch(`/api/sends/${r.body.sendId}`, { token: user.token })).json();
  expect(tracked.send).toMatchObject({ status: "sent", providerId: "<20260101.1@mg.acme.example>" });
});

it("answers 500 Send failed on an API error and records the attempt", async () => {
  reply = () => ({ status: 400, body: { message: "to parameter is not a valid address" } });
  const r = await send({ to: "bob@example.com", html: "<p>x</p>" });
  expect(r).toMatchObject({ status: 500, body: { success: false, error: "Send failed", sendId: expect.any(String), retryable: false } });
  const tracked = await (await server.fetch(`/api/sends/${r.body.sendId}`, { token: user.token })).json();
  expect(tracked.send).toMatchObject({ status: "failed", error: expect.stringContaining("to parameter is not a valid address") });
});

it("answers 500 Send failed when Mailgun does not answer in time, and records the attempt", async () => {
  reply = () => "hang";
  const r = await send({ to: "bob@example.com", html: "<p>x</p>" });
  expect(r).toMatchObject({ status: 500, body: { error: "Send failed", retryable: true } });
  const tracked = await (await server.fetch(`/api/sends/${r.body.sendId}`, { token: user.token })).json();
  expect(tracked.send).toMatchObject({ status: "failed", error: expect.stringMatching(/did not answer/) });
});
