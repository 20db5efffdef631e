// A survey in the HTML email both collects its answers and steps through its questions: each
// answer is a link to its signed answer address (or the option's own url), never inside a label,
// and each step moves on by its own label for a radio before the steps.
import { parseDocument } from "htmlparser2";
import { selectAll as cssSelectAll } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { textContent } from "domutils";
import { render } from "../render";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { PHRASES } from "../copy/phrases";
import type { Blueprint } from "../blueprint/schema";
import { qa } from "../qa/qa";

const selectAll = (q: string, root: AnyNode | AnyNode[]) => cssSelectAll(q, root) as unknown as Element[];

/** Three questions: answer links, a 0–10 scale, options with their own urls. */
function surveyBlueprint(lang = "en"): Blueprint {
  const bp = { ...structuredClone(sampleBlueprint("survey")), lang };
  const m = bp.interactiveConfig.modules[0]!;
  if (m.technique !== "survey") throw new Error("survey");
  m.questions = [
    { question: "How was your visit?", options: [{ label: "Great" }, { label: "Okay" }, { label: "Not good" }] },
    { question: "How likely are you to recommend us?", options: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })) },
    m.questions[1]!,
  ];
  return bp;
}

function surveyEmail(lang = "en") {
  const r = render(surveyBlueprint(lang));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { html: r.html, doc: parseDocument(r.html) };
}

describe("a survey in the HTML email", () => {
  it("makes every answer a link (answer address or the option's own url) and nests no link in a label", () => {
    const { doc } = surveyEmail();
    expect(selectAll("label a", doc)).toHaveLength(0);
    expect(selectAll("a label", doc)).toHaveLength(0);
    const hrefs = (qi: number) => selectAll(`.kx-int .k1-step-${qi} a`, doc).map((a) => a.attribs.href);
    expect(hrefs(0)).toEqual([0, 1, 2].map((oi) => `{{ANSWER_URL:en:k1.0.${oi}}}`));
    expect(hrefs(1)).toEqual(Array.from({ length: 11 }, (_, oi) => `{{ANSWER_URL:en:k1.1.${oi}}}`));
    expect(hrefs(2)).toEqual(["https://kinetic.example/s?q2=yes", "https://kinetic.example/s?q2=maybe", "https://kinetic.example/s?q2=no"]);
  });

  it("keeps the NPS question one row of eleven links in both views", () => {
    const { doc } = surveyEmail();
    for (const view of [".kx-int", ".kx-fb"]) {
      const rows = selectAll(`${view} table.kx-nps`, doc);
      expect(rows).toHaveLength(1);
      expect(selectAll("tr", rows[0]!)).toHaveLength(1);
      expect(selectAll("td > a.kx-nps-cell", rows[0]!).map((a) => textContent(a))).toEqual(Array.from({ length: 11 }, (_, i) => String(i)));
    }
  });

  it("gives each step its own navigation label, bound to a radio before the steps, in the email's language", () => {
    for (const lang of ["en", "fr", "de"] as const) {
      const { doc } = surveyEmail(lang);
      const p = PHRASES[lang];
      const radios = selectAll(".kx-int input[type=radio]", doc);
      expect(radios.map((r) => r.attribs.id)).toEqual(["k1-q0-next", "k1-q1-next", "k1-q2-next"]);
      const steps = selectAll(".kx-int .k1-step", doc);
      expect(steps).toHaveLength(3);
      steps.forEach((step, qi) => {
        const labels = selectAll("label", step);
        expect(labels.map((l) => l.attribs.for)).toEqual([`k1-q${qi}-next`]);
        expect(textContent(labels[0]!)).toBe(qi < 2 ? `${p.nextQuestion}\u00a0→` : p.finish);
        // A button's face: ≥ 12 px padding on a 20 px line, 2 px borders.
        expect(labels[0]!.attribs.style).toMatch(/display:inline-block;padding:(1[2-9]|[2-9]\d)px \d+px;border:2px solid/);
        expect(labels[0]!.attribs.style).toContain("line-height:20px");
      });
      // The radios come before the steps, so each :checked can reach them.
      const steps0 = selectAll(".kx-int .k1-steps", doc)[0]!;
      expect(steps0.parent).toBe(radios[0]!.parent);
    }
  });

  it("hides a step and reveals the next (the thank-you after the last) when its radio is checked", () => {
    const { html } = surveyEmail();
    expect(html).toContain(".k1-q0:checked ~ .k1-steps .k1-step-1{display:block !important}");
    expect(html).toContain(".k1-q2:checked ~ .k1-steps .k1-done{display:block !important}");
    expect(html).toContain(".k1-q2:checked ~ .k1-steps .k1-step-2{display:none !important}");
  });

  it("keeps every question with its answer links in the fallback", () => {
    const { doc } = surveyEmail();
    const fb = selectAll(".kx-fb", doc)[0]!;
    expect(
      selectAll("h3", fb)
        .map((h) => textContent(h))
        .slice(0, 3),
    ).toEqual(["How was your visit?", "How likely are you to recommend us?", "Would you come back?"]);
    expect(
      selectAll("a", fb)
        .map((a) => a.attribs.href)
        .slice(0, 17),
    ).toEqual(selectAll(".kx-int .k1-step a", doc).map((a) => a.attribs.href));
    expect(selectAll("label", fb)).toHaveLength(0);
  });
});

describe("the NPS row", () => {
  it("passes QA's tap-target check: every cell at least 44 px tall", () => {
    const r = render(surveyBlueprint());
    if (!r.ok) throw new Error("render");
    const tap = qa(r.html).checks.find((c) => c.id === "tap-targets");
    expect(tap?.passed).toBe(true);
  });
});
