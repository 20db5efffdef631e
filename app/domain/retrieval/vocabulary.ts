import { PURPOSE_VOCABULARY, TECHNIQUE_DESCRIPTIONS, TECHNIQUES, type Technique } from "./techniques";

// Counting technique and purpose vocabulary in free text (prompts, visible email text). Used by
// the local rewriter and the local tagger; the embedder has its own, faster, pre-tokenised copy.

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function countMentions(text: string, terms: readonly string[]): number {
  const tokens = words(text);
  const joined = ` ${tokens.join(" ")} `;
  let hits = 0;
  for (const term of terms) {
    const t = words(term);
    if (t.length === 1) {
      for (const x of tokens) if (x === t[0]) hits++;
    } else if (t.length > 1 && joined.includes(` ${t.join(" ")} `)) hits++;
  }
  return hits;
}

/** Techniques a text talks about, strongest first. */
export function techniquesMentioned(text: string): Technique[] {
  return TECHNIQUES.map((t) => ({ t, hits: countMentions(text, [t, ...TECHNIQUE_DESCRIPTIONS[t].vocabulary]) }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((x) => x.t);
}

/** The email purpose a text points at most, or null. An explicit known `hint` wins. */
export function purposeMentioned(text: string, hint?: string): string | null {
  if (hint && PURPOSE_VOCABULARY[hint.toLowerCase()]) return hint.toLowerCase();
  let best: string | null = null;
  let bestHits = 0;
  for (const [purpose, terms] of Object.entries(PURPOSE_VOCABULARY)) {
    const hits = countMentions(`${text} ${hint ?? ""}`, [purpose, ...terms]);
    if (hits > bestHits) {
      best = purpose;
      bestHits = hits;
    }
  }
  return best;
}
