// The answer links of the HTML email, as placeholders the send path fills per recipient.
// The renderer writes `{{ANSWER_URL:<lang>:<ns>.<question>.<option>}}`, knowing neither the form
// nor the recipient; generation binds the form id (`…:<formId>}}`); each send replaces it with a
// signed `/r/<token>` address (app/lib/answer-token.server.ts). One HMAC per link and send.
// The AMP survey form's action is filled per send too, but it cannot be a placeholder (below).

export interface AnswerSpec {
  lang: string;
  /** `<ns>.<question index>`, e.g. `k1.0`. */
  question: string;
  option: number;
  /** Empty when no generated form was bound. */
  formId: string;
}

const SPEC = /^ANSWER_URL:([a-z]{2}):(k[a-z0-9]{1,6}\.\d{1,2})\.(\d{1,2})(?::([A-Za-z0-9_-]{1,100}))?$/;
/** The placeholder as it sits in a document; the first group is the whole name. */
export const ANSWER_PLACEHOLDER_SOURCE = String.raw`ANSWER_URL:[a-z]{2}:k[a-z0-9]{1,6}\.\d{1,2}\.\d{1,2}(?::[A-Za-z0-9_-]{1,100})?`;
const UNBOUND = /\{\{(ANSWER_URL:[a-z]{2}:k[a-z0-9]{1,6}\.\d{1,2}\.\d{1,2})\}\}/g;

export function answerPlaceholder(lang: string, ns: string, question: number, option: number): string {
  const l = /^[a-z]{2}$/.test(lang) ? lang : "en";
  return `{{ANSWER_URL:${l}:${ns}.${question}.${option}}}`;
}

/** The spec of an `ANSWER_URL:…` placeholder name, or null when it is not one. */
export function parseAnswerSpec(name: string): AnswerSpec | null {
  const m = SPEC.exec(name);
  if (!m) return null;
  return { lang: m[1], question: m[2], option: Number(m[3]), formId: m[4] ?? "" };
}

/** Ties every unbound answer link of a generated email to its form (the generation id). */
export function bindAnswerForm(html: string, formId: string): string {
  if (!html.includes("{{ANSWER_URL:") || !/^[A-Za-z0-9_-]{1,100}$/.test(formId)) return html;
  return html.replace(UNBOUND, (_, name: string) => `{{${name}:${formId}}}`);
}

const BOUND = /\{\{ANSWER_URL:[a-z]{2}:k[a-z0-9]{1,6}\.\d{1,2}\.\d{1,2}:([A-Za-z0-9_-]{1,100})\}\}/;

/** The form an email's answer links name (its generation id), or null when it asks nothing. */
export function answerFormOf(html: string): string | null {
  return BOUND.exec(html)?.[1] ?? null;
}

/**
 * The AMP survey form's action as the AMP build writes it:
 * `action-xhr="https://<host>/api/amp/survey/<form id>.<signature>"`. AMP for Email forbids `{{`
 * in `action-xhr`, so the URL itself is the per-recipient value: the send path replaces it with
 * the address of that send's copy (app/lib/signed-form-id.server.ts). The lookarounds keep the
 * attribute out of the match, so the URL alone is cut out of a template; the host part is bounded.
 */
export const SURVEY_ACTION_SOURCE = String.raw`(?<=action-xhr=")https:\/\/[^\s"'<>{}&]{1,300}?\/api\/amp\/survey\/[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{22}(?=")`;
const SURVEY_ACTION = /^https:\/\/[^\s"'<>{}&]{1,300}?\/api\/amp\/survey\/[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{22}$/;

/** Whether a per-recipient value's name is a survey form's action URL (SURVEY_ACTION_SOURCE). */
export function isSurveyAction(name: string): boolean {
  return SURVEY_ACTION.test(name);
}
