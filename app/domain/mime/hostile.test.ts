// The sending path's HTML helpers on hostile markup (docs/security.md): they finish, in one pass, without
// recursion that grows with the input.
import { absolutizeImageUrls } from "./urls";
import { htmlToText } from "./text";

describe("htmlToText on hostile markup", () => {
  it("reads a document nested 100,000 deep (before: a stack overflow after seconds of parsing)", () => {
    const html = `<p>Hello</p>${"<div>".repeat(100_000)}deep words${"</div>".repeat(100_000)}<p>Bye</p>`;
    expect(htmlToText(html)).toBe("Hello\ndeep words\nBye");
  });

  it("reads links and lists nested a few hundred deep like shallow ones", () => {
    const inner = `<ul><li>One</li><li><a href="https://x.example/">Two</a></li></ul>`;
    const html = `${"<div>".repeat(500)}${inner}${"</div>".repeat(500)}`;
    expect(htmlToText(html)).toBe(htmlToText(inner));
    expect(htmlToText(html)).toBe("- One\n- Two (https://x.example/)");
  });

  it("labels a link from the alt texts of its images, in order", () => {
    expect(htmlToText(`<a href="https://x.example/s"><span><img alt="Big"></span><img alt="sale"></a>`)).toBe(
      "Big sale (https://x.example/s)",
    );
  });
});

describe("absolutizeImageUrls on hostile markup", () => {
  it("reads unclosed conditional comments once (before: one level of recursion each)", () => {
    // Everything after the first "<!--" is one unclosed comment; conditional comments do not nest.
    const html = `<img src="/a.png">${"<!--[if mso]>".repeat(20_000)}<img src="/b.png">`;
    expect(absolutizeImageUrls(html, "https://k.example/")).toBe(html.replace('"/a.png"', '"https://k.example/a.png"'));
  });

  it("still rewrites VML images inside a conditional comment", () => {
    const html = `<!--[if gte mso 9]><v:image src="/bg.jpg"/><![endif]--><img src="/a.png">`;
    expect(absolutizeImageUrls(html, "https://k.example/")).toBe(
      `<!--[if gte mso 9]><v:image src="https://k.example/bg.jpg"/><![endif]--><img src="https://k.example/a.png">`,
    );
  });
});
