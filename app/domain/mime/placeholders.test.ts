import { createHash } from "node:crypto";
import { recipientPlaceholders, resolveWorkspacePlaceholders, recipientHash } from "./placeholders";

describe("resolveWorkspacePlaceholders", () => {
  it("fills every occurrence, escapes values and empties missing ones", () => {
    const out = resolveWorkspacePlaceholders(`<p data-p="{{PROJECT_ID}}">{{EMAIL_NAME}} / {{EMAIL_NAME}} / {{DATABASE_ID}}</p>`, {
      emailName: `Spring <Sale> "A"`,
      projectId: "p1",
    });
    expect(out).toBe(`<p data-p="p1">Spring &lt;Sale&gt; &quot;A&quot; / Spring &lt;Sale&gt; &quot;A&quot; / </p>`);
  });
});

describe("recipientPlaceholders", () => {
  it("substitutes the per-recipient values", () => {
    const html = `<a href="{{VIB_URL}}">v</a><img src="https://t.example/o/{{UUID}}/{{SEND_ID}}.gif"><p>For {{RECIPIENT_EMAIL}}</p><a href="{{UNSUBSCRIBE_URL}}">u</a>`;
    const out = recipientPlaceholders(html, {
      recipient: "Bob.Smith+x@Example.COM",
      sendId: "s-1",
      vibUrl: "https://k.example/vib/s-1",
      unsubscribeUrl: "https://k.example/unsubscribe/tok?a=1&b=2",
    });
    const uuid = createHash("sha256").update("bob.smith+x@example.com").digest("hex");
    expect(out).toBe(
      `<a href="https://k.example/vib/s-1">v</a><img src="https://t.example/o/${uuid}/s-1.gif"><p>For Bob.Smith+x@Example.COM</p><a href="https://k.example/unsubscribe/tok?a=1&amp;b=2">u</a>`,
    );
  });

  it("escapes a recipient address that carries markup", () => {
    const out = recipientPlaceholders("{{RECIPIENT_EMAIL}}", {
      recipient: `"<b>x</b>"@example.com`,
      sendId: "s",
      vibUrl: "v",
      unsubscribeUrl: "u",
    });
    expect(out).toBe("&quot;&lt;b&gt;x&lt;/b&gt;&quot;@example.com");
  });

  it("hashes case-insensitively", () => {
    expect(recipientHash("A@B.COM")).toBe(recipientHash("a@b.com"));
    expect(recipientHash("a@b.com")).toMatch(/^[0-9a-f]{64}$/);
  });
});
