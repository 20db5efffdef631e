import { contrastRatio } from "./color";
import { DesignSchema, DesignTokensSchema, TECHNIQUES } from "./schema";
import { STYLE_PRESETS, STYLE_THEORY_KEYS, autoPreset, mergeDesign, resolveStyleTheory, styleTheoryDesign } from "./styles";

const presets = Object.entries(STYLE_PRESETS);

describe("style presets", () => {
  it("offers at least eight named theories plus auto", () => {
    expect(presets.length).toBeGreaterThanOrEqual(8);
    expect(STYLE_THEORY_KEYS).toContain("auto");
  });

  it.each(presets)("%s is a complete, valid design", (_key, design) => {
    expect(DesignSchema.safeParse(design).success).toBe(true);
  });

  it.each(presets)("%s reads at WCAG AA (≥ 4.5:1)", (_key, d) => {
    const c = d.colors;
    expect(contrastRatio(c.text, c.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.mutedText, c.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.link, c.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.onPrimary, c.primary)).toBeGreaterThanOrEqual(4.5);
    // Outline buttons print the primary colour on the surface.
    if (d.buttons.style === "outline") expect(contrastRatio(c.primary, c.surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(presets)("%s text reads on its page background too", (_key, d) => {
    expect(contrastRatio(d.colors.text, d.colors.background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("resolveStyleTheory", () => {
  it("keeps known keys and turns anything else into auto", () => {
    expect(resolveStyleTheory("luxury")).toBe("luxury");
    expect(resolveStyleTheory("neon-vaporwave")).toBe("auto");
    expect(resolveStyleTheory(undefined)).toBe("auto");
    expect(resolveStyleTheory("toString")).toBe("auto");
  });

  it("resolves auto deterministically from the email type, then the technique", () => {
    expect(autoPreset({ emailType: "Monthly newsletter" })).toBe("editorial");
    expect(autoPreset({ emailType: "Flash sale" })).toBe("bold");
    for (const t of TECHNIQUES) expect(autoPreset({ technique: t })).toBe(autoPreset({ technique: t }));
    expect(styleTheoryDesign("nope", { technique: "itemCart" }).key).toBe(autoPreset({ technique: "itemCart" }));
  });

  it("returns a copy, so callers cannot alter the presets", () => {
    const { design } = styleTheoryDesign("minimal");
    design.colors.primary = "#ff0000";
    expect(STYLE_PRESETS.minimal.colors.primary).not.toBe("#ff0000");
  });
});

describe("mergeDesign", () => {
  it("lets brand tokens win field by field and keeps the rest of the preset", () => {
    const tokens = DesignTokensSchema.parse({
      colors: { primary: "#0a7f5a" },
      typography: { fontFamily: "Inter, Arial, sans-serif", headingSizes: { h1: 40 } },
      buttons: { radius: 0 },
    });
    const merged = mergeDesign(STYLE_PRESETS.playful, tokens);
    expect(merged.colors.primary).toBe("#0a7f5a");
    expect(merged.colors.text).toBe(STYLE_PRESETS.playful.colors.text);
    expect(merged.typography.fontFamily).toBe("Inter, Arial, sans-serif");
    expect(merged.typography.headingSizes).toEqual({ ...STYLE_PRESETS.playful.typography.headingSizes, h1: 40 });
    expect(merged.buttons).toEqual({ ...STYLE_PRESETS.playful.buttons, radius: 0 });
    expect(DesignSchema.safeParse(merged).success).toBe(true);
  });

  it("returns the preset unchanged without tokens", () => {
    expect(mergeDesign(STYLE_PRESETS.tech, undefined)).toEqual(STYLE_PRESETS.tech);
  });
});
