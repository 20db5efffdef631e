import { readBrief } from "~/domain/reader";
import type { Brief } from "./schema";
import { ampRequested, chooseTechniques, inferTechnique, namedTechniques } from "./techniques";

const span = (start: number, end: number) => ({ start, end });
/** A brief with only what a case sets: the reader's reading of a plain line, then the fields given. */
const briefWith = (fields: Partial<Brief>, prompt = "Hello from Acme."): Brief => ({ ...readBrief(prompt), ...fields });

describe("chooseTechniques", () => {
  it.each([
    ["A tabbed newsletter for our readers", ["tabs"]],
    ["Show the new collection in a slider", ["carousel"]],
    ["Run a quick poll on which flavour comes next", ["survey"]],
    ["A trivia challenge about space", ["quiz"]],
    ["Put a hamburger menu at the top", ["menu"]],
    ["Let readers add to basket right in the email", ["itemCart"]],
    ["A carousel of products and an add to cart section", ["carousel", "itemCart"]],
    ["Quiz first, then tabs", ["quiz", "tabs"]],
    ["Um carrossel com os três bolos da semana", ["carousel"]],
    ["Des onglets pour le menu du midi et du soir", ["tabs"]],
  ])("%s → %j, from the prompt", (prompt, expected) => {
    const r = chooseTechniques(readBrief(prompt));
    expect(r).toMatchObject({ ok: true, techniques: expected, source: "prompt" });
  });

  it("refuses a prompt naming three modules, though the brief keeps two, with every one named", () => {
    const brief = readBrief("Email with tabs, an accordion and a carousel");
    expect(brief.techniques).toHaveLength(2);
    const r = chooseTechniques(brief);
    expect(r).toEqual({
      ok: false,
      error: "At most 2 interactive techniques per email; the prompt asks for 3 (tabs, accordion, carousel).",
      mentioned: ["tabs", "accordion", "carousel"],
    });
  });

  it("takes the hint when the brief names none, and the brief when it does", () => {
    const plain = briefWith({});
    expect(chooseTechniques(plain, "accordion")).toMatchObject({ ok: true, techniques: ["accordion"], source: "hint" });
    expect(chooseTechniques(plain, "slider, faq accordion")).toMatchObject({ techniques: ["carousel", "accordion"] });
    expect(chooseTechniques(plain, "tabs+itemCart")).toMatchObject({ techniques: ["tabs", "itemCart"] });
    expect(chooseTechniques(plain, "tabs, quiz, menu")).toMatchObject({ ok: false, mentioned: ["tabs", "quiz", "menu"] });
    expect(chooseTechniques(plain, "tabs, quiz, menu")).toMatchObject({ error: expect.stringMatching(/the hint names 3/) });
    const named = briefWith({ techniques: [{ technique: "carousel", span: span(0, 8), panes: [] }] });
    expect(chooseTechniques(named, "accordion")).toMatchObject({ techniques: ["carousel"], source: "prompt" });
  });

  it("reports an AMP4Email version asked for in an instruction or the hint, without counting it as a module", () => {
    const brief = readBrief("A tabs email with an AMP4Email version");
    expect(chooseTechniques(brief)).toMatchObject({ ok: true, techniques: ["tabs"], ampRequested: true });
    expect(ampRequested(briefWith({}), "amp4email")).toBe(true);
    expect(chooseTechniques(briefWith({}), "amp4email")).toMatchObject({ ok: true, ampRequested: true, source: "inferred" });
    expect(ampRequested(readBrief("Amp up your sales with tabs for Bloom"))).toBe(false);
  });

  it("finds the modules of every instruction, in the prompt's order", () => {
    const brief = briefWith({
      techniques: [],
      instructions: [
        { kind: "technique", text: { value: "Put the plans in tabs.", span: span(40, 62) } },
        { kind: "request", text: { value: "Add a quiz at the end.", span: span(10, 32) } },
      ],
    });
    expect(namedTechniques(brief)).toEqual(["quiz", "tabs"]);
  });
});

describe("inferTechnique", () => {
  const type = (value: Brief["emailType"]["value"]): Brief["emailType"] => ({ value, source: "hint" });
  it.each([
    ["restaurant", "tabs"],
    ["onboarding", "tabs"],
    ["nonprofit", "tabs"],
    ["event", "accordion"],
    ["newsletter", "accordion"],
    ["transactional", "accordion"],
    ["announcement", "carousel"],
    ["travel", "carousel"],
    ["education", "quiz"],
    ["feedback", "survey"],
    ["ecommerce", "carousel"],
  ] as const)("%s, with nothing else to go on: %s", (emailType, technique) => {
    expect(inferTechnique(briefWith({ emailType: type(emailType), occasion: { kind: "general" } }))).toBe(technique);
  });

  it("reads what the brief holds before the type: FAQ pairs, a quiz's answers, a survey's options, priced items", () => {
    const text = (value: string, start = 0) => ({ value, span: span(start, start + value.length) });
    const item = { name: text("Mug"), price: { display: "$12", minor: 1200, currency: "USD", span: span(4, 7) } };
    const q = { text: text("Which roast?"), options: [text("Light"), text("Dark")] };
    expect(inferTechnique(briefWith({ faq: [{ question: text("When?"), answer: text("Soon.") }] }))).toBe("accordion");
    expect(inferTechnique(briefWith({ questions: [{ ...q, correct: 1 }] }))).toBe("quiz");
    expect(inferTechnique(briefWith({ questions: [q] }))).toBe("survey");
    expect(
      inferTechnique(briefWith({ questions: [{ text: text("Ready for spring?"), options: [] }], emailType: type("restaurant") })),
    ).toBe("tabs");
    expect(inferTechnique(briefWith({ emailType: type("ecommerce"), occasion: { kind: "sale" }, items: [item] }))).toBe("itemCart");
  });

  it("is deterministic", () => {
    const brief = readBrief("Join us in Berlin for the summit", { emailType: "event" });
    expect(chooseTechniques(brief)).toEqual(chooseTechniques(brief));
    expect(chooseTechniques(brief)).toMatchObject({ source: "inferred" });
  });
});
