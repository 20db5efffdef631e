// A quiz answered in the received email is collected: in the interactive (CSS-only) view as in the
// fallback, each answer option is the signed link of that answer, and the form the generation
// stores knows which option is right (the results' % correct) and the email's explanation.
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
  it("makes every option of the interactive view the signed answer link of that option, keeping its radio for the in-email reveal", () => {
    const { doc, blueprint } = quizEmail("fr");
    const quiz = blueprint.interactiveConfig.modules[0];
    if (quiz.technique !== "quiz") throw new Error("quiz");
    quiz.questions.forEach((q, qi) => {
      const labels = selectAll(`.kx-int label.k1-opt[for^="k1-q${qi}-o"]`, doc);
      expect(labels.map((l) => textContent(l))).toEqual(q.options);
      labels.forEach((label, oi) => {
        expect(label.attribs.for).toBe(`k1-q${qi}-o${oi}`);
        const links = selectAll("a", label);
        expect(links.map((a) => a.attribs.href)).toEqual([`{{ANSWER_URL:fr:k1.${qi}.${oi}}}`]);
      });
      expect(selectAll(`.kx-int input[type=radio][name="k1-q${qi}"]`, doc)).toHaveLength(q.options.length);
    });
  });

  it("gives the fallback the same answer links", () => {
    const { doc } = quizEmail();
    const hrefs = (scope: string) => selectAll(`${scope} a`, doc).map((a) => a.attribs.href).filter((h) => h.startsWith("{{ANSWER_URL:"));
    expect(hrefs(".kx-int")).toEqual(hrefs(".kx-fb"));
    expect(hrefs(".kx-int")).toHaveLength(6);
  });

  it("stores which option is right and the explanation with the form's questions", () => {
    const { blueprint } = quizEmail();
    expect(answerQuestions(blueprint)).toEqual([
      expect.objectContaining({ key: "k1.0", kind: "quiz", options: ["Colombia", "Brazil", "Ethiopia"], correct: 1, explanation: "Brazil grows about a third of the world's coffee." }),
      expect.objectContaining({ key: "k1.1", kind: "quiz", correct: 0 }),
    ]);
  });
});
