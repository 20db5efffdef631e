import type { LlmClient } from "~/adapters/llm/port";
import { BriefSchema } from "~/domain/brief/schema";
import { promptTokens, readBrief } from "~/domain/reader";
import { BRIEF_PROMPT_VERSION, BRIEF_SCHEMA_NAME, BRIEF_SYSTEM, briefPrompt } from "../prompts/brief";
import { jsonSchemaOf } from "../prompts/json-schema";
import { fromLlmUsage } from "../prompts/usage";
import { anchorBrief } from "./anchor";
import { ModelBriefSchema } from "./model";
import type { BriefEngine, BriefInput, BriefResult } from "./port";
import { tokenPass } from "./tokens";

// Made at the first call: a server without a model never needs it.
let briefJsonSchema: Record<string, unknown> | undefined;

/**
 * The model reads the prompt into the brief's fields as written (structured output held to the
 * JSON Schema of ModelBriefSchema); every value is then found in the prompt for its span, what is
 * not there is dropped (./anchor.ts), and the token pass gives back what the model lost from the
 * local reading (./tokens.ts).
 */
export class LlmBriefEngine implements BriefEngine {
  readonly kind = "llm" as const;
  constructor(private readonly client: LlmClient) {}

  async read(input: BriefInput): Promise<BriefResult> {
    const r = await this.client.completeJson({
      role: "brief",
      system: BRIEF_SYSTEM,
      prompt: briefPrompt(input),
      schema: ModelBriefSchema,
      schemaName: BRIEF_SCHEMA_NAME,
      jsonSchema: (briefJsonSchema ??= jsonSchemaOf(ModelBriefSchema)),
      temperature: 0,
      promptVersion: BRIEF_PROMPT_VERSION,
    });
    const usage = fromLlmUsage(r.usage);
    if (!r.ok) return { ok: false, error: `Brief model failed (${r.error.kind}): ${r.error.message}`, usage };
    const local = readBrief(input.prompt, { emailType: input.emailType });
    const tokens = promptTokens(input.prompt);
    const anchored = anchorBrief(input.prompt, r.value, { emailType: input.emailType, local, tokens });
    const pass = tokenPass(anchored.brief, local, tokens);
    const checked = BriefSchema.safeParse(pass.brief);
    if (!checked.success)
      return {
        ok: false,
        error: `The model's brief did not make a valid brief: ${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
        usage,
      };
    return { ok: true, brief: checked.data, usage, dropped: anchored.dropped, restored: pass.restored, reported: pass.reported };
  }
}
