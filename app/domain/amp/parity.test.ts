import { TECHNIQUES } from "../blueprint/schema";
import { render } from "../render";
import { linkedImagesBlueprint, sampleBlueprint } from "../../../test/fixtures/blueprints";
import { buildAmp } from "./build";
import { ampParity } from "./parity";

const OPTS = { surveyActionUrl: "https://kinetic.example/api/amp/survey" };

function both(bp: unknown): { html: string; amp: string } {
  const r = render(bp);
  const a = buildAmp(bp, OPTS);
  if (!r.ok || !a.ok) throw new Error("fixture does not build");
  return { html: r.html, amp: a.ampHtml };
}

describe("ampParity", () => {
  it.each(TECHNIQUES.map((t) => [t]))("finds the AMP build of %s at parity with the rendered HTML", (t) => {
    const { html, amp } = both(sampleBlueprint(t));
    const p = ampParity(amp, html);
    expect(p.available).toBe(true);
    expect(p.missingWords).toEqual([]);
    expect(p.missingLinks).toEqual([]);
    expect(p.items).toHaveLength(1);
    expect(p.items[0].technique).toBe(t);
    expect(p.items[0].amp).toBe(p.items[0].html);
    expect(p.ok).toBe(true);
  });

  it("holds for a pair of techniques", () => {
    const { html, amp } = both(sampleBlueprint("survey", "itemCart"));
    const p = ampParity(amp, html);
    expect(p.ok).toBe(true);
    expect(p.items.map((i) => i.technique)).toEqual(["survey", "itemCart"]);
  });

  it.each([
    ["tabs", "carousel"],
    ["itemCart", "menu"],
  ] as const)("holds when images carry destinations (%s + %s; carousel slides unlinked in both views)", (a, b) => {
    const { html, amp } = both(linkedImagesBlueprint(a, b));
    const p = ampParity(amp, html);
    expect(p.missingLinks).toEqual([]);
    expect(p.ok).toBe(true);
    expect(html).toContain('<a href="https://kinetic.example/shop" target="_blank" style="display:block;text-decoration:none"><img');
    expect(amp).toContain('<a class="kx-img-link" href="https://kinetic.example/shop" target="_blank"><amp-img');
  });

  it("catches a changed word", () => {
    const { html, amp } = both(sampleBlueprint("tabs"));
    const changed = amp.replace("Everything a solo creator needs", "Everything a solo designer needs");
    const p = ampParity(changed, html);
    expect(p.ok).toBe(false);
    expect(p.missingWords).toEqual(["creator"]);
    expect(p.extraWords).toEqual(["designer"]);
  });

  it("catches a changed link and a missing item", () => {
    const { html, amp } = both(sampleBlueprint("accordion"));
    const link = ampParity(amp.replace("https://kinetic.example/returns", "https://elsewhere.example/returns"), html);
    expect(link.missingLinks).toEqual(["https://kinetic.example/returns"]);
    expect(link.ok).toBe(false);
    const dropped = amp.replace(/<section data-kx-item="2">.*?<\/section>/, "");
    const items = ampParity(dropped, html);
    expect(items.items).toEqual([{ technique: "accordion", html: 3, amp: 2 }]);
    expect(items.ok).toBe(false);
  });

  it("reports parity as unavailable for a reference that is not HTML", () => {
    const { amp } = both(sampleBlueprint("quiz"));
    for (const ref of ["", "just some words", '{"html": false}', 42, null]) {
      const p = ampParity(amp, ref);
      expect(p.available).toBe(false);
      expect(p.ok).toBe(false);
      expect(p.reason).toMatch(/not an HTML document/);
    }
  });
});
