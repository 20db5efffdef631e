/** The merge tags the sending pipeline resolves (docs/email-markup.md); any other `{{…}}` is a leftover. */
import { parseAnswerSpec } from "../answers/placeholder";

export const KNOWN_PLACEHOLDERS = [
  "VIB_URL",
  "UNSUBSCRIBE_URL",
  "UUID",
  "SEND_ID",
  "RECIPIENT_EMAIL",
  "EMAIL_NAME",
  "PROJECT_ID",
  "DATABASE_ID",
  "SENDER_NAME",
  "SENDER_POSTAL_ADDRESS",
  "SENDER_WEBSITE",
] as const;

export const VIB_PLACEHOLDER = "{{VIB_URL}}";
export const UNSUBSCRIBE_PLACEHOLDER = "{{UNSUBSCRIBE_URL}}";

const KNOWN = new Set<string>(KNOWN_PLACEHOLDERS);

/** Every `{{…}}` token in a string, exactly as written. */
export function placeholdersIn(s: string): string[] {
  if (!s.includes("{{")) return [];
  return s.match(/\{\{[^{}]{0,80}\}\}/g) ?? [];
}

export function isKnownPlaceholder(token: string): boolean {
  const name = token.slice(2, -2);
  return KNOWN.has(name) || parseAnswerSpec(name) !== null;
}
