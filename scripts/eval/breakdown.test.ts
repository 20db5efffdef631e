import { describe, expect, it } from "vitest";
import { breakdown, formatBreakdown, type GeneratedRow } from "./breakdown";
import type { MutantScore } from "./mutation-check";

const rows: GeneratedRow[] = [
  {
    id: "a",
    type: "ecommerce",
    language: "en",
    facts: {
      expected: 4,
      found: [
        { kind: "brand", value: "X" },
        { kind: "option", value: "yes" },
        { kind: "item", value: "i" },
      ],
      missing: [{ kind: "option", value: "no" }],
    },
    claims: [{ kind: "promise" }, { kind: "condition" }],
  },
  {
    id: "b",
    type: "feedback",
    language: "fr",
    facts: {
      expected: 2,
      found: [
        { kind: "brand", value: "Y" },
        { kind: "option", value: "oui" },
      ],
      missing: [],
    },
    claims: [],
  },
];
const m = (id: string, kind: MutantScore["kind"], qa: [number, number], judge: [number, number]): MutantScore => ({
  id,
  kind,
  note: "",
  qa: { original: qa[0], mutant: qa[1] },
  judge: { original: judge[0], mutant: judge[1] },
});
const mutants = [
  m("a", "lose-brand", [100, 85], [100, 57]),
  m("a", "remove-item", [100, 100], [100, 90]),
  m("b", "lose-brand", [97, 92], [99, 99]),
];

describe("the per-type and per-language figures", () => {
  const b = breakdown(rows, mutants);
  it.each([
    ["overall invented claims (a condition counts apart)", b.overall.inventedClaims, 1],
    ["overall misattributed conditions", b.overall.misattributedConditions, 1],
    ["overall facts found %", b.overall.factsFoundPct, 83.3],
    ["overall options kept %", b.overall.optionsKeptPct, 66.7],
    ["fr options kept %", b.perLanguage.fr!.optionsKeptPct, 100],
    ["ecommerce mutants", b.perType.ecommerce!.mutants, 2],
    ["ecommerce QA lower % (all kinds)", b.perType.ecommerce!.mutation.all!.qaLowerPct, 50],
    ["fr lose-brand QA Ready %", b.perLanguage.fr!.mutation["lose-brand"]!.qaReadyPct, 100],
    ["en lose-brand judge AUC", b.perLanguage.en!.mutation["lose-brand"]!.judgeAuc, 1],
    ["fr lose-brand judge AUC (a tie counts half)", b.perLanguage.fr!.mutation["lose-brand"]!.judgeAuc, 0.5],
  ])("%s", (_name, got, want) => expect(got).toBe(want));

  it("prints one line per group and one per mutation kind it has", () => {
    const lines = formatBreakdown("language", b.perLanguage);
    expect(lines).toHaveLength(1 + 2 + 2 + 1);
    expect(lines[1]).toMatch(/^en\s+1\s+1\s+1\s+75\s+50 \|\s+2\s+50\s+50\s+1\.000$/);
  });
});
