import { createMailgunProvider } from "./mailgun.server";
import type { OutgoingMessage } from "./port";
import { formData, startHttp, type Reply } from "./testing/http";

const RAW =
  "From: mail@k.example\r\nTo: bob@example.com\r\nSubject: Hi\r\nMessage-ID: <s1@k.example>\r\nContent-Type: text/plain\r\n\r\nHello\r\n";
const msg: OutgoingMessage = {
  raw: RAW,
  from: "mail@k.example",
  to: "bob@example.com",
  sendId: "send-1",
  subject: "Hi",
  html: "<p>Hello</p>",
  text: "Hello",
  ampHtml: "<html ⚡4email></html>",
  headers: {},
};

describe("Mailgun provider against a local messages.mime endpoint", () => {
  let replyWith: Reply = { status: 200, body: { id: "<20261121120000.1.ABC@mg.k.example>", message: "Queued. Thank you." } };
  let server: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    server = await startHttp(() => replyWith);
  });
  afterAll(() => server.close());

  it("posts the raw MIME as the message file part with to, v:send_id and basic auth", async () => {
    const provider = createMailgunProvider({ apiKey: "key-123", domain: "mg.k.example", apiBase: `${server.url}/` });
    const r = await provider.send(msg);
    expect(r).toEqual({ ok: true, providerId: "<20261121120000.1.ABC@mg.k.example>", notes: ["Mailgun: Queued. Thank you."] });
    const req = server.requests[server.requests.length - 1];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v3/mg.k.example/messages.mime");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("api:key-123").toString("base64")}`);
    expect(String(req.headers["content-type"])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formData(req);
    expect(form.get("to")).toBe("bob@example.com");
    expect(form.get("v:send_id")).toBe("send-1");
    const file = form.get("message");
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe(RAW);
  });

  it.each<[string, Reply, RegExp, boolean]>([
    ["401 in plain text", { status: 401, body: "Forbidden" }, /^Mailgun rejected the API key \(401\): Forbidden$/, false],
    [
      "400 with a message",
      { status: 400, body: { message: "to parameter is not a valid address. please check documentation" } },
      /^Mailgun refused the message \(400\): to parameter is not a valid address/,
      false,
    ],
    ["429", { status: 429, body: { message: "Too many requests" } }, /\(429\): Too many requests/, true],
    ["500", { status: 500, body: "Internal Server Error" }, /^Mailgun failed \(500\): Internal Server Error$/, true],
    ["200 without an id", { status: 200, body: { message: "Queued" } }, /no message id/, false],
  ])("maps %s", async (_, reply, error, retryable) => {
    replyWith = reply;
    const provider = createMailgunProvider({ apiKey: "k", domain: "d", apiBase: server.url });
    const r = await provider.send(msg);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(error);
      expect(r.retryable).toBe(retryable);
    }
  });

  it("times out on a server that never answers", async () => {
    replyWith = "hang";
    const provider = createMailgunProvider({ apiKey: "k", domain: "d", apiBase: server.url, timeoutMs: 200 });
    expect(await provider.send(msg)).toEqual({ ok: false, error: "Mailgun did not answer within 200 ms", retryable: true });
  });

  it("reports an unreachable host as retryable", async () => {
    const dead = await startHttp(() => ({ status: 200 }));
    await dead.close();
    const provider = createMailgunProvider({ apiKey: "k", domain: "d", apiBase: dead.url });
    expect(await provider.send(msg)).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/^Mailgun unreachable/) });
  });
});
