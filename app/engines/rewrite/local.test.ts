import { embedLocal } from "~/adapters/embeddings/local";
import { buildEmbeddingText } from "~/domain/retrieval/embedding-text";
import { cosine } from "~/domain/retrieval/vectors";
import { createLocalRewriteEngine, rewriteQuery } from "./local";

describe("local rewrite engine", () => {
  it("expands the detected technique into technical vocabulary and keeps the request", () => {
    const q = rewriteQuery({ prompt: "Show off our new sneakers, one colourway per tab", technique: "tabs", complexity: "Advanced" });
    expect(q).toContain("radio button tabs");
    expect(q).toContain(":checked sibling selector");
    expect(q).toContain("Email purpose: ecommerce.");
    expect(q).toContain("Complexity: advanced.");
    expect(q).toContain("Request: Show off our new sneakers");
  });
  it("finds techniques in the prompt when none was detected, at most two", () => {
    const q = rewriteQuery({ prompt: "an FAQ accordion plus an image slider and a quiz and a survey", technique: null });
    expect(q.split("\n")[0]).toMatch(
      /^Interactive HTML email using (accordion|carousel|quiz|survey) and (accordion|carousel|quiz|survey)\.$/,
    );
  });
  it("moves the query closer to matching documents than the raw prompt", () => {
    const prompt = "our sneaker drop, one colourway per tab";
    const doc = embedLocal(
      buildEmbeddingText({ type: "html", technique: "tabs", description: "Colourways for a shoe release", emailPurpose: "ecommerce" }),
    );
    const raw = cosine(embedLocal(prompt), doc);
    const rewritten = cosine(embedLocal(rewriteQuery({ prompt, technique: "tabs" })), doc);
    expect(rewritten).toBeGreaterThan(raw);
    expect(rewritten).toBeGreaterThanOrEqual(0.5);
  });
  it("refuses an empty request", async () => {
    expect(await createLocalRewriteEngine().rewrite({ prompt: "  ", technique: null })).toMatchObject({ ok: false });
  });
});
