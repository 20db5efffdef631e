import { repairAmp, MAX_REPAIR_ROUNDS } from "./repair";
import { validateAmp } from "./validate";
import { BROKEN_AMP, VALID_AMP, WARNING_AMP } from "../../../test/fixtures/amp-corpus";
import { render } from "../render";
import { loadOfficialCases } from "../../../test/fixtures/amp-official/conformance";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";

describe("repairAmp", () => {
  it("leaves a valid document untouched", () => {
    const result = repairAmp(VALID_AMP);
    expect(result.html).toBe(VALID_AMP);
    expect(result.repairs).toEqual([]);
    expect(result.rounds).toBe(0);
    expect(result.validation.status).toBe("pass");
  });

  const repairable = BROKEN_AMP.filter((c) => c.repairable);
  it("has repairable corpus entries", () => {
    expect(repairable.length).toBeGreaterThanOrEqual(20);
  });

  it.each(repairable.map((c) => [c.name, c] as const))("repairs %s into a passing document", (_name, c) => {
    const result = repairAmp(c.html);
    expect(result.validation.errors).toEqual([]);
    expect(result.validation.status).toBe("pass");
    expect(validateAmp(result.html).status).toBe("pass");
    expect(result.repairs.length).toBeGreaterThan(0);
    expect(result.rounds).toBeLessThanOrEqual(MAX_REPAIR_ROUNDS);
    // the copy survives repair
    expect(result.html).toContain("Spring collection");
    expect(result.html).toContain("Free over $50.");
  });

  it.each(BROKEN_AMP.filter((c) => !c.repairable).map((c) => [c.name, c] as const))(
    "leaves %s failing with its code rather than guessing",
    (_name, c) => {
      const result = repairAmp(c.html);
      expect(result.validation.status).toBe("fail");
      expect(result.validation.errors.map((e) => e.code)).toContain(c.code);
    },
  );

  it("says what it changed", () => {
    const c = BROKEN_AMP.find((x) => x.name === "missing extension script")!;
    expect(repairAmp(c.html).repairs).toContain("added the amp-accordion script");
    // an unused script is only a warning, removed when the document needs repairs anyway
    const u = WARNING_AMP.find((x) => x.name === "unused extension script")!;
    expect(repairAmp(u.html).repairs).toEqual([]);
    const broken = u.html.replace("<h1>", '<iframe src="https://example.com/x"></iframe><h1>');
    expect(repairAmp(broken).repairs).toContain("removed the unused amp-sidebar script");
    const i = BROKEN_AMP.find((x) => x.name === "!important in amp-custom")!;
    expect(repairAmp(i.html).repairs.join("\n")).toMatch(/dropped !important/);
  });

  it("moves long inline styles into shared amp-custom classes", () => {
    const c = BROKEN_AMP.find((x) => x.name === "inline style too long")!;
    const result = repairAmp(c.html);
    expect(result.repairs.join("\n")).toMatch(/moved \d+ inline style attribute\(s\) into \d+ class/);
    expect(result.html).toMatch(/<h1 class="kx-s1">Spring collection<\/h1>/);
    expect(result.html).toMatch(/\.kx-s1\.kx-s1\{margin-top:0px;margin-top:1px;/);
  });

  it("re-serialises moved inline styles so they cannot break out of their rule", () => {
    const long = Array.from({ length: 80 }, (_, i) => `padding-top: ${i}px;`).join(" ");
    const html = VALID_AMP.replace("<h1>Spring collection</h1>", `<h1 style="${long} color: red}} .x{color:blue">Spring collection</h1>`);
    const result = repairAmp(html);
    expect(result.validation.errors).toEqual([]);
    expect(result.html).not.toMatch(/\.x\s*\{\s*color:\s*blue/);
    expect(result.repairs.join("\n")).toMatch(/dropped "color: red}}/);
  });

  it("converts <img> to a sized, laid-out <amp-img>", () => {
    const c = BROKEN_AMP.find((x) => x.name === "img instead of amp-img")!;
    const result = repairAmp(c.html);
    expect(result.html).toContain(
      '<amp-img src="https://example.com/c.jpg" width="600" height="200" alt="Banner" layout="responsive"></amp-img>',
    );
  });

  it("turns a rendered (non-AMP) HTML email into a valid AMP document in one round", () => {
    const r = render(sampleBlueprint("quiz"));
    if (!r.ok) throw new Error("fixture");
    const result = repairAmp(r.html);
    expect(result.validation.errors).toEqual([]);
    expect(result.rounds).toBe(1);
    expect(result.repairs).toContain("replaced <img> with <amp-img>");
    expect(result.repairs.join("\n")).toMatch(/dropped the rule "@media \(prefers-color-scheme:dark\)/);
  });

  it("builds the required markup around a bare fragment", () => {
    const result = repairAmp('<p style="color:red !important">Hello</p><amp-img src="https://example.com/a.png"></amp-img>');
    expect(result.validation.errors).toEqual([]);
    expect(result.html.startsWith('<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8">')).toBe(true);
  });

  it("drops an amp-list the removal of [src] leaves without the src email requires, and says so", () => {
    const list =
      '<amp-list [src]="k.url" layout="fixed-height" height="100"><template type="amp-mustache"><p>{{name}}</p></template></amp-list>';
    const html = VALID_AMP.replace("<h1>Spring collection</h1>", `<h1>Spring collection</h1>\n${list}`);
    const result = repairAmp(html);
    expect(result.repairs).toContain("removed [src] from <amp-list>");
    expect(result.repairs.join("\n")).toMatch(/removed <amp-list>: .*needs the attribute "src"/);
    expect(result.html).not.toContain("<amp-list");
    expect(result.validation).toMatchObject({ status: "pass", errors: [] });
  });

  it("keeps an amp-list that still has its src once [src] is gone", () => {
    const list =
      '<amp-list src="https://example.com/items.json" [src]="k.url" layout="fixed-height" height="100"><template type="amp-mustache"><p>{{name}}</p></template></amp-list>';
    const html = VALID_AMP.replace("<h1>Spring collection</h1>", `<h1>Spring collection</h1>\n${list}`);
    const result = repairAmp(html);
    expect(result.html).toContain('<amp-list src="https://example.com/items.json" layout="fixed-height" height="100">');
    expect(result.validation).toMatchObject({ status: "pass", errors: [] });
  });

  it("drops an element a repair would leave with a new fault", () => {
    // unwrapping <font> leaves the section one child short of the heading + content it needs
    const html = VALID_AMP.replace(
      "<section><h2>Returns</h2><p>30 days.</p></section>",
      "<section><h2>Returns</h2><font>30 days.</font></section>",
    );
    const before = validateAmp(html);
    expect(before.errors.map((e) => e.code)).toEqual(["AMP_TAG_DISALLOWED"]);
    const result = repairAmp(html);
    expect(result.repairs).toContain("unwrapped <font>, which email does not allow, keeping its content");
    expect(result.repairs.join("\n")).toMatch(/removed <section>: the repairs left it invalid \(.*2 child elements/);
    expect(result.html).not.toContain("Returns");
    expect(result.validation).toMatchObject({ status: "pass", errors: [] });
  });

  it("never ends on a document its own validator judges differently (official test documents)", () => {
    for (const c of loadOfficialCases()) {
      const result = repairAmp(c.html);
      const again = validateAmp(result.html);
      expect({ name: c.name, status: result.validation.status, errors: result.validation.errors }).toEqual({
        name: c.name,
        status: again.status,
        errors: again.errors,
      });
    }
  });
});
