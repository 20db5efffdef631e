// How well a score separates correct emails from their mutants (docs/generation.md, "The mutation check"): per mutation
// kind, how many mutants scored below their own original, how many still reached the "Ready to
// send" band, and the AUC — the chance that an original, drawn at random, outscores a mutant drawn
// at random (ties count half). Pure.

/** The QA band a marketer reads as "send it" (the builder's badge: score ≥ 90). */
export const READY_TO_SEND_MIN = 90;

export interface ScoredPair {
  kind: string;
  original: number;
  mutant: number;
}

export interface Separation {
  kind: string;
  mutants: number;
  /** Mutants scored strictly below their own original. */
  lower: number;
  lowerPct: number;
  /** Mutants scored ≥ READY_TO_SEND_MIN. */
  ready: number;
  readyPct: number;
  /** Originals (of this kind's pairs, each once per pair) against mutants; 1 is perfect, 0.5 is chance. */
  auc: number;
  meanOriginal: number;
  meanMutant: number;
}

/** Mann–Whitney AUC of `pos` over `neg`, O((n + m) log(n + m)). */
export function auc(pos: number[], neg: number[]): number {
  if (!pos.length || !neg.length) return NaN;
  const all = [...pos.map((v) => ({ v, p: true })), ...neg.map((v) => ({ v, p: false }))].sort((a, b) => a.v - b.v);
  let rankSumPos = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.v === all[i]!.v) j++;
    const avgRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (all[k]!.p) rankSumPos += avgRank;
    i = j;
  }
  return (rankSumPos - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

export function separation(kind: string, pairs: ScoredPair[], readyMin = READY_TO_SEND_MIN): Separation {
  const mine = pairs.filter((p) => p.kind === kind);
  const n = mine.length;
  const lower = mine.filter((p) => p.mutant < p.original).length;
  const ready = mine.filter((p) => p.mutant >= readyMin).length;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
  return {
    kind,
    mutants: n,
    lower,
    lowerPct: n ? r1((100 * lower) / n) : NaN,
    ready,
    readyPct: n ? r1((100 * ready) / n) : NaN,
    auc: r3(
      auc(
        mine.map((p) => p.original),
        mine.map((p) => p.mutant),
      ),
    ),
    meanOriginal: r1(mean(mine.map((p) => p.original))),
    meanMutant: r1(mean(mine.map((p) => p.mutant))),
  };
}

/** One row per kind (in `kinds` order) and one for all kinds together ("all"). */
export function separationByKind(kinds: readonly string[], pairs: ScoredPair[], readyMin = READY_TO_SEND_MIN): Separation[] {
  return [
    ...kinds.map((k) => separation(k, pairs, readyMin)),
    separation(
      "all",
      pairs.map((p) => ({ ...p, kind: "all" })),
      readyMin,
    ),
  ];
}
