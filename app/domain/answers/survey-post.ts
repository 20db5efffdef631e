// What one AMP survey post may answer: the fields of a sent copy's form, checked against the form's
// own questions before anything is stored (docs/answers.md, "From the AMP part").
import type { SurveyFields } from "../requests/amp";
import type { AnswerQuestion } from "./questions";

export interface SurveyPostAnswer {
  /** `<ns>.<question index>`, e.g. `k1.0`. */
  question: string;
  optionIndex: number;
  /** The option's label, as the form posts it. */
  value: string;
}

export interface SurveyPostProblem {
  path: string;
  message: string;
  code: "unknown_survey" | "unknown_field" | "unknown_question" | "unknown_option" | "not_one_value" | "other_send" | "no_answer";
}

const NS = /^k[a-z0-9]{1,6}$/;
/** `q0` … `q99`, written one way only (`q00` would answer `q0` twice). */
const QUESTION_FIELD = /^q(0|[1-9]\d?)$/;

/**
 * The answers a post gives, or every problem it has (one refuses the whole post). The form posts
 * `survey` (its module's namespace), `sendId` (filled in at send time) and `q0`, `q1`, … (the label
 * of each chosen option). So: `survey` must name one of the form's modules, each `q<n>` one of that
 * module's questions with exactly one value, the label of one of its options; a posted `sendId` must
 * be the copy's own; no other field is taken. Every question kind has options (none is free text),
 * so no free text is taken either. Work is bounded by the fields (at most 50, SurveyFieldsSchema).
 */
export function surveyPostAnswers(
  questions: readonly AnswerQuestion[],
  fields: SurveyFields,
  sendId: string,
): { ok: true; answers: SurveyPostAnswer[] } | { ok: false; problems: SurveyPostProblem[] } {
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const problems: SurveyPostProblem[] = [];
  const survey = fields.survey;
  const ns = typeof survey === "string" && NS.test(survey) && questions.some((q) => q.key.startsWith(`${survey}.`)) ? survey : null;
  if (!ns) problems.push({ path: "survey", message: "not a survey of this form", code: "unknown_survey" });
  const answers: SurveyPostAnswer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === "survey") continue;
    if (name === "sendId") {
      if (value !== sendId) problems.push({ path: name, message: "not the send this copy was sent as", code: "other_send" });
      continue;
    }
    const m = QUESTION_FIELD.exec(name);
    if (!m) {
      problems.push({ path: name, message: "not a field of this form", code: "unknown_field" });
      continue;
    }
    if (!ns) continue;
    const key = `${ns}.${Number(m[1])}`;
    const q = byKey.get(key);
    if (!q) {
      problems.push({ path: name, message: `${key} is not a question of this form`, code: "unknown_question" });
      continue;
    }
    if (typeof value !== "string") {
      problems.push({ path: name, message: "one answer per question", code: "not_one_value" });
      continue;
    }
    const optionIndex = q.options.indexOf(value);
    if (optionIndex < 0) {
      problems.push({ path: name, message: `not one of the options of ${key}`, code: "unknown_option" });
      continue;
    }
    answers.push({ question: key, optionIndex, value });
  }
  if (problems.length === 0 && answers.length === 0) problems.push({ path: "", message: "no answers were given", code: "no_answer" });
  return problems.length ? { ok: false, problems } : { ok: true, answers };
}
