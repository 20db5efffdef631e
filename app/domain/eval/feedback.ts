/**
 * Feedback ratings: "up"/"down" (thumbs) or an integer 1–5 (stars). Positive means "up" or ≥ 4;
 * 3 is neutral and therefore not positive. Stored normalised: "up", "down" or "1"…"5".
 */
export type Rating = "up" | "down" | "1" | "2" | "3" | "4" | "5";

export function normaliseRating(value: unknown): Rating | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 1 && value <= 5 ? (String(value) as Rating) : null;
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (v === "up" || v === "down") return v;
  return /^[1-5]$/.test(v) ? (v as Rating) : null;
}

export function isPositive(rating: Rating): boolean {
  return rating === "up" || (rating !== "down" && Number(rating) >= 4);
}

export interface ShareOfPositive {
  count: number;
  positive: number;
  /** positive / count, rounded to four decimals; null with no feedback. */
  positiveShare: number | null;
}

export function share(count: number, positive: number): ShareOfPositive {
  return { count, positive, positiveShare: count ? Math.round((positive / count) * 10_000) / 10_000 : null };
}
