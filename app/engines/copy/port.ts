import type { CopyDoc } from "~/domain/copy/schema";
import type { Technique } from "~/domain/blueprint/schema";
import type { Brief } from "~/domain/brief/schema";
import type { PromptFacts } from "~/domain/prompt/facts";
import type { EngineUsage } from "../prompts/usage";

export interface CopyInput {
  prompt: string;
  emailType?: string | null;
  facts: PromptFacts;
  /** What the prompt asks for, as data: an llm copywriter is told to use only its facts. */
  brief?: Brief;
  techniques: Technique[];
  /** The assembled prompt of step 2 of docs/generation.md (images, tokens, saved sections); llm engines use it, local ones read `facts`. */
  assembledPrompt?: string;
}

export type CopyResult =
  | {
      ok: true;
      copyDoc: CopyDoc;
      usage: EngineUsage;
      /** Claims the copy still makes that the brief does not (after the one repair attempt), to report. */
      untraced?: string[];
    }
  | { ok: false; error: string; usage: EngineUsage };

/** Stage 1: the email's words. Technique extras travel inside the words (see ./conventions.ts). */
export interface CopyEngine {
  readonly kind: "local" | "llm";
  write(input: CopyInput): Promise<CopyResult>;
}
