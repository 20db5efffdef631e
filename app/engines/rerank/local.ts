import { splitTechniques } from "~/domain/retrieval/embedding-text";
import { metaString, metaStrings } from "~/domain/retrieval/metadata";
import type { Match } from "~/domain/retrieval/filters";
import type { RankedMatch, RerankEngine, RerankInput } from "./port";

// Relevance = similarity + metadata agreement; then a greedy maximal-marginal-relevance pass so
// seven near-identical examples (same technique, purpose and complexity) do not crowd out a
// slightly less similar one that shows the model something new.

export const RERANK_WEIGHTS = {
  similarity: 1,
  technique: 0.3,
  /** Partial credit when a two-technique document contains the requested technique. */
  techniquePartial: 0.15,
  complexity: 0.08,
  purpose: 0.06,
  /** Subtracted per already selected example with the same technique/purpose/complexity profile. */
  redundancy: 0.07,
} as const;

function techniquesOf(m: Match): string[] {
  const fromField = splitTechniques(metaString(m.metadata, "technique"));
  return fromField.length ? fromField : splitTechniques(metaStrings(m.metadata, "techniquesCovered"));
}

function relevance(m: Match, input: RerankInput, wanted: string[]): { value: number; reason: string[] } {
  const reason: string[] = [`similarity ${m.score.toFixed(3)}`];
  let value = RERANK_WEIGHTS.similarity * m.score;
  const has = techniquesOf(m);
  if (wanted.length) {
    const shared = wanted.filter((t) => has.includes(t)).length;
    if (shared === wanted.length && has.length === wanted.length) {
      value += RERANK_WEIGHTS.technique;
      reason.push("technique match");
    } else if (shared > 0) {
      value += RERANK_WEIGHTS.techniquePartial;
      reason.push("partial technique match");
    }
  }
  const complexity = metaString(m.metadata, "complexity");
  if (input.complexity && complexity && complexity.toLowerCase() === input.complexity.toLowerCase()) {
    value += RERANK_WEIGHTS.complexity;
    reason.push("complexity match");
  }
  const purpose = metaString(m.metadata, "emailPurpose");
  if (input.emailPurpose && purpose && purpose.toLowerCase() === input.emailPurpose.toLowerCase()) {
    value += RERANK_WEIGHTS.purpose;
    reason.push("purpose match");
  }
  return { value, reason };
}

function profile(m: Match): string {
  return [techniquesOf(m).join("+"), metaString(m.metadata, "emailPurpose") ?? "", metaString(m.metadata, "complexity") ?? ""].join("|");
}

export function rerankLocal(input: RerankInput): RankedMatch[] {
  const wanted = splitTechniques(input.technique ?? undefined);
  const limit = Math.max(0, Math.floor(input.limit));
  const pool = input.candidates.map((m) => ({ m, ...relevance(m, input, wanted), profile: profile(m) }));
  const picked: RankedMatch[] = [];
  const seen = new Map<string, number>();
  while (picked.length < limit && pool.length > 0) {
    let bestIdx = 0;
    let bestValue = -Infinity;
    for (let i = 0; i < pool.length; i++) {
      const p = pool[i];
      const v = p.value - RERANK_WEIGHTS.redundancy * (seen.get(p.profile) ?? 0);
      if (v > bestValue || (v === bestValue && p.m.id < pool[bestIdx].m.id)) {
        bestValue = v;
        bestIdx = i;
      }
    }
    const [p] = pool.splice(bestIdx, 1);
    seen.set(p.profile, (seen.get(p.profile) ?? 0) + 1);
    picked.push({ ...p.m, rerankScore: Number(bestValue.toFixed(6)), reason: p.reason.join(", ") });
  }
  return picked;
}

export function createLocalRerankEngine(): RerankEngine {
  return {
    name: "local",
    async rerank(input) {
      return { ok: true, ranked: rerankLocal(input) };
    },
  };
}
