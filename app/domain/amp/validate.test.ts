import { ampComponentsUsed, validateAmp, AMP_ERROR_CODES, MAX_NESTING_DEPTH } from "./validate";
import { repairAmp } from "./repair";
import { BROKEN_AMP, VALID_AMP, WARNING_AMP } from "../../../test/fixtures/amp-corpus";

describe("validateAmp", () => {
  it("passes a complete AMP4EMAIL document", () => {
    const result = validateAmp(VALID_AMP);
    expect(result.errors).toEqual([]);
    expect(result.status).toBe("pass");
    expect(result.validator).toBe("builtin");
  });

  it("has a corpus of at least 20 broken documents covering distinct codes", () => {
    expect(BROKEN_AMP.length).toBeGreaterThanOrEqual(20);
    expect(new Set(BROKEN_AMP.map((c) => c.code)).size).toBeGreaterThanOrEqual(20);
    for (const c of BROKEN_AMP) expect(AMP_ERROR_CODES).toContain(c.code);
  });

  it.each(BROKEN_AMP.map((c) => [c.name, c] as const))("reports %s", (_name, c) => {
    const result = validateAmp(c.html);
    expect(result.status).toBe("fail");
    expect(result.errors.map((e) => e.code)).toContain(c.code);
    for (const e of result.errors) {
      expect(e.line).toBeGreaterThanOrEqual(1);
      expect(e.message.length).toBeGreaterThan(10);
    }
  });

  it("reports each single fault with only its own code (no collateral errors)", () => {
    const collateral = BROKEN_AMP.filter((c) => {
      const codes = new Set(validateAmp(c.html).errors.map((e) => e.code));
      return codes.size !== 1;
    }).map((c) => [c.name, validateAmp(c.html).errors.map((e) => e.code)]);
    // One fault should read as one problem; a cascade of derived errors hides the real one.
    expect(collateral).toEqual([]);
  });

  it.each(WARNING_AMP.map((c) => [c.name, c] as const))("passes %s with a warning, as the official engine does", (_name, c) => {
    const result = validateAmp(c.html);
    expect(result.status).toBe("pass");
    expect(result.warnings?.map((w) => w.code)).toEqual([c.code]);
  });

  it("gives the line of the fault", () => {
    const html = VALID_AMP.replace("<h1>Spring collection</h1>", '<h1 onclick="x()">Spring collection</h1>');
    const lines = html.split("\n");
    const expected = lines.findIndex((l) => l.includes("onclick")) + 1;
    const error = validateAmp(html).errors.find((e) => e.code === "AMP_ATTR_DISALLOWED");
    expect(error?.line).toBe(expected);
  });

  it("gives CSS errors the line inside <style amp-custom>", () => {
    const html = VALID_AMP.replace("border-radius: 4px;", "border-radius: 4px !important;");
    const expected = html.split("\n").findIndex((l) => l.includes("!important")) + 1;
    expect(validateAmp(html).errors[0]).toMatchObject({ code: "AMP_CSS_IMPORTANT", line: expected });
  });

  it("reports an oversized document as an error and does not truncate it", () => {
    const big = BROKEN_AMP.find((c) => c.code === "AMP_DOC_TOO_LARGE")!.html;
    const result = validateAmp(big);
    expect(result.errors.find((e) => e.code === "AMP_DOC_TOO_LARGE")?.message).toMatch(/\d+ bytes/);
  });

  it("accepts amp4email as the attribute spelling", () => {
    expect(validateAmp(VALID_AMP.replace("⚡4email", "amp4email")).status).toBe("pass");
  });

  it("rejects an amp-state with src and an amp-sidebar without nodisplay", () => {
    const html = VALID_AMP.replace(
      '<div class="wrap">',
      '<amp-sidebar id="menu" layout="responsive" width="10" height="10"><p>x</p></amp-sidebar>\n<div class="wrap">\n<amp-state id="s" src="https://example.com/s.json"><script type="application/json">{"a":1}</script></amp-state>',
    ).replace(
      "</style>\n</head>",
      '</style>\n<script async custom-element="amp-sidebar" src="https://cdn.ampproject.org/v0/amp-sidebar-0.1.js"></script>\n</head>',
    );
    const codes = validateAmp(html).errors.map((e) => e.code);
    expect(codes).toContain("AMP_LAYOUT_INVALID");
    expect(codes).toContain("AMP_ATTR_DISALLOWED");
  });

  it("does not throw on garbage", () => {
    expect(validateAmp("").status).toBe("fail");
    expect(validateAmp("not html at all").errors.map((e) => e.code)).toContain("AMP_DOCTYPE_MISSING");
    expect(validateAmp("<html><style amp-custom>a{").status).toBe("fail");
  });
});

describe("ampComponentsUsed", () => {
  it("lists extensions and built-ins the markup uses", () => {
    expect(ampComponentsUsed(VALID_AMP)).toEqual(["amp-accordion", "amp-bind", "amp-carousel", "amp-form", "amp-img", "amp-mustache"]);
  });
});

describe("bounded work on hostile input", () => {
  it("refuses nesting deeper than the limit without parsing it, and repair leaves it alone", () => {
    const deep = VALID_AMP.replace("<h1>", `${"<div>".repeat(40_000)}<h1>`);
    const r = validateAmp(deep);
    expect(r.status).toBe("fail");
    expect(r.errors.map((e) => e.code)).toContain("AMP_DOC_TOO_DEEP");
    const repaired = repairAmp(deep);
    expect(repaired.html).toBe(deep);
    expect(repaired.rounds).toBe(0);
  });

  it("checks nesting up to the limit normally", () => {
    const n = MAX_NESTING_DEPTH - 20;
    const html = VALID_AMP.replace("<h1>", `${"<div>".repeat(n)}x${"</div>".repeat(n)}<h1>`);
    expect(validateAmp(html).errors).toEqual([]);
  });

  it("does not count unclosed <p>/<li> (optional end tags) as nesting", () => {
    const html = VALID_AMP.replace("<h1>", `${"<p>x".repeat(MAX_NESTING_DEPTH * 2)}<h1>`);
    expect(validateAmp(html).errors.map((e) => e.code)).not.toContain("AMP_DOC_TOO_DEEP");
  });
});
