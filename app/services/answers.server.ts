// Survey and quiz answers (docs/answers.md): the signed answer links of the HTML email, the AMP form's
// answers, and results per send and per generated email. One store: `answers`, one row per send
// and question. See docs/answers.md.
import type { AppContext } from "~/composition/app.server";
import type { Env } from "~/lib/env.server";
import { answerExpiryDay, createAnswerToken, verifyAnswerToken } from "~/lib/answer-token.server";
import { signSurveySend, verifySignedFormId } from "~/lib/signed-form-id.server";
import {
  aggregateAnswers,
  answerPageWords,
  answerQuestions,
  answersCsv,
  type AnswerPageWords,
  type AnswerQuestion,
  type AnswerRecord,
  type AnswerResults,
  type AnswerSpec,
  type QuestionKind,
  type QuizVerdict,
  quizVerdict,
  surveyPostAnswers,
} from "~/domain/answers";
import type { Blueprint } from "~/domain/blueprint/schema";
import type { SurveyFields } from "~/domain/requests/amp";
import {
  findAnswerForm,
  findAnswerFormSubject,
  insertAnswerForm,
  listAnswerFormsOfUser,
  listAnswersForForm,
  listAnswersForSend,
  formIdsOfSend,
  sendHasAnswers,
  upsertAnswers,
  type AnswerRow,
  type NewAnswer,
} from "~/models/answers.server";
import { findEmailVersion } from "~/models/email-versions.server";
import { findSendHtml, findSendSummary } from "~/models/sends.server";
import type { User } from "~/models/users.server";
import { failure, type ServiceResult } from "./result";
import { brandOfSend, type PublicBrand } from "./sender-profile.server";

/** The send path's answer links for one send: `(spec) => <BASE_URL>/r/<token>`, valid ANSWER_LINK_TTL_DAYS. */
export function answerLinks(
  env: Pick<Env, "BASE_URL" | "SESSION_SECRET" | "ANSWER_LINK_TTL_DAYS">,
  sendId: string,
  now: Date,
): (spec: AnswerSpec) => string {
  const expiresDay = answerExpiryDay(now, env.ANSWER_LINK_TTL_DAYS);
  return (spec) =>
    `${env.BASE_URL}/r/${createAnswerToken(env.SESSION_SECRET, { sendId, formId: spec.formId, question: spec.question, option: spec.option, lang: spec.lang, expiresDay })}`;
}

/**
 * The send path's AMP survey action for one send: the form's own URL, as the AMP build wrote it
 * (`<https BASE_URL>/api/amp/survey/<formId>.<signature>`), becomes that send's copy's
 * (`…/<formId>.<sendId>.<signature>`). Another host's URL, or a form id not signed here, is left
 * as it is: it names no send of this deployment, so it takes no answers.
 */
export function surveyActions(env: Pick<Env, "BASE_URL" | "SESSION_SECRET">, sendId: string): (url: string) => string {
  const prefix = surveyActionPrefix(env);
  return (url) => {
    if (!url.startsWith(prefix)) return url;
    const form = verifySignedFormId(env.SESSION_SECRET, url.slice(prefix.length));
    return form.ok ? prefix + signSurveySend(env.SESSION_SECRET, form.formId, sendId) : url;
  };
}

/** Stores what a generated email asks, under its form id (the generation id), when it asks anything. */
export async function registerAnswerForm(
  app: Pick<AppContext, "database">,
  user: User,
  formId: string,
  blueprint: Blueprint,
): Promise<void> {
  const questions = answerQuestions(blueprint);
  if (questions.length === 0) return;
  await insertAnswerForm(app.database.db, { id: formId, userId: user.id, lang: blueprint.lang, questions });
}

function questionsOf(form: { questions: unknown[] } | null): AnswerQuestion[] {
  return (form?.questions ?? []) as AnswerQuestion[];
}

// ── The answer page (/r/:token) ────────────────────────────────────────────────────────────────

export type AnswerPage =
  | {
      state: "confirm" | "done";
      words: AnswerPageWords;
      brand: PublicBrand;
      lang: string;
      question: string | null;
      answer: string | null;
      verdict: QuizVerdict | null;
    }
  | { state: "invalid" | "expired" | "unknown"; words: AnswerPageWords; brand: PublicBrand; lang: string; status: number };

/**
 * The brand the page shows: that of the send's sender profile (as its unsubscribe page), so the
 * recipient stays with whoever wrote to them; the deployment's name when there is no send.
 */
async function brandOfClaim(app: AppContext, send: { id: string; recipient: string } | null): Promise<PublicBrand> {
  return send ? brandOfSend(app, send.id, send.recipient) : { name: app.env.BRAND_NAME, logoUrl: null, websiteUrl: null };
}

/**
 * What a token's page shows. `record`: the visitor pressed the button (POST), so the answer is
 * stored; a GET only asks, because mail scanners open every link of a message.
 */
export async function answerLink(app: AppContext, token: string, opts: { record: boolean; now?: Date }): Promise<AnswerPage> {
  const now = opts.now ?? new Date();
  const { db } = app.database;
  const verdict = verifyAnswerToken(app.env.SESSION_SECRET, token, now);
  if (!verdict.ok) {
    if (verdict.reason === "expired") {
      // An expired token was signed: its send's brand and its language are still to be trusted.
      const { claim } = verdict;
      const brand = await brandOfClaim(app, await findSendSummary(db, claim.sendId));
      return { state: "expired", words: answerPageWords(claim.lang), brand, lang: claim.lang, status: 410 };
    }
    return {
      state: "invalid",
      words: answerPageWords("en"),
      brand: await brandOfClaim(app, null),
      lang: "en",
      status: verdict.reason === "forged" ? 404 : 400,
    };
  }
  const { claim } = verdict;
  const words = answerPageWords(claim.lang);
  const send = await findSendSummary(db, claim.sendId);
  const brand = await brandOfClaim(app, send);
  if (!send) return { state: "unknown", words, brand, lang: claim.lang, status: 404 };
  // A form is its owner's: a link that names another user's form (an email of theirs can name any
  // id) gets the page of a form nobody has, so its questions, its right answer and its existence
  // stay theirs. Only a link with no form (an email not generated here) is taken without one.
  const form = claim.formId ? await findAnswerForm(db, claim.formId) : null;
  if (claim.formId && (!form || form.userId !== send.userId)) return { state: "unknown", words, brand, lang: claim.lang, status: 404 };
  const q = questionsOf(form).find((x) => x.key === claim.question);
  if (form && (!q || claim.option >= q.options.length)) return { state: "invalid", words, brand, lang: claim.lang, status: 400 };
  const answer = q ? q.options[claim.option] : null;
  if (opts.record) {
    await upsertAnswers(
      db,
      [
        {
          formId: claim.formId || null,
          sendId: claim.sendId,
          question: claim.question,
          optionIndex: claim.option,
          value: answer ?? String(claim.option),
          source: "html",
        },
      ],
      now,
    );
    app.logger.info({ sendId: claim.sendId, question: claim.question }, "answer recorded");
  }
  // A quiz's verdict only once the answer is in: the confirm page must not give the answer away.
  const quiz = opts.record && q ? quizVerdict(q, claim.option, claim.lang) : null;
  return { state: opts.record ? "done" : "confirm", words, brand, lang: claim.lang, question: q?.question ?? null, answer, verdict: quiz };
}

// ── AMP answers ─────────────────────────────────────────────────────────────────────────────────

/** Where this deployment's AMP survey forms post: BASE_URL's survey endpoint, over https (AMP forms post over https only). */
export function surveyActionPrefix(env: Pick<Env, "BASE_URL">): string {
  const base = env.BASE_URL.replace(/\/+$/, "");
  return `${base.startsWith("https://") ? base : base.replace(/^http:\/\//i, "https://")}/api/amp/survey/`;
}

/** What a survey post to a form that is not there, or not signed here, is told. */
export const UNKNOWN_FORM = "Unknown form: this survey was not generated here";

/**
 * The answers one AMP survey post of a sent copy gives (its signed address names the form and the
 * send), checked before anything is stored: 404 when the send is not there or the form is not its
 * sender's (the same answer as for a form not signed here, so no id is confirmed); 400 with
 * details unless every field is one of the form's questions and options (surveyPostAnswers).
 */
export async function ampAnswers(
  app: Pick<AppContext, "database">,
  input: { formId: string; sendId: string; fields: SurveyFields },
): Promise<ServiceResult<NewAnswer[]>> {
  const { db } = app.database;
  const send = await findSendSummary(db, input.sendId);
  const form = send ? await findAnswerForm(db, input.formId) : null;
  if (!send || !form || form.userId !== send.userId) return failure(404, UNKNOWN_FORM);
  const checked = surveyPostAnswers(questionsOf(form), input.fields, send.id);
  if (!checked.ok) return failure(400, "Invalid survey response", { details: checked.problems });
  return {
    ok: true,
    value: checked.answers.map((a) => ({ formId: form.id, sendId: send.id, ...a, source: "amp" as const })),
  };
}

const SEND_ID = /^[A-Za-z0-9_-]{1,100}$/;

// ── Results ─────────────────────────────────────────────────────────────────────────────────────

export interface AnswerReport {
  scope: { kind: "send"; sendId: string; formId: string | null } | { kind: "form"; formId: string };
  subject: string | null;
  /** Who a send went to (the results page names a send by its recipient and date, not its id). */
  sentTo: string | null;
  /** When the send went out, or when the email was generated. */
  date: Date | null;
  results: AnswerResults;
  csv: string;
}

function records(rows: AnswerRow[]): AnswerRecord[] {
  return rows.map((r) => ({
    sendId: r.sendId,
    question: r.question,
    optionIndex: r.optionIndex,
    value: r.value,
    source: r.source,
    updatedAt: r.updatedAt,
  }));
}

function report(
  scope: AnswerReport["scope"],
  about: Pick<AnswerReport, "subject" | "sentTo" | "date">,
  questions: AnswerQuestion[],
  rows: AnswerRow[],
): AnswerReport {
  const recs = records(rows);
  return { scope, ...about, results: aggregateAnswers(questions, recs), csv: answersCsv(questions, recs) };
}

/** A send's answers: its owner's, or any for an admin (404 otherwise, as for the send itself). */
export async function sendAnswers(app: Pick<AppContext, "database">, user: User, sendId: string): Promise<ServiceResult<AnswerReport>> {
  const { db } = app.database;
  const send = SEND_ID.test(sendId) ? await findSendSummary(db, sendId) : null;
  if (!send || (!user.isAdmin && send.userId !== user.id)) return failure(404, "Send not found");
  // Only its sender's form describes a send's answers: answers naming another user's form (stored
  // before links and posts naming one were refused) are left out with it.
  const rows = await listAnswersForSend(db, sendId, send.userId);
  const [formId] = await formIdsOfSend(db, sendId, send.userId);
  const form = formId ? await findAnswerForm(db, formId) : null;
  const about = { subject: send.subject, sentTo: send.recipient, date: send.sentAt ?? send.createdAt };
  return { ok: true, value: report({ kind: "send", sendId, formId: formId ?? null }, about, questionsOf(form), rows) };
}

/**
 * A generated email's answers across its sends. `version` is the form id (the generation id) or
 * the id of a builder version, whose generation names the form.
 */
export async function formAnswers(app: Pick<AppContext, "database">, user: User, version: string): Promise<ServiceResult<AnswerReport>> {
  const { db } = app.database;
  if (!SEND_ID.test(version)) return failure(400, "Invalid version");
  let form = await findAnswerForm(db, version);
  let subject: string | null = null;
  if (!form) {
    const v = await findEmailVersion(db, user.id, version);
    const generationId = v?.metadata?.generationId;
    if (typeof generationId === "string") form = await findAnswerForm(db, generationId);
    subject = v?.subject ?? null;
  }
  if (!form || (!user.isAdmin && form.userId !== user.id)) return failure(404, "Email not found");
  const rows = await listAnswersForForm(db, form.id, form.userId);
  subject ??= await findAnswerFormSubject(db, form.id);
  return {
    ok: true,
    value: report({ kind: "form", formId: form.id }, { subject, sentTo: null, date: form.createdAt }, questionsOf(form), rows),
  };
}

// ── The results page's list and the links to it ───────────────────────────────────────────────

export interface AskingEmail {
  /** For the link to its results only: the page shows the subject and dates. */
  formId: string;
  /** The subject, else the first question (an email generated through the API and not yet sent). */
  title: string;
  createdAt: Date;
  kinds: QuestionKind[];
  questions: number;
  answers: number;
  lastAnswerAt: Date | null;
}

/** The user's emails that ask survey or quiz questions, newest first, with their answer counts. */
export async function askingEmails(app: Pick<AppContext, "database">, user: User): Promise<AskingEmail[]> {
  const forms = await listAnswerFormsOfUser(app.database.db, user.id);
  return forms.map((f) => {
    const questions = f.questions as AnswerQuestion[];
    return {
      formId: f.id,
      title: f.subject ?? questions[0]?.question ?? "Survey",
      createdAt: f.createdAt,
      kinds: [...new Set(questions.map((q) => q.kind))],
      questions: questions.length,
      answers: f.answers,
      lastAnswerAt: f.lastAnswerAt,
    };
  });
}

/**
 * Whether a send's email asks survey or quiz questions (its HTML carries answer links), for the
 * link to its results. Answers already in count too.
 */
export async function sendAsksQuestions(app: Pick<AppContext, "database" | "env">, sendId: string): Promise<boolean> {
  const html = await findSendHtml(app.database.db, sendId);
  if (html?.includes(`${app.env.BASE_URL}/r/`)) return true;
  return sendHasAnswers(app.database.db, sendId);
}
