// The prompt parser on hostile prompts (docs/security.md): it must finish, give sensible facts, and do
// work linear in the prompt. Work is counted as characters the regexes read (a lower bound on
// what the engine does), never timed. On the old parser "Tab: " × 4,000 read about 46,000
// characters per prompt character (every list trigger re-read the rest of the sentence), and a
// 20,000-character run of blanks never finished (a list split backtracked cubically).
import { hostilePrompts, PROMPT_CHARS } from "../../../scripts/bench/lib/hostile-inputs";
import { countRegexWork } from "../../../test/helpers/regex-work";
import { collapseWhitespace, FACT_MAX_CHARS, LIST_WINDOW_CHARS, parsePromptFacts, type PromptFacts } from "./facts";
import { extractTechniques } from "./techniques";

/** Characters of regex reading allowed per prompt character; the parser stays under ~150. */
const WORK_PER_CHAR = 300;

function parseCounted(prompt: string): { facts: PromptFacts; charsRead: number } {
  const work = countRegexWork();
  try {
    return { facts: parsePromptFacts(prompt), charsRead: work.chars };
  } finally {
    work.stop();
  }
}

const prompts = hostilePrompts();
const blankRuns = ["space-run", "tab-run", "nbsp-run", "space-newline-run"];

describe("parsePromptFacts on hostile prompts", () => {
  it("reads the prompts of the hostile bench in linear work", () => {
    for (const [name, prompt] of Object.entries(prompts)) {
      if (blankRuns.includes(name)) continue;
      expect(prompt.length, name).toBeLessThanOrEqual(PROMPT_CHARS);
      const { facts, charsRead } = parseCounted(prompt);
      expect(charsRead, `${name}: ${charsRead} characters read for ${prompt.length}`).toBeLessThanOrEqual(WORK_PER_CHAR * prompt.length);
      expect(facts.items.length, name).toBeLessThanOrEqual(12);
      expect(facts.otherItems?.length ?? 0, name).toBeLessThanOrEqual(8);
      expect(facts.topic.length, name).toBeLessThanOrEqual(160);
    }
  });

  it("keeps no fact longer than the copy can hold (a 20,000-character brand or link made the copy fail its schema: 502)", () => {
    for (const [name, prompt] of Object.entries(prompts)) {
      const f = parsePromptFacts(prompt);
      expect(f.brand?.length ?? 0, name).toBeLessThanOrEqual(FACT_MAX_CHARS.brand);
      expect(f.product?.length ?? 0, name).toBeLessThanOrEqual(FACT_MAX_CHARS.product);
      expect(f.offer?.text.length ?? 0, name).toBeLessThanOrEqual(FACT_MAX_CHARS.offer);
      expect(f.audience?.length ?? 0, name).toBeLessThanOrEqual(FACT_MAX_CHARS.audience);
      for (const i of [...f.items, ...(f.otherItems ?? [])]) expect(i.name.length, name).toBeLessThanOrEqual(FACT_MAX_CHARS.itemName);
      for (const d of f.dates) expect(d.length, name).toBeLessThanOrEqual(FACT_MAX_CHARS.date);
      for (const u of f.urls) expect(u.length, name).toBeLessThanOrEqual(FACT_MAX_CHARS.url);
    }
    expect(parsePromptFacts(`${"brand is ".repeat(2000)}. Newsletter for Acme Co`).brand).toBe("Acme Co");
  });

  it('reads "Tab: " × 4,000 as a tabs email without a list', () => {
    const prompt = "Tab: ".repeat(4000);
    const { facts, charsRead } = parseCounted(prompt);
    expect(charsRead).toBeLessThanOrEqual(WORK_PER_CHAR * prompt.length);
    expect(facts.items).toEqual([]);
    expect(facts.topic).toMatch(/^Tab: Tab:/);
    expect(extractTechniques(prompt)).toMatchObject({ ok: true, techniques: ["tabs"] });
  });

  it("finishes on long runs of blanks and reads them as one blank", () => {
    for (const name of blankRuns) {
      const { facts, charsRead } = parseCounted(prompts[name]);
      expect(charsRead, name).toBeLessThanOrEqual(WORK_PER_CHAR * prompts[name].length);
      expect(facts, name).toEqual(parsePromptFacts(name === "space-newline-run" ? "a\nb" : "a b"));
    }
  });

  it("keeps at most 12 bulleted items", () => {
    expect(parsePromptFacts("- a\n".repeat(5000)).items).toHaveLength(12);
  });

  it("finds no offer, product or audience in runs of digits, unclosed quotes and repeated triggers", () => {
    expect(parsePromptFacts("1".repeat(PROMPT_CHARS)).offer).toBeUndefined();
    expect(parsePromptFacts(`${"introducing ".repeat(1600)}"x`).product).toBe("x");
    expect(parsePromptFacts("send to ".repeat(2500)).audience).toBeUndefined();
    expect(parsePromptFacts("A.".repeat(10_000)).product).toBeUndefined();
  });

  it("still reads a long list, from a bounded window after its trigger", () => {
    const names = Array.from({ length: 60 }, (_, i) => `Item${i} $${i + 1}`);
    const facts = parsePromptFacts(`Cart email with ${names.join(", ")}.`);
    expect(facts.items.map((i) => i.name)).toEqual(["Item0", "Item1", "Item2", "Item3", "Item4", "Item5", "Item6", "Item7"]);
    expect(names.join(", ").length).toBeGreaterThan(LIST_WINDOW_CHARS);
  });
});

describe("collapseWhitespace", () => {
  it("turns every run of blanks into one space, or one line break when it holds one", () => {
    expect(collapseWhitespace("a  \t\u00a0b\r\n \n  c\nd")).toBe("a b\nc\nd");
  });

  it("leaves the facts of a normally spaced prompt unchanged", () => {
    const single = "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off until May 3.\n- one\n- two";
    const spaced =
      "Spring   sale for Bloom & Co:  tabs for Dresses ($49),\tShoes ($79) and  Bags ($59), 20% off until May 3.\n\n  - one\n   - two";
    expect(parsePromptFacts(spaced)).toEqual(parsePromptFacts(single));
  });
});
