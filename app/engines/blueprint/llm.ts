import type { LlmClient } from "~/adapters/llm/port";
import { CopyDocSchema } from "~/domain/copy/schema";
import { assemblePrompt } from "~/domain/prompt/assemble";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { BLUEPRINT_PROMPT_VERSION, BLUEPRINT_SYSTEM, StructurePlanSchema, blueprintPrompt } from "../prompts/blueprint";
import { estimateUsage, fromLlmUsage } from "../prompts/usage";
import { buildBlueprint } from "./build";
import { checkBlueprintInput } from "./local";
import type { BlueprintEngine, BlueprintEngineInput, BlueprintEngineResult } from "./port";

/**
 * The model picks the structure (order, module hosts, image places, style, palette); code then
 * places the copy verbatim and force-merges the brand tokens over whatever the model chose.
 */
export class LlmBlueprintEngine implements BlueprintEngine {
  readonly kind = "llm" as const;
  constructor(private readonly client: LlmClient) {}

  async build(input: BlueprintEngineInput): Promise<BlueprintEngineResult> {
    const bad = checkBlueprintInput(input);
    if (bad) return { ok: false, error: bad, usage: estimateUsage("", "") };
    const facts = input.facts ?? parsePromptFacts(input.prompt, input.emailType);
    const copyDoc = CopyDocSchema.parse(input.copyDoc);
    const assembled =
      input.assembledPrompt ??
      assemblePrompt({
        prompt: input.prompt,
        emailType: input.emailType,
        techniques: input.techniques,
        designTokens: input.designTokens,
        images: input.images,
        savedSections: input.savedSections,
        styleTheory: input.styleTheory,
        facts,
      });
    const r = await this.client.completeJson({
      role: "blueprint",
      system: BLUEPRINT_SYSTEM,
      prompt: blueprintPrompt({
        assembledPrompt: assembled,
        copyDoc,
        techniques: input.techniques,
        images: input.images,
        language: facts.language,
      }),
      schema: StructurePlanSchema,
      schemaName: "StructurePlan",
      promptVersion: BLUEPRINT_PROMPT_VERSION,
    });
    const usage = fromLlmUsage(r.usage);
    if (!r.ok) return { ok: false, error: `Blueprint model failed (${r.error.kind}): ${r.error.message}`, usage };
    const built = buildBlueprint({ ...input, copyDoc, facts, plan: r.value });
    if (!built.ok) return { ok: false, error: built.error, issues: built.issues, usage };
    return { ok: true, blueprint: built.blueprint, notes: built.notes, usage };
  }
}
