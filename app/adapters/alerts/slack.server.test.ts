import { startHttp, type Reply } from "../email-provider/testing/http";
import { alertText, createSlackNotifier } from "./slack.server";

describe("Slack-compatible alert notifier", () => {
  let replyWith: Reply = { status: 200, body: "ok" };
  let server: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    server = await startHttp(() => replyWith);
  });
  afterAll(() => server.close());

  it("posts { text } JSON naming the kind, recipient and reason", async () => {
    const notifier = createSlackNotifier({ webhookUrl: `${server.url}/services/T000/B000/XXX` });
    const r = await notifier.notify({ kind: "hard_bounce", recipient: "bob@example.com", message: "550 5.1.1 <bob> unknown" });
    expect(r).toEqual({ ok: true });
    const req = server.requests[server.requests.length - 1];
    expect(req.url).toBe("/services/T000/B000/XXX");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body.toString("utf8"))).toEqual({
      text: ":rotating_light: *Kinetic: Hard bounce* for bob@example.com\n550 5.1.1 &lt;bob&gt; unknown",
    });
  });

  it.each<[string, Reply, string]>([
    ["a 404", { status: 404, body: "no_service" }, "Alert webhook answered 404: no_service"],
    ["a 500", { status: 500, body: "" }, "Alert webhook answered 500"],
  ])("returns a failure value on %s", async (_, reply, error) => {
    replyWith = reply;
    const notifier = createSlackNotifier({ webhookUrl: server.url });
    expect(await notifier.notify({ kind: "complaint", recipient: "a@b.c", message: "abuse report" })).toEqual({ ok: false, error });
  });

  it("times out on a webhook that never answers", async () => {
    replyWith = "hang";
    const notifier = createSlackNotifier({ webhookUrl: server.url, timeoutMs: 200 });
    expect(await notifier.notify({ kind: "complaint", recipient: "a@b.c", message: "m" })).toEqual({
      ok: false,
      error: "Alert webhook did not answer within 200 ms",
    });
  });

  it("reports an unreachable webhook", async () => {
    const dead = await startHttp(() => ({ status: 200 }));
    await dead.close();
    const r = await createSlackNotifier({ webhookUrl: dead.url }).notify({ kind: "hard_bounce", recipient: "a@b.c", message: "m" });
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^Alert webhook unreachable/) });
  });

  it("words each kind", () => {
    expect(alertText({ kind: "soft_bounce_escalated", recipient: "a@b.c", message: "3 soft bounces in 7 days" }, "Kinetic staging")).toBe(
      ":rotating_light: *Kinetic staging: Soft bounces escalated to suppression* for a@b.c\n3 soft bounces in 7 days",
    );
    expect(alertText({ kind: "complaint", recipient: "a@b.c", message: "" })).toContain("Spam complaint");
  });
});
