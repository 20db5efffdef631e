/**
 * The defects a marketer saw in the local copy (the copy-quality and true-content reviews), each pinned with a prompt read
 * into a brief, so what is tested is what a user gets.
 */
import type { Technique } from "~/domain/blueprint/schema";
import { formatMoney } from "~/domain/blueprint/currency";
import { readPrompt } from "~/domain/brief/read";
import { copyToText, type CopyDoc } from "~/domain/copy/schema";
import { buildBlueprint } from "../blueprint/build";
import { parseCartItem, parseQuizItem, parseSurveyItem, visibleCopy } from "./conventions";
import { masthead, writeLocalCopy } from "./local";
import { productCase, withoutTechnique } from "./names";

function write(prompt: string, techniques: Technique[]): CopyDoc {
  const { brief, facts } = readPrompt(prompt);
  return writeLocalCopy({ prompt, facts, brief, techniques });
}

const text = (c: CopyDoc) => copyToText(c);
const section = (c: CopyDoc, role: string) => c.sections.find((s) => s.role === role);

const ROASTS = "Ethiopia Guji $19, Colombia Huila $16, house espresso blend $14";

describe("copy a marketer would send", () => {
  it("invents no brand when the prompt has none: no 'Our shop' header, no 'our team' sign-off", () => {
    const prompt = `Coffee email with tabs: ${ROASTS}.`;
    const { facts } = readPrompt(prompt);
    const copy = write(prompt, ["tabs"]);
    expect(text(copy)).not.toMatch(/\bour (?:shop|team|kitchen)\b/i);
    expect(masthead({ ...facts, brand: undefined, occasion: undefined, emailType: "ecommerce" })).toBe("From the shop");
    expect(masthead({ ...facts, brand: undefined, occasion: "black friday" })).toBe("Black Friday");
    expect(masthead({ ...facts, brand: "Ember Roasters" })).toBe("Ember Roasters");
    const bp = buildBlueprint({
      prompt,
      copyDoc: copy,
      techniques: ["tabs"],
      facts: { ...facts, brand: undefined, occasion: undefined, emailType: "ecommerce" },
    });
    expect(bp.ok && bp.blueprint.brandName).toBe("From the shop");
    for (const p of [
      "Event email: the summit is on May 4.",
      "Feedback survey: how was your visit?",
      "Restaurant email with tabs: pancakes $12, shakshuka $14.",
    ]) {
      expect(text(write(p, ["survey"]))).not.toMatch(
        /\b(?:at|from|with|to) our (?:shop|team|kitchen|school|charity)\b|^Our (?:shop|team|kitchen)\b/im,
      );
    }
  });

  it("keeps the technique's own words out of the content", () => {
    expect(withoutTechnique("carousel of three roasts")).toBe("three roasts");
    expect(withoutTechnique("a slider of new arrivals")).toBe("new arrivals");
    expect(withoutTechnique("plus a cart")).toBe("");
    expect(text(write(`Ember Roasters: a carousel of three roasts. ${ROASTS}.`, ["carousel"]))).not.toMatch(/carousel of/i);
  });

  it("shows as many slides as the prompt names, and never pads them", () => {
    expect(write(`Ember Roasters carousel: ${ROASTS}.`, ["carousel"]).items).toHaveLength(3);
    expect(write(`Ember Roasters, five slides: ${ROASTS}.`, ["carousel"]).items).toHaveLength(3);
    expect(write("Ember Roasters tabs: Ethiopia Guji $19, Colombia Huila $16.", ["tabs"]).items).toHaveLength(2);
  });

  it("puts a condition on its own offer, never in the cart", () => {
    const copy = write(`Ember Roasters cart: ${ROASTS}. 25% off everything with code EMBER25. Free shipping over $150.`, ["itemCart"]);
    expect(copy.items.map(parseCartItem).map((c) => c?.label)).toEqual(["Ethiopia Guji", "Colombia Huila", "House espresso blend"]);
    expect(text(copy)).toMatch(/EMBER25/);
    expect(copy.items.some((i) => /shipping|EMBER25/i.test(`${i.label} ${i.body}`))).toBe(false);
  });

  it("keeps a name as the prompt wrote it, its first letter capitalised", () => {
    expect(productCase("tacos al pastor")).toBe("Tacos al Pastor");
    expect(productCase("iPhone 15")).toBe("iPhone 15");
    const copy = write("Saffron Kitchen brunch with tabs: ricotta pancakes $12 — with honey, cold brew $5 — over ice.", ["tabs"]);
    expect(copy.items.map((i) => i.label)).toEqual(["Ricotta pancakes", "Cold brew"]);
  });

  it("leads the subject and the hero with the occasion", () => {
    const copy = write(`Black Friday at Ember Roasters: 25% off everything. Carousel: ${ROASTS}.`, ["carousel"]);
    expect(copy.subject).toMatch(/Black Friday/);
    expect(section(copy, "hero")?.headline).toBe("Black Friday");
  });

  it("writes an item's line from its own facts, never a sentence that fits any product", () => {
    const copy = write("Camp gear from Ember Outdoors with tabs: tent $199, stove $45, lantern. 25% off everything.", ["tabs"]);
    const bodies = copy.items.map((i) => i.body);
    // The price as written, once; the lantern, which the prompt says nothing of, is listed, not padded.
    expect(bodies).toEqual(["$199", "$45"]);
    expect(text(copy)).toMatch(/Lantern/);
    // The offer is never applied to a price: "$33.75" is a number nobody wrote.
    expect(text(copy)).not.toContain("$33.75");
    expect(text(copy)).not.toMatch(/everyday things|made to last|easy to love|ships fast/i);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it("uses the prompt's own questions and options in a survey, with neutral answers when it lists none", () => {
    const steps = write("Gridline Fitness survey: would you come to a Sunday class? Which class do you enjoy most — Spin, Yoga or HIIT?", [
      "survey",
    ]).items.map(parseSurveyItem);
    expect(steps).toEqual([
      { question: "Would you come to a Sunday class?", options: ["Yes", "Maybe", "No"] },
      { question: "Which class do you enjoy most?", options: ["Spin", "Yoga", "HIIT"] },
    ]);
  });

  it("splits one sentence of questions, and a follow-up opens as feedback, not as an invitation", () => {
    const copy = write(
      "Follow-up email after the Design Systems Meetup with a short questionnaire: how was the venue, which talk did you like best, and would you come again?",
      ["survey"],
    );
    expect(copy.items.map(parseSurveyItem).map((q) => q?.question)).toEqual(["How was the venue?", "Would you come again?"]);
    expect(text(copy)).not.toMatch(/invites you|save the date|is coming|bring a friend|register now|reserve your seat/i);
    const { facts } = readPrompt("Design Systems Meetup survey");
    expect(masthead({ ...facts, brand: undefined, occasion: undefined, emailType: "event" }, ["survey"])).toBe("Your feedback");
  });

  it("opens an NPS survey with the recommend question, 0 to 10", () => {
    const steps = write("quick nps survey, gridline fitness members", ["survey"]).items.map(parseSurveyItem);
    expect(steps[0]?.question).toMatch(/How likely are you to recommend/);
    expect(steps[0]?.options).toHaveLength(11);
  });

  it("asks the prompt's own quiz questions, with the option it marks as right", () => {
    const q = write("Space quiz: which planet is largest — Saturn, Jupiter (correct) or Mars?", ["quiz"]).items.map(parseQuizItem);
    expect(q[0]).toMatchObject({ question: "Which planet is largest?", options: ["Saturn", "Jupiter", "Mars"], answer: 1 });
  });

  it("pairs 'tabs for Sweet, Savory and Drinks' with the dishes it lists", () => {
    const items = write(
      "Weekend brunch email for Saffron Kitchen with tabs for Sweet, Savory and Drinks. Dishes: ricotta pancakes $12, shakshuka $14, cold brew $5.",
      ["tabs"],
    ).items;
    expect(items.map((i) => i.label)).toEqual(["Sweet", "Savory", "Drinks"]);
    expect(items[0]).toMatchObject({ headline: "Ricotta pancakes", body: "$12" });
  });

  it("writes a French email in French, from the prompt's words", () => {
    const copy = write(
      "Soldes d'hiver pour Maison Lavande : bougie figue à 24,00 €, bougie ambre à 28,50 €, savon à 6,50 €. -20 % sur tout avec le code HIVER20 jusqu'au 31 janvier.",
      ["carousel"],
    );
    const all = text(copy);
    expect(all).toContain("HIVER20");
    expect(all).toContain("24,00 €");
    expect(all).toContain("28,50 €");
    expect(all).not.toContain("19,20");
    expect(section(copy, "footer")?.body).toContain("Vous recevez cet e-mail");
    expect(all).not.toMatch(/\b(?:the|with|your|our)\b/i);
  });

  it("never writes a price worked out from the offer: the brief does not give it", () => {
    const all = JSON.stringify(write("Loja Maré, carrossel: sofá 1543 €, mesa 240 €. -20 % em tudo.", ["carousel"]));
    expect(all).not.toContain(formatMoney(123440, "EUR", "pt"));
    expect(all).not.toContain(formatMoney(19200, "EUR", "pt"));
    expect(all).toContain("1543 €");
  });

  it("writes a German cart in German", () => {
    const copy = write("Metzgerei Huber, Warenkorb: Bratwurst 3,50 €, Leberkäse 4,20 €. Kostenloser Versand ab 40 €.", ["itemCart"]);
    expect(section(copy, "cart")).toMatchObject({ cta: "Zur Kasse", headline: "Ihre Auswahl" });
    expect(text(copy)).not.toMatch(/\b(?:the|with|your|our|and)\b/i);
    // Placed, the cart prints its prices the German way; the word-for-word check must expect that.
    expect(visibleCopy(copy, ["itemCart"], "de").items.map((i) => i.headline)).toEqual([
      formatMoney(350, "EUR", "de"),
      formatMoney(420, "EUR", "de"),
    ]);
  });

  it.each([
    ["es", "Encuesta para los clientes del Hotel Brisa: ¿Cómo fue su estancia?", /Gracias|Tus respuestas/],
    ["pt", "Pesquisa para os pacientes da Clínica Vida: Como foi o seu atendimento?", /Obrigado|Suas respostas/],
    ["it", "Sondaggio per i clienti della Gelateria Neve: Come ti è sembrato il gusto al pistacchio?", /Grazie|Le tue risposte/],
  ] as const)("writes the %s frame in its own language", (_lang, prompt, marker) => {
    const all = text(write(prompt, ["survey"]));
    expect(all).toMatch(marker);
    expect(all).not.toMatch(/\b(?:the|with|your|our)\b/i);
  });

  it("keeps an unsupported language's words in an English frame", () => {
    const copy = write("Bloemenhuis Tulp winkelmand: boeket Lente €24, pioenrozen €19.", ["itemCart"]);
    expect(text(copy)).toMatch(/boeket Lente/i);
    expect(section(copy, "footer")?.body).toContain("You're receiving this email");
  });
});
