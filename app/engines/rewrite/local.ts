import { splitTechniques } from "~/domain/retrieval/embedding-text";
import { PURPOSE_VOCABULARY, TECHNIQUE_DESCRIPTIONS, TECHNIQUES, type Technique } from "~/domain/retrieval/techniques";
import type { RewriteEngine, RewriteInput } from "./port";

// Vocabulary expansion: the query is written in the same shape and words as the embedding text
// of library documents (domain/retrieval/embedding-text.ts), so "a tabbed showcase for our
// sneakers" meets documents indexed under "tabbed interface, radio button tabs, content panels".

const MAX_PROMPT_CHARS = 600;

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function mentions(tokens: string[], joined: string, terms: readonly string[]): number {
  let hits = 0;
  for (const term of terms) {
    const t = words(term);
    if (t.length === 1) hits += tokens.filter((x) => x === t[0]).length;
    else if (t.length > 1 && joined.includes(` ${t.join(" ")} `)) hits++;
  }
  return hits;
}

/** Techniques the prompt talks about, strongest first; used when no technique was detected upstream. */
export function techniquesMentioned(prompt: string): Technique[] {
  const tokens = words(prompt);
  const joined = ` ${tokens.join(" ")} `;
  return TECHNIQUES.map((t) => ({ t, hits: mentions(tokens, joined, [t, ...TECHNIQUE_DESCRIPTIONS[t].vocabulary]) }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((x) => x.t);
}

export function purposeMentioned(prompt: string, emailType?: string): string | null {
  if (emailType && PURPOSE_VOCABULARY[emailType.toLowerCase()]) return emailType.toLowerCase();
  const tokens = words(`${prompt} ${emailType ?? ""}`);
  const joined = ` ${tokens.join(" ")} `;
  let best: string | null = null;
  let bestHits = 0;
  for (const [purpose, terms] of Object.entries(PURPOSE_VOCABULARY)) {
    const hits = mentions(tokens, joined, [purpose, ...terms]);
    if (hits > bestHits) {
      best = purpose;
      bestHits = hits;
    }
  }
  return best;
}

export function rewriteQuery(input: RewriteInput): string {
  const prompt = input.prompt.replace(/\s+/g, " ").trim().slice(0, MAX_PROMPT_CHARS);
  let techniques = splitTechniques(input.technique ?? undefined);
  if (techniques.length === 0) techniques = techniquesMentioned(prompt).slice(0, 2);
  const purpose = purposeMentioned(prompt, input.emailType);
  const complexity = input.complexity ? normaliseComplexity(input.complexity) : null;

  const lines: string[] = [];
  lines.push(`Interactive HTML email${techniques.length ? ` using ${techniques.join(" and ")}` : ""}.`);
  for (const t of techniques) {
    const d = TECHNIQUE_DESCRIPTIONS[t];
    lines.push(`${d.queryTerms.join(", ")}. ${d.what}`);
  }
  if (purpose) lines.push(`Email purpose: ${purpose}.`);
  if (complexity) lines.push(`Complexity: ${complexity}.`);
  if (prompt) lines.push(`Request: ${prompt}`);
  return lines.join("\n");
}

function normaliseComplexity(value: string): string | null {
  const v = value.toLowerCase().trim();
  return ["beginner", "intermediate", "advanced"].includes(v) ? v : null;
}

export function createLocalRewriteEngine(): RewriteEngine {
  return {
    name: "local",
    async rewrite(input) {
      if (!input.prompt.trim() && !input.technique) return { ok: false, error: "empty prompt" };
      return { ok: true, query: rewriteQuery(input) };
    },
  };
}

