// The parser over a table of prompts written the way people write them (the copy-quality review's table): brand in every
// position, lowercase and terse prompts, currencies and decimal commas, date phrasings, the six
// frame languages and a few others, technique phrases, conditions, counts and questions.
import { PHRASINGS, type Phrasing } from "../../../test/fixtures/prompt-facts/phrasings";
import { parsePromptFacts, type PromptFacts } from "./facts";

/** The facts a phrasing lists, read back from the parser's output in the phrasing's shape. */
function observed(p: Phrasing, f: PromptFacts): Partial<Phrasing> {
  const out: Partial<Phrasing> = {};
  if ("brand" in p) out.brand = f.brand ?? null;
  if ("product" in p) out.product = f.product;
  if ("language" in p) out.language = f.language.code;
  if ("frame" in p) out.frame = f.language.frame;
  if ("supported" in p) out.supported = f.language.supported;
  if ("items" in p) {
    out.items = f.items.map((i, n) => {
      const want = p.items?.[n];
      if (!Array.isArray(want) || !i.price) return i.name;
      return want.length === 3 ? [i.name, i.price.display, i.price.currency] : [i.name, i.price.display];
    });
  }
  if ("minor" in p) out.minor = f.items.map((i) => i.price?.minor ?? -1);
  if ("dates" in p) out.dates = f.dates;
  if ("count" in p) out.count = f.count;
  if ("occasion" in p) out.occasion = f.occasion;
  if ("conditions" in p) out.conditions = f.conditions;
  if ("questions" in p) {
    out.questions = f.questions.map((q, n) =>
      "options" in (p.questions?.[n] ?? {}) ? { text: q.text, options: q.options } : { text: q.text },
    );
  }
  if ("offer" in p) {
    const want = p.offer ?? {};
    out.offer = Object.fromEntries(Object.keys(want).map((k) => [k, f.offer?.[k as keyof typeof want]]));
  }
  if ("codes" in p) out.codes = f.codes;
  if ("emailType" in p) out.emailType = f.emailType;
  return out;
}

describe("parsePromptFacts over the table of phrasings", () => {
  it("has at least 100 phrasings", () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(100);
  });

  for (const p of PHRASINGS) {
    it(p.prompt, () => {
      const { prompt, ...want } = p;
      expect(observed(p, parsePromptFacts(prompt))).toEqual(want);
    });
  }
});
