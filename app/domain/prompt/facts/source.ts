/**
 * The prompt as the extractors read it, with a way back to the prompt as the user wrote it.
 * Markup pasted into a prompt is read as the text it shows and every run of blanks as one blank
 * (see `collapseWhitespace`); `map[i]` is where character i of the read text came from, so a fact
 * found in the read text is given as a span of the user's own prompt.
 */

import { identity, rawSpan, replaceMapped, trimmed, type PromptSource, type Span } from "~/domain/reader/source";

export { rawSpan, type PromptSource, type Span };

/**
 * Markup read as the text it shows: list items become bullet lines, other tags blanks. Each tag's
 * inside is bounded, so the scan is linear.
 */
function stripTags(src: PromptSource): PromptSource {
  if (!src.text.includes("<")) return src;
  let out = replaceMapped(src, /<li\b[^<>]{0,200}>/gi, () => "\n- ");
  out = replaceMapped(out, /<(?:br|p|div|ul|ol|h[1-6])\b[^<>]{0,200}>|<\/(?:p|div|ul|ol|li|h[1-6])>/gi, () => "\n");
  return replaceMapped(out, /<\/?[a-z][a-z0-9-]{0,20}(?:\s[^<>]{0,200})?\/?>/gi, () => " ");
}

/**
 * Every run of whitespace as one space, or one line break when it holds one. The extractors'
 * patterns pair `\s*` with `\s+` (and `\s+` with lookarounds); over a long run of blanks each such
 * pair backtracks through the whole run from every position in it (cubic for a list split), so
 * they only ever see single blanks.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes("\n") ? "\n" : " "));
}

export function readSource(raw: string): PromptSource {
  const collapsed = replaceMapped(stripTags(identity(raw)), /\s+/g, (run) => (run.includes("\n") ? "\n" : " "));
  return trimmed(collapsed);
}

/** Fold for finding a value in the read text whatever its case: same length as the input. */
function lowerSameLength(s: string): string {
  const lower = s.toLowerCase();
  return lower.length === s.length ? lower : s;
}

/**
 * Where a value the extractors return occurs in the read text (case-insensitive), searching from
 * `from` first and then from the start. The extractors return the prompt's words (cleaned, maybe
 * re-cased), so a value that cannot be found is not the prompt's and has no span.
 */
export function locate(src: PromptSource, value: string, from = 0, lowered?: string): Span | undefined {
  const needle = lowerSameLength(value.trim());
  if (!needle) return undefined;
  const hay = lowered ?? lowerSameLength(src.text);
  let at = hay.indexOf(needle, from);
  if (at < 0 && from > 0) at = hay.indexOf(needle);
  if (at < 0) return undefined;
  return rawSpan(src, at, at + needle.length);
}
