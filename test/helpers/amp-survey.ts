// Sent copies of AMP survey forms for the survey endpoint's tests: a user's forms with the questions
// a generation keeps, one send of that user, and the signed address the send path gives that
// copy's form (what a copy's `action-xhr` ends in), without generating or sending a whole email.
import { signSurveySend } from "~/lib/signed-form-id.server";
import type { TestServer } from "./server";
import { createUserWithToken } from "./users";

/** Module `k1`'s questions; a post answers them as `survey=k1&q0=Great&q1=Yes`. */
export const SURVEY_QUESTIONS = [
  { key: "k1.0", kind: "survey", question: "How was your visit?", options: ["Great", "Good", "Okay", "Not good"] },
  { key: "k1.1", kind: "survey", question: "Would you come back?", options: ["Yes", "Maybe", "No"] },
];

export interface SurveyCopy {
  ownerId: string;
  token: string;
  sendId: string;
  /** The path segment of this send's copy of form `formId` (the form is stored on first use). */
  address(formId: string): Promise<string>;
}

export async function surveyCopy(server: TestServer): Promise<SurveyCopy> {
  const { insertAnswerForm } = await import("~/models/answers.server");
  const owner = await createUserWithToken(server);
  const res = await server.fetch("/api/send-email-esp", {
    method: "POST",
    token: owner.token,
    json: { to: "reader@example.com", subject: "Two quick questions", html: "<p>Two quick questions</p>" },
  });
  if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
  const { sendId } = (await res.json()) as { sendId: string };
  const stored = new Set<string>();
  return {
    ownerId: owner.id,
    token: owner.token,
    sendId,
    async address(formId) {
      if (!stored.has(formId)) {
        await insertAnswerForm(server.app.database.db as never, { id: formId, userId: owner.id, lang: "en", questions: SURVEY_QUESTIONS });
        stored.add(formId);
      }
      return signSurveySend(server.app.env.SESSION_SECRET, formId, sendId);
    },
  };
}
