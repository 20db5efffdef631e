import { parseDocument } from "htmlparser2";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { render } from "~/domain/render";
import { selectAll, selectOne } from "css-select";
import { textContent } from "domutils";
import type { Element } from "domhandler";
import { buildBlueprint } from "../blueprint/build";
import { writeLocalCopy } from "../copy/local";
import { parseInstructions, splitInstructions } from "./grammar";
import { LocalRefineEngine, refineLocally } from "./local";

const PROMPT =
  "Black Friday email for Lumen Coffee Roasters: 20% off all beans with code BEAN20 until November 29. Beans: Huila $16, Sidamo $19. Shop at https://lumen.example.com/shop";

function email(): string {
  const facts = parsePromptFacts(PROMPT);
  const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques: ["accordion"] });
  const bp = buildBlueprint({ prompt: PROMPT, copyDoc, techniques: ["accordion"], facts, styleTheory: "minimal" });
  if (!bp.ok) throw new Error(bp.error);
  const out = render(bp.blueprint);
  if (!out.ok) throw new Error("render failed");
  return out.html;
}

const dom = (html: string) => parseDocument(html);
const buttons = (html: string) => selectAll("a.kx-btn", dom(html)) as unknown as Element[];
const headings = (html: string) => (selectAll("h1, h2", dom(html)) as unknown as Element[]).map((h) => textContent(h));

describe("refine grammar", () => {
  it("splits sentences, lines and 'then', but not inside quotes or URLs", () => {
    expect(
      splitInstructions(
        'Change the headline to "Hi. There". Make the button red\nthen remove the section "offer"; change the CTA link to https://x.example/a.b',
      ),
    ).toEqual([
      'Change the headline to "Hi. There"',
      "Make the button red",
      'remove the section "offer"',
      "change the CTA link to https://x.example/a.b",
    ]);
  });

  it.each([
    ['replace "A" with "B"', "replaceText"],
    ['change "A" to "B"', "replaceText"],
    ['change the headline to "New"', "headline"],
    ['set the subject line to "New"', "subject"],
    ['change the preheader to "New"', "preheader"],
    ["make the button red", "buttonColor"],
    ["make the buttons #123456", "buttonColor"],
    ["recolour the primary colour to #123456", "recolor"],
    ["change the background to #fff", "recolor"],
    ["change the text colour to navy", "recolor"],
    ["change #ff0000 to #00ff00", "recolor"],
    ['change the CTA label to "Buy now"', "ctaLabel"],
    ['change the "Shop now" button text to "Buy"', "ctaLabel"],
    ["change the CTA link to https://x.example/sale", "ctaLink"],
    ["point the button to {{VIB_URL}}", "ctaLink"],
    ['remove the section "Good to know"', "removeSection"],
    ["delete the offer section", "removeSection"],
    ['add a section "Gift cards" saying "Give coffee."', "addSection"],
    ['add a section titled "Gift cards" with the body "Give coffee." after "offer"', "addSection"],
  ])("parses %s", (text, kind) => {
    const [p] = parseInstructions(text);
    expect("edit" in p && p.edit.kind).toBe(kind);
  });

  it("explains what it cannot parse", () => {
    const [a, b] = parseInstructions("make it pop\nmake the button chartreuse");
    expect("error" in a && a.error).toMatch(/Not understood.*docs\/refine\.md/);
    expect("error" in b && b.error).toMatch(/chartreuse.*not a colour/);
  });
});

describe("LocalRefineEngine", () => {
  const html = email();

  it("replaces text everywhere, including the static fallback", () => {
    const out = refineLocally(html, 'Replace "BEAN20" with "SAVE20"');
    expect(out.applied).toHaveLength(1);
    expect(out.html).not.toContain("BEAN20");
    expect(out.html).toContain("SAVE20");
  });

  it("changes the headline, subject and preheader", () => {
    const out = refineLocally(
      html,
      'Change the headline to "Black Friday is here". Change the subject to "Beans, for less". Change the preheader to "Ends Sunday"',
    );
    expect(out.notApplied).toEqual([]);
    expect(headings(out.html)[0]).toBe("Black Friday is here");
    expect(textContent(selectOne("title", dom(out.html)) as unknown as Element)).toBe("Beans, for less");
    expect(textContent(selectOne(".kx-preheader", dom(out.html)) as unknown as Element).startsWith("Ends Sunday")).toBe(true);
  });

  it("recolours buttons with readable text", () => {
    const out = refineLocally(html, "make the buttons yellow");
    for (const a of buttons(out.html)) {
      const cell = a.parent as Element;
      expect(cell.attribs.bgcolor).toBe("#facc15");
      expect(a.attribs.style).toContain("color:#111111");
    }
  });

  it("recolours the primary colour and the background everywhere", () => {
    const out = refineLocally(html, "recolour the primary colour to #123456. change the background to #fff");
    expect(out.notApplied).toEqual([]);
    expect(out.html.toLowerCase()).not.toContain("#18181b;"); // minimal preset primary, as a declaration value
    expect(out.html).toContain("#123456");
    expect((selectOne("body", dom(out.html)) as unknown as Element).attribs.style).toContain("background-color:#ffffff");
  });

  it("changes the CTA label and link", () => {
    const out = refineLocally(html, 'Change the CTA label to "Grab the deal". Change the CTA link to https://lumen.example.com/bf');
    const first = buttons(out.html)[0];
    expect(textContent(first)).toBe("Grab the deal");
    expect(first.attribs.href).toBe("https://lumen.example.com/bf");
  });

  it("removes and adds sections", () => {
    const before = headings(html);
    expect(before).toContain("The details");
    const out = refineLocally(
      html,
      'Remove the section "The details". Add a section "Gift cards" saying "Give the gift of coffee." before "closing"',
    );
    expect(out.notApplied).toEqual([]);
    const after = headings(out.html);
    expect(after).not.toContain("The details");
    const rows = (selectAll("tr.kx-section", dom(out.html)) as unknown as Element[]).map((r) => r.attribs["data-kx-role"]);
    expect(rows.indexOf("added")).toBe(rows.indexOf("closing") - 1);
    expect(out.html).toContain("Give the gift of coffee.");
  });

  it("reports every instruction it could not apply, and leaves the HTML alone when nothing applied", async () => {
    const r = await new LocalRefineEngine().refine(
      html,
      'make it pop\nreplace "Nowhere to be found" with "x"\nremove the section "Pricing"',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.applied).toEqual([]);
    expect(r.notApplied.map((n) => n.reason)).toEqual([
      expect.stringMatching(/Not understood/),
      expect.stringMatching(/does not appear/),
      expect.stringMatching(/No section is called "Pricing"/),
    ]);
    expect(r.html).toBe(html);
    expect(r.usage).toMatchObject({ estimated: true, outputTokens: Math.ceil(html.length / 4) });
  });

  it("escapes inserted text", () => {
    const out = refineLocally(html, 'Change the headline to "<script>alert(1)</script>"');
    expect(out.html).not.toContain("<script>alert");
    expect(headings(out.html)[0]).toBe("<script>alert(1)</script>");
  });

  it("recolours the text colour and an exact hex everywhere", () => {
    const out = refineLocally(html, "change the text colour to navy\nchange #e4e4e7 to #cccccc");
    expect(out.notApplied).toEqual([]);
    expect(out.html).toContain("#1e3a8a");
    expect(out.html.toLowerCase()).not.toContain("#e4e4e7");
    expect(out.html).toContain("#cccccc");
  });

  it("adds a section at the top and after a named one", () => {
    const out = refineLocally(
      html,
      'add a section "First" saying "Top words" at the top\nadd a section titled "Second" with the body "After the offer" after "offer"',
    );
    expect(out.notApplied).toEqual([]);
    const roles = (selectAll("tr.kx-section", dom(out.html)) as unknown as Element[]).map((r) => r.attribs["data-kx-role"]);
    expect(roles[0]).toBe("added");
    expect(roles[roles.indexOf("offer") + 1]).toBe("added");
  });

  it("works on HTML it did not render", () => {
    const foreign =
      '<html><body><h1>Hello</h1><table><tr><td bgcolor="#000000"><a class="button" href="https://a.example" style="color:#ffffff">Go</a></td></tr></table></body></html>';
    const out = refineLocally(foreign, 'make the button green. change the CTA label to "Go now". remove the section "Hello"');
    expect(out.applied).toHaveLength(2);
    expect(out.html).toContain('bgcolor="#16a34a"');
    expect(out.html).toContain(">Go now</a>");
    expect(out.notApplied[0].reason).toMatch(/no marked sections/);
  });
});
