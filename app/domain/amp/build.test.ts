import { TECHNIQUES } from "../blueprint/schema";
import { linkedImagesBlueprint, sampleBlueprint } from "../../../test/fixtures/blueprints";
import { buildAmp } from "./build";
import { ampComponentsUsed, validateAmp } from "./validate";

const OPTS = { surveyActionUrl: "https://kinetic.example/api/amp/survey" };

function build(bp: unknown): string {
  const r = buildAmp(bp, OPTS);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.ampHtml;
}

const pairs: [string, string][] = [];
TECHNIQUES.forEach((a, i) => TECHNIQUES.slice(i + 1).forEach((b) => pairs.push([a, b])));

describe("buildAmp", () => {
  it.each(TECHNIQUES.map((t) => [t]))("builds %s as AMP the validator passes", (t) => {
    const html = build(sampleBlueprint(t));
    expect(validateAmp(html).errors).toEqual([]);
    expect(html).toContain(`data-kx-technique="${t}"`);
  });

  it("covers all 21 pairs", () => expect(pairs).toHaveLength(21));

  it("keeps the HTML version's destinations: an unlinked menu entry is its label, a cart without checkout has no button", () => {
    const bp = structuredClone(sampleBlueprint("menu", "itemCart")) as { interactiveConfig: { modules: Array<Record<string, unknown>> } };
    const [menu, cart] = bp.interactiveConfig.modules as [{ items: Array<{ label: string; url?: string }> }, { checkout?: unknown }];
    delete menu.items[1].url;
    delete cart.checkout;
    const html = build(bp);
    expect(validateAmp(html).errors).toEqual([]);
    expect(html).toContain(`<span class="k1-link">${menu.items[1].label}</span>`);
    expect(html).not.toMatch(/href=""|class="kx-btn kx-btn-full"/);
  });

  it("wraps a linked image in a link to its destination, valid AMP4EMAIL; an image without one stays unwrapped", () => {
    const html = build(linkedImagesBlueprint("itemCart", "carousel"));
    expect(validateAmp(html).errors).toEqual([]);
    expect(html).toContain('<a class="kx-img-link" href="https://kinetic.example/shop" target="_blank"><amp-img class="kx-hero-img"');
    expect(html).toContain('<a class="kx-img-link" href="https://kinetic.example/shop/item" target="_blank"><amp-img');
    // Carousel slides fill their box (layout=fill) and stay unlinked; the slide's button carries the destination.
    expect(html).not.toMatch(/<a [^>]*>\s*<amp-img[^>]*layout="fill"/);
    expect(build(sampleBlueprint("tabs"))).not.toContain('kx-img-link"');
  });

  it.each(pairs)("builds the pair %s + %s as AMP the validator passes", (a, b) => {
    const html = build(sampleBlueprint(a as never, b as never));
    expect(validateAmp(html).errors).toEqual([]);
  });

  it("maps each technique to its AMP component", () => {
    const used = (t: (typeof TECHNIQUES)[number]) => ampComponentsUsed(build(sampleBlueprint(t)));
    expect(used("tabs")).toContain("amp-selector");
    expect(used("accordion")).toContain("amp-accordion");
    expect(used("carousel")).toEqual(expect.arrayContaining(["amp-carousel", "amp-selector", "amp-bind"]));
    expect(used("survey")).toEqual(expect.arrayContaining(["amp-form", "amp-mustache", "amp-bind"]));
    expect(used("quiz")).toContain("amp-bind");
    expect(used("menu")).toContain("amp-accordion");
    expect(used("itemCart")).toContain("amp-bind");
    // only what is used: a tabs email loads no carousel or form script
    expect(used("tabs")).not.toContain("amp-carousel");
    expect(used("tabs")).not.toContain("amp-form");
  });

  it("posts the survey to the given endpoint with success and error templates", () => {
    const html = build(sampleBlueprint("survey"));
    expect(html).toContain('action-xhr="https://kinetic.example/api/amp/survey"');
    expect(html).toMatch(/<div submit-success[^>]*><template type="amp-mustache"><h3 class="kx-h3">Thank you!<\/h3>/);
    expect(html).toContain('<div submit-error><template type="amp-mustache">');
  });

  it("keeps the cart's running total in amp-bind state", () => {
    const html = build(sampleBlueprint("itemCart"));
    expect(html).toContain(
      '<amp-state id="k1"><script type="application/json">{"a0":false,"a1":false,"a2":false,"a3":false}</script></amp-state>',
    );
    expect(html).toContain("(k1.a0 ? 650 : 0) + (k1.a1 ? 1225 : 0) + (k1.a2 ? 1480 : 0) + (k1.a3 ? 995 : 0)");
    expect(html).toContain("$0.00");
  });

  it("uses the design tokens and caps the container at 600px", () => {
    const bp = sampleBlueprint("tabs");
    bp.design.spacing.containerWidth = 640;
    const html = build(bp);
    expect(html).toContain(".kx-container{max-width:600px;");
    expect(html).toContain(bp.design.colors.primary);
    expect(html).toContain(bp.design.typography.fontFamily);
    expect(html).toContain("@media (max-width:600px)");
  });

  it("repairs saved sections written for the HTML part", () => {
    const bp = sampleBlueprint("accordion");
    bp.sections.push({
      id: "saved",
      role: "body",
      lockedHtml:
        '<p style="color:#333333 !important">Saved words</p><img src="https://example.com/x.png" width="100" height="50" alt="x">',
    });
    const html = build(bp);
    expect(validateAmp(html).errors).toEqual([]);
    expect(html).toContain("Saved words");
    expect(html).toContain("<amp-img");
  });

  it("returns schema issues for a bad blueprint and refuses a non-https survey endpoint", () => {
    const bad = buildAmp({ subject: "x" }, OPTS);
    expect(bad.ok).toBe(false);
    const insecure = buildAmp(sampleBlueprint("survey"), { surveyActionUrl: "http://kinetic.example/api/amp/survey" });
    expect(insecure).toMatchObject({ ok: false, issues: [{ path: ["surveyActionUrl"] }] });
  });
});
