import { simpleParser } from "mailparser";
import { buildMime } from "./build";
import { compilePart, fillPart, transferEncodingFor } from "./part-template";

const PLACEHOLDER = /\{\{(A|B|C)\}\}/g;

const naive = (doc: string, values: Record<string, string>) => doc.replace(PLACEHOLDER, (_, n: string) => values[n]);

/** The part as a mail client reads it back, through a whole message. */
async function decoded(kind: "html" | "text", content: string, encoded: ReturnType<typeof fillPart>["encoded"]): Promise<string> {
  const message = await buildMime({
    from: "k@kinetic.example",
    to: "r@example.com",
    subject: "s",
    text: kind === "text" ? content : "t",
    html: kind === "html" ? content : "<p>h</p>",
    messageId: "m@kinetic.example",
    listUnsubscribe: { mailto: "u@kinetic.example", url: "https://kinetic.example/u" },
    encoded: { [kind]: encoded },
  });
  const parsed = await simpleParser(message.raw);
  return (kind === "html" ? parsed.html : parsed.text) || "";
}

function longestLine(body: string): number {
  return Math.max(...body.split("\r\n").map((l) => l.length));
}

describe("compilePart / fillPart", () => {
  it("splits at the placeholders and fills them in document order, repeats included", () => {
    const part = compilePart("{{A}}x{{B}}{{A}}y{{C}}", PLACEHOLDER, undefined);
    expect(part.texts).toEqual(["", "x", "", "y", ""]);
    expect(part.names).toEqual(["A", "B", "A", "C"]);
    expect(fillPart(part, { A: "1", B: "2", C: "3" })).toEqual({ content: "1x21y3" });
  });

  it("keeps a document without placeholders whole", () => {
    const part = compilePart("<p>no values</p>", PLACEHOLDER, undefined);
    expect(fillPart(part, {}).content).toBe("<p>no values</p>");
  });

  const values = [
    { A: "https://kinetic.example/vib/7f0c1e4e-8a1b-4c53-9d4e-0f3b1f6f3a11?x=1&amp;y=2", B: "bob@example.com", C: "f".repeat(64) },
    { A: "", B: "trailing space ", C: "é ünïcödé = 春" },
    { A: "x".repeat(300), B: "=3D=", C: " " },
  ];
  const docs = [
    `<p>${"Spring sale on every tea ".repeat(12)}{{A}}</p>\n<a href="{{A}}">v</a> {{B}}{{C}}<p>Caf\u00e9 </p>`,
    `{{A}}${"a".repeat(200)}{{B}}\r\n${"long line without spaces ".repeat(8)} \r\n{{C}}`,
    `Dear {{B}},\nline one \nline two\t\n${"ümlaut ".repeat(40)}{{C}} end`,
    `<p>${"春のセールは今週末まで。".repeat(12)}{{A}}</p>{{B}}`,
  ];

  it("encodes a filled part so that it reads back as nodemailer's own encoding does, lines within 76 characters", async () => {
    for (const doc of docs) {
      const part = compilePart(doc, PLACEHOLDER, transferEncodingFor(doc));
      expect(part.encoding).toBeDefined();
      for (const v of values) {
        const filled = fillPart(part, v);
        expect(filled.content).toBe(naive(doc, v));
        expect(filled.encoded?.encoding).toBe(part.encoding);
        expect(longestLine(filled.encoded!.body)).toBeLessThanOrEqual(76);
        const own = await decoded("html", filled.content, undefined);
        expect(own.replace(/\r\n/g, "\n")).toBe(filled.content.replace(/\r\n/g, "\n"));
        expect(await decoded("html", filled.content, filled.encoded)).toBe(own);
      }
    }
  });

  it("keeps a text part's line breaks and trailing whitespace through quoted-printable", async () => {
    const doc = "Hello {{B}} \nsecond line\t\n\n{{A}}\nlast ";
    const part = compilePart(doc, PLACEHOLDER, "quoted-printable");
    const filled = fillPart(part, { A: "https://kinetic.example/u?a=1&b=2", B: "Bob", C: "" });
    expect(filled.encoded?.body).not.toMatch(/[ \t]\r?\n/);
    expect((await decoded("text", filled.content, filled.encoded)).replace(/\r\n/g, "\n")).toBe(filled.content);
  });
});
