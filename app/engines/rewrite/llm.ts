import { z } from "zod";
import type { LlmClient } from "~/adapters/llm/port";
import { rewriteQuery } from "./local";
import type { RewriteEngine, RewriteInput, RewriteResult } from "./port";

export const REWRITE_PROMPT_VERSION = "rewrite.v1";

const SYSTEM = `You turn a marketer's request for an interactive email into a short technical search query
for a library of example HTML emails. Name the interactive technique and its CSS mechanism
(radio/checkbox :checked, sibling selectors, fallbacks), the layout and the email's purpose.
Answer with JSON: {"query": "<one line, at most 40 words>"}.`;

const Reply = z.object({ query: z.string().trim().min(3).max(600) });

/** The model writes the query; the local vocabulary expansion is appended so the technique terms are never lost. */
export function createLlmRewriteEngine(llm: LlmClient): RewriteEngine {
  return {
    name: "llm",
    async rewrite(input: RewriteInput): Promise<RewriteResult> {
      const res = await llm.completeJson({
        role: "rewrite",
        system: SYSTEM,
        schemaName: "RetrievalQuery",
        schema: Reply,
        promptVersion: REWRITE_PROMPT_VERSION,
        maxTokens: 300,
        prompt: JSON.stringify({
          request: input.prompt,
          technique: input.technique,
          emailType: input.emailType,
          complexity: input.complexity,
        }),
      });
      if (!res.ok) return { ok: false, error: `rewrite model failed: ${res.error.message}` };
      return { ok: true, query: `${res.value.query} ${rewriteQuery(input)}`.trim() };
    },
  };
}
