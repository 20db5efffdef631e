import type { OutgoingMessage } from "./port";
import { AMP_LEFT_OUT_NOTE, createResendProvider } from "./resend.server";
import { startHttp, type Reply } from "./testing/http";

const msg: OutgoingMessage = {
  raw: "unused",
  from: `"Kinetic" <mail@k.example>`,
  to: "bob@example.com",
  sendId: "5f0c1b1e-8d6e-4d8f-9d8e-1f2a3b4c5d6e",
  subject: "Your Kinetic Email",
  html: "<p>Hello</p>",
  text: "Hello",
  headers: {
    "List-Unsubscribe": "<mailto:unsubscribe@k.example>, <https://k.example/unsubscribe/tok>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};

describe("Resend provider against a local /emails endpoint", () => {
  let replyWith: Reply = { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } };
  let server: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    server = await startHttp(() => replyWith);
  });
  afterAll(() => server.close());

  it("sends text + html, the headers and the send id tag, and notes the AMP part it left out", async () => {
    const provider = createResendProvider({ apiKey: "re_test", baseUrl: server.url });
    const r = await provider.send({ ...msg, ampHtml: "<html ⚡4email></html>" });
    expect(r).toEqual({ ok: true, providerId: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794", notes: [AMP_LEFT_OUT_NOTE] });
    const req = server.requests[server.requests.length - 1];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/emails");
    expect(req.headers.authorization).toBe("Bearer re_test");
    expect(req.headers["idempotency-key"]).toBe(msg.sendId);
    const body = JSON.parse(req.body.toString("utf8"));
    expect(body).toMatchObject({
      from: msg.from,
      to: "bob@example.com",
      subject: "Your Kinetic Email",
      html: "<p>Hello</p>",
      text: "Hello",
      headers: msg.headers,
      tags: [{ name: "send_id", value: msg.sendId }],
    });
    expect(JSON.stringify(body)).not.toContain("4email");
  });

  it("has no note without an AMP part", async () => {
    replyWith = { status: 200, body: { id: "x1" } };
    const provider = createResendProvider({ apiKey: "re_test", baseUrl: server.url });
    expect(await provider.send(msg)).toEqual({ ok: true, providerId: "x1", notes: [] });
  });

  it.each<[string, Reply, RegExp, boolean]>([
    [
      "401",
      { status: 401, body: { statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." } },
      /^Resend 401 failed \(missing_api_key\): Missing API key/,
      false,
    ],
    [
      "422",
      { status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } },
      /^Resend 422 failed \(validation_error\): Invalid `to` field\.$/,
      false,
    ],
    ["429", { status: 429, body: { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests." } }, /429/, true],
    ["500 without JSON", { status: 500, body: "oops" }, /^Resend 500 failed \(application_error\)/, true],
  ])("maps %s", async (_, reply, error, retryable) => {
    replyWith = reply;
    const provider = createResendProvider({ apiKey: "re_test", baseUrl: server.url });
    const r = await provider.send(msg);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(error);
      expect(r.retryable).toBe(retryable);
    }
  });

  it("times out on a server that never answers", async () => {
    replyWith = "hang";
    const provider = createResendProvider({ apiKey: "re_test", baseUrl: server.url, timeoutMs: 200 });
    expect(await provider.send(msg)).toEqual({ ok: false, error: "Resend did not answer within 200 ms", retryable: true });
  });
});
