import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { buildAmp } from "./build";
import { ampClipping } from "./clipping";
import { VALID_AMP } from "../../../test/fixtures/amp-corpus";

function doc(css: string, body: string): string {
  return VALID_AMP.replace(/<style amp-custom>[\s\S]*?<\/style>/, `<style amp-custom>${css}</style>`).replace(
    /<body>[\s\S]*<\/body>/,
    `<body>${body}</body>`,
  );
}

describe("ampClipping", () => {
  it("finds the built carousel unclipped at 360px", () => {
    const built = buildAmp(sampleBlueprint("carousel"), { surveyActionUrl: "https://kinetic.example/api/amp/survey" });
    if (!built.ok) throw new Error("fixture");
    const c = ampClipping(built.ampHtml);
    expect(c.viewport).toBe(360);
    expect(c.ok).toBe(true);
    const carousel = c.blocks.find((b) => b.component === "amp-carousel");
    // 360 minus the section (20px × 2) and module (16px × 2) padding of the mobile rules
    expect(carousel).toMatchObject({ layout: "responsive", width: 288, available: 288, clipped: false, overflowPx: 0 });
  });

  it("reports a fixed-layout carousel wider than its container, per block", () => {
    const html = doc(
      ".wrap{padding:0 10px}",
      '<div class="wrap"><amp-carousel layout="fixed" width="600" height="300" type="slides"><amp-img src="https://e.example/a.jpg" layout="fill"></amp-img></amp-carousel>' +
        '<amp-carousel layout="fixed-height" height="200" type="carousel"><amp-img src="https://e.example/b.jpg" width="200" height="200" layout="fixed"></amp-img></amp-carousel></div>',
    );
    const c = ampClipping(html);
    expect(c.ok).toBe(false);
    expect(c.blocks).toEqual([
      { component: "amp-carousel", width: 600, available: 340, clipped: true, overflowPx: 260, layout: "fixed" },
      { component: "amp-carousel", width: 340, available: 340, clipped: false, overflowPx: 0, layout: "fixed-height" },
      { component: "amp-img", width: 200, available: 340, clipped: false, overflowPx: 0, layout: "fixed" },
    ]);
  });

  it("applies container widths and media rules that match 360px", () => {
    const html = doc(
      ".box{width:500px}@media (max-width:600px){.box{width:100%}}@media (min-width:601px){.box{width:700px}}",
      '<div class="box"><amp-img src="https://e.example/a.jpg" width="400" height="100" layout="fixed"></amp-img></div>',
    );
    const c = ampClipping(html);
    expect(c.blocks).toEqual([{ component: "amp-img", width: 400, available: 360, clipped: true, overflowPx: 40, layout: "fixed" }]);
  });

  it("infers the layout from width and height when none is given, and skips nodisplay", () => {
    const html = doc(
      "",
      '<table width="480"><tr><td>wide table</td></tr></table><amp-anim src="https://e.example/a.gif" width="400" height="10"></amp-anim><amp-sidebar id="s" layout="nodisplay"><amp-img src="https://e.example/a.jpg" width="900" height="10" layout="fixed"></amp-img></amp-sidebar>',
    );
    const c = ampClipping(html);
    expect(c.blocks).toEqual([
      { component: "table", width: 480, available: 360, clipped: true, overflowPx: 120, layout: "css" },
      { component: "amp-anim", width: 400, available: 360, clipped: true, overflowPx: 40, layout: "fixed" },
    ]);
  });
});
