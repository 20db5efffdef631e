import { createHash } from "node:crypto";
import { ANSWER_PLACEHOLDER_SOURCE, SURVEY_ACTION_SOURCE, isSurveyAction, parseAnswerSpec, type AnswerSpec } from "../answers/placeholder";
import { escapeHtml } from "./scan";

function replaceAll(html: string, values: Record<string, string>): string {
  let out = html;
  for (const [name, value] of Object.entries(values)) out = out.split(`{{${name}}}`).join(value);
  return out;
}

export interface WorkspaceValues {
  emailName?: string | null;
  projectId?: string | null;
  databaseId?: string | null;
  /** The sender's brand profile: the footer's name, postal address and website. */
  sender?: SenderValues | null;
}

export interface SenderValues {
  name: string;
  postalAddress: string;
  website: string;
}

/** The sender placeholders, which generated footers carry so generation stays user-agnostic. */
export const SENDER_PLACEHOLDERS = ["SENDER_NAME", "SENDER_POSTAL_ADDRESS", "SENDER_WEBSITE"] as const;

/**
 * The sender placeholders' values, HTML-escaped. A postal address typed on several lines becomes
 * one line with commas: the value may land in an attribute as well as in text.
 */
export function senderValueMap(sender: SenderValues | null | undefined): Record<(typeof SENDER_PLACEHOLDERS)[number], string> {
  const oneLine = (sender?.postalAddress ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/,$/, ""))
    .filter(Boolean)
    .join(", ");
  return {
    SENDER_NAME: escapeHtml(sender?.name ?? ""),
    SENDER_POSTAL_ADDRESS: escapeHtml(oneLine),
    SENDER_WEBSITE: escapeHtml(sender?.website ?? ""),
  };
}

/** Resolves only the sender placeholders (the builder's preview shows the user's own footer). */
export function resolveSenderPlaceholders(html: string, sender: SenderValues | null | undefined): string {
  return html.includes("{{SENDER_") ? replaceAll(html, senderValueMap(sender)) : html;
}

/**
 * Resolves `{{EMAIL_NAME}}`, `{{PROJECT_ID}}`, `{{DATABASE_ID}}` and the sender's
 * `{{SENDER_NAME}}`, `{{SENDER_POSTAL_ADDRESS}}`, `{{SENDER_WEBSITE}}` (HTML-escaped; a missing
 * value becomes the empty string so no placeholder reaches a recipient).
 */
export function resolveWorkspacePlaceholders(html: string, values: WorkspaceValues): string {
  return replaceAll(html, {
    EMAIL_NAME: escapeHtml(values.emailName ?? ""),
    PROJECT_ID: escapeHtml(values.projectId ?? ""),
    DATABASE_ID: escapeHtml(values.databaseId ?? ""),
    ...senderValueMap(values.sender),
  });
}

/** SHA-256 hex of the trimmed, lower-cased address: the recipient's stable `{{UUID}}`. */
export function recipientHash(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex");
}

export interface RecipientValues {
  recipient: string;
  sendId: string;
  vibUrl: string;
  unsubscribeUrl: string;
  /**
   * The signed address of one survey or quiz answer for this send (`{{ANSWER_URL:…}}`). Without
   * it (a preview, a download) an answer link opens the email's web version.
   */
  answerUrl?: (spec: AnswerSpec) => string;
  /**
   * The AMP survey form's action for this send, given the URL the AMP build wrote. Without it the
   * form keeps that URL, which names no send and so takes no answers.
   */
  surveyAction?: (url: string) => string;
}

const PLACEHOLDER_SOURCE = String.raw`\{\{(UUID|SEND_ID|VIB_URL|RECIPIENT_EMAIL|UNSUBSCRIBE_URL|${ANSWER_PLACEHOLDER_SOURCE})\}\}`;

/**
 * The per-recipient values: a `{{…}}` placeholder (its name is the first group) or an AMP survey
 * form's action URL (the second group, the URL itself).
 */
export const RECIPIENT_PLACEHOLDER = new RegExp(`${PLACEHOLDER_SOURCE}|(${SURVEY_ACTION_SOURCE})`, "g");
const PLACEHOLDERS_ONLY = new RegExp(PLACEHOLDER_SOURCE, "g");

/**
 * RECIPIENT_PLACEHOLDER for a document that has a form action, else the `{{…}}` placeholders
 * alone: the action's lookbehind is tried at every position and makes a scan about 3.5 times
 * slower (256 KB: 0.5 → 1.7 ms), which an HTML or text part need not pay.
 */
export function recipientPattern(doc: string): RegExp {
  return doc.includes('action-xhr="') ? RECIPIENT_PLACEHOLDER : PLACEHOLDERS_ONLY;
}

/** The name of a RECIPIENT_PLACEHOLDER match. */
function recipientValueName(match: RegExpMatchArray): string {
  return match[1] ?? match[2];
}

/**
 * The value of each per-recipient placeholder. In HTML they are escaped because they land in
 * text and attribute values alike (an `&` in a URL becomes `&amp;`, which browsers decode back);
 * a text part takes them as they are.
 */
export function recipientValueMap(values: RecipientValues, target: "html" | "text", names: readonly string[] = []): Record<string, string> {
  const esc = target === "html" ? escapeHtml : (v: string) => v;
  const map: Record<string, string> = {
    UUID: recipientHash(values.recipient),
    SEND_ID: esc(values.sendId),
    VIB_URL: esc(values.vibUrl),
    RECIPIENT_EMAIL: esc(values.recipient),
    UNSUBSCRIBE_URL: esc(values.unsubscribeUrl),
  };
  // Answer links and survey actions: one value per distinct one the document holds (the names of its template).
  for (const name of names) {
    if (name in map) continue;
    const spec = parseAnswerSpec(name);
    if (spec) map[name] = esc(values.answerUrl ? values.answerUrl(spec) : values.vibUrl);
    else if (isSurveyAction(name)) map[name] = esc(values.surveyAction ? values.surveyAction(name) : name);
  }
  return map;
}

/**
 * Resolves `{{UUID}}`, `{{SEND_ID}}`, `{{VIB_URL}}`, `{{RECIPIENT_EMAIL}}`,
 * `{{UNSUBSCRIBE_URL}}`, the answer links and the AMP survey's action in an HTML document,
 * HTML-escaped.
 */
export function recipientPlaceholders(html: string, values: RecipientValues): string {
  const pattern = recipientPattern(html);
  const names = [...new Set(Array.from(html.matchAll(pattern), recipientValueName))];
  const map = recipientValueMap(values, "html", names);
  return html.replace(pattern, (_, name: string | undefined, url: string | undefined) => map[name ?? url!]);
}
