import type { CopyDoc } from "~/domain/copy/schema";
import type { Technique } from "~/domain/blueprint/schema";
import type { PromptFacts } from "~/domain/prompt/facts";
import type { EngineUsage } from "../prompts/usage";

export interface CopyInput {
  prompt: string;
  emailType?: string | null;
  facts: PromptFacts;
  techniques: Technique[];
  /** The assembled prompt of SPEC step 2 (images, tokens, saved sections); llm engines use it, local ones read `facts`. */
  assembledPrompt?: string;
}

export type CopyResult =
  | { ok: true; copyDoc: CopyDoc; usage: EngineUsage }
  | { ok: false; error: string; usage: EngineUsage };

/** Stage 1: the email's words. Technique extras travel inside the words (see ./conventions.ts). */
export interface CopyEngine {
  readonly kind: "local" | "llm";
  write(input: CopyInput): Promise<CopyResult>;
}
