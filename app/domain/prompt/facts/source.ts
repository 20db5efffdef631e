/**
 * The prompt as the extractors read it, with a way back to the prompt as the user wrote it.
 * Markup pasted into a prompt is read as the text it shows and every run of blanks as one blank
 * (see `collapseWhitespace`); `map[i]` is where character i of the read text came from, so a fact
 * found in the read text is given as a span of the user's own prompt.
 */

export interface Span {
  start: number;
  end: number;
}

export interface PromptSource {
  /** The prompt as the extractors read it. */
  text: string;
  /** The prompt as written. */
  raw: string;
  /** map[i]: the offset in `raw` of character i of `text`; map[text.length] = raw.length. */
  map: number[];
}

function identity(raw: string): PromptSource {
  const map = new Array<number>(raw.length + 1);
  for (let i = 0; i <= raw.length; i++) map[i] = i;
  return { text: raw, raw, map };
}

/** `text.replace(re, replacement)` that keeps the map: replaced characters map to where their match started. */
function replaceMapped(src: PromptSource, re: RegExp, replacement: (match: string) => string): PromptSource {
  let text = "";
  const map: number[] = [];
  let last = 0;
  re.lastIndex = 0;
  for (let m = re.exec(src.text); m; m = re.exec(src.text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    text += src.text.slice(last, m.index);
    for (let i = last; i < m.index; i++) map.push(src.map[i]);
    const out = replacement(m[0]);
    text += out;
    for (let i = 0; i < out.length; i++) map.push(src.map[m.index]);
    last = m.index + m[0].length;
  }
  text += src.text.slice(last);
  for (let i = last; i <= src.text.length; i++) map.push(src.map[i]);
  return { text, raw: src.raw, map };
}

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

function trimmed(src: PromptSource): PromptSource {
  const start = src.text.length - src.text.trimStart().length;
  const end = src.text.trimEnd().length;
  if (start === 0 && end === src.text.length) return src;
  if (end <= start) return { text: "", raw: src.raw, map: [src.map[src.text.length]] };
  return { text: src.text.slice(start, end), raw: src.raw, map: [...src.map.slice(start, end), src.map[end - 1] + 1] };
}

export function readSource(raw: string): PromptSource {
  const collapsed = replaceMapped(stripTags(identity(raw)), /\s+/g, (run) => (run.includes("\n") ? "\n" : " "));
  return trimmed(collapsed);
}

/** The span of the written prompt that characters [start, end) of the read text came from. */
export function rawSpan(src: PromptSource, start: number, end: number): Span {
  const s = src.map[Math.max(0, Math.min(start, src.text.length))];
  const last = Math.max(start, Math.min(end, src.text.length) - 1);
  const e = end > start ? src.map[last] + 1 : s;
  return { start: s, end: Math.max(s, Math.min(e, src.raw.length)) };
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
