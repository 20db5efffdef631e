import { simpleParser } from "mailparser";
import { buildMime } from "./build";
import { compilePart, fillPart, transferEncodingFor } from "./part-template";

const base = {
  from: { name: "Kinetic", address: "mail@kinetic.example" },
  to: "bob@example.com",
  subject: "Your Kinetic Email — ünïcode",
  text: "Hello Bob",
  html: "<!DOCTYPE html><html><body><p>Hello Bob</p></body></html>",
  messageId: "send-1@kinetic.example",
  listUnsubscribe: { mailto: "unsubscribe@kinetic.example?subject=unsubscribe", url: "https://kinetic.example/unsubscribe/tok123" },
  date: new Date("2026-11-21T12:00:00Z"),
};

function contentTypesInOrder(raw: string): string[] {
  return raw
    .split("\r\n")
    .filter((l) => /^content-type:/i.test(l))
    .map((l) =>
      l
        .replace(/^content-type:\s*/i, "")
        .split(";")[0]
        .trim()
        .toLowerCase(),
    );
}

describe("buildMime", () => {
  it("orders text/plain, text/x-amp-html, text/html inside multipart/alternative", async () => {
    const { raw, messageId } = await buildMime({ ...base, ampHtml: "<!doctype html><html ⚡4email><body>AMP</body></html>" });
    expect(messageId).toBe("<send-1@kinetic.example>");
    expect(contentTypesInOrder(raw)).toEqual(["multipart/alternative", "text/plain", "text/x-amp-html", "text/html"]);
    const parsed = await simpleParser(raw);
    expect(parsed.text?.trim()).toBe("Hello Bob");
    expect(parsed.html).toContain("<p>Hello Bob</p>");
    expect(parsed.attachments.map((a) => a.contentType)).toEqual(["text/x-amp-html"]);
    expect(parsed.attachments[0].content.toString("utf8")).toContain("AMP");
  });

  it("writes every line break as CRLF, in the parts too (RFC 5322 §2.3, RFC 2046 §4.1.1)", async () => {
    const text = "Hello Bob\nsecond line\rthird\r\nfourth " + "long ".repeat(30);
    const html = `<html>\n<body>\n<p>${"Caf\u00e9 ".repeat(30)}</p>\n</body>\n</html>\n`;
    const plain = await buildMime({ ...base, text, html, ampHtml: "<html ⚡4email>\n<body>AMP</body>\n</html>" });
    const fill = (doc: string) => fillPart(compilePart(doc, /\{\{(X)\}\}/g, transferEncodingFor(doc)), {}).encoded;
    const pre = await buildMime({ ...base, text, html, encoded: { text: fill(text), html: fill(html) } });
    for (const { raw } of [plain, pre]) {
      expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      const parsed = await simpleParser(raw);
      // A reader gives the content back with its local line breaks.
      expect(parsed.html).toBe(html);
      expect(parsed.text).toBe(text.replace(/\r\n|\r|\n/g, "\n"));
    }
  });

  it("leaves the AMP part out when none is given", async () => {
    const { raw } = await buildMime(base);
    expect(contentTypesInOrder(raw)).toEqual(["multipart/alternative", "text/plain", "text/html"]);
  });

  it("writes Message-ID, List-Unsubscribe (mailto + https), one-click post and extra headers", async () => {
    const { raw } = await buildMime({ ...base, messageId: "<send-1@kinetic.example>", headers: { "X-Kinetic-Send-Id": "send-1" } });
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toBe("<send-1@kinetic.example>");
    expect(parsed.subject).toBe(base.subject);
    expect(parsed.from?.value[0]).toEqual({ name: "Kinetic", address: "mail@kinetic.example" });
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("bob@example.com");
    const line = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line;
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(parsed.headers.get("x-kinetic-send-id")).toBe("send-1");
    const unfolded = raw.replace(/\r\n[ \t]+/g, " ");
    expect(unfolded).toContain(
      "List-Unsubscribe: <mailto:unsubscribe@kinetic.example?subject=unsubscribe>, <https://kinetic.example/unsubscribe/tok123>",
    );
    expect(parsed.date?.toISOString()).toBe("2026-11-21T12:00:00.000Z");
  });

  it("chooses each part's transfer encoding as nodemailer does, and a pre-encoded part carries it unchanged", async () => {
    const longLatin = `<html><body><p>${"Spring sale on every tea ".repeat(20)}</p><p>Caf\u00e9</p></body></html>`;
    const cjk = `<p>${"春のセールは今週末まで、すべてのお茶が二割引です。".repeat(10)}</p>`;
    expect(transferEncodingFor("Hello Bob\r\nshort lines only")).toBeUndefined();
    expect(transferEncodingFor(longLatin)).toBe("quoted-printable");
    expect(transferEncodingFor(cjk)).toBe("base64");
    const encodings = (raw: string) => [...raw.matchAll(/^Content-Transfer-Encoding: (.+)$/gim)].map((m) => m[1].trim().toLowerCase());
    const headerBlocks = (raw: string) =>
      [...raw.matchAll(/^Content-Type: text\/[^\r]*\r\nContent-Transfer-Encoding: [^\r]*$/gim)].map((m) => m[0]);
    for (const html of [longLatin, cjk, base.html]) {
      const text = html.replace(/<[^>]+>/g, " ");
      const fill = (doc: string) => fillPart(compilePart(doc, /\{\{(X)\}\}/g, transferEncodingFor(doc)), {});
      const pre = await buildMime({ ...base, html, text, encoded: { html: fill(html).encoded, text: fill(text).encoded } });
      const scanned = await buildMime({ ...base, html, text });
      expect(encodings(pre.raw)).toEqual(encodings(scanned.raw));
      expect(headerBlocks(pre.raw)).toEqual(headerBlocks(scanned.raw));
      const parsed = await simpleParser(pre.raw);
      expect(parsed.html).toBe(html);
    }
  });

  it("joins pre-encoded parts into exactly the bytes nodemailer's own stream would write", async () => {
    const latin = `<html><body><p>${"Spring sale on every tea ".repeat(20)}</p><p>Caf\u00e9 {{X}}</p></body></html>`;
    const cjk = `<p>${"春のセールは今週末まで、すべてのお茶が二割引です。".repeat(10)} {{X}}</p>`;
    const amp = `<!doctype html><html ⚡4email><body>${"AMP tabs ".repeat(20)}{{X}}</body></html>`;
    const fill = (doc: string) => fillPart(compilePart(doc, /\{\{(X)\}\}/g, transferEncodingFor(doc)), { X: "bob@example.com" });
    const cases = [
      { html: latin, text: "Hello Bob\nsecond line " + "long ".repeat(30) },
      { html: cjk, text: "春のセール" },
      { html: latin, text: "Tabs for tea " + "and more ".repeat(20), ampHtml: amp },
      {
        html: latin,
        text: "Kaffee " + "und Kuchen ".repeat(20),
        subject: "Ünïcode subject that is long enough to be folded over more than one line of the header",
        from: "Kaffee Köln <mail@kinetic.example>",
      },
    ];
    for (const c of cases) {
      const input = {
        ...base,
        ...c,
        html: fill(c.html).content,
        text: fill(c.text).content,
        ampHtml: c.ampHtml ? fill(c.ampHtml).content : undefined,
        headers: { "X-Kinetic-Send-Id": "send-1" },
        encoded: { html: fill(c.html).encoded, text: fill(c.text).encoded, amp: c.ampHtml ? fill(c.ampHtml).encoded : undefined },
      };
      const joined = await buildMime(input, { baseBoundary: "0123456789abcdef" });
      const streamed = await buildMime(input, { baseBoundary: "0123456789abcdef", streamed: true });
      expect(joined.raw).toBe(streamed.raw);
      expect((await simpleParser(joined.raw)).html).toBe(input.html);
    }
  });
});
