// generate:check's figures per kind of prompt and per language (docs/eval.md): for the generated
// emails, the claims QA's trace finds untraced (invented claims, goal 0) and the conditions written
// onto another offer (goal 0), the facts found (goal ≥ 97%) and the options kept (goal 100%); for
// the mutation check, per mutation kind, QA's share of mutants below their original and Ready to
// send, and the judge's AUC. Pure: the CLI hands in the rows.
import { MUTATION_KINDS } from "../../app/domain/eval/mutations";
import { separation } from "../../app/domain/eval/separation";
import type { FactsResult } from "./facts";
import type { MutantScore } from "./mutation-check";

export interface GeneratedRow {
  id: string;
  type: string;
  language: string;
  facts?: FactsResult;
  /** Claims QA's trace found untraced, by kind ("condition" is a condition on the wrong offer). */
  claims?: Array<{ kind: string }>;
}

export interface GroupFigures {
  prompts: number;
  inventedClaims: number;
  misattributedConditions: number;
  factsFoundPct: number;
  optionsKeptPct: number;
  mutants: number;
  mutation: Record<string, { mutants: number; qaLowerPct: number; qaReadyPct: number; judgeAuc: number }>;
}

const pct1 = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : NaN);

function figures(rows: GeneratedRow[], mutants: MutantScore[]): GroupFigures {
  let expected = 0;
  let found = 0;
  let options = 0;
  let kept = 0;
  let invented = 0;
  let misattributed = 0;
  for (const r of rows) {
    if (r.facts) {
      expected += r.facts.expected;
      found += r.facts.found.length;
      options += [...r.facts.found, ...r.facts.missing].filter((f) => f.kind === "option").length;
      kept += r.facts.found.filter((f) => f.kind === "option").length;
    }
    for (const c of r.claims ?? []) {
      if (c.kind === "condition") misattributed++;
      else invented++;
    }
  }
  const mutation: GroupFigures["mutation"] = {};
  for (const kind of [...MUTATION_KINDS, "all"]) {
    const mine = kind === "all" ? mutants : mutants.filter((m) => m.kind === kind);
    if (!mine.length) continue;
    const qa = separation(
      "k",
      mine.map((m) => ({ kind: "k", original: m.qa.original, mutant: m.qa.mutant })),
    );
    const judge = separation(
      "k",
      mine.map((m) => ({ kind: "k", original: m.judge.original, mutant: m.judge.mutant })),
    );
    mutation[kind] = { mutants: mine.length, qaLowerPct: qa.lowerPct, qaReadyPct: qa.readyPct, judgeAuc: judge.auc };
  }
  return {
    prompts: rows.length,
    inventedClaims: invented,
    misattributedConditions: misattributed,
    factsFoundPct: pct1(found, expected),
    optionsKeptPct: pct1(kept, options),
    mutants: mutants.length,
    mutation,
  };
}

/** The figures overall, per type and per language; a mutant counts under its original prompt's type and language. */
export function breakdown(
  rows: GeneratedRow[],
  mutants: MutantScore[],
): { overall: GroupFigures; perType: Record<string, GroupFigures>; perLanguage: Record<string, GroupFigures> } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const group = (key: (r: GeneratedRow) => string) => {
    const out: Record<string, GroupFigures> = {};
    for (const k of [...new Set(rows.map(key))].sort()) {
      out[k] = figures(
        rows.filter((r) => key(r) === k),
        mutants.filter((m) => {
          const r = byId.get(m.id);
          return r !== undefined && key(r) === k;
        }),
      );
    }
    return out;
  };
  return { overall: figures(rows, mutants), perType: group((r) => r.type), perLanguage: group((r) => r.language) };
}

const cell = (n: number, digits = 0) => (Number.isNaN(n) ? "-" : digits ? n.toFixed(digits) : String(n));

/** A readable table: one line per group, then one per group and mutation kind. */
export function formatBreakdown(title: string, groups: Record<string, GroupFigures>): string[] {
  const lines = [`${title.padEnd(14)} prompts invented misattrib facts% options% | mutants QA-lower% QA-ready% judge-AUC`];
  for (const [k, g] of Object.entries(groups)) {
    const all = g.mutation.all;
    lines.push(
      `${k.padEnd(14)} ${cell(g.prompts).padStart(7)} ${cell(g.inventedClaims).padStart(8)} ${cell(g.misattributedConditions).padStart(9)} ${cell(g.factsFoundPct).padStart(6)} ${cell(g.optionsKeptPct).padStart(8)} | ${cell(g.mutants).padStart(7)} ${cell(all?.qaLowerPct ?? NaN).padStart(10)} ${cell(all?.qaReadyPct ?? NaN).padStart(10)} ${cell(all?.judgeAuc ?? NaN, 3).padStart(9)}`,
    );
    for (const kind of MUTATION_KINDS) {
      const m = g.mutation[kind];
      if (m)
        lines.push(
          `${"".padEnd(14)}   ${kind.padEnd(40)} | ${cell(m.mutants).padStart(7)} ${cell(m.qaLowerPct).padStart(10)} ${cell(m.qaReadyPct).padStart(10)} ${cell(m.judgeAuc, 3).padStart(9)}`,
        );
    }
  }
  return lines;
}
