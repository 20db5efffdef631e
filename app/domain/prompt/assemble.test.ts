import { assemblePrompt, SAVED_SECTION_CLOSE, SAVED_SECTION_OPEN } from "./assemble";
import { ImagesInputSchema, SavedSectionsInputSchema } from "./inputs";

describe("assemblePrompt", () => {
  const base = {
    prompt: "Spring sale for Bloom Florist: 15% off bouquets with code SPRING15 until April 30.",
    emailType: "ecommerce",
    techniques: ["carousel" as const, "itemCart" as const],
    designTokens: { colors: { primary: "#ff3366" }, typography: { fontFamily: "Lato, Arial, sans-serif" } },
    images: [
      { name: "logo.png", url: "https://cdn.bloom.example/logo.png", description: "Bloom logo" },
      { name: "tulips.jpg", url: "https://cdn.bloom.example/tulips.jpg", description: "Pink tulips bouquet", width: 1200, height: 800 },
    ],
    savedSections: [{ name: "Legal footer", html: "<p>Bloom Florist Ltd, 1 Petal Lane</p>" }],
    styleTheory: "no-such-theory",
    complexity: "advanced",
  };

  it("holds every input under its own heading", () => {
    const text = assemblePrompt(base);
    for (const heading of [
      "## Email type",
      "## Interactive feature selection",
      "## Colour scheme",
      "## Brand style guide",
      "## Uploaded images",
      "## Saved sections",
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain("ecommerce (given by the caller)");
    expect(text).toContain("Two techniques");
    expect(text).toContain("carousel —");
    expect(text).toContain("itemCart —");
    expect(text).toContain("primary: #ff3366");
    expect(text).toContain("Lato, Arial, sans-serif");
    expect(text).toContain('unknown key "no-such-theory" → auto');
    expect(text).toContain("Logo: logo.png — https://cdn.bloom.example/logo.png");
    expect(text).toContain("tulips.jpg (1200×800): https://cdn.bloom.example/tulips.jpg — Pink tulips bouquet");
    expect(text).toContain(`${SAVED_SECTION_OPEN} 1 "Legal footer"\n<p>Bloom Florist Ltd, 1 Petal Lane</p>\n${SAVED_SECTION_CLOSE}`);
    expect(text).toContain("Brand: Bloom Florist");
    expect(text).toContain("Codes: SPRING15");
    expect(text).toContain("Complexity: advanced");
  });

  it("says a single technique is exclusive and is stable for the same input", () => {
    const one = assemblePrompt({ ...base, techniques: ["tabs"], images: [], savedSections: [] });
    expect(one).toContain("Exactly one technique, used exclusively: tabs");
    expect(one).toContain("## Uploaded images\nNone.");
    expect(assemblePrompt(base)).toBe(assemblePrompt(base));
  });
});

describe("caller inputs", () => {
  it("accepts images with names and refuses bad urls", () => {
    expect(
      ImagesInputSchema.safeParse([
        { name: "a", url: "https://x.example/a.png" },
        { name: "b", url: "/uploads/b.png" },
      ]).success,
    ).toBe(true);
    expect(ImagesInputSchema.safeParse([{ name: "a", url: "javascript:alert(1)" }]).success).toBe(false);
    expect(ImagesInputSchema.safeParse([{ url: "https://x.example/a.png" }]).success).toBe(false);
  });
  it("requires html in saved sections", () => {
    expect(SavedSectionsInputSchema.safeParse([{ html: "<p>x</p>" }]).success).toBe(true);
    expect(SavedSectionsInputSchema.safeParse([{ name: "x", html: "" }]).success).toBe(false);
  });
});
