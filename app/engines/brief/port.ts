import type { Brief } from "~/domain/brief/schema";
import type { EngineUsage } from "../prompts/usage";

export interface BriefInput {
  prompt: string;
  /** The caller's email type, when it gives one. */
  emailType?: string | null;
}

export type BriefResult =
  | {
      ok: true;
      brief: Brief;
      usage: EngineUsage;
      /** The model's values not found in the prompt, left out ("items.2.price: \"$45\""); empty for the local reader. */
      dropped: string[];
      /** Prompt tokens the model lost that the local reading gave back, and where ("$79 (money) → items.1.price"). */
      restored: string[];
      /** Prompt tokens no field of either reading holds, listed in `brief.unused` ("Acme (name)"). */
      reported: string[];
    }
  | { ok: false; error: string; usage: EngineUsage };

/** Stage 0: the prompt read into a Brief (docs/brief.md), every value with its span of the prompt. */
export interface BriefEngine {
  readonly kind: "local" | "llm";
  read(input: BriefInput): Promise<BriefResult>;
}
