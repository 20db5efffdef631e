import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { answerForms, answers, emailSends } from "../../db/schema";
import type { Db } from "~/lib/db.server";

export type AnswerRow = typeof answers.$inferSelect;
export type AnswerFormRow = typeof answerForms.$inferSelect;

export interface NewAnswer {
  formId: string | null;
  sendId: string | null;
  question: string;
  optionIndex: number | null;
  value: string;
  source: "html" | "amp";
}

/** Reads answer rows at most this many at a time per request: results are bounded work. */
export const MAX_ANSWER_ROWS = 50_000;

/** The form's questions, written once per generation (a regenerated id keeps the first). */
export async function insertAnswerForm(db: Db, form: { id: string; userId: string; lang: string; questions: unknown[] }): Promise<void> {
  await db.insert(answerForms).values(form).onConflictDoNothing().run();
}

export async function findAnswerForm(db: Db, id: string): Promise<AnswerFormRow | null> {
  return (await db.select().from(answerForms).where(eq(answerForms.id, id)).get()) ?? null;
}

/**
 * One answer per send and question: a later answer replaces the earlier one; the same answer
 * again changes nothing (not even its time), so a replayed link is a no-op. AMP posts without a
 * send (sendId null) each keep a row: SQLite's unique index lets NULLs repeat.
 */
export async function upsertAnswers(db: Db, rows: NewAnswer[], now = new Date()): Promise<void> {
  if (rows.length === 0) return;
  const at = now.getTime();
  await db.$client.batch(
    rows.map((r) => ({
      sql:
        "INSERT INTO answers (form_id, send_id, question, option_index, value, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) " +
        "ON CONFLICT (send_id, question) DO UPDATE SET form_id = excluded.form_id, option_index = excluded.option_index, value = excluded.value, source = excluded.source, updated_at = excluded.updated_at " +
        "WHERE answers.option_index IS NOT excluded.option_index OR answers.value IS NOT excluded.value OR answers.source IS NOT excluded.source",
      args: [r.formId, r.sendId, r.question, r.optionIndex, r.value, r.source, at, at],
    })),
    "write",
  );
}

/** The condition "the answer names no form of a user other than `ownerId`" (a form of theirs, one not stored, or none). */
const notOthersForm = (ownerId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM answer_forms f WHERE f.id = ${answers.formId} AND f.user_id <> ${ownerId})`;

/** A send's answers, but those naming another user's form than the send's owner's (`ownerId`). */
export async function listAnswersForSend(db: Db, sendId: string, ownerId: string): Promise<AnswerRow[]> {
  return db
    .select()
    .from(answers)
    .where(and(eq(answers.sendId, sendId), notOthersForm(ownerId)))
    .orderBy(asc(answers.updatedAt), asc(answers.id))
    .limit(MAX_ANSWER_ROWS)
    .all();
}

/**
 * A form's answers: from its owner's sends, and AMP posts that came without a send (the form id
 * in their URL is signed). Answer links of someone else's send that name this form are left out:
 * anyone can put a form id in an email they send.
 */
export async function listAnswersForForm(db: Db, formId: string, ownerId: string): Promise<AnswerRow[]> {
  const owned = db.select({ id: emailSends.id }).from(emailSends).where(eq(emailSends.userId, ownerId));
  return db
    .select()
    .from(answers)
    .where(and(eq(answers.formId, formId), or(isNull(answers.sendId), inArray(answers.sendId, owned))))
    .orderBy(asc(answers.updatedAt), asc(answers.id))
    .limit(MAX_ANSWER_ROWS)
    .all();
}

/** The form ids a send's answers carry (one, for an email generated here), but another user's than the send's owner's. */
export async function formIdsOfSend(db: Db, sendId: string, ownerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ formId: answers.formId })
    .from(answers)
    .where(and(eq(answers.sendId, sendId), sql`${answers.formId} IS NOT NULL`, notOthersForm(ownerId)))
    .all();
  return rows.map((r) => r.formId!).filter(Boolean);
}

export interface AnswerFormSummary {
  id: string;
  createdAt: Date;
  questions: unknown[];
  /** The subject of the builder version or of a send of this email, when one is known. */
  subject: string | null;
  /** Answers counted as the form's results count them (its owner's sends and AMP posts without a send). */
  answers: number;
  lastAnswerAt: Date | null;
}

/** The subject of a form's email: its builder version's, else that of one of its owner's sends that was answered. */
const SUBJECT_OF_FORM =
  "COALESCE((SELECT v.subject FROM email_versions v WHERE v.user_id = f.user_id AND json_extract(v.metadata, '$.generationId') = f.id ORDER BY v.created_at LIMIT 1), " +
  "(SELECT s.subject FROM answers a JOIN email_sends s ON s.id = a.send_id WHERE a.form_id = f.id AND s.user_id = f.user_id LIMIT 1))";

export async function findAnswerFormSubject(db: Db, formId: string): Promise<string | null> {
  const rs = await db.$client.execute({ sql: `SELECT ${SUBJECT_OF_FORM} AS subject FROM answer_forms f WHERE f.id = ?`, args: [formId] });
  const subject = rs.rows[0]?.subject;
  return typeof subject === "string" && subject ? subject : null;
}

export async function sendHasAnswers(db: Db, sendId: string): Promise<boolean> {
  const rs = await db.$client.execute({ sql: "SELECT 1 FROM answers WHERE send_id = ? LIMIT 1", args: [sendId] });
  return rs.rows.length > 0;
}

/** A user's asking emails, newest first (the results page's list): bounded to `limit`. */
export async function listAnswerFormsOfUser(db: Db, userId: string, limit = 100): Promise<AnswerFormSummary[]> {
  const counted = "a.form_id = f.id AND (a.send_id IS NULL OR a.send_id IN (SELECT id FROM email_sends WHERE user_id = f.user_id))";
  const rs = await db.$client.execute({
    sql:
      `SELECT f.id, f.created_at, f.questions, ${SUBJECT_OF_FORM} AS subject, ` +
      `(SELECT COUNT(*) FROM answers a WHERE ${counted}) AS answers, ` +
      `(SELECT MAX(a.updated_at) FROM answers a WHERE ${counted}) AS last_answer_at ` +
      "FROM answer_forms f WHERE f.user_id = ? ORDER BY f.created_at DESC, f.rowid DESC LIMIT ?",
    args: [userId, limit],
  });
  return rs.rows.map((r) => ({
    id: String(r.id),
    createdAt: new Date(Number(r.created_at)),
    questions: JSON.parse(String(r.questions)) as unknown[],
    subject: typeof r.subject === "string" && r.subject ? r.subject : null,
    answers: Number(r.answers),
    lastAnswerAt: r.last_answer_at === null ? null : new Date(Number(r.last_answer_at)),
  }));
}
