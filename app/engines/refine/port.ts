import type { EngineUsage } from "../prompts/usage";

export interface RefineOutcome {
  html: string;
  /** Each understood and applied instruction, with what it changed. */
  applied: string[];
  /** Each instruction that was not applied, with the reason in words a user can act on. */
  notApplied: Array<{ instruction: string; reason: string }>;
}

export type RefineResult = ({ ok: true; usage: EngineUsage } & RefineOutcome) | { ok: false; error: string; usage: EngineUsage };

/** Targeted edits to existing email HTML (`/api/generate-email` with `refine: true`). */
export interface RefineEngine {
  readonly kind: "local" | "llm";
  refine(html: string, instructions: string): Promise<RefineResult>;
}
