// The prompt as the reader reads it, with a way back to the prompt as the user wrote it. Markup
// pasted into a prompt is read as the text it shows; blanks are folded but the layout is kept: a
// blank line stays a blank line (paragraphs), a line break a line break, a tab a tab (pasted
// tables). `map[i]` is where character i of the read text came from, so every value read is given
// as a span of the user's own prompt.

export interface Span {
  start: number;
  end: number;
}

export interface PromptSource {
  /** The prompt as the reader reads it. */
  text: string;
  /** The prompt as written. */
  raw: string;
  /** map[i]: the offset in `raw` of character i of `text`; map[text.length]: one past the last character read. */
  map: number[];
}

export function identity(raw: string): PromptSource {
  const map = new Array<number>(raw.length + 1);
  for (let i = 0; i <= raw.length; i++) map[i] = i;
  return { text: raw, raw, map };
}

/** `text.replace(re, replacement)` that keeps the map: replaced characters map to where their match started. */
export function replaceMapped(src: PromptSource, re: RegExp, replacement: (match: string) => string): PromptSource {
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

/** Markup read as the text it shows: list items become bullet lines, blocks line breaks, other tags blanks. Each tag's inside is bounded, so the scan is linear. */
function stripTags(src: PromptSource): PromptSource {
  if (!src.text.includes("<")) return src;
  let out = replaceMapped(src, /<li\b[^<>]{0,200}>/gi, () => "\n- ");
  // (A list item's end is no line break: the items of one list stay one paragraph under its heading.)
  out = replaceMapped(out, /<(?:br|p|div|ul|ol|tr|h[1-6])\b[^<>]{0,200}>|<\/(?:p|div|ul|ol|tr|h[1-6])>/gi, () => "\n");
  out = replaceMapped(out, /<\/?[a-z][a-z0-9-]{0,20}(?:\s[^<>]{0,200})?\/?>/gi, () => " ");
  return replaceMapped(out, /&(?:amp|lt|gt|quot|apos|nbsp|#39);/g, (m) => ENTITIES[m] ?? m);
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&#39;": "'",
  "&nbsp;": " ",
};

/** A run of blanks as the layout it makes: a blank line, a line break, a tab (a table's column) or one space. */
function foldBlanks(run: string): string {
  const breaks = run.split("\n").length - 1;
  if (breaks >= 2) return "\n\n";
  if (breaks === 1) return "\n";
  return run.includes("\t") ? "\t" : " ";
}

/** The read text less its blanks at both ends, the map kept. */
export function trimmed(src: PromptSource): PromptSource {
  const start = src.text.length - src.text.trimStart().length;
  const end = src.text.trimEnd().length;
  if (start === 0 && end === src.text.length) return src;
  if (end <= start) return { text: "", raw: src.raw, map: [src.map[src.text.length]] };
  return { text: src.text.slice(start, end), raw: src.raw, map: [...src.map.slice(start, end), src.map[end - 1] + 1] };
}

export function readSource(raw: string): PromptSource {
  const unix = raw.includes("\r") ? replaceMapped(identity(raw), /\r\n?/g, () => "\n") : identity(raw);
  return trimmed(replaceMapped(stripTags(unix), /\s+/g, foldBlanks));
}

/** The span of the written prompt that characters [start, end) of the read text came from. */
export function rawSpan(src: PromptSource, start: number, end: number): Span {
  const s = src.map[Math.max(0, Math.min(start, src.text.length))];
  const last = Math.max(start, Math.min(end, src.text.length) - 1);
  const e = end > start ? src.map[last] + 1 : s;
  return { start: s, end: Math.max(s, Math.min(e, src.raw.length)) };
}

/** Where a raw span starts in the read text (the map is increasing). */
export function readIndex(src: PromptSource, rawOffset: number): number {
  let lo = 0;
  let hi = src.map.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (src.map[mid] < rawOffset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
