import { PURPOSE_VOCABULARY, TECHNIQUE_DESCRIPTIONS, TECHNIQUES } from "~/domain/retrieval/techniques";
import { EMBEDDING_DIMENSIONS, type Embedder, type EmbedResult } from "./port";

// Deterministic feature-hashing embedder: the offline default (docs/architecture.md "Ports and their defaults"). No model, no I/O, so
// it is pure and runs anywhere; quality comes from four feature groups mixed with fixed weights:
//   concepts  technique/purpose vocabulary hits ("tabbed" → tabs), so paraphrases meet
//   words     unigrams without stop words
//   bigrams   adjacent word pairs (order and phrases)
//   chars     3–5-grams inside words (morphology, typos, identifiers like kx-tab-label)
// Each group is normalised on its own before mixing, so a long document's thousands of char
// n-grams cannot drown the few concept hits that carry most of the meaning.

export const LOCAL_EMBEDDER_NAME = "local-hash-v1";

const GROUP_WEIGHTS = { concepts: 0.5, words: 0.25, bigrams: 0.1, chars: 0.15 } as const;
type Group = keyof typeof GROUP_WEIGHTS;
const GROUPS: readonly Group[] = ["concepts", "words", "bigrams", "chars"];

/** Longer inputs add nothing a 32k-char prefix does not already say, and cost linear time. */
const MAX_CHARS = 32_000;

const STOP_WORDS = new Set(
  "a an and are as at be by for from has have in into is it its of on or that the their this to was were will with our your you we us can all".split(
    " ",
  ),
);

function tokenize(text: string): string[] {
  return text
    .slice(0, MAX_CHARS)
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface ConceptRule {
  feature: string;
  weight: number;
  words: Set<string>;
  phrases: string[];
}

function buildConceptRules(): ConceptRule[] {
  const rules: ConceptRule[] = [];
  const add = (feature: string, weight: number, terms: readonly string[]) => {
    const words = new Set<string>();
    const phrases: string[] = [];
    for (const term of terms) {
      const toks = tokenize(term);
      if (toks.length === 1) words.add(toks[0]);
      else if (toks.length > 1) phrases.push(` ${toks.join(" ")} `);
    }
    rules.push({ feature, weight, words, phrases });
  };
  for (const t of TECHNIQUES) add(`technique:${t}`, 1, [t, ...TECHNIQUE_DESCRIPTIONS[t].vocabulary]);
  for (const [purpose, terms] of Object.entries(PURPOSE_VOCABULARY)) add(`purpose:${purpose}`, 0.5, [purpose, ...terms]);
  return rules;
}

const CONCEPT_RULES = buildConceptRules();

/** 32-bit FNV-1a with a seed mixed in, then a murmur3 finaliser for avalanche. */
function hash32(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function countInto(counts: Map<string, number>, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** Sublinear tf, signed hashing (the sign bit decorrelates collisions), unit length. */
function hashGroup(counts: Map<string, number>, seed: number, dims: number): Float64Array | null {
  if (counts.size === 0) return null;
  const v = new Float64Array(dims);
  for (const [feature, tf] of counts) {
    const h = hash32(feature, seed);
    const sign = h & 0x80000000 ? -1 : 1;
    v[h % dims] += sign * (1 + Math.log(tf));
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += v[i] * v[i];
  if (norm === 0) return null;
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i] *= inv;
  return v;
}

export function extractFeatures(text: string): Record<Group, Map<string, number>> {
  const tokens = tokenize(text);
  const groups: Record<Group, Map<string, number>> = {
    concepts: new Map(),
    words: new Map(),
    bigrams: new Map(),
    chars: new Map(),
  };
  const joined = ` ${tokens.join(" ")} `;
  for (const rule of CONCEPT_RULES) {
    let hits = 0;
    for (const tok of tokens) if (rule.words.has(tok)) hits++;
    for (const phrase of rule.phrases) {
      for (let at = joined.indexOf(phrase); at !== -1; at = joined.indexOf(phrase, at + 1)) hits++;
    }
    // Weight is applied through the count so sublinear tf still applies per concept.
    if (hits > 0) countInto(groups.concepts, rule.feature, hits * rule.weight);
  }
  let prev: string | null = null;
  for (const tok of tokens) {
    const stop = STOP_WORDS.has(tok);
    if (!stop) countInto(groups.words, tok);
    if (prev !== null) countInto(groups.bigrams, `${prev} ${tok}`);
    prev = stop ? null : tok;
    const padded = `#${tok}#`;
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= padded.length; i++) countInto(groups.chars, padded.slice(i, i + n));
    }
  }
  return groups;
}

export function embedLocal(text: string, dims: number = EMBEDDING_DIMENSIONS): Float32Array {
  const groups = extractFeatures(text);
  const mix = new Float64Array(dims);
  GROUPS.forEach((g, seed) => {
    const v = hashGroup(groups[g], seed + 1, dims);
    if (!v) return;
    const w = Math.sqrt(GROUP_WEIGHTS[g]);
    for (let i = 0; i < dims; i++) mix[i] += w * v[i];
  });
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += mix[i] * mix[i];
  const out = new Float32Array(dims);
  if (norm === 0) return out;
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) out[i] = mix[i] * inv;
  return out;
}

export function createLocalEmbedder(): Embedder {
  return {
    name: LOCAL_EMBEDDER_NAME,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts: string[]): Promise<EmbedResult> {
      return { ok: true, vectors: texts.map((t) => embedLocal(t)) };
    },
  };
}
