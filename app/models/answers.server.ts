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

export async function listAnswersForSend(db: Db, sendId: string): Promise<AnswerRow[]> {
  return db.select().from(answers).where(eq(answers.sendId, sendId)).orderBy(asc(answers.updatedAt), asc(answers.id)).limit(MAX_ANSWER_ROWS).all();
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

/** The form ids a send's answers carry (one, for an email generated here). */
export async function formIdsOfSend(db: Db, sendId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ formId: answers.formId }).from(answers).where(and(eq(answers.sendId, sendId), sql`${answers.formId} IS NOT NULL`)).all();
  return rows.map((r) => r.formId!).filter(Boolean);
}
