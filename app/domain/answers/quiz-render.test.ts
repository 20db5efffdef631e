// A quiz answered in the received email is collected: in the interactive (CSS-only) view the
// option's label reveals right or wrong and the verdict offers the chosen option's signed link; in
// the fallback each answer option is that link; and the form the generation stores knows which
// option is right (the results' % correct) and the email's explanation.
import { parseDocument } from "htmlparser2";
import { selectAll as cssSelectAll } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { textContent } from "domutils";
import { render } from "../render";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { answerQuestions } from "./questions";

const selectAll = (q: string, root: AnyNode | AnyNode[]) => cssSelectAll(q, root) as unknown as Element[];

function quizEmail(lang = "en") {
  const bp = { ...structuredClone(sampleBlueprint("quiz")), lang };
  const r = render(bp);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { doc: parseDocument(r.html), blueprint: r.blueprint };
}

describe("a quiz in the HTML email", () => {
  it("keeps every option's label the reveal control, with no link inside, and gives the verdict each option's signed answer link", () => {
    const { doc, blueprint } = quizEmail("fr");
    const quiz = blueprint.interactiveConfig.modules[0];
    if (quiz.technique !== "quiz") throw new Error("quiz");
    expect(selectAll("label a", doc)).toHaveLength(0);
    quiz.questions.forEach((q, qi) => {
      const labels = selectAll(`.kx-int label.k1-opt[for^="k1-q${qi}-o"]`, doc);
      expect(labels.map((l) => textContent(l))).toEqual(q.options);
      labels.forEach((label, oi) => expect(label.attribs.for).toBe(`k1-q${qi}-o${oi}`));
      expect(selectAll(`.kx-int input[type=radio][name="k1-q${qi}"]`, doc)).toHaveLength(q.options.length);
      // The right option's link sits in the "correct" verdict, the others' in the "not quite" one.
      const sends = (verdict: string) =>
        selectAll(`.kx-int .k1-${verdict} a.k1-send`, doc).filter((a) => a.attribs.class.includes(`k1-send-${qi}-`));
      const href = (oi: number) => `{{ANSWER_URL:fr:k1.${qi}.${oi}}}`;
      expect(sends("right").map((a) => a.attribs.href)).toEqual([href(q.answer)]);
      expect(sends("wrong").map((a) => a.attribs.href)).toEqual(
        q.options
          .map((_, oi) => oi)
          .filter((oi) => oi !== q.answer)
          .map(href),
      );
      expect(sends("right").map((a) => textContent(a))).toEqual(["Envoyer ma réponse\u00a0→"]);
    });
  });

  it("shows only the chosen option's send link (css), each in the verdict its radio reveals", () => {
    const r = render(sampleBlueprint("quiz"));
    if (!r.ok) throw new Error("render");
    expect(r.html).toContain(".k1-q0-o1:checked ~ .k1-right .k1-send-0-1{display:inline-block !important}");
    expect(r.html).toContain(".k1-q0-o0:checked ~ .k1-wrong .k1-send-0-0{display:inline-block !important}");
    const doc = parseDocument(r.html);
    for (const a of selectAll(".kx-int a.k1-send", doc)) expect(a.attribs.style).toMatch(/^display:none;/);
  });

  it("gives the fallback the same answer links", () => {
    const { doc } = quizEmail();
    const hrefs = (scope: string) =>
      selectAll(`${scope} a`, doc)
        .map((a) => a.attribs.href)
        .filter((h) => h.startsWith("{{ANSWER_URL:"));
    expect([...hrefs(".kx-int")].sort()).toEqual([...hrefs(".kx-fb")].sort());
    expect(hrefs(".kx-int")).toHaveLength(6);
  });

  it("stores which option is right and the explanation with the form's questions", () => {
    const { blueprint } = quizEmail();
    expect(answerQuestions(blueprint)).toEqual([
      expect.objectContaining({
        key: "k1.0",
        kind: "quiz",
        options: ["Colombia", "Brazil", "Ethiopia"],
        correct: 1,
        explanation: "Brazil grows about a third of the world's coffee.",
      }),
      expect.objectContaining({ key: "k1.1", kind: "quiz", correct: 0 }),
    ]);
  });
});
