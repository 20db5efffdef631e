import { describe, expect, it } from "vitest";
import { parseInlineStyle, parseStylesheet, pxValue } from "./css";
import { parseEmail } from "./parse";
import { isKnownPlaceholder, placeholdersIn } from "./placeholders";
import { serializeDocument } from "./serialize";
import { normalizeText, textOf } from "./text";

describe("parseEmail", () => {
  it("indexes tags, ids, styles and modules in one walk", () => {
    const doc = parseEmail(
      "<!DOCTYPE html><html><head><style>.a:checked ~ .b{display:block} @media (prefers-color-scheme: dark){.x{color:#fff}}</style></head>" +
        '<body><div class="kx-module" data-kx-technique="tabs"><div class="kx-int k1-int" id="i"></div><div class="kx-fb"></div></div></body></html>',
    );
    expect(doc.doctype).not.toBeNull();
    expect(doc.byTag.get("div")).toHaveLength(3);
    expect(doc.ids.get("i")).toHaveLength(1);
    expect(doc.rules).toHaveLength(2);
    expect(doc.rules[0]).toMatchObject({ interactive: true, pseudos: ["checked"], subjectClasses: ["b"] });
    expect(doc.rules[1].atRules[0]).toMatch(/prefers-color-scheme/);
    expect(doc.modules[0]).toMatchObject({ technique: "tabs", ns: "k1" });
  });

  it.each(["", "words", "<<<>>>", "\u0000\u0001\ufffd", "<div>".repeat(10_000), "<style>{{{</style><p"])("accepts %j", (s) => {
    expect(() => parseEmail(s)).not.toThrow();
  });

  it("serialises to a fixed point", () => {
    const src = '<p a="x&amp;y">A &amp; B &nbsp;é <img alt src="{{VIB_URL}}"></p><!--[if !mso]><!--><b>x</b><!--<![endif]-->';
    const once = serializeDocument(parseEmail(src).document);
    expect(serializeDocument(parseEmail(once).document)).toBe(once);
    expect(once).toContain('alt=""');
    expect(once).toContain("<!--[if !mso]><!-->");
  });
});

describe("css helpers", () => {
  it("splits inline styles respecting quotes and brackets", () => {
    expect(parseInlineStyle("font-family:'A;B', sans-serif; background:url(a;b.png) ;color:RED !important")).toEqual([
      { property: "font-family", value: "'A;B', sans-serif", important: false },
      { property: "background", value: "url(a;b.png)", important: false },
      { property: "color", value: "RED", important: true },
    ]);
  });

  it("reads px and pt lengths only", () => {
    expect([pxValue("12px"), pxValue("12pt"), pxValue("0"), pxValue("1em"), pxValue(undefined)]).toEqual([12, 16, 0, null, null]);
  });

  it("never throws on broken CSS", () => {
    expect(() => parseStylesheet("}}} a{color: @media {")).not.toThrow();
  });
});

describe("text and placeholders", () => {
  it("normalises whitespace, nbsp and invisible characters", () => {
    expect(normalizeText("  a\u00a0 b\u200b\n c ")).toBe("a b c");
  });

  it("separates blocks but not inline runs", () => {
    const doc = parseEmail("<div><p>Hel<b>lo</b></p><p>world</p><style>p{}</style></div>");
    expect(textOf(doc.document)).toBe("Hello world");
  });

  it("finds placeholders and knows the contract's list", () => {
    expect(placeholdersIn("a {{VIB_URL}} b {{ NAME }}")).toEqual(["{{VIB_URL}}", "{{ NAME }}"]);
    expect(isKnownPlaceholder("{{UNSUBSCRIBE_URL}}")).toBe(true);
    expect(isKnownPlaceholder("{{ NAME }}")).toBe(false);
  });
});
