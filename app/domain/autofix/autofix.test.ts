import { describe, expect, it } from "vitest";
import { classList, descendants, hasClass } from "~/domain/html/dom";
import { parseEmail } from "~/domain/html/parse";
import { textOf } from "~/domain/html/text";
import { GOOD_COPY, goodEmail } from "../../../test/fixtures/emails";
import { qa, qaDoc } from "~/domain/qa/qa";
import { render } from "~/domain/render";
import { bigBlueprint, sampleBlueprint } from "../../../test/fixtures/blueprints";
import { autofix, autofixDoc } from "./autofix";

const ctx = { subject: "Spring menu", preheader: "Three new dishes", techniques: ["tabs"] };

const BODY = `<table width="600"><tr><td><h1>Spring menu</h1><p>Fresh produce from local farms.</p>
<img src="https://example.com/a.png" width="600" height="200"><a href="https://example.com/book">Book a table</a></td></tr></table>`;
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

const LOOSE_TABS = `<div class="tabs"><input type="radio" name="t" id="t1" checked><input type="radio" name="t" id="t2">
<label for="t1">Starters</label><label for="t2">Mains</label>
<div class="panel p1">Pea soup with mint</div><div class="panel p2">Lamb shoulder, slow roasted</div></div>`;
const LOOSE_CSS = "<style>.panel{display:none} #t1:checked ~ .p1, #t2:checked ~ .p2 {display:block}</style>";

/** Broken inputs, each with the fix it must provoke (matched against fixesApplied). */
const BROKEN: [string, string, RegExp][] = [
  ["no doctype", `<html><head><meta charset="utf-8"></head><body>${BODY}</body></html>`, /DOCTYPE/],
  ["no charset", `<!DOCTYPE html><html><head><title>x</title></head><body>${BODY}</body></html>`, /charset/],
  [
    "charset not first",
    `<!DOCTYPE html><html><head><title>x</title><meta charset="utf-8"></head><body>${BODY}</body></html>`,
    /charset meta first/,
  ],
  ["fragment without html/head/body", `<style>p{color:#111}</style>${BODY}`, /Wrapped the markup in <html>/],
  [
    "images without alt",
    page("", '<img src="https://example.com/hero.png"><img src="https://example.com/x.png" style="width:120px;height:40px">' + BODY),
    /alt to 3 images/,
  ],
  [
    "script, iframe, object, embed",
    page(
      "",
      `${BODY}<script>steal()</script><iframe src="https://x.test"></iframe><object data="a.swf"></object><embed src="b.swf"><div onclick="x()">Tap</div>`,
    ),
    /<script> ×1, <iframe> ×1, <object> ×1, <embed> ×1, event handler/,
  ],
  ["external stylesheet", page('<link rel="stylesheet" href="https://fonts.test/a.css">', BODY), /external stylesheet/],
  ["http links and images", page("", BODY.replace(/https:/g, "http:")), /http to https/],
  ["layout tables without role", page("", BODY), /presentational/],
  ["duplicate ids", page("", `<p id="x">one</p><p id="x">two</p>${BODY}`), /duplicate id/],
  ["missing VIB link", page("", BODY), /view-in-browser/],
  ["missing unsubscribe", page("", BODY), /unsubscribe/],
  ["missing title", page("", BODY), /<title>/],
  ["missing preheader", page("", BODY), /preheader/],
  ["missing lang", `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${BODY}</body></html>`, /lang/],
  ["interactive CSS without fallback", page(LOOSE_CSS, BODY + LOOSE_TABS), /static fallback/],
  [
    "module without hiding or overrides",
    page(
      "",
      goodEmail(["tabs"])
        .split("<body")[1]
        .replace(/^[^>]*>/, "")
        .replace("</body></html>", "")
        .replace('style="display:none;max-height:0;overflow:hidden;mso-hide:all">', ">"),
    ),
    /u \+ \.body/,
  ],
];

function words(html: string): string {
  const doc = parseEmail(html);
  return textOf(doc.body ?? doc.document, (n) => n.type === "tag" && n.attribs["data-kx-autofix"] !== undefined);
}

describe("autofix on broken inputs", () => {
  it.each(BROKEN)("%s: applies the fix", (_name, html, expected) => {
    const r = autofix(html, ctx);
    expect(r.fixesApplied.join("\n")).toMatch(expected);
  });

  it.each(BROKEN)("%s: is idempotent", (_name, html) => {
    const once = autofix(html, ctx);
    const twice = autofix(once.html, ctx);
    expect(twice.html).toBe(once.html);
    expect(twice.fixesApplied).toEqual([]);
  });

  it.each(BROKEN)("%s: keeps the email's words", (_name, html) => {
    expect(words(autofix(html, ctx).html)).toBe(words(html));
  });

  it.each(BROKEN)("%s: is deterministic", (_name, html) => {
    expect(autofix(html, ctx)).toEqual(autofix(html, ctx));
  });
});

describe("autofix results pass the matching QA checks", () => {
  it("repairs structure, content and compatibility of a bare fragment", () => {
    const html = `${LOOSE_CSS}${BODY.replace(/https:/g, "http:")}${LOOSE_TABS}<script>x()</script>`;
    const fixed = autofix(html, ctx).html;
    const r = qa(fixed, ctx);
    const passed = new Set(r.checks.filter((c) => c.passed).map((c) => c.id));
    for (const id of [
      "doctype",
      "charset",
      "viewport",
      "lang",
      "title",
      "preheader",
      "vib-link",
      "unsubscribe",
      "presentation-tables",
      "img-alt",
      "https",
      "no-unsafe-elements",
      "label-for",
      "interactive-hidden",
      "fallback",
      "technique-module",
    ] as const) {
      expect(passed, id).toContain(id);
    }
  });

  it("wraps loose controls per the contract: probe, hidden block, guard, fallback, reveal rules", () => {
    const fixed = autofix(page(LOOSE_CSS, BODY + LOOSE_TABS), ctx).html;
    const doc = parseEmail(fixed);
    expect(doc.modules).toHaveLength(1);
    const m = doc.modules[0];
    expect(m.technique).toBe("tabs");
    expect(m.int?.attribs.style).toContain("mso-hide:all");
    expect(m.probe?.attribs.checked).toBeDefined();
    expect(m.fb && textOf(m.fb)).toContain("Lamb shoulder, slow roasted");
    expect(descendants(m.fb!, (e) => e.name === "input")).toHaveLength(0);
    expect(doc.rules.some((r) => r.interactive && r.subjectClasses.includes(`${m.ns}-int`))).toBe(true);
    expect(doc.rules.some((r) => r.selector.includes("x_kx-fb"))).toBe(true);
  });

  it("shows the fallback and hides the interactive block when :checked rules are gone (Gmail)", () => {
    const fixed = autofix(page(LOOSE_CSS, BODY + LOOSE_TABS), ctx).html;
    const doc = parseEmail(fixed);
    const m = doc.modules[0];
    // Without any :checked rule, only inline styles decide: the block is hidden, the fallback is not.
    expect(m.int?.attribs.style).toMatch(/display:none/);
    expect(m.fb?.attribs.style ?? "").not.toMatch(/display:\s*none/);
  });

  it("renames duplicate ids and repoints each label to its nearest input", () => {
    const html = page(
      "",
      `<input type="checkbox" id="a"><label for="a">First</label><input type="checkbox" id="a"><label for="a">Second</label>`,
    );
    const doc = parseEmail(autofix(html, ctx).html);
    const ids = descendants(doc.document, (e) => e.name === "input" && !hasClass(e, "kx-probe")).map((e) => e.attribs.id);
    expect(ids).toEqual(["a", "a-2"]);
    const fors = descendants(doc.document, (e) => e.name === "label").map((e) => e.attribs.for);
    expect(fors.slice(0, 2)).toEqual(["a", "a-2"]);
  });

  it("takes alt text and sizes from the context", () => {
    const html = page("", '<img src="https://example.com/logo.png">');
    const out = autofix(html, { ...ctx, images: [{ src: "https://example.com/logo.png", alt: "Acme logo", width: 120, height: 40 }] }).html;
    const img = parseEmail(out).byTag.get("img")![0];
    expect(img.attribs).toMatchObject({ alt: "Acme logo", width: "120", height: "40" });
    expect(img.attribs.style).toContain("display:block");
  });

  it("puts the unsubscribe link in the container's footer row", () => {
    const html = page("", '<table class="kx-container" width="600"><tr><td>Hello</td></tr></table>');
    const doc = parseEmail(autofix(html, ctx).html);
    const footer = doc.elements.find((e) => hasClass(e, "kx-footer"));
    expect(footer?.name).toBe("td");
    expect(classList(footer!)).toContain("kx-footer");
    expect(qa(autofix(html, ctx).html).checks.find((c) => c.id === "unsubscribe")?.passed).toBe(true);
  });

  it("leaves a contract email alone", () => {
    const good = goodEmail(["tabs", "accordion"]);
    const r = autofix(good, { subject: GOOD_COPY.subject, preheader: GOOD_COPY.preheader });
    expect(r.fixesApplied).toEqual([]);
    expect(qa(r.html, { subject: GOOD_COPY.subject, techniques: ["tabs", "accordion"], copyDoc: GOOD_COPY }).score).toBe(100);
  });

  it("warns about # links instead of inventing destinations", () => {
    const r = autofix(page("", '<a href="#">Shop</a>'), ctx);
    expect(r.warnings.join(" ")).toMatch(/empty, # or javascript/);
    expect(r.html).toContain('href="#"');
  });
});

describe("bad input", () => {
  const junk = [
    "",
    "plain words only",
    "<div><p>unclosed <b>tags <table><tr><td>cell",
    "\u0000\u0001\u00ff\ufffd<<<>>>&&&#x;<!-- never closed",
    "<div>".repeat(20_000) + "deep",
    `<p style="color:#333">${"Lorem ipsum dolor sit amet. ".repeat(180_000)}</p>`,
  ];
  it.each(junk.map((j) => [j.slice(0, 30), j]))("answers %j without throwing, idempotently", (_n, input) => {
    const once = autofix(input, ctx);
    expect(once.html).toMatch(/^<!DOCTYPE html>/);
    expect(autofix(once.html, ctx).html).toBe(once.html);
    expect(words(once.html)).toBe(words(input));
  });

  it("flattens pathological nesting with a warning", () => {
    const r = autofix("<div>".repeat(20_000) + "deep", ctx);
    expect(r.warnings.join(" ")).toMatch(/flattened/);
  });

  it("treats a non-string as empty", () => {
    expect(autofix(42 as unknown as string).html).toMatch(/<body class="body">/);
  });
});

describe("random tag soup", () => {
  const PARTS = [
    "<div>",
    "</div>",
    "<p>",
    "text ",
    "<table>",
    "<tr>",
    "<td>",
    "</td>",
    "<input type=radio id=a name=x>",
    "<input type=checkbox id=a>",
    "<label for=a>",
    "L",
    "</label>",
    "<style>.a:checked ~ .b{display:block}</style>",
    "<div class=b>panel</div>",
    "<script>x</script>",
    "<img src=http://x/a.png>",
    "<a href=#>",
    "</a>",
    "<title>t</title>",
    "<meta charset=latin1>",
    "<!--[if !mso]><!-->",
    "<!--<![endif]-->",
    "<div class=kx-module data-kx-technique=tabs>",
    "<div class=kx-int>",
    "<div class=kx-fb>",
    "&amp;",
    "<![CDATA[x]]>",
    "<svg><path/></svg>",
    "<br/>",
    "{{X}}",
    "<p id=a>",
  ];
  const DOC_TAGS = ["<html>", "</html>", "<head>", "</head>", "<body>", "</body>", "<!DOCTYPE html>"];
  function soup(seed: number, parts: string[]): string {
    let s = seed;
    const rnd = (n: number) => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s % n;
    };
    let out = "";
    for (let i = rnd(40); i > 0; i--) out += parts[rnd(parts.length)];
    return out;
  }

  it("never throws, and QA answers too", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const input = soup(seed, [...PARTS, ...DOC_TAGS]);
      expect(() => qa(autofix(input, ctx).html, ctx), input).not.toThrow();
    }
  });

  it("scores autofixDoc's shared tree exactly as QA scores a parse of its html", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const input = soup(seed, [...PARTS, ...DOC_TAGS]);
      expectSharedParseAgrees(input);
    }
  });

  it("is idempotent and keeps the words when the soup has no stray document tags", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const input = soup(seed, PARTS);
      const once = autofix(input, ctx);
      expect(autofix(once.html, ctx).html, input).toBe(once.html);
      expect(words(once.html), input).toBe(words(input));
    }
  });
});

/** The shared tree must be indistinguishable, to QA, from parsing the fixed html again. */
function expectSharedParseAgrees(input: string, context: typeof ctx = ctx): void {
  const shared = autofixDoc(input, context);
  const plain = autofix(input, context);
  expect(shared.html, input.slice(0, 200)).toBe(plain.html);
  expect(shared.fixesApplied).toEqual(plain.fixesApplied);
  const again = parseEmail(shared.html);
  expect(shared.doc.source).toBe(again.source);
  expect(shared.doc.elements.length).toBe(again.elements.length);
  expect(shared.doc.rules).toEqual(again.rules);
  expect(shared.doc.atRules).toEqual(again.atRules);
  expect(shared.doc.modules.length).toBe(again.modules.length);
  expect(textOf(shared.doc.document)).toBe(textOf(again.document));
  expect(qaDoc(shared.doc, context), input.slice(0, 200)).toEqual(qa(shared.html, context));
}

describe("parse once: autofixDoc hands QA the fixed tree", () => {
  it.each(BROKEN)("%s", (_name, html) => expectSharedParseAgrees(html));

  it("on a contract email and on the renderer's emails", () => {
    expectSharedParseAgrees(goodEmail(["tabs", "accordion"]), { ...ctx, techniques: ["tabs", "accordion"] });
    const big = render(bigBlueprint());
    if (!big.ok) throw new Error("render failed");
    expectSharedParseAgrees(big.html, { subject: big.blueprint.subject, preheader: "", techniques: [] });
    for (const t of ["tabs", "carousel", "quiz", "itemCart"] as const) {
      const out = render(sampleBlueprint(t));
      if (!out.ok) throw new Error("render failed");
      expectSharedParseAgrees(out.html, { ...ctx, techniques: [t] });
    }
  });

  it.each([
    "",
    "plain words only",
    "<div><p>unclosed <b>tags <table><tr><td>cell",
    "\u0000<<<>>>&&&#x;<!-- never closed",
    "<div>".repeat(3000) + "deep",
  ])("on junk %j", (input) => expectSharedParseAgrees(input));
});
