import { buildEmbeddingText } from "~/domain/retrieval/embedding-text";
import { cosine } from "~/domain/retrieval/vectors";
import { createLocalEmbedder, embedLocal } from "./local";

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

describe("local embedder", () => {
  it("is deterministic, 3072-dimensional and unit length", async () => {
    const e = createLocalEmbedder();
    const r = await e.embed(["Tabbed product showcase", "Tabbed product showcase", ""]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.vectors[0]).toHaveLength(3072);
    expect(Array.from(r.vectors[0])).toEqual(Array.from(r.vectors[1]));
    expect(norm(r.vectors[0])).toBeCloseTo(1, 5);
    expect(norm(r.vectors[2])).toBe(0);
  });

  it("ranks tab emails above carousels for 'tabbed product showcase'", () => {
    const docs = {
      tabsShop: buildEmbeddingText({
        type: "html",
        technique: "tabs",
        description: "Sneaker launch with a tab per colourway",
        emailPurpose: "ecommerce",
      }),
      tabsNews: buildEmbeddingText({
        type: "html",
        technique: "tabs",
        description: "Newsletter sections behind tabs",
        emailPurpose: "newsletter",
      }),
      carousel: buildEmbeddingText({
        type: "html",
        technique: "carousel",
        description: "Product carousel for a sneaker collection",
        emailPurpose: "ecommerce",
      }),
      accordion: buildEmbeddingText({ type: "html", technique: "accordion", description: "Shipping FAQ", emailPurpose: "transactional" }),
      cart: buildEmbeddingText({ type: "html", technique: "itemCart", description: "Tap-to-add product cart", emailPurpose: "ecommerce" }),
    };
    const q = embedLocal("tabbed product showcase");
    const ranked = Object.entries(docs)
      .map(([id, text]) => ({ id, s: cosine(q, embedLocal(text)) }))
      .sort((a, b) => b.s - a.s)
      .map((x) => x.id);
    expect(ranked.slice(0, 2)).toEqual(["tabsShop", "tabsNews"]);
    expect(ranked.indexOf("carousel")).toBeGreaterThan(1);
  });

  it("maps paraphrases through the technique vocabulary", () => {
    const slider = embedLocal("an image slider gallery for our lookbook");
    const carousel = embedLocal(buildEmbeddingText({ type: "html", technique: "carousel", description: "Lookbook" }));
    const tabs = embedLocal(buildEmbeddingText({ type: "html", technique: "tabs", description: "Lookbook" }));
    expect(cosine(slider, carousel)).toBeGreaterThan(cosine(slider, tabs) + 0.2);
  });
});
