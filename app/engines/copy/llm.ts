import type { LlmClient } from "~/adapters/llm/port";
import { CopyDocSchema } from "~/domain/copy/schema";
import { assemblePrompt } from "~/domain/prompt/assemble";
import { COPY_PROMPT_VERSION, COPY_SYSTEM, copyPrompt } from "../prompts/copy";
import { fromLlmUsage } from "../prompts/usage";
import type { CopyEngine, CopyInput, CopyResult } from "./port";

/** CopyDoc as structured output; the adapter checks it with zod and runs one repair round. */
export class LlmCopyEngine implements CopyEngine {
  readonly kind = "llm" as const;
  constructor(private readonly client: LlmClient) {}

  async write(input: CopyInput): Promise<CopyResult> {
    const assembled = input.assembledPrompt ?? assemblePrompt({ prompt: input.prompt, emailType: input.emailType, techniques: input.techniques, facts: input.facts });
    const r = await this.client.completeJson({
      role: "copy",
      system: COPY_SYSTEM,
      prompt: copyPrompt({ assembledPrompt: assembled, techniques: input.techniques, language: input.facts.language }),
      schema: CopyDocSchema,
      schemaName: "CopyDoc",
      promptVersion: COPY_PROMPT_VERSION,
    });
    const usage = fromLlmUsage(r.usage);
    if (!r.ok) return { ok: false, error: `Copy model failed (${r.error.kind}): ${r.error.message}`, usage };
    return { ok: true, copyDoc: r.value, usage };
  }
}
