// How a suppression entry reads: its source and its duration in words.
import { formatDate } from "./format";
import { suppressionReasonLabel } from "./labels";

/**
 * Entry sources are written as "<where> (<machine reason>)": "mailgun:<event id> (hard_bounce)",
 * "admin:<email> (manual)", "unsubscribe page (unsubscribe)". Shown: the where, in words.
 */
export function sourceLabel(source: string | null): string {
  if (!source) return "–";
  const where = source.replace(/\s*\([a-z_]+\)$/, "");
  if (where.startsWith("admin:")) return `Admin ${where.slice("admin:".length)}`;
  const provider = /^(mailgun|resend):/.exec(where);
  if (provider) return `${provider[1][0].toUpperCase()}${provider[1].slice(1)} webhook`;
  return where.charAt(0).toUpperCase() + where.slice(1);
}

/** "Hard bounce · permanent" / "Manual · until 1 Dec 2026". */
export function suppressionSummary(entry: { reason: string; until: Date | string | null }): string {
  const reason = suppressionReasonLabel(entry.reason).text;
  return entry.until === null ? `${reason} · permanent` : `${reason} · until ${formatDate(entry.until)}`;
}
