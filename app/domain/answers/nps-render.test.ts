// An NPS question renders all eleven answers 0–10 in one compact row, in the HTML email (both
// views, each a signed-answer placeholder) and in the AMP part (valid AMP), instead of five.
import { render } from "../render";
import { buildAmp, validateAmp, ampClipping } from "../amp";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { BlueprintSchema } from "../blueprint/schema";

function npsBlueprint() {
  const bp = structuredClone(sampleBlueprint("survey")) as { interactiveConfig: { modules: Array<{ questions?: unknown[] }> } };
  bp.interactiveConfig.modules[0].questions = [
    { question: "How likely are you to recommend us?", options: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })) },
  ];
  return bp;
}

describe("an NPS question", () => {
  it("is valid with eleven options only as a 0–10 scale", () => {
    expect(BlueprintSchema.safeParse(npsBlueprint()).success).toBe(true);
    const six = npsBlueprint();
    six.interactiveConfig.modules[0].questions = [
      { question: "Pick one", options: ["a", "b", "c", "d", "e", "f"].map((label) => ({ label })) },
    ];
    expect(BlueprintSchema.safeParse(six).success).toBe(false);
  });

  it("renders 0…10 as one row of eleven answer links in the HTML email", () => {
    const r = render(npsBlueprint());
    if (!r.ok) throw new Error("render");
    const rows = r.html.match(/<table[^>]*class="kx-nps"[\s\S]*?<\/table>/g) ?? [];
    expect(rows).toHaveLength(2); // the interactive view and the fallback
    for (const row of rows) {
      expect(row.match(/<tr>/g)).toHaveLength(1);
      const hrefs = Array.from(row.matchAll(/href="([^"]+)"/g), (m) => m[1]);
      expect(hrefs).toEqual(Array.from({ length: 11 }, (_, i) => `{{ANSWER_URL:en:k1.0.${i}}}`));
    }
  });

  it("renders 0…10 as one row in valid AMP that is not clipped at 360 px", () => {
    const a = buildAmp(npsBlueprint(), { surveyActionUrl: "https://kinetic.example/api/amp/survey/x.y" });
    if (!a.ok) throw new Error("amp");
    expect(a.ampHtml.match(/class="k1-nps-cell"/g)).toHaveLength(11);
    expect(validateAmp(a.ampHtml).errors).toEqual([]);
    expect(ampClipping(a.ampHtml).ok).toBe(true);
  });
});
