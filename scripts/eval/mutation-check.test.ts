// The mutation pipeline on a small sample of the default set: correct emails built from the facts,
// every kind of mutant, and the local judge ranking each original above each of its mutants.
import { describe, expect, it } from "vitest";
import { readPrompt } from "../../app/domain/brief/read";
import { MUTATION_KINDS } from "../../app/domain/eval/mutations";
import { READY_TO_SEND_MIN } from "../../app/domain/eval/separation";
import { qa } from "../../app/domain/qa/qa";
import { correctEmail } from "./correct-email";
import { mutationJsonLines, runMutationCheck } from "./mutation-check";
import { DEFAULT_PROMPT_SET, loadPromptSet } from "./set";

const loaded = loadPromptSet(DEFAULT_PROMPT_SET);
if (!loaded.ok) throw new Error(loaded.error);
const SAMPLE = [
  "v3-gift-guide-two-offers",
  "v3-fr-noel-trois-produits",
  "v3-de-zwei-angebote",
  "v3-saas-survey-links",
  "v3-es-encuesta-liens",
  "v3-it-sondaggio-links",
];
const sample = loaded.set.prompts.filter((p) => SAMPLE.includes(p.id));

describe("mutation check on a sample", () => {
  const report = runMutationCheck(sample);

  it("builds a correct email for each sampled prompt, showing every fact the set lists", () => {
    expect(report.originals).toBe(SAMPLE.length);
    const built = correctEmail(sample[0]!);
    expect(built.ok && built.email.html).toContain("Juniper &amp; Pine");
    expect(built.ok && built.email.html).toContain("Free gift wrap: over $50, until December 20");
  });

  it("makes mutants of every kind", () => {
    const kinds = new Set(report.mutants.map((m) => m.kind));
    expect([...kinds].sort()).toEqual([...MUTATION_KINDS].sort());
  });

  it.each(MUTATION_KINDS.map((k) => [k]))(
    "the judge scores every %s mutant below its original, and out of the Ready to send band",
    (kind) => {
      const mine = report.mutants.filter((m) => m.kind === kind);
      expect(mine.length).toBeGreaterThan(0);
      expect(
        mine.filter((m) => m.judge.mutant >= m.judge.original).map((m) => `${m.id}: ${m.note} (${m.judge.original} → ${m.judge.mutant})`),
      ).toEqual([]);
      expect(mine.filter((m) => m.judge.mutant >= 90).map((m) => m.id)).toEqual([]);
      expect(report.judge.find((s) => s.kind === kind)!.auc).toBeGreaterThanOrEqual(0.95);
    },
  );

  it("reports one JSON line per checker and kind, with the goal each meets or misses", () => {
    const lines = mutationJsonLines(report).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({
      mutationSet: { originals: SAMPLE.length, skipped: 0, mutants: report.mutants.length, originalsReady: report.originalsReady },
    });
    const rows = lines.slice(1);
    expect(rows).toHaveLength(2 * (MUTATION_KINDS.length + 1));
    for (const r of rows)
      expect(Object.keys(r)).toEqual([
        "mutation",
        "checker",
        "mutants",
        "lowerPct",
        "readyToSendPct",
        "auc",
        "meanOriginal",
        "meanMutant",
        "goalMet",
      ]);
    expect(rows.filter((r) => r.checker === "judge" && r.mutation === "all")[0]!.goalMet).toBe(true);
  });
});

// A check that fails a good email is as wrong as one that passes a bad one: every correct email of
// the set (built from its labels alone) is Ready to send in QA, as production scores it.
describe("QA on every correct email of the set", () => {
  it("scores each one Ready to send, naming the faults of any that is not", () => {
    const held: string[] = [];
    let built = 0;
    for (const entry of loaded.set.prompts) {
      const r = correctEmail(entry);
      if (!r.ok) continue;
      built++;
      const { brief, facts } = readPrompt(entry.prompt, entry.emailType);
      const result = qa(r.email.html, { facts, brief, userText: [entry.prompt], techniques: [r.email.blueprint.technique] });
      if (result.score < READY_TO_SEND_MIN)
        held.push(`${entry.id} (${result.score}): ${result.failedChecks.map((c) => c.message).join("; ")}`);
    }
    expect(built).toBeGreaterThanOrEqual(100);
    expect(held).toEqual([]);
  });
});
