import { describe, expect, it } from "vitest";
import { BriefSchema } from "~/domain/brief/schema";
import { promptTokens, readBrief } from "~/domain/reader";
import { anchorBrief } from "./anchor";
import { ModelBriefSchema, toModelBrief, type ModelBrief } from "./model";

/** A model's answer (only what a case sets), anchored in the prompt. */
function anchor(prompt: string, answer: Partial<ModelBrief>, emailType?: string) {
  const local = readBrief(prompt);
  return anchorBrief(prompt, ModelBriefSchema.parse(answer), { local, tokens: promptTokens(prompt), emailType });
}
const at = (prompt: string, word: string, from = 0) => {
  const start = prompt.indexOf(word, from);
  return { start, end: start + word.length };
};

describe("anchorBrief: each value found in the prompt as written", () => {
  const cases: Array<{ name: string; prompt: string; answer: Partial<ModelBrief>; brand: string }> = [
    {
      name: "case-insensitively, keeping the prompt's words",
      prompt: "Sale for Bloom & Co today",
      answer: { brand: "bloom & co" },
      brand: "Bloom & Co",
    },
    {
      name: "curly quotes and dashes as the prompt has them",
      prompt: "News from Jardins d’Elise",
      answer: { brand: "Jardins d'Elise" },
      brand: "Jardins d’Elise",
    },
    {
      name: "by its words when the model dropped the punctuation between them",
      prompt: "From: Hill-Top (Bakery) in town",
      answer: { brand: "Hill Top Bakery" },
      brand: "Hill-Top (Bakery",
    },
    {
      name: "through markup, the span in the prompt as written",
      prompt: "<p>Sale at <b>Oak Hall</b></p>",
      answer: { brand: "oak hall" },
      brand: "Oak Hall",
    },
  ];
  it.each(cases)("$name", ({ prompt, answer, brand }) => {
    const { brief, dropped } = anchor(prompt, answer);
    expect(dropped).toEqual([]);
    expect(brief.brand?.value).toBe(brand);
    expect(brief.brand?.span).toEqual(at(prompt, brand));
  });

  it("searches each value of a list after the one before it first", () => {
    const prompt = "Our Latte is loved. Menu: Espresso $3, Latte $4.50, Mocha $5.";
    const { brief } = anchor(prompt, {
      items: [
        { name: "Espresso", price: "$3" },
        { name: "Latte", price: "$4.50" },
        { name: "Mocha", price: "$5" },
      ],
    });
    expect(brief.items.map((i) => i.name.span)).toEqual([at(prompt, "Espresso"), at(prompt, "Latte", 20), at(prompt, "Mocha")]);
    expect(brief.items[1].price).toEqual({ display: "$4.50", minor: 450, currency: "USD", span: at(prompt, "$4.50") });
  });

  it("goes back to the start for a value not found after the one before", () => {
    const prompt = "Shoes and Dresses on sale";
    const { brief, dropped } = anchor(prompt, { items: [{ name: "Dresses" }, { name: "Shoes" }] });
    expect(dropped).toEqual([]);
    expect(brief.items.map((i) => i.name.value)).toEqual(["Dresses", "Shoes"]);
  });

  it("never cuts a word: a code is not found inside a longer one", () => {
    const { brief, dropped } = anchor("Use SAVE100 at checkout", { codes: ["SAVE10"] });
    expect(brief.codes).toEqual([]);
    expect(dropped).toEqual(['codes.0: "SAVE10"']);
  });

  it("drops and reports what the prompt does not say, and keeps the rest", () => {
    const prompt = "Spring sale for Bloom & Co: Dresses ($49) and Shoes ($79). 20% off with code BLOOM20.";
    const { brief, dropped } = anchor(prompt, {
      brand: "Bloom & Company Ltd",
      items: [
        { name: "Dresses", price: "$45" },
        { name: "Hats", price: "$12" },
        { name: "Shoes", price: "$79" },
      ],
      codes: ["BLOOM20", "EXTRA5"],
      message: ["Free shipping on every order"],
    });
    expect(brief.brand).toBeUndefined();
    expect(brief.items.map((i) => [i.name.value, i.price?.display])).toEqual([
      ["Dresses", undefined],
      ["Shoes", "$79"],
    ]);
    expect(brief.codes.map((c) => c.value)).toEqual(["BLOOM20"]);
    expect(brief.message).toEqual([]);
    expect(dropped.sort()).toEqual([
      'brand: "Bloom & Company Ltd"',
      'codes.1: "EXTRA5"',
      'items.0.price: "$45"',
      'items.1.name: "Hats"',
      'message.0: "Free shipping on every order"',
    ]);
  });

  it("parses each price as written: the prompt's amount with the same value, in any notation", () => {
    const prompt = "Menu de Bistrot Martin : soupe 8 €, tarte 14,50 €, plat 1.299,00 €";
    const { brief, dropped } = anchor(prompt, {
      items: [
        { name: "soupe", price: "€8" },
        { name: "tarte", price: "14,50 €" },
        { name: "plat", price: "1299 EUR" },
      ],
    });
    expect(dropped).toEqual([]);
    expect(brief.items.map((i) => i.price)).toEqual([
      { display: "8 €", minor: 800, currency: "EUR", span: at(prompt, "8 €") },
      { display: "14,50 €", minor: 1450, currency: "EUR", span: at(prompt, "14,50 €") },
      { display: "1.299,00 €", minor: 129900, currency: "EUR", span: at(prompt, "1.299,00 €") },
    ]);
  });

  it("reads an offer's percent, threshold and code from the prompt, and keeps a date on its offer when one before it is dropped", () => {
    const prompt = "Free gift wrap over $50 until Dec 20, and 15% off with code JOY15 until Dec 24.";
    const { brief, dropped } = anchor(prompt, {
      offers: [
        { text: "free delivery", kind: "free" },
        { text: "Free gift wrap", kind: "free", threshold: "over $50", deadline: "until Dec 20" },
        { text: "15% off", kind: "percent", percent: 50, code: "JOY15" },
      ],
      dates: [
        { text: "Dec 20", governs: "offer", offer: 1 },
        { text: "Dec 24", governs: "offer", offer: 2 },
        { text: "Dec 31", governs: "offer", offer: 0 },
      ],
    });
    expect(brief.offers).toHaveLength(2);
    expect(brief.offers[0].threshold).toEqual({
      text: { value: "over $50", span: at(prompt, "over $50") },
      price: { display: "$50", minor: 5000, currency: "USD", span: at(prompt, "$50") },
    });
    expect(brief.offers[1]).toMatchObject({ kind: "percent", percent: 15, code: { value: "JOY15" } });
    expect(brief.dates.map((d) => [d.value, d.governs])).toEqual([
      ["Dec 20", { kind: "offer", offer: 0 }],
      ["Dec 24", { kind: "offer", offer: 1 }],
    ]);
    expect(dropped).toEqual(['offers.0.text: "free delivery"', 'dates.2.text: "Dec 31"']);
  });

  it("reads a scale's steps from the scale, and keeps a quiz answer on its option when one before it is dropped", () => {
    const prompt = "How likely are you to recommend us (0-10)? Quiz: capital of Peru? Lima, Quito or Bogotá.";
    const steps = Array.from({ length: 11 }, (_, i) => String(i));
    const { brief, dropped } = anchor(prompt, {
      questions: [
        { text: "How likely are you to recommend us", options: steps, scale: { text: "0-10", min: 0, max: 10 } },
        { text: "capital of Peru?", options: ["Cusco", "Lima", "Quito", "Bogotá"], correct: 1 },
      ],
    });
    expect(brief.questions[0].scale).toEqual({ min: 0, max: 10, span: at(prompt, "0-10") });
    expect(brief.questions[0].options).toHaveLength(11);
    expect(brief.questions[0].options.every((o) => o.span.start === at(prompt, "0-10").start)).toBe(true);
    expect(brief.questions[1].options.map((o) => o.value)).toEqual(["Lima", "Quito", "Bogotá"]);
    expect(brief.questions[1].correct).toBe(0);
    expect(dropped).toEqual(['questions.1.options.0: "Cusco"']);
  });

  it("takes the caller's email type over the model's, and the language from the local reading", () => {
    const prompt = "Soldes d'hiver chez Maison Lune : -20 % sur tout le site.";
    const { brief } = anchor(prompt, { emailType: { value: "newsletter" } }, "ecommerce");
    expect(brief.emailType).toEqual({ value: "ecommerce", source: "hint" });
    expect(brief.language).toEqual(readBrief(prompt).language);
    expect(anchor(prompt, { emailType: { value: "newsletter", words: "soldes" } }).brief.emailType).toEqual({
      value: "newsletter",
      source: "prompt",
      span: at(prompt, "Soldes"),
    });
  });

  it("gives a link written without its scheme as the web address it is", () => {
    const { brief } = anchor("Book at www.cafe.example/book today", { links: ["www.cafe.example/book"] });
    expect(brief.links).toEqual([{ value: "https://www.cafe.example/book", span: { start: 8, end: 29 } }]);
  });

  it("bounds the search on hostile input: a long prompt of one repeated word and a value that almost matches", () => {
    const prompt = "sale ".repeat(4000).trim();
    const value = `${"sale ".repeat(79)}gone`;
    const { brief, dropped } = anchor(prompt, { product: value, message: Array.from({ length: 8 }, () => value) });
    expect(brief.product).toBeUndefined();
    expect(brief.message).toEqual([]);
    expect(dropped).toHaveLength(9);
  });

  it("turns the local reading's own answer back into the same brief (prompts of several kinds)", () => {
    const prompts = [
      "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20 until May 3.",
      "Holiday gift guide for Pine & Thread: Spruce candle $30, Wool throw $85. Free gift wrap over $50 until Dec 20, and 15% off with code JOY15.",
      "Menu de Bistrot Martin : soupe à l'oignon 8 €, confit de canard 18,90 €, tarte Tatin 14,50 €. Réservez sur https://bistrot-martin.example/reserver",
      "NPS survey for Ledgerly: how likely are you to recommend Ledgerly to a colleague (0-10)? Which feature do you use most: Reports, Dashboards or Alerts?",
    ];
    for (const prompt of prompts) {
      const local = readBrief(prompt);
      const { brief, dropped } = anchorBrief(prompt, toModelBrief(local, prompt), { local, tokens: promptTokens(prompt) });
      expect(dropped, prompt).toEqual([]);
      expect(BriefSchema.safeParse(brief).success).toBe(true);
      for (const field of ["offers", "dates", "links", "codes"] as const) expect(brief[field], `${prompt}: ${field}`).toEqual(local[field]);
      expect(brief.items.map((i) => [i.name.span, i.price])).toEqual(local.items.map((i) => [i.name.span, i.price]));
      expect(brief.questions.map((q) => q.options.map((o) => o.span))).toEqual(local.questions.map((q) => q.options.map((o) => o.span)));
    }
  });
});
