// What a generated email asks: the questions of its survey and quiz modules, keyed as the answer
// links and the AMP form key them (`<ns>.<index>`), stored with the form so results carry labels.
import { moduleNs, type Blueprint } from "../blueprint/schema";

export type QuestionKind = "survey" | "quiz" | "nps";

export interface AnswerQuestion {
  key: string;
  kind: QuestionKind;
  question: string;
  options: string[];
  /** Quiz only: the index of the right option. */
  correct?: number;
  /** Quiz only: why, as the email explains it (the thank-you page repeats it). */
  explanation?: string;
}

const NPS_LABELS = Array.from({ length: 11 }, (_, i) => String(i));

/** A 0–10 scale, eleven options "0" … "10" in order: a Net Promoter question. */
export function isNpsScale(labels: readonly string[]): boolean {
  return labels.length === 11 && labels.every((l, i) => l.trim() === NPS_LABELS[i]);
}

export function answerQuestions(bp: Pick<Blueprint, "interactiveConfig">): AnswerQuestion[] {
  const out: AnswerQuestion[] = [];
  bp.interactiveConfig.modules.forEach((m, i) => {
    const ns = moduleNs(m, i);
    if (m.technique === "survey") {
      m.questions.forEach((q, qi) => {
        const options = q.options.map((o) => o.label);
        out.push({ key: `${ns}.${qi}`, kind: isNpsScale(options) ? "nps" : "survey", question: q.question, options });
      });
    } else if (m.technique === "quiz") {
      m.questions.forEach((q, qi) =>
        out.push({
          key: `${ns}.${qi}`,
          kind: "quiz",
          question: q.question,
          options: [...q.options],
          correct: q.answer,
          explanation: q.explanation,
        }),
      );
    }
  });
  return out;
}
