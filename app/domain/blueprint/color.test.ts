import { contrastRatio, mix, normalizeHex } from "./color";

describe("contrastRatio", () => {
  it("gives the WCAG extremes and known values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("is symmetric", () => {
    expect(contrastRatio("#1d4ed8", "#f4f4f5")).toBeCloseTo(contrastRatio("#f4f4f5", "#1d4ed8"), 10);
  });
});

describe("normalizeHex and mix", () => {
  it("expands short hex and refuses non-hex", () => {
    expect(normalizeHex("#AbC")).toBe("#aabbcc");
    expect(normalizeHex("red")).toBeNull();
  });

  it("mixes linearly per channel", () => {
    expect(mix("#000000", "#ffffff", 0)).toBe("#000000");
    expect(mix("#000000", "#ffffff", 1)).toBe("#ffffff");
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  });
});
