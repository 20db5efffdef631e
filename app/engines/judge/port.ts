import type { CopyDoc } from "~/domain/copy/schema";
import type { PromptFacts } from "~/domain/prompt/facts";
import type { EngineUsage } from "../prompts/usage";

export interface JudgeInput {
  /** The prompt the email was generated from. */
  prompt: string;
  /** The generated HTML document. */
  html: string;
  /** The finalized copy, when known: its words must appear verbatim. */
  copyDoc?: CopyDoc;
  /** The blueprint the email was built from, when known (any shape; read leniently). */
  blueprint?: unknown;
  emailType?: string;
  /** The prompt's facts when the caller has them; otherwise the judge reads them from `prompt`. */
  facts?: PromptFacts;
}

export interface RubricItem {
  criterion: string;
  /** 0–100. */
  score: number;
  /** Share of the total score; 0 when the criterion does not apply to this email. */
  weight: number;
  reason: string;
}

export type JudgeResult =
  { ok: true; score: number; rubric: RubricItem[]; summary: string; usage: EngineUsage } | { ok: false; error: string; usage: EngineUsage };

/** Scores a generated email 0–100 against a rubric, for the eval harness. */
export interface JudgeEngine {
  readonly kind: "local" | "llm";
  judge(input: JudgeInput): Promise<JudgeResult>;
}

/** Weighted mean of the rubric, rounded; criteria with weight 0 do not count. */
export function weightedScore(rubric: RubricItem[]): number {
  const total = rubric.reduce((s, r) => s + r.weight, 0);
  if (total <= 0) return 0;
  const score = rubric.reduce((s, r) => s + r.weight * r.score, 0) / total;
  return Math.round(Math.min(100, Math.max(0, score)));
}

export function summarise(score: number, rubric: RubricItem[]): string {
  const counted = rubric.filter((r) => r.weight > 0);
  const parts = counted.map((r) => `${r.criterion} ${Math.round(r.score)}`).join(", ");
  const weakest = [...counted].sort((a, b) => a.score - b.score)[0];
  const tail = weakest && weakest.score < 100 ? ` Weakest: ${weakest.criterion} — ${weakest.reason}` : "";
  return `Score ${score}/100 (${parts}).${tail}`;
}
