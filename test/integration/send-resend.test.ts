// POST /api/send-email-esp through the Resend provider against a local /emails server: Resend
// takes no raw MIME, so the response notes that the AMP part was left out.
import { startHttp, type CapturedRequest, type Reply } from "~/adapters/email-provider/testing/http";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let reply: (req: CapturedRequest) => Reply = () => ({ status: 200, body: { id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" } });
let resend: Awaited<ReturnType<typeof startHttp>>;
let server: TestServer;
let user: { id: string; email: string; token: string };

beforeAll(async () => {
  resend = await startHttp((req) => reply(req));
  server = await startTestServer({
    EMAIL_PROVIDER: "resend",
    RESEND_API_KEY: "re_test",
    RESEND_BASE_URL: resend.url,
    MAIL_FROM: "Acme <mail@acme.example>",
    BASE_URL: "https://acme.example",
  });
  user = await createUserWithToken(server);
});
afterAll(async () => {
  await server?.close();
  await resend.close();
});

const send = async (json: unknown) => {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token: user.token, json });
  return { status: res.status, body: await res.json() };
};

it("sends text + html with our headers and the send_id tag, and notes the AMP part it left out", async () => {
  const r = await send({
    to: "bob@example.com",
    subject: "Hi",
    html: "<p>Hello {{RECIPIENT_EMAIL}}</p>",
    ampHtml: "<!doctype html><html ⚡4email><head></head><body>amp</body></html>",
  });
  expect(r).toMatchObject({
    status: 200,
    body: { success: true, provider: "resend", notes: [expect.stringContaining("AMP part left out")] },
  });
  const req = resend.requests[resend.requests.length - 1];
  expect(req.url).toBe("/emails");
  expect(req.headers.authorization).toBe("Bearer re_test");
  expect(req.headers["idempotency-key"]).toBe(r.body.sendId);
  const body = JSON.parse(req.body.toString("utf8"));
  expect(body).toMatchObject({
    from: "Acme <mail@acme.example>",
    to: "bob@example.com",
    subject: "Hi",
    tags: [{ name: "send_id", value: r.body.sendId }],
  });
  expect(body.html).toContain("Hello bob@example.com");
  expect(body.text).toContain("Hello bob@example.com");
  expect(body.headers["List-Unsubscribe"]).toMatch(
    /^<mailto:unsubscribe@acme\.example\?subject=unsubscribe>, <https:\/\/acme\.example\/unsubscribe\/[A-Za-z0-9_-]+\?s=[0-9a-f-]{36}>$/,
  );
  expect(body.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(JSON.stringify(body)).not.toContain("4email");
  const tracked = await (await server.fetch(`/api/sends/${r.body.sendId}`, { token: user.token })).json();
  expect(tracked.send).toMatchObject({
    status: "sent",
    providerId: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c",
    notes: [expect.stringContaining("AMP")],
  });
});

it("answers 500 Send failed on an API error and records the attempt", async () => {
  reply = () => ({ status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } });
  const r = await send({ to: "bob@example.com", html: "<p>x</p>" });
  expect(r).toMatchObject({ status: 500, body: { success: false, error: "Send failed", sendId: expect.any(String) } });
  const tracked = await (await server.fetch(`/api/sends/${r.body.sendId}`, { token: user.token })).json();
  expect(tracked.send).toMatchObject({ status: "failed", error: expect.stringContaining("Invalid `to` field.") });
});

it("sends from the user's brand profile: From name and address, reply_to", async () => {
  reply = () => ({ status: 200, body: { id: "5ef9a417-02e9-4d39-ad75-9611e0fcc33c" } });
  const other = await createUserWithToken(server);
  const { saveSenderProfile } = await import("~/models/sender-profiles.server");
  await saveSenderProfile(server.app.database.db as never, other.id, {
    senderName: "Acme, Spring Team",
    fromAddress: "spring@acme.example",
    replyTo: "team@acme.example",
    postalAddress: null,
    logoUrl: null,
    websiteUrl: null,
  });
  const res = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: other.token,
    json: { to: "bob@example.com", html: "<p>Hi</p>" },
  });
  expect(res.status).toBe(200);
  const body = JSON.parse(resend.requests[resend.requests.length - 1].body.toString("utf8"));
  expect(body).toMatchObject({ from: `"Acme, Spring Team" <spring@acme.example>`, reply_to: "team@acme.example" });
});
