import type { ZodIssue } from "zod";
import type { Blueprint, DesignTokens, Technique } from "~/domain/blueprint/schema";
import type { CopyDoc } from "~/domain/copy/schema";
import type { Brief } from "~/domain/brief/schema";
import type { PromptFacts } from "~/domain/prompt/facts";
import type { ImageInput, SavedSectionInput } from "~/domain/prompt/inputs";
import type { EngineUsage } from "../prompts/usage";

export interface BlueprintEngineInput {
  prompt: string;
  copyDoc: CopyDoc;
  techniques: Technique[];
  designTokens?: DesignTokens;
  styleTheory?: string | null;
  /** A layout family, or "auto"/absent: chosen from the email type and style. */
  layout?: string | null;
  images?: ImageInput[];
  savedSections?: SavedSectionInput[];
  emailType?: string | null;
  /** Parsed from `prompt` (with `emailType`) when absent. */
  facts?: PromptFacts;
  /** The assembled prompt of step 2 (docs/generation.md); llm engines send it, assembling one when absent. */
  assembledPrompt?: string;
  /** The brief (read or confirmed): the links it gives its items lead their slides, tabs and menu entries. */
  brief?: Brief;
  /** The brand profile's website: a call to action's destination when neither the copy nor the brief names one. */
  website?: string | null;
}

export type BlueprintEngineResult =
  | { ok: true; blueprint: Blueprint; usage: EngineUsage; notes: string[] }
  | { ok: false; error: string; usage: EngineUsage; issues?: ZodIssue[] };

/** Stage 2: structure and design around copy that is placed verbatim. */
export interface BlueprintEngine {
  readonly kind: "local" | "llm";
  build(input: BlueprintEngineInput): Promise<BlueprintEngineResult>;
}
