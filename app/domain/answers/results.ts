// Results of an email's survey and quiz answers: counts per option, the Net Promoter Score and its
// distribution, quiz % correct. Pure: the service reads the rows, this counts them.
import type { AnswerQuestion, QuestionKind } from "./questions";

export interface AnswerRecord {
  sendId: string | null;
  question: string;
  optionIndex: number | null;
  value: string;
  source: "html" | "amp";
  updatedAt: Date;
}

export interface OptionCount {
  label: string;
  count: number;
  /** Share of this question's answers, 0–100, rounded to one decimal. */
  percent: number;
  correct?: boolean;
}

export interface NpsResult {
  /** % promoters (9–10) − % detractors (0–6), −100 … 100, rounded to a whole number; null without answers. */
  score: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  /** Answers per score 0 … 10. */
  distribution: number[];
}

export interface QuestionResult {
  key: string;
  kind: QuestionKind;
  question: string;
  answers: number;
  options: OptionCount[];
  nps?: NpsResult;
  quiz?: { correct: number; percentCorrect: number | null };
}

export interface AnswerResults {
  /** Distinct sends that answered anything (AMP posts without a send each count once). */
  respondents: number;
  answers: number;
  bySource: { html: number; amp: number };
  questions: QuestionResult[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const pct = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

/** The Net Promoter Score of a list of 0–10 scores (anything else is ignored). */
export function npsOf(scores: readonly number[]): NpsResult {
  const distribution = Array.from({ length: 11 }, () => 0);
  for (const s of scores) if (Number.isInteger(s) && s >= 0 && s <= 10) distribution[s]++;
  const total = distribution.reduce((a, b) => a + b, 0);
  const promoters = distribution[9] + distribution[10];
  const passives = distribution[7] + distribution[8];
  const detractors = total - promoters - passives;
  // Rounded once, from the exact shares: rounding each share first can be off by one.
  const score = total === 0 ? null : Math.round(((promoters - detractors) / total) * 100);
  return { score: score === 0 ? 0 : score, promoters, passives, detractors, distribution };
}

/** The option an answer chose: its index when valid, else the option whose label it carries. */
function optionOf(q: AnswerQuestion, a: AnswerRecord): number | null {
  if (a.optionIndex !== null && a.optionIndex >= 0 && a.optionIndex < q.options.length) return a.optionIndex;
  const i = q.options.findIndex((o) => o.trim().toLowerCase() === a.value.trim().toLowerCase());
  return i >= 0 ? i : null;
}

/** Questions the form does not describe (an email sent without a stored form) are listed by their answers' values. */
function adHocQuestions(known: Set<string>, rows: readonly AnswerRecord[]): AnswerQuestion[] {
  const byKey = new Map<string, string[]>();
  for (const a of rows) {
    if (known.has(a.question)) continue;
    const labels = byKey.get(a.question) ?? [];
    if (!labels.includes(a.value)) labels.push(a.value);
    byKey.set(a.question, labels);
  }
  return [...byKey]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, labels]) => ({ key, kind: "survey" as const, question: key, options: labels }));
}

export function aggregateAnswers(questions: readonly AnswerQuestion[], rows: readonly AnswerRecord[]): AnswerResults {
  const all = [...questions, ...adHocQuestions(new Set(questions.map((q) => q.key)), rows)];
  const respondents = new Set<string>();
  let anonymous = 0;
  for (const a of rows) {
    if (a.sendId) respondents.add(a.sendId);
    else anonymous++;
  }
  const results = all.map((q): QuestionResult => {
    const counts = q.options.map(() => 0);
    let answered = 0;
    for (const a of rows) {
      if (a.question !== q.key) continue;
      const i = optionOf(q, a);
      if (i === null) continue;
      counts[i]++;
      answered++;
    }
    const options = q.options.map((label, i) => ({
      label,
      count: counts[i],
      percent: pct(counts[i], answered),
      ...(q.kind === "quiz" ? { correct: i === q.correct } : {}),
    }));
    const result: QuestionResult = { key: q.key, kind: q.kind, question: q.question, answers: answered, options };
    if (q.kind === "nps") result.nps = npsOf(counts.flatMap((c, score) => Array.from({ length: c }, () => score)));
    if (q.kind === "quiz") {
      const correct = q.correct !== undefined ? (counts[q.correct] ?? 0) : 0;
      result.quiz = { correct, percentCorrect: answered === 0 ? null : pct(correct, answered) };
    }
    return result;
  });
  return {
    respondents: respondents.size + anonymous,
    answers: rows.length,
    bySource: { html: rows.filter((r) => r.source === "html").length, amp: rows.filter((r) => r.source === "amp").length },
    questions: results,
  };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * field a spreadsheet would run as a formula (= + - @, tab, carriage return first) gets a leading
 * apostrophe: answers are typed by strangers (OWASP "CSV injection").
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const ANSWER_CSV_COLUMNS = [
  "send_id",
  "source",
  "question_key",
  "question",
  "answer",
  "option_index",
  "correct",
  "answered_at",
] as const;

/** Every answer, one line each (CRLF, as RFC 4180 says), oldest first. */
export function answersCsv(questions: readonly AnswerQuestion[], rows: readonly AnswerRecord[]): string {
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const lines = [ANSWER_CSV_COLUMNS.join(",")];
  const sorted = [...rows].sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
  for (const a of sorted) {
    const q = byKey.get(a.question);
    const index = q ? optionOf(q, a) : a.optionIndex;
    const correct = q?.kind === "quiz" && index !== null ? (index === q.correct ? "yes" : "no") : "";
    const label = q && index !== null ? q.options[index] : a.value;
    lines.push(
      [a.sendId ?? "", a.source, a.question, q?.question ?? "", label, index ?? "", correct, a.updatedAt.toISOString()]
        .map(csvField)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
