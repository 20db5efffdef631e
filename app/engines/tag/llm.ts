import type { LlmClient } from "~/adapters/llm/port";
import { analyseHtml, tagHtml } from "./local";
import { autoTagsSchema, type TagEngine, type TagInput, type TagResult } from "./port";

export const TAG_PROMPT_VERSION = "tag.v1";
const MAX_HTML_CHARS = 40_000;

const SYSTEM = `You catalogue example emails for a retrieval library. From the HTML and the structural facts
given, answer with JSON: {"description", "technique" (tabs|accordion|carousel|survey|quiz|menu|itemCart|amp4email,
two joined with "+"), "complexity" (beginner|intermediate|advanced), "emailPurpose", "keyFeatures" (string[]),
"bestPracticeTags" (string[]), "embedding_text" (one dense paragraph on structure and intent for retrieval)}.`;

export function createLlmTagEngine(llm: LlmClient): TagEngine {
  return {
    name: "llm",
    async tag(input: TagInput): Promise<TagResult> {
      const structure = analyseHtml(input.htmlContent);
      const structural = tagHtml(input);
      const res = await llm.completeJson({
        role: "tag",
        system: SYSTEM,
        schemaName: "AutoTags",
        schema: autoTagsSchema,
        promptVersion: TAG_PROMPT_VERSION,
        maxTokens: 1200,
        prompt: JSON.stringify({
          contentType: input.contentType,
          structuralFacts: structure,
          structuralGuess: { technique: structural.technique, complexity: structural.complexity },
          html: input.htmlContent.slice(0, MAX_HTML_CHARS),
        }),
      });
      if (!res.ok) return { ok: false, error: `tag model failed: ${res.error.message}` };
      return { ok: true, tags: res.value };
    },
  };
}
