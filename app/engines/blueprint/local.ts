import { CopyDocSchema } from "~/domain/copy/schema";
import { TechniqueSchema } from "~/domain/blueprint/schema";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { estimateUsage } from "../prompts/usage";
import { buildBlueprint } from "./build";
import type { BlueprintEngine, BlueprintEngineInput, BlueprintEngineResult } from "./port";

/** Checks what the engines share, so both fail the same way on the same bad input. */
export function checkBlueprintInput(input: BlueprintEngineInput): string | undefined {
  const copy = CopyDocSchema.safeParse(input.copyDoc);
  if (!copy.success) return `Invalid copyDoc: ${copy.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
  if (input.techniques.length < 1 || input.techniques.length > 2) return "Select one or two techniques";
  if (!input.techniques.every((t) => TechniqueSchema.safeParse(t).success)) return `Unknown technique in ${input.techniques.join(", ")}`;
  if (input.techniques.length === 2 && input.techniques[0] === input.techniques[1]) return "The two techniques must differ";
  return undefined;
}

export class LocalBlueprintEngine implements BlueprintEngine {
  readonly kind = "local" as const;
  async build(input: BlueprintEngineInput): Promise<BlueprintEngineResult> {
    const inputText = `${input.prompt}\n${JSON.stringify(input.copyDoc)}`;
    const bad = checkBlueprintInput(input);
    if (bad) return { ok: false, error: bad, usage: estimateUsage(inputText, "") };
    const facts = input.facts ?? parsePromptFacts(input.prompt, input.emailType);
    const result = buildBlueprint({ ...input, copyDoc: CopyDocSchema.parse(input.copyDoc), facts });
    if (!result.ok) return { ok: false, error: result.error, issues: result.issues, usage: estimateUsage(inputText, "") };
    return {
      ok: true,
      blueprint: result.blueprint,
      notes: result.notes,
      usage: estimateUsage(inputText, JSON.stringify(result.blueprint)),
    };
  }
}
