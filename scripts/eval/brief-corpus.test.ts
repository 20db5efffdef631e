import { describe, expect, it } from "vitest";
import { FRAME_LANGUAGES } from "../../app/domain/brief/kinds";
import { splitOf } from "../../app/domain/eval/brief-corpus";
import { loadCorpus } from "./brief-corpus";

describe("the brief corpus", () => {
  const { briefs, errors } = loadCorpus();

  it("parses, and every label is written in its prompt", () => {
    expect(errors).toEqual([]);
  });

  it("holds at least 400 briefs, 50 in each frame language and 20 in others", () => {
    expect(briefs.length).toBeGreaterThanOrEqual(400);
    for (const lang of FRAME_LANGUAGES) expect(briefs.filter((b) => b.language === lang).length, lang).toBeGreaterThanOrEqual(50);
    expect(briefs.filter((b) => !(FRAME_LANGUAGES as readonly string[]).includes(b.language)).length).toBeGreaterThanOrEqual(20);
  });

  it("splits about a quarter of the ids off as held out, by a hash of the id alone", () => {
    const held = briefs.filter((b) => splitOf(b.id) === "heldout").length;
    expect(held / briefs.length).toBeGreaterThan(0.18);
    expect(held / briefs.length).toBeLessThan(0.32);
    expect(splitOf("en-sale-07")).toBe(splitOf("en-sale-07"));
  });
});
