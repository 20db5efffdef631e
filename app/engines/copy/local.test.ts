import { copyToText, CopyDocSchema } from "~/domain/copy/schema";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { extractTechniques } from "~/domain/prompt/techniques";
import { parseCartItem, parseQuizItem, parseSurveyItem } from "./conventions";
import { LocalCopyEngine, writeLocalCopy } from "./local";

const engine = new LocalCopyEngine();

async function copyFor(prompt: string, emailType?: string) {
  const facts = parsePromptFacts(prompt, emailType);
  const t = extractTechniques(prompt, null, facts.emailType);
  if (!t.ok) throw new Error(t.error);
  const r = await engine.write({ prompt, emailType, facts, techniques: t.techniques });
  if (!r.ok) throw new Error(r.error);
  return { ...r, facts, techniques: t.techniques, text: copyToText(r.copyDoc) };
}

// [prompt, words that must appear verbatim in the copy]
const PROMPTS: Array<[string, string[]]> = [
  [
    "Create a Black Friday email for Lumen Coffee Roasters with 20% off all beans using code BEAN20, ends November 29. Products: Ethiopia Yirgacheffe $18, Colombia Huila $16, Sumatra Mandheling $17. Add to cart.",
    ["Lumen Coffee Roasters", "BEAN20", "November 29", "Ethiopia Yirgacheffe", "$18", "$16", "$17", "20% off"],
  ],
  [
    "Newsletter for Pixel Weekly with tabs for Design, Engineering and Product news",
    ["Pixel Weekly", "Design", "Engineering", "Product news"],
  ],
  [
    "Invite our subscribers to the DevOps Summit on March 14, 2026 at 9am in Berlin. Include an FAQ.",
    ["DevOps Summit", "March 14, 2026 at 9am"],
  ],
  ["Welcome email for new users of Trailhead, a hiking app. Use a friendly tone.", ["Trailhead"]],
  [
    'Restaurant email for Casa Verde: our new spring menu with tacos al pastor ($12), elote ($6) and churros ($5). CTA button saying "Book a table".',
    ["Casa Verde", "tacos al pastor", "$12", "elote", "$6", "churros", "$5", "Book a table"],
  ],
  ["A playful coffee quiz for Brewhaus subscribers", ["Brewhaus"]],
  ["Send a feedback survey to customers of Northwind Outfitters after their purchase", ["Northwind Outfitters"]],
  [
    "Introducing the Aero X2 running shoe from Stride. A carousel of colourways: Midnight, Coral and Glacier.",
    ["Aero X2 running shoe", "Stride", "Midnight", "Coral", "Glacier"],
  ],
  [
    "Hamburger menu email for Oak & Ash home store with links to Candles, Diffusers, Gifts and Sale",
    ["Oak & Ash", "Candles", "Diffusers", "Gifts", "Sale"],
  ],
  ["Donation appeal for Harbor Lights charity: help us fund 500 winter meals by December 20", ["Harbor Lights", "December 20"]],
  [
    "Spring getaway deals from Wanderly: Lisbon $499, Kyoto $899 and Reykjavik $699, 15% off with code WANDER15 in a slider",
    ["Wanderly", "Lisbon", "$499", "Kyoto", "$899", "Reykjavik", "$699", "WANDER15"],
  ],
  [
    "Course update from Codecraft Academy: lesson 3 is live, with a knowledge check quiz and an accordion of resources",
    ["Codecraft Academy"],
  ],
  [
    "Flash sale at Bloom Florist! 30% off bouquets this weekend only, tap to add roses €25, tulips €18 to your basket",
    ["Bloom Florist", "30% off", "€25", "€18"],
  ],
];

describe("LocalCopyEngine", () => {
  it.each(PROMPTS)("writes valid, specific copy for: %s", async (prompt, mustContain) => {
    const { copyDoc, text, usage } = await copyFor(prompt);
    expect(CopyDocSchema.safeParse(copyDoc).success).toBe(true);
    expect(copyDoc.subject.length).toBeLessThanOrEqual(60);
    expect(copyDoc.preheader).not.toBe(copyDoc.subject);
    expect(copyDoc.preheader.length).toBeGreaterThan(0);
    // Item names are cased as products ("tacos al pastor" → "Tacos al Pastor"); the words stay the prompt's.
    for (const word of mustContain) expect(text.toLowerCase()).toContain(word.toLowerCase());
    expect(text).not.toMatch(/lorem|ipsum|\bItem \d\b|undefined|\[object|NaN/i);
    expect(usage.estimated).toBe(true);
    expect(usage.inputTokens).toBe(Math.ceil(prompt.length / 4));
    expect(usage.outputTokens).toBe(Math.ceil(JSON.stringify(copyDoc).length / 4));
  });

  it("is deterministic for the same prompt and varies between prompts", async () => {
    const a = await copyFor(PROMPTS[0][0]);
    const b = await copyFor(PROMPTS[0][0]);
    expect(a.copyDoc).toEqual(b.copyDoc);
    const subjects = new Set(await Promise.all(PROMPTS.map(async ([p]) => (await copyFor(p)).copyDoc.subject)));
    expect(subjects.size).toBe(PROMPTS.length);
  });

  it("writes no item the prompt does not give: a module with nothing to show gets none", () => {
    const prompt = "An email for Lumen Coffee Roasters";
    const facts = parsePromptFacts(prompt);
    for (const t of ["tabs", "carousel", "accordion", "menu", "quiz", "survey", "itemCart"] as const)
      expect(writeLocalCopy({ prompt, facts, techniques: [t] }).items).toEqual([]);
  });

  it("asks the prompt's own quiz question with the option it marks as right", async () => {
    const { copyDoc } = await copyFor(
      "A playful coffee quiz for Brewhaus subscribers: which country grows the most coffee — Brazil (correct), Vietnam or Colombia?",
    );
    const questions = copyDoc.items.map(parseQuizItem);
    expect(questions).toHaveLength(1);
    expect(questions[0]!.options).toEqual(["Brazil", "Vietnam", "Colombia"]);
    expect(questions[0]!.options[questions[0]!.answer]).toBe("Brazil");
  });

  it("quizzes on the prompt's own prices, never on a percentage it did not write", async () => {
    const { copyDoc } = await copyFor(
      "Trivia quiz for Lumen Coffee Roasters: 20% off with code BEAN20. Beans: Huila $16, Sidamo $19 and Kona $42.",
    );
    const q = copyDoc.items.map(parseQuizItem);
    expect(q[0]).toMatchObject({ question: "Which one is $16?", answer: 0 });
    expect(q[0]!.options).toEqual(["Huila", "Sidamo", "Kona"]);
    expect(copyToText(copyDoc)).not.toMatch(/\b(?:10|30)%/);
  });

  it("writes survey steps with options and a thank-you section", async () => {
    const { copyDoc } = await copyFor(
      "Send a feedback survey to customers of Northwind Outfitters: how was your order? Would you shop with us again?",
    );
    const steps = copyDoc.items.map(parseSurveyItem);
    expect(steps).toHaveLength(2);
    expect(steps.every((s) => s && s.options.length >= 2)).toBe(true);
    expect(copyDoc.sections.some((s) => s.role === "thanks")).toBe(true);
  });

  it("writes cart products with their prices and a checkout button", async () => {
    const { copyDoc } = await copyFor(PROMPTS[0][0]);
    const cart = copyDoc.items.map(parseCartItem);
    expect(cart.map((c) => c?.price.minor)).toEqual([1800, 1600, 1700]);
    expect(copyDoc.sections.find((s) => s.role === "cart")?.cta).not.toBe("");
  });

  it("keeps both techniques' items for a pair, in technique order", async () => {
    const { copyDoc, techniques } = await copyFor("A carousel of new arrivals and an FAQ for Oak & Ash");
    expect(techniques).toEqual(["carousel", "accordion"]);
    // The prompt names no arrival and no question: neither module has anything to show.
    expect(copyDoc.items).toEqual([]);
  });
});

describe("visibleCopy", () => {
  it("expands quiz, survey, menu and cart items into the strings the modules show", async () => {
    const { visibleCopy } = await import("./conventions");
    const prompt =
      "Quiz and poll for Lumen Coffee Roasters: which country grows the most coffee — Brazil (correct), Vietnam or Colombia? Which roast next — light, medium or dark?";
    const facts = parsePromptFacts(prompt);
    const copy = writeLocalCopy({ prompt, facts, techniques: ["quiz", "survey"] });
    const shown = visibleCopy(copy, ["quiz", "survey"]);
    const labels = shown.items.map((i) => i.label).filter(Boolean);
    expect(labels).toContain("Brazil");
    expect(shown.items.some((i) => i.body.includes("/"))).toBe(false);
    expect(shown.items.some((i) => /^Question \d$/.test(i.label))).toBe(false);
    const cartPrompt = "Cart for Bloom Florist: roses 25 EUR, tulips 18 EUR";
    const cartCopy = writeLocalCopy({ prompt: cartPrompt, facts: parsePromptFacts(cartPrompt), techniques: ["itemCart"] });
    expect(visibleCopy(cartCopy, ["itemCart"]).items.map((i) => i.headline)).toEqual(["€25.00", "€18.00"]);
  });

  it.each([
    "Science trivia email for students: three questions about the solar system.",
    "Museum newsletter with a quiz about the new dinosaur exhibits.",
    "Movie trivia quiz",
  ])("asks no trivia the prompt does not give (no invented answers): %s", async (prompt) => {
    const { copyDoc } = await copyFor(prompt, "education");
    expect(copyDoc.items).toEqual([]);
    expect(copyToText(copyDoc)).not.toMatch(/Jupiter|Triceratops|The Jazz Singer|1971/);
  });

  it("asks the prompt's own survey question with its own answers first", async () => {
    const { copyDoc } = await copyFor(
      "Quick poll in our Weekly Stack newsletter: which topic should we cover next — Kubernetes, Rust or WebAssembly?",
    );
    const first = parseSurveyItem(copyDoc.items[0]!);
    expect(first).toMatchObject({ question: "Which topic should we cover next?", options: ["Kubernetes", "Rust", "WebAssembly"] });
  });

  it("gives the second technique of a pair the prompt's second list", async () => {
    const { copyDoc, techniques } = await copyFor(
      "Meal-kit email for Green Fork with tabs for Monday, Wednesday and Friday recipes, plus a cart to add extras: sourdough $5, dessert $7 and wine $15.",
    );
    expect(techniques).toEqual(["tabs", "itemCart"]);
    const labels = copyDoc.items.map((i) => i.label);
    // The days have nothing to show in a tab; the cart has the priced extras, and the days are still written.
    expect(labels).toEqual(["Sourdough", "Dessert", "Wine"]);
    expect(copyToText(copyDoc)).toMatch(/Friday recipes/);
  });
});
