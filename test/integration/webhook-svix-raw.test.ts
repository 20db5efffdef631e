// POST /api/esp-webhook with a Svix secret in raw form (WEBHOOK_SECRET_FORMAT=raw): the secret's
// own bytes are the HMAC key, as the official libraries' raw constructors take it. Configuration
// is read once per process, hence a file of its own.
import { createHmac } from "node:crypto";
import { RESEND_DOCUMENTED } from "../fixtures/webhooks/resend-payloads";
import { startTestServer, type TestServer } from "../helpers/server";

// Not base64 at all, so it could never work as a whsec_ secret.
const RAW_SECRET = "raw secret: shared with the sender as plain text!";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    EMAIL_PROVIDER: "outbox",
    WEBHOOK_SIGNING_SECRET: RAW_SECRET,
    WEBHOOK_SCHEME: "svix",
    WEBHOOK_SECRET_FORMAT: "raw",
    ALERT_WEBHOOK_URL: "",
  });
});
afterAll(() => server?.close());

function signed(body: string, key: Buffer, id: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` };
}

async function post(body: string, headers: Record<string, string>) {
  const res = await server.fetch("/api/esp-webhook", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function suppression(email: string) {
  const rs = await server.app.database.client.execute({
    sql: "SELECT reason, until FROM email_suppressions WHERE email = ?",
    args: [email],
  });
  return rs.rows[0] ? { reason: rs.rows[0].reason, until: rs.rows[0].until } : null;
}

it("applies Resend's documented bounce signed with the raw secret's bytes", async () => {
  const body = JSON.stringify(RESEND_DOCUMENTED.bounced);
  const r = await post(body, signed(body, Buffer.from(RAW_SECRET, "utf8"), "msg_raw_bounce"));
  expect(r).toEqual({ status: 200, body: { success: true } });
  expect(await suppression("delivered@resend.dev")).toEqual({ reason: "hard_bounce", until: null });
});

it("refuses a body signed with another key", async () => {
  const body = JSON.stringify({
    ...RESEND_DOCUMENTED.complained,
    data: { ...RESEND_DOCUMENTED.complained.data, to: ["other@resend.dev"] },
  });
  const r = await post(body, signed(body, Buffer.from(`${RAW_SECRET}x`, "utf8"), "msg_raw_forged"));
  expect(r).toMatchObject({ status: 401, body: { error: "Invalid webhook signature" } });
  expect(await suppression("other@resend.dev")).toBeNull();
});
