import { splitTechniques } from "~/domain/retrieval/embedding-text";
import { TECHNIQUE_DESCRIPTIONS } from "~/domain/retrieval/techniques";
import { purposeMentioned, techniquesMentioned } from "~/domain/retrieval/vocabulary";
import type { RewriteEngine, RewriteInput } from "./port";

// Vocabulary expansion: the query is written in the same shape and words as the embedding text
// of library documents (domain/retrieval/embedding-text.ts), so "a tabbed showcase for our
// sneakers" meets documents indexed under "tabbed interface, radio button tabs, content panels".

const MAX_PROMPT_CHARS = 600;

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
