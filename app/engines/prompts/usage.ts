import { addUsage as addTokens, type LlmUsage } from "~/adapters/llm/port";

/** Token usage of one engine call; `estimated` is true for local engines (see app/engines/README.md). */
export interface EngineUsage extends LlmUsage {
  estimated: boolean;
}

/** The documented estimate: one token per four characters, rounded up, of what went in and came out. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function estimateUsage(input: string, output: string): EngineUsage {
  return {
    inputTokens: estimateTokens(input),
    outputTokens: estimateTokens(output),
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    estimated: true,
  };
}

export function fromLlmUsage(usage: LlmUsage): EngineUsage {
  return { ...usage, estimated: false };
}

export function addUsage(a: EngineUsage, b: EngineUsage): EngineUsage {
  return { ...addTokens(a, b), estimated: a.estimated || b.estimated };
}
