import type { LlmClient } from "~/adapters/llm/port";
import { createLocalJudge } from "./local";
import { createLlmJudge } from "./llm";
import type { JudgeEngine } from "./port";

export type { JudgeEngine, JudgeInput, JudgeResult, RubricItem } from "./port";
export { createLocalJudge, judgeLocally } from "./local";
export { createLlmJudge } from "./llm";

/** The model judge when a language model is configured, else the local rubric. */
export function createJudge(llm?: LlmClient): JudgeEngine {
  return llm ? createLlmJudge(llm) : createLocalJudge();
}
