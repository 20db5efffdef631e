import type { Match } from "~/domain/retrieval/filters";
import { createLocalRerankEngine, rerankLocal } from "./local";

const m = (id: string, score: number, technique: string, emailPurpose = "ecommerce", complexity = "intermediate"): Match => ({
  id,
  score,
  metadata: { type: "html", technique, emailPurpose, complexity },
});

describe("local rerank engine", () => {
  it("keeps at most the limit and prefers the requested technique over slightly higher similarity", () => {
    const out = rerankLocal({
      query: "q",
      technique: "tabs",
      candidates: [m("car", 0.8, "carousel"), m("tab", 0.7, "tabs"), m("acc", 0.6, "accordion")],
      limit: 2,
    });
    expect(out.map((x) => x.id)).toEqual(["tab", "car"]);
    expect(out[0].reason).toContain("technique match");
    expect(out[0].score).toBe(0.7);
  });
  it("gives partial credit to a two-technique document and rewards complexity and purpose", () => {
    const out = rerankLocal({
      query: "q",
      technique: "tabs",
      complexity: "beginner",
      emailPurpose: "newsletter",
      candidates: [
        m("both", 0.7, "tabs+accordion"),
        m("plain", 0.7, "tabs", "ecommerce", "advanced"),
        m("fit", 0.7, "tabs", "newsletter", "beginner"),
      ],
      limit: 3,
    });
    expect(out.map((x) => x.id)).toEqual(["fit", "plain", "both"]);
  });
  it("diversifies: a near-duplicate profile yields to a different one", () => {
    const candidates = [m("a", 0.8, "tabs"), m("b", 0.79, "tabs"), m("c", 0.78, "tabs"), m("d", 0.75, "tabs", "newsletter")];
    const out = rerankLocal({ query: "q", technique: "tabs", candidates, limit: 3 });
    expect(out.map((x) => x.id)).toEqual(["a", "d", "b"]);
  });
  it("is deterministic and handles an empty pool", async () => {
    const e = createLocalRerankEngine();
    expect(await e.rerank({ query: "q", technique: null, candidates: [], limit: 7 })).toEqual({ ok: true, ranked: [] });
    const c = [m("x", 0.6, "quiz"), m("y", 0.6, "quiz")];
    expect(rerankLocal({ query: "q", technique: null, candidates: c, limit: 7 })).toEqual(
      rerankLocal({ query: "q", technique: null, candidates: [...c].reverse(), limit: 7 }),
    );
  });
});
