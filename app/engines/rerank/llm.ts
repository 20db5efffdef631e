import { z } from "zod";
import type { LlmClient } from "~/adapters/llm/port";
import { metaString } from "~/domain/retrieval/metadata";
import { rerankLocal } from "./local";
import type { RankedMatch, RerankEngine, RerankInput, RerankResult } from "./port";

export const RERANK_PROMPT_VERSION = "rerank.v1";

const SYSTEM = `You pick the most useful example emails for a code generator. Prefer examples that use the
requested interactive technique(s), match the complexity and purpose, and differ from each other.
Answer with JSON: {"keep": [{"id": "<candidate id>", "reason": "<why, short>"}]}, best first,
at most the number asked for, using only ids from the list.`;

const Reply = z.object({ keep: z.array(z.object({ id: z.string(), reason: z.string().max(300).default("") })).max(50) });

export function createLlmRerankEngine(llm: LlmClient): RerankEngine {
  return {
    name: "llm",
    async rerank(input: RerankInput): Promise<RerankResult> {
      if (input.candidates.length === 0) return { ok: true, ranked: [] };
      // The local ranking orders the list the model sees and fills any slots it leaves empty.
      const local = rerankLocal({ ...input, limit: input.candidates.length });
      const res = await llm.completeJson({
        role: "rerank",
        system: SYSTEM,
        schemaName: "RerankSelection",
        schema: Reply,
        promptVersion: RERANK_PROMPT_VERSION,
        maxTokens: 800,
        prompt: JSON.stringify({
          query: input.query,
          technique: input.technique,
          complexity: input.complexity,
          emailPurpose: input.emailPurpose,
          keepAtMost: input.limit,
          candidates: local.map((m) => ({
            id: m.id,
            similarity: Number(m.score.toFixed(3)),
            technique: metaString(m.metadata, "technique"),
            complexity: metaString(m.metadata, "complexity"),
            purpose: metaString(m.metadata, "emailPurpose"),
            description: metaString(m.metadata, "description")?.slice(0, 300),
          })),
        }),
      });
      if (!res.ok) return { ok: false, error: `rerank model failed: ${res.error.message}` };
      const byId = new Map(local.map((m) => [m.id, m]));
      const ranked: RankedMatch[] = [];
      for (const pick of res.value.keep) {
        const m = byId.get(pick.id);
        if (!m || ranked.some((r) => r.id === m.id)) continue;
        ranked.push({ ...m, rerankScore: 1 - ranked.length / (input.limit + 1), reason: pick.reason || m.reason });
        if (ranked.length >= input.limit) break;
      }
      return { ok: true, ranked };
    },
  };
}
