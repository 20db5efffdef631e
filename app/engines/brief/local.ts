import { readBrief } from "~/domain/reader";
import type { EngineUsage } from "../prompts/usage";
import type { BriefEngine, BriefInput, BriefResult } from "./port";

/** Reading writes nothing and asks no model: no tokens, and none estimated. */
const NO_USAGE: EngineUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: false };

/** The local reader (~/domain/reader): deterministic, offline. */
export class LocalBriefEngine implements BriefEngine {
  readonly kind = "local" as const;
  async read(input: BriefInput): Promise<BriefResult> {
    return {
      ok: true,
      brief: readBrief(input.prompt, { emailType: input.emailType }),
      usage: NO_USAGE,
      dropped: [],
      restored: [],
      reported: [],
    };
  }
}
