import type { ZodIssue } from "zod";
import type { Blueprint } from "~/domain/blueprint/schema";
import type { EngineUsage } from "../prompts/usage";

export interface CodeExample {
  id?: string;
  description?: string;
  html: string;
}

export interface CodeInput {
  blueprint: Blueprint;
  /** The assembled prompt of step 2 (docs/generation.md), for context. */
  assembledPrompt?: string;
  /** Retrieved library examples (full HTML), when retrieval ran. */
  examples?: CodeExample[];
}

export type CodeResult =
  { ok: true; html: string; usage: EngineUsage } | { ok: false; error: string; usage: EngineUsage; issues?: ZodIssue[] };

/** Stage 3: blueprint → HTML. The caller runs the auto-fixes and QA afterwards. */
export interface CodeEngine {
  readonly kind: "local" | "llm";
  generate(input: CodeInput): Promise<CodeResult>;
}
