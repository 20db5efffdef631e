import { describe, expect, it } from "vitest";
import type { QaFacts } from "./context";
import { amountsIn } from "./fidelity";
import { goodEmail } from "../../../test/fixtures/emails";
import { BRAND_MISSING_MAX_SCORE, qa } from "./qa";

// The contract email with a brand line, a code and a date in the hero, and a price on each tab
// (in the interactive block and in its fallback).
const EMAIL = goodEmail(["tabs"])
  .replace("View in browser</a>", 'View in browser</a>\n<p class="kx-brand" style="font-size:16px;color:#1a1a1a">Ledgerly Bistro</p>')
  .replace(
    "Fresh produce from local farms, cooked simply.",
    "Fresh produce from local farms, cooked simply. Use code SPRING10 until May 3rd.",
  )
  .replaceAll("Mint and crème fraîche.", "Mint and crème fraîche. $6.50")
  .replaceAll("Slow roasted for seven hours.", "Slow roasted for seven hours. 24,00 €");

const FACTS: QaFacts = {
  brand: "Ledgerly Bistro",
  items: [
    { name: "pea soup", price: { display: "$6.50", minor: 650, currency: "USD" } },
    { name: "Lamb shoulder", price: { display: "€24", minor: 2400, currency: "EUR" } },
  ],
  codes: ["SPRING10"],
  dates: ["until May 3"],
};
const CTX = { techniques: ["tabs"], facts: FACTS };

function fidelity(html: string, facts: QaFacts | undefined = FACTS) {
  const r = qa(html, { techniques: ["tabs"], facts });
  return { result: r, check: r.checks.find((c) => c.id === "copy-verbatim")! };
}

/** Puts a line into one view only: inside the interactive block, or inside the static fallback. */
function into(html: string, view: "interactive view" | "fallback", text: string): string {
  const line = `<p style="font-size:16px;color:#1a1a1a">${text}</p>`;
  if (view === "interactive view") return html.replace("</div>\n<!--<![endif]-->", `${line}</div>\n<!--<![endif]-->`);
  return html.replace(/(<div class="kx-fb k1-fb"[^>]*>)/, `$1${line}`);
}

describe("prompt fidelity (folded into copy-verbatim)", () => {
  it("passes, and the email scores 100, when every fact is visible in both views", () => {
    const { result, check } = fidelity(EMAIL);
    expect(check.passed).toBe(true);
    expect(check.message).toMatch(/all 7 prompt facts visible/);
    expect(result.score).toBe(100);
    expect(result.scoreCap).toBeUndefined();
  });

  // Each fact is removed everywhere, then written back into one view only: the other view lacks it.
  const CASES: [string, string, string, string][] = [
    ["brand", "Ledgerly Bistro", "Ledgerly Bistro", "brand “Ledgerly Bistro”"],
    ["item", "Pea soup", "Pea soup", "item “pea soup”"],
    ["price", "$6.50", "$6.50", "price “pea soup $6.50”"],
    ["price", "24,00 €", "24,00 €", "price “Lamb shoulder €24”"],
    ["code", "SPRING10", "SPRING10", "code “SPRING10”"],
    ["date", "May 3rd", "May 3rd", "date “until May 3”"],
  ];
  for (const view of ["interactive view", "fallback"] as const) {
    const other = view === "fallback" ? "interactive view" : "fallback";
    it.each(CASES)(`a %s (%s) shown only in the ${view} fails, named, as missing from the ${other}`, (_kind, written, back, named) => {
      const html = into(EMAIL.replaceAll(written, ""), view, back);
      const { check } = fidelity(html);
      expect(check.passed).toBe(false);
      expect(check.message).toContain(`${named} missing from the ${other}`);
      expect(check.message).not.toContain(`${named} missing from the ${view}`);
    });
  }

  it("names a fact missing from both views twice", () => {
    const { check } = fidelity(EMAIL.replaceAll("SPRING10", "SPRING"));
    expect(check.message).toContain("code “SPRING10” missing from the interactive view");
    expect(check.message).toContain("code “SPRING10” missing from the fallback");
  });

  it("does not count the hidden preheader", () => {
    const html = EMAIL.replace("Ledgerly Bistro</p>", "</p>").replace(
      "Three new dishes, one week only",
      "Ledgerly Bistro: three new dishes",
    );
    const { check } = fidelity(html);
    expect(check.passed).toBe(false);
    expect(check.message).toContain("brand “Ledgerly Bistro” missing from the interactive view");
  });

  it("does not count text hidden inline outside the interactive block", () => {
    const html = EMAIL.replace('<p class="kx-brand" style="font-size:16px;color:#1a1a1a">', '<p class="kx-brand" style="display:none">');
    expect(fidelity(html).check.message).toContain("brand “Ledgerly Bistro” missing from the fallback");
  });

  it("matches across case, whitespace, entities and the way a price is written", () => {
    const html = EMAIL.replace("Ledgerly Bistro</p>", "LEDGERLY&nbsp;\n bistro</p>")
      .replaceAll("$6.50", "6,50&nbsp;$")
      .replaceAll("24,00 €", "€24")
      .replace("May 3rd", "3 May");
    const { check } = fidelity(html);
    expect(check.message).toMatch(/all 7 prompt facts visible/);
  });

  it("reads links styled as blocks (a menu's entries) as separate words", () => {
    const links =
      '<a href="https://example.com/w" style="display:block;color:#1a1a1a">Women</a><a href="https://example.com/m" style="display:block;color:#1a1a1a">Men</a>';
    const html = into(into(EMAIL, "interactive view", links), "fallback", links);
    const r = qa(html, { techniques: ["tabs"], facts: { ...FACTS, items: [{ name: "Women" }, { name: "Men" }] } });
    expect(r.checks.find((c) => c.id === "copy-verbatim")!.message).toMatch(/all 5 prompt facts visible/);
  });

  it("does not take another amount for the price", () => {
    const { check } = fidelity(EMAIL.replaceAll("$6.50", "$6.95"));
    expect(check.passed).toBe(false);
    expect(check.message).toContain("price “pea soup $6.50” missing");
  });

  it("reads an email without interactive blocks as one view", () => {
    const plain = EMAIL.replace(/<div class="kx-module"[\s\S]*?<\/div><\/div>\n?<\/td>/, "<p>Pea soup $6.50. Lamb shoulder €24.</p></td>");
    expect(plain).not.toContain("kx-module");
    const r = qa(plain.replace("Ledgerly Bistro</p>", "</p>"), { facts: FACTS }).checks.find((c) => c.id === "copy-verbatim")!;
    expect(r.message).toContain("brand “Ledgerly Bistro” missing from the email");
  });

  it("passes as not applicable without facts (raw HTML only) and with empty facts", () => {
    expect(
      qa(EMAIL.replaceAll("Ledgerly Bistro", ""), { techniques: ["tabs"] }).checks.find((c) => c.id === "copy-verbatim")!.message,
    ).toMatch(/no prompt facts to find/);
    expect(fidelity(EMAIL.replaceAll("Ledgerly Bistro", ""), { codes: [], dates: [], items: [] }).check.passed).toBe(true);
  });

  it("finds a price in a currency without minor units (yen) as written", () => {
    const html = EMAIL.replaceAll("$6.50", "550円");
    const facts: QaFacts = { ...FACTS, items: [{ name: "pea soup", price: { display: "550円", minor: 550, currency: "JPY" } }] };
    expect(fidelity(html, facts).check.message).toMatch(/all \d+ prompt facts visible/);
    expect(fidelity(html.replaceAll("550円", "500円"), facts).check.message).toContain("price “pea soup 550円” missing");
  });

  it("reads at most 40 facts and skips facts too long to be a name", () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({
      name: `Item ${i}`,
      price: { display: `$${i}`, minor: i * 100, currency: "USD" },
    }));
    const r = qa(EMAIL, { techniques: ["tabs"], facts: { brand: "x".repeat(100_000), items, dates: ["1 ".repeat(50_000)] } });
    const check = r.checks.find((c) => c.id === "copy-verbatim")!;
    expect(check.passed).toBe(false);
    expect(check.message).not.toContain("xxxxxxxx");
    expect(check.message).toMatch(/and \d+ more/);
  });

  it("ignores malformed facts field by field", () => {
    const r = qa(EMAIL, { techniques: ["tabs"], facts: { brand: 42, items: "x", codes: ["SPRING10"] } as unknown as QaFacts });
    expect(r.checks.find((c) => c.id === "copy-verbatim")!.message).toMatch(/all 1 prompt facts visible/);
  });
});

describe("the score when the brand is lost", () => {
  it(`is at most ${BRAND_MISSING_MAX_SCORE}, and says why`, () => {
    const r = qa(EMAIL.replaceAll("Ledgerly Bistro", "Our shop"), CTX);
    expect(r.score).toBeLessThanOrEqual(85);
    expect(r.scoreCap).toContain("brand “Ledgerly Bistro”");
    expect(r.failedChecks.map((c) => c.id)).toEqual(["copy-verbatim"]);
  });

  it("is held even when the brand is only missing from the fallback", () => {
    const r = qa(into(EMAIL.replaceAll("Ledgerly Bistro", ""), "interactive view", "Ledgerly Bistro"), CTX);
    expect(r.score).toBeLessThanOrEqual(85);
  });

  it("is not held for another missing fact", () => {
    const r = qa(EMAIL.replaceAll("SPRING10", "SPRING"), CTX);
    expect(r.score).toBe(95);
    expect(r.scoreCap).toBeUndefined();
  });
});

describe("amountsIn", () => {
  it.each([
    ["$4.50", 450],
    ["4.50 $", 450],
    ["4,50 €", 450],
    ["€4.5", 450],
    ["£12", 1200],
    ["1,299.00 USD", 129900],
    ["1.299,00 €", 129900],
    ["1 299 kr", 129900],
  ])("reads %s as %i minor units", (text, minor) => {
    expect(amountsIn(text).has(minor)).toBe(true);
  });
});
