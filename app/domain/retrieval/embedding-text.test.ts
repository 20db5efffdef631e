import { buildEmbeddingText, splitTechniques } from "./embedding-text";
import { TECHNIQUE_DESCRIPTIONS } from "./techniques";

describe("buildEmbeddingText", () => {
  it("injects the technique's description, mechanism and use cases", () => {
    const text = buildEmbeddingText({
      type: "html",
      description: "Shoe launch",
      technique: "tabs",
      complexity: "beginner",
      emailPurpose: "ecommerce",
      keyFeatures: ["radio inputs"],
    });
    expect(text).toContain("Shoe launch");
    expect(text).toContain(TECHNIQUE_DESCRIPTIONS.tabs.what);
    expect(text).toContain(TECHNIQUE_DESCRIPTIONS.tabs.mechanism);
    expect(text).toContain("Key features: radio inputs.");
    expect(text).not.toContain(TECHNIQUE_DESCRIPTIONS.carousel.what);
  });
  it("uses a human-reviewed embeddingText verbatim", () => {
    expect(buildEmbeddingText({ type: "html", technique: "tabs", embeddingText: "  reviewed text  " })).toBe("reviewed text");
  });
  it("describes both modules of a two-technique email and blog techniques covered", () => {
    const two = buildEmbeddingText({ type: "html", technique: "tabs+accordion" });
    expect(two).toContain(TECHNIQUE_DESCRIPTIONS.accordion.what);
    expect(two).toContain("two namespaced modules");
    const blog = buildEmbeddingText({ type: "blog", blogTitle: "Why :checked", techniquesCovered: ["carousel"] });
    expect(blog).toContain("Article: Why :checked.");
    expect(blog).toContain(TECHNIQUE_DESCRIPTIONS.carousel.mechanism);
  });
  it("splits and normalises technique lists", () => {
    expect(splitTechniques("Tabs, slider + cart")).toEqual(["tabs", "carousel", "itemCart"]);
    expect(splitTechniques(undefined)).toEqual([]);
  });
});
