import { createHash } from "node:crypto";
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
}

/**
 * Resolves `{{EMAIL_NAME}}`, `{{PROJECT_ID}}` and `{{DATABASE_ID}}` (HTML-escaped; a missing
 * value becomes the empty string so no placeholder reaches a recipient).
 */
export function resolveWorkspacePlaceholders(html: string, values: WorkspaceValues): string {
  return replaceAll(html, {
    EMAIL_NAME: escapeHtml(values.emailName ?? ""),
    PROJECT_ID: escapeHtml(values.projectId ?? ""),
    DATABASE_ID: escapeHtml(values.databaseId ?? ""),
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
}

/**
 * Resolves the per-recipient placeholders `{{UUID}}`, `{{SEND_ID}}`, `{{VIB_URL}}`,
 * `{{RECIPIENT_EMAIL}}` and `{{UNSUBSCRIBE_URL}}`. Values are HTML-escaped because they land in
 * text and attribute values alike (an `&` in a URL becomes `&amp;`, which browsers decode back).
 */
export function recipientPlaceholders(html: string, values: RecipientValues): string {
  return replaceAll(html, {
    UUID: recipientHash(values.recipient),
    SEND_ID: escapeHtml(values.sendId),
    VIB_URL: escapeHtml(values.vibUrl),
    RECIPIENT_EMAIL: escapeHtml(values.recipient),
    UNSUBSCRIBE_URL: escapeHtml(values.unsubscribeUrl),
  });
}
