import { describe, expect, it } from "vitest";
import {
  amountMinor,
  checkFacts,
  containsPhrase,
  formatFacts,
  formatTotals,
  langMatches,
  listFacts,
  pricesIn,
  summariseFacts,
} from "./facts";

describe("listFacts", () => {
  it("flattens a set entry's facts, brand first, each item's price after its name", () => {
    expect(
      listFacts({
        language: "en",
        brand: "Crumb & Co",
        occasion: "Black Friday",
        items: [{ name: "sourdough loaf", price: "$6.50" }, "jam trio"],
        prices: ["$2"],
        codes: ["BF30"],
        dates: ["May 3"],
        text: ["Order now"],
      }),
    ).toEqual([
      { kind: "brand", value: "Crumb & Co" },
      { kind: "occasion", value: "Black Friday" },
      { kind: "item", value: "sourdough loaf" },
      { kind: "price", value: "$6.50" },
      { kind: "item", value: "jam trio" },
      { kind: "price", value: "$2" },
      { kind: "code", value: "BF30" },
      { kind: "date", value: "May 3" },
      { kind: "text", value: "Order now" },
    ]);
  });
});

describe("checkFacts", () => {
  const facts = listFacts({
    language: "en",
    brand: "Ledgerly",
    items: [{ name: "Starter", price: "$9" }],
    codes: ["FRESH15"],
    dates: ["December 31"],
  });

  it("finds every fact the visible text shows, whatever the case and spacing", () => {
    const r = checkFacts("Welcome to LEDGERLY\u00a0—  the starter plan is $9.00/month. Code fresh15 until December   31.", facts);
    expect(r).toMatchObject({ expected: 5, missing: [] });
    expect(formatFacts(r)).toBe("facts 5/5");
  });

  it("names what is missing", () => {
    const r = checkFacts("Our shop: the Starter plan for $9. Code FRESH15, until December 31.", facts);
    expect(r.missing).toEqual([{ kind: "brand", value: "Ledgerly" }]);
    expect(formatFacts(r)).toBe('facts 4/5 — missing: brand "Ledgerly"');
  });

  it("does not find a word inside a longer word", () => {
    expect(checkFacts("Our customers trust us", listFacts({ language: "en", text: ["Rust"] })).missing).toHaveLength(1);
    expect(checkFacts("Learn Rust today", listFacts({ language: "en", text: ["Rust"] })).missing).toHaveLength(0);
    expect(containsPhrase("order #48213 ships", "48213")).toBe(true);
    expect(containsPhrase("order 148213 ships", "48213")).toBe(false);
  });

  it("keeps accents: Lumiere is not Lumière", () => {
    const f = listFacts({ language: "fr", brand: "Bistro Lumière" });
    expect(checkFacts("Bistro Lumiere", f).missing).toHaveLength(1);
    expect(checkFacts("BISTRO LUMIÈRE", f).missing).toHaveLength(0);
  });

  it("reads quotes and dashes alike", () => {
    expect(checkFacts("Mother’s Day at Juniper", listFacts({ language: "en", occasion: "Mother's Day" })).missing).toHaveLength(0);
  });

  it.each([
    ["$9", "now $9.00 a month", true],
    ["$9", "now $90 a month", false],
    ["$9", "now $19 a month", false],
    ["19,99 €", "only €19.99 today", true],
    ["19,99 €", "only 19,99\u00a0€ today", true],
    ["19,99 €", "only €19.98 today", false],
    ["1.499 €", "Stadtflitzer €1,499.00", true],
    ["€25", "roses 25 EUR", true],
    ["€25", "roses $25", false],
    ["£45", "hoodie £45.00", true],
    ["550円", "抹茶ラテ ¥550", true],
    ["R$ 18,90", "tigela R$18,90", true],
    ["39,90 zł", "Cisza lasu 39,90 zł", true],
    ["$1.50", "lollipops $1.5", true],
  ])("price %s in %j: %s", (price, text, found) => {
    expect(checkFacts(text, [{ kind: "price", value: price }]).missing.length === 0).toBe(found);
  });
});

describe("pricesIn and amountMinor", () => {
  it.each([
    ["9", 900],
    ["9.5", 950],
    ["19,99", 1999],
    ["1,200", 120000],
    ["1.299,00", 129900],
    ["1,299.00", 129900],
    ["1 499", 149900],
    ["12,3,4", undefined],
  ])("%s is %s minor units", (num, minor) => {
    expect(amountMinor(num)).toBe(minor);
  });

  it("reads the currency on either side", () => {
    expect(pricesIn("$6.50, 12 € and ¥1,200")).toEqual([
      { currency: "$", minor: 650 },
      { currency: "€", minor: 1200 },
      { currency: "¥", minor: 120000 },
    ]);
  });

  it("scans a long text in one pass", () => {
    expect(pricesIn("$1 ".repeat(50_000))).toHaveLength(50_000);
  });
});

describe("langMatches", () => {
  it.each([
    ["fr", "fr", true],
    ["pt", "pt-BR", true],
    ["de", "en", false],
    ["en", undefined, false],
  ])("%s vs html lang %s", (expected, htmlLang, ok) => {
    expect(langMatches(expected, htmlLang)).toBe(ok);
  });
});

describe("summariseFacts", () => {
  it("totals facts overall and per language, most prompts first", () => {
    const r = (language: string, expected: number, missing: number, langOk = true) => ({
      language,
      langOk,
      facts: {
        expected,
        found: Array.from({ length: expected - missing }, () => ({ kind: "text" as const, value: "x" })),
        missing: Array.from({ length: missing }, () => ({ kind: "brand" as const, value: "y" })),
      },
    });
    const s = summariseFacts([r("fr", 4, 1, false), r("en", 3, 0), r("en", 2, 2), r("de", 5, 0)]);
    expect(s.overall).toEqual({ prompts: 4, expected: 14, found: 11, complete: 2, langOk: 3 });
    expect(Object.keys(s.perLanguage)).toEqual(["en", "de", "fr"]);
    expect(s.perLanguage.en).toEqual({ prompts: 2, expected: 5, found: 3, complete: 1, langOk: 2 });
    expect(formatTotals(s.perLanguage.fr!)).toBe("3/4 (75.0%) found; 0/1 prompts complete; html lang right 0/1");
  });
});

describe("offers, questions and links", () => {
  it("lists an offer with its conditions, a question with its options, and a scale as each of its numbers", () => {
    const facts = listFacts({
      language: "en",
      offers: [{ text: "Free gift wrap", conditions: ["over $50", "until December 20"] }],
      questions: [
        { text: "How likely are you to recommend us", scale: "0–10" },
        { text: "Which feature", options: ["Invoices", "Bank sync"] },
      ],
      links: ["https://ledgerly.example/nps"],
    });
    expect(facts.filter((f) => f.kind === "condition").map((f) => f.value)).toEqual(["over $50", "until December 20"]);
    const scale = facts.filter((f) => f.fromScale === "0–10").map((f) => f.value);
    expect(scale).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(facts.filter((f) => f.kind === "option" && !f.fromScale).map((f) => f.value)).toEqual(["Invoices", "Bank sync"]);
  });

  it("finds a link among the email's hrefs, not in its text", () => {
    const facts = listFacts({ language: "en", links: ["https://ledgerly.example/nps"] });
    expect(checkFacts("see https://ledgerly.example/nps", facts).missing).toHaveLength(1);
    expect(checkFacts("Take the survey", facts, ["HTTPS://ledgerly.example/nps/"]).missing).toHaveLength(0);
  });

  it("finds a scale cut to 0–4 missing five options", () => {
    const facts = listFacts({ language: "en", questions: [{ text: "Recommend us?", scale: "0–10" }] });
    expect(checkFacts("Recommend us? 0 1 2 3 4", facts).missing.map((f) => f.value)).toEqual(["5", "6", "7", "8", "9", "10"]);
  });
});
