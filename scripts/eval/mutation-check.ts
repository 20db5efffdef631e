// The mutation check (docs/generation.md): correct emails built from the set's facts, one mutant
// per kind of fault, each scored by QA and by the local judge as production scores them (QA with
// the facts the app reads from the prompt; the judge with the prompt and blueprint). Reports per
// kind how well each separates originals from mutants. No I/O: generate:check prints the rows.
import { MUTATION_KINDS, type MutationKind, mutateAll } from "../../app/domain/eval/mutations";
import { READY_TO_SEND_MIN, type ScoredPair, type Separation, separationByKind } from "../../app/domain/eval/separation";
import { judgeLocally } from "../../app/engines/judge/local";
import { readPrompt } from "../../app/domain/brief/read";
import { qa } from "../../app/domain/qa/qa";
import { type CorrectEmail, correctEmail } from "./correct-email";
import type { PromptEntry } from "../../app/domain/eval/prompt-set";

export interface MutantScore {
  id: string;
  kind: MutationKind;
  note: string;
  qa: { original: number; mutant: number };
  judge: { original: number; mutant: number };
}

export interface MutationReport {
  /** Prompts of the set with a correct email (the originals). */
  originals: number;
  /** Prompts left out, with why (too few facts to build an email from). */
  skipped: number;
  /** Originals QA scores Ready to send (a check that fails good emails is wrong too), and the judge scores ≥ 90. */
  originalsReady: { qa: number; judge: number };
  mutants: MutantScore[];
  qa: Separation[];
  judge: Separation[];
}

interface Scored {
  qa: number;
  judge: number;
}

function score(email: CorrectEmail, html: string): Scored {
  // As /api/generate calls QA: the prompt's facts and brief, and the words the user wrote.
  const { brief, facts } = readPrompt(email.prompt, email.emailType);
  return {
    qa: qa(html, { facts, brief, userText: [email.prompt], techniques: [email.blueprint.technique] }).score,
    judge: judgeLocally({ prompt: email.prompt, html, blueprint: email.blueprint, emailType: email.emailType, facts }).score,
  };
}

/** Builds, mutates and scores; `limit` caps the originals (the test runs a small sample). */
export function runMutationCheck(entries: PromptEntry[], limit = Infinity): MutationReport {
  const originals: CorrectEmail[] = [];
  let skipped = 0;
  for (const e of entries) {
    if (originals.length >= limit) break;
    const r = correctEmail(e);
    if (r.ok) originals.push(r.email);
    else skipped++;
  }
  const mutants: MutantScore[] = [];
  const originalsReady = { qa: 0, judge: 0 };
  originals.forEach((email, index) => {
    const base = score(email, email.html);
    if (base.qa >= READY_TO_SEND_MIN) originalsReady.qa++;
    if (base.judge >= READY_TO_SEND_MIN) originalsReady.judge++;
    for (const m of mutateAll(email.html, email.targets, index)) {
      if (!m.ok) continue;
      const s = score(email, m.html);
      mutants.push({
        id: email.id,
        kind: m.kind,
        note: m.note,
        qa: { original: base.qa, mutant: s.qa },
        judge: { original: base.judge, mutant: s.judge },
      });
    }
  });
  const pairs = (which: "qa" | "judge"): ScoredPair[] =>
    mutants.map((m) => ({ kind: m.kind, original: m[which].original, mutant: m[which].mutant }));
  return {
    originals: originals.length,
    skipped,
    originalsReady,
    mutants,
    qa: separationByKind(MUTATION_KINDS, pairs("qa")),
    judge: separationByKind(MUTATION_KINDS, pairs("judge")),
  };
}

/** The goals (docs/generation.md, "The mutation check"): every mutant lower and never Ready to send in QA; judge AUC ≥ 0.95. */
export const MUTATION_GOALS = { qaLowerPct: 100, qaReadyPct: 0, judgeAuc: 0.95, readyToSendMin: READY_TO_SEND_MIN } as const;

/** The mutants that miss QA's goal: scored no lower than their original, or Ready to send. */
export function qaMisses(r: Pick<MutationReport, "mutants">): MutantScore[] {
  return r.mutants.filter((m) => m.qa.mutant >= m.qa.original || m.qa.mutant >= READY_TO_SEND_MIN);
}

/** One JSON line per checker and kind, e.g. {"mutation":"lose-brand","checker":"qa","mutants":130,…}. */
export function mutationJsonLines(r: MutationReport): string[] {
  const line = (checker: "qa" | "judge", s: Separation) =>
    JSON.stringify({
      mutation: s.kind,
      checker,
      mutants: s.mutants,
      lowerPct: s.lowerPct,
      readyToSendPct: s.readyPct,
      auc: s.auc,
      meanOriginal: s.meanOriginal,
      meanMutant: s.meanMutant,
      goalMet:
        checker === "qa"
          ? s.lowerPct >= MUTATION_GOALS.qaLowerPct && s.readyPct <= MUTATION_GOALS.qaReadyPct
          : s.auc >= MUTATION_GOALS.judgeAuc,
    });
  return [
    JSON.stringify({
      mutationSet: { originals: r.originals, skipped: r.skipped, mutants: r.mutants.length, originalsReady: r.originalsReady },
    }),
    ...r.qa.map((s) => line("qa", s)),
    ...r.judge.map((s) => line("judge", s)),
  ];
}
