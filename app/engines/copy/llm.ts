import type { LlmClient } from "~/adapters/llm/port";
import { CopyDocSchema } from "~/domain/copy/schema";
import { assemblePrompt } from "~/domain/prompt/assemble";
import { describeUntraced, traceCopy } from "~/domain/qa/trace";
import { COPY_PROMPT_VERSION, COPY_SYSTEM, copyPrompt, copyRepairPrompt } from "../prompts/copy";
import { addUsage, fromLlmUsage } from "../prompts/usage";
import type { CopyEngine, CopyInput, CopyResult } from "./port";

/**
 * CopyDoc as structured output; the adapter checks it with zod and runs one repair round. With a
 * brief, the model gets it as JSON with the instruction to use only its facts, and its copy is
 * traced to the brief (QA's fact trace): a claim the brief does not make triggers one repair
 * request naming it; what is still untraced after that is reported with the copy.
 */
export class LlmCopyEngine implements CopyEngine {
  readonly kind = "llm" as const;
  constructor(private readonly client: LlmClient) {}

  async write(input: CopyInput): Promise<CopyResult> {
    const assembled =
      input.assembledPrompt ??
      assemblePrompt({ prompt: input.prompt, emailType: input.emailType, techniques: input.techniques, facts: input.facts });
    const prompt = copyPrompt({
      assembledPrompt: assembled,
      techniques: input.techniques,
      language: input.facts.language,
      brief: input.brief,
    });
    const first = await this.ask(prompt);
    if (!first.ok || !input.brief) return first;
    const source = { brief: input.brief, userText: [input.prompt] };
    const trace = traceCopy(first.copyDoc, source);
    if (!trace.untraced.length) return first;
    const claims = trace.untraced.map(describeUntraced);
    const second = await this.ask(copyRepairPrompt(prompt, first.copyDoc, claims));
    const usage = addUsage(first.usage, second.usage);
    if (!second.ok) return { ...first, usage, untraced: claims };
    const left = traceCopy(second.copyDoc, source).untraced.map(describeUntraced);
    return { ok: true, copyDoc: second.copyDoc, usage, ...(left.length ? { untraced: left } : {}) };
  }

  private async ask(prompt: string): Promise<CopyResult> {
    const r = await this.client.completeJson({
      role: "copy",
      system: COPY_SYSTEM,
      prompt,
      schema: CopyDocSchema,
      schemaName: "CopyDoc",
      promptVersion: COPY_PROMPT_VERSION,
    });
    const usage = fromLlmUsage(r.usage);
    if (!r.ok) return { ok: false, error: `Copy model failed (${r.error.kind}): ${r.error.message}`, usage };
    return { ok: true, copyDoc: r.value, usage };
  }
}
