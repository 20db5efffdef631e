// Each mutation operator changes the email exactly as its name says and leaves valid HTML: the
// same elements closed as before, QA able to read every check, nothing else touched.
import { describe, expect, it } from "vitest";
import type { Blueprint } from "~/domain/blueprint/schema";
import { parseEmail } from "~/domain/html/parse";
import { qa } from "~/domain/qa/qa";
import { viewText } from "~/domain/qa/fidelity";
import { render } from "~/domain/render";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import {
  BROKEN_HREFS,
  INVENTED_CLAIMS,
  MUTATION_KINDS,
  breakLink,
  changePrice,
  dropOption,
  inventClaim,
  loseBrand,
  moveCondition,
  mutateAll,
  removeItem,
  shiftPrice,
} from "./mutations";

function html(bp: Blueprint): string {
  const r = render(bp);
  if (!r.ok) throw new Error("fixture did not render");
  return r.html;
}

/** Open minus close tags per non-void element: a mutant that removes or adds whole elements keeps it. */
function tagBalance(source: string): Record<string, number> {
  const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
  const out: Record<string, number> = {};
  const noComments = source.replace(/<!--[\s\S]*?-->/g, "");
  for (const m of noComments.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)) {
    const tag = m[2]!.toLowerCase();
    if (VOID.has(tag)) continue;
    out[tag] = (out[tag] ?? 0) + (m[1] ? -1 : 1);
  }
  return out;
}

function expectValid(original: string, mutant: string) {
  expect(mutant).not.toBe(original);
  expect(tagBalance(mutant)).toEqual(tagBalance(original));
  expect(mutant.startsWith("<!DOCTYPE html>")).toBe(true);
  const checks = qa(mutant).checks;
  expect(checks.filter((c) => c.message.startsWith("Could not be evaluated")).map((c) => c.id)).toEqual([]);
}

const views = (source: string) => {
  const doc = parseEmail(source);
  return [viewText(doc, "interactive"), viewText(doc, "fallback")];
};

/** An accordion of two offers, each with its conditions, as a correct email of a two-offer brief shows them. */
function twoOffers(): string {
  const bp = sampleBlueprint("accordion");
  bp.brandName = "Juniper & Pine";
  bp.sections[0]!.headline = "Juniper & Pine";
  bp.interactiveConfig.modules = [
    {
      technique: "accordion",
      items: [
        { label: "Free gift wrap", body: "Free gift wrap: over $50, until December 20" },
        { label: "15% off everything", body: "15% off everything: code GIFT15" },
      ],
    },
  ];
  return html(bp);
}

describe("mutation operators", () => {
  const tabs = html(sampleBlueprint("tabs"));

  it("remove-item takes out every block of the item, in both views, and nothing else", () => {
    const m = removeItem(tabs, { name: "Business" });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expectValid(tabs, m.html);
    for (const v of views(m.html)) {
      expect(v).not.toMatch(/Business/);
      expect(v).toMatch(/Starter/);
      expect(v).toMatch(/Team/);
    }
    expect(m.html.length).toBeLessThan(tabs.length);
    expect(removeItem(tabs, { name: "Nonexistent" }).ok).toBe(false);
  });

  it("change-price writes another amount the same way, everywhere the price is", () => {
    expect(shiftPrice("14,50 €")).toBe("19,50 €");
    expect(shiftPrice("$28")).toBe("$33");
    expect(shiftPrice("R$ 29,90")).toBe("R$ 34,90");
    const m = changePrice(tabs, "$29");
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expectValid(tabs, m.html);
    // Exactly the price changed: putting it back gives the original, byte for byte.
    expect(m.html.replaceAll("$34", "$29")).toBe(tabs);
  });

  it("invented-claim adds one paragraph with the claim in the email's language", () => {
    for (const lang of ["en", "fr", "de"]) {
      const m = inventClaim(tabs, lang);
      expect(m.ok).toBe(true);
      if (!m.ok) continue;
      expectValid(tabs, m.html);
      const claim = INVENTED_CLAIMS[lang]!;
      for (const v of views(m.html)) expect(v).toContain(claim);
      expect(m.html.replace(/<p class="kx-text"[^>]*>[^<]*<\/p>/g, (p) => (p.includes(claim) ? "" : p))).toBe(tabs);
    }
  });

  it("move-condition takes the condition off its offer and writes it onto the other", () => {
    const original = twoOffers();
    const m = moveCondition(original, [
      { text: "Free gift wrap", conditions: ["over $50", "until December 20"] },
      { text: "15% off everything", conditions: ["code GIFT15"] },
    ]);
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expectValid(original, m.html);
    for (const v of views(m.html)) {
      expect(v).toContain("15% off everything, over $50: code GIFT15");
      expect(v).toContain("Free gift wrap: until December 20");
      expect(v).not.toContain("Free gift wrap: over $50");
    }
    expect(moveCondition(original, [{ text: "Free gift wrap", conditions: ["over $50"] }]).ok).toBe(false);
  });

  it("drop-option removes the last option's control and label, or its place in a written scale", () => {
    const survey = html(sampleBlueprint("survey"));
    const m = dropOption(survey, { text: "Would you come back?", options: ["Definitely", "Maybe", "Unlikely"] });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expectValid(survey, m.html);
    for (const v of views(m.html)) {
      expect(v).not.toMatch(/Unlikely/);
      expect(v).toMatch(/Definitely/);
      expect(v).toMatch(/Not good/);
    }
    const bp = sampleBlueprint("tabs");
    bp.sections.push({
      id: "scale",
      role: "body",
      headline: "How likely are you to recommend us?",
      body: "0 · 1 · 2 · 3 · 4 · 5 · 6 · 7 · 8 · 9 · 10",
    });
    const scale = html(bp);
    const cut = dropOption(scale, {
      text: "How likely are you to recommend us?",
      options: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    });
    expect(cut.ok && cut.html.replace("0 · 1 · 2 · 3 · 4 · 5 · 6 · 7 · 8 · 9<", "0 · 1 · 2 · 3 · 4 · 5 · 6 · 7 · 8 · 9 · 10<")).toBe(scale);
  });

  it("lose-brand takes the brand out of every text, the subject included", () => {
    const m = loseBrand(tabs, "Northwind Studio");
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expectValid(tabs, m.html);
    expect(m.html).not.toMatch(/Northwind Studio/);
    expect(tabs).toMatch(/Northwind Studio/);
  });

  it("break-link points the links at #, nothing, the view-in-browser URL or a host that does not exist", () => {
    for (const broken of BROKEN_HREFS) {
      const m = breakLink(tabs, ["https://kinetic.example/plans/team"], broken);
      expect(m.ok).toBe(true);
      if (!m.ok) continue;
      expectValid(tabs, m.html);
      expect(m.html).not.toContain('href="https://kinetic.example/plans/team"');
      expect(m.html).toContain("https://kinetic.example/plans/starter");
      expect(m.html).toBe(tabs.replaceAll('href="https://kinetic.example/plans/team"', `href="${broken}"`));
    }
    // The unsubscribe and view-in-browser links are the sender's, not the brief's: never the ones broken.
    const all = breakLink(tabs, [], "#");
    expect(all.ok && all.html).toContain("{{UNSUBSCRIBE_URL}}");
  });

  it("mutateAll returns one result per kind and says why a kind does not apply", () => {
    const all = mutateAll(tabs, {
      language: "en",
      brand: "Northwind Studio",
      items: [{ name: "Team", price: "$29" }],
      offers: [],
      questions: [],
      links: [],
    });
    expect(all.map((m) => m.kind)).toEqual([...MUTATION_KINDS]);
    expect(all.filter((m) => !m.ok).map((m) => m.kind)).toEqual(["move-condition", "drop-option"]);
    expect(mutateAll("x".repeat(1_000_001), { language: "en", items: [], offers: [], questions: [], links: [] }).every((m) => !m.ok)).toBe(
      true,
    );
  });
});
