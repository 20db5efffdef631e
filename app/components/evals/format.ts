// Number and time formats of the eval pages. Scores and deltas are formatted as the CLI prints
// them (app/domain/eval/format.ts); dates are formatted the same on the server and in the browser.
import { fmtDelta, fmtNum, oneLine } from "~/domain/eval/format";

export { fmtDelta, fmtNum, oneLine };

/** A score or an average: "91.4", "88", or "–" when there is none. */
export function fmtScore(n: number | null | undefined): string {
  const s = fmtNum(n, 1);
  return s === "-" ? "–" : s;
}

/** A duration: "412 ms", "1.2 s", "2 min 5 s". */
export function fmtMs(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "–";
  if (n < 1000) return `${Math.round(n)} ms`;
  if (n < 60_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)} s`;
  const s = Math.round(n / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** A signed delta for text: "+2.5", "−3", "0"; "–" when missing. A real minus sign reads better. */
export function fmtSigned(n: number | null | undefined, digits = 1): string {
  const s = fmtDelta(n, digits);
  return s === "-" ? "–" : s.replace(/^-/, "−");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "21 Nov 2026, 13:00 UTC": one text on the server and in any browser (no hydration mismatch). */
export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return "–";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "–";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "just now", "5 s ago", "3 min ago", "2 h ago", "4 days ago", relative to `now` (the loader's clock). */
export function fmtAgo(iso: string | null | undefined, now: number): string {
  if (!iso) return "–";
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (s < 5) return "just now";
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  const days = Math.floor(s / 86_400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** How a score reads: good (≥ 90), fair (≥ 70, the free-regeneration line), poor. */
export function scoreBand(n: number | null | undefined): "good" | "fair" | "poor" | "none" {
  if (n === null || n === undefined || !Number.isFinite(n)) return "none";
  return n >= 90 ? "good" : n >= 70 ? "fair" : "poor";
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? word : many}`;
}
