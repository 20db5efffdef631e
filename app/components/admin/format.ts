// Formatting for the admin pages. Dates are shown in UTC and formatted by hand (not with the
// runtime's locale data), so the server's HTML and the browser's hydration always agree; relative
// times are measured from the loader's `now` for the same reason.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (n: number) => String(n).padStart(2, "0");

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "14 Nov 2026, 09:05 UTC" */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "14 Nov 2026" */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A UTC day key (YYYY-MM-DD) as "14 Nov". */
export function formatDayShort(day: string): string {
  const [, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]}`;
}

/** "3 min ago", "in 2 days", "just now": coarse, for scanning. */
export function formatRelative(value: Date | string | number, now: Date | string | number): string {
  const diff = toDate(value).getTime() - toDate(now).getTime();
  const abs = Math.abs(diff);
  const units: Array<[number, string]> = [
    [365 * 86_400_000, "year"],
    [30 * 86_400_000, "month"],
    [86_400_000, "day"],
    [3_600_000, "hour"],
    [60_000, "min"],
  ];
  if (abs < 60_000) return "just now";
  for (const [ms, name] of units) {
    if (abs >= ms) {
      const n = Math.floor(abs / ms);
      const label = name === "min" ? "min" : `${name}${n === 1 ? "" : "s"}`;
      return diff < 0 ? `${n} ${label} ago` : `in ${n} ${label}`;
    }
  }
  return "just now";
}

export function formatNumber(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 0.8333 → "83%"; null → "–". */
export function formatShare(share: number | null): string {
  return share === null ? "–" : `${Math.round(share * 100)}%`;
}

/** +5 / −3 with a real minus sign. */
export function formatSigned(n: number): string {
  return n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : "0";
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
