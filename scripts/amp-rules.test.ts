// The committed rule data is what scripts/amp-rules.ts makes from the committed rule files, and
// the engine's hand-written checks stand for exactly the mandatory tags that data names.
import fs from "node:fs";
import path from "node:path";
import { generate } from "./amp-rules";
import { mandatoryTagSpecs, RULES_SOURCE } from "../app/domain/amp/spec";
import { STRUCTURAL_SPECS } from "../app/domain/amp/rules";

describe("app/domain/amp/rules.generated.json", () => {
  it("is up to date with the rule files under scripts/amp-rules (npm run amp:rules)", () => {
    const dir = "scripts/amp-rules/upstream";
    const files = fs
      .readdirSync(dir)
      .sort()
      .map((f) => ({ name: f, text: fs.readFileSync(path.join(dir, f), "utf8") }));
    const css = "validator-css.email.protoascii";
    files.push({ name: css, text: fs.readFileSync(path.join("scripts/amp-rules", css), "utf8") });
    expect(generate(files, RULES_SOURCE.revision)).toBe(fs.readFileSync("app/domain/amp/rules.generated.json", "utf8"));
  });

  it("records the upstream repository and revision", () => {
    expect(RULES_SOURCE).toMatchObject({
      repository: "ampproject/amphtml",
      revision: expect.stringMatching(/^[0-9a-f]{40}$/),
      format: "AMP4EMAIL",
    });
  });

  it("has no mandatory tag the structural checks do not stand for", () => {
    expect(
      mandatoryTagSpecs()
        .map((t) => t.specName)
        .sort(),
    ).toEqual([...STRUCTURAL_SPECS].sort());
  });
});
