// Without WEBHOOK_SIGNING_SECRET the webhook fails closed: nothing unsigned is ever applied.
import { signMailgun } from "~/domain/webhooks";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_SIGNING_SECRET: "", WEBHOOK_SCHEME: "mailgun" });
});
afterAll(() => server?.close());

it("answers 500 to every delivery, signed or not, and writes nothing", async () => {
  const data = { id: "e1", event: "failed", severity: "permanent", timestamp: Date.now() / 1000, recipient: "a@example.com" };
  for (const body of [{ "event-data": data }, { signature: signMailgun("whatever"), "event-data": data }]) {
    const res = await server.fetch("/api/esp-webhook", { method: "POST", json: body });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, error: "Webhook signing secret not configured" });
  }
  const rs = await server.app.database.client.execute(
    "SELECT (SELECT count(*) FROM email_delivery_events) + (SELECT count(*) FROM email_suppressions) AS n",
  );
  expect(Number(rs.rows[0].n)).toBe(0);
});

it("allows only POST", async () => {
  const res = await server.fetch("/api/esp-webhook");
  expect(res.status).toBe(405);
});
