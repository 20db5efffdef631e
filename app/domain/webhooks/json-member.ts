// Finds one top-level member of a JSON object in its text, without parsing the rest: Mailgun's
// signature sits inside the body it signs nothing of, so the webhook checks it before building
// the (possibly large, possibly hostile) event. One forward pass, no recursion, no allocation
// beyond the member's own text and the keys it passes.

export type JsonMemberLookup =
  { ok: true; found: false } | { ok: true; found: true; text: string } | { ok: false; error: "not_object" | "malformed" | "too_large" };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function skipWs(s: string, i: number): number {
  while (i < s.length && WS.has(s.charCodeAt(i))) i++;
  return i;
}

/** `i` at an opening quote; the index after the closing one, or -1 when the string never ends. */
function skipString(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  return -1;
}

/**
 * `i` at the first character of a value; the index after it, or -1 when it does not end. Objects
 * and arrays are skipped by counting brackets (strings inside are skipped whole); the grammar of
 * what is skipped is left to the full parse that follows a valid signature.
 */
function skipValue(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === QUOTE) return skipString(s, i);
  if (s[i] === "{" || s[i] === "[") {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const ch = s[j];
      if (ch === '"') {
        j = skipString(s, j);
        if (j < 0) return -1;
        j--;
      } else if (ch === "{" || ch === "[") depth++;
      else if (ch === "}" || ch === "]") {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  // A number or a literal: up to the next delimiter.
  let j = i;
  while (j < s.length && !WS.has(s.charCodeAt(j)) && s[j] !== "," && s[j] !== "}" && s[j] !== "]") j++;
  return j > i ? j : -1;
}

function keyOf(raw: string): string | null {
  if (!raw.includes("\\")) return raw.slice(1, -1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return null;
  }
}

/**
 * The text of the first top-level member `name` of the JSON object `json` (keys compared after
 * decoding escapes, as JSON.parse would), read only as far as that member. `maxLength` bounds
 * the member's text. Whatever follows it is not looked at.
 */
export function findJsonMember(json: string, name: string, maxLength: number): JsonMemberLookup {
  let i = skipWs(json, 0);
  if (json[i] !== "{") return { ok: false, error: "not_object" };
  i = skipWs(json, i + 1);
  if (json[i] === "}") return { ok: true, found: false };
  for (;;) {
    if (json.charCodeAt(i) !== QUOTE) return { ok: false, error: "malformed" };
    const keyEnd = skipString(json, i);
    if (keyEnd < 0) return { ok: false, error: "malformed" };
    const key = keyOf(json.slice(i, keyEnd));
    if (key === null) return { ok: false, error: "malformed" };
    i = skipWs(json, keyEnd);
    if (json[i] !== ":") return { ok: false, error: "malformed" };
    i = skipWs(json, i + 1);
    const valueEnd = skipValue(json, i);
    if (valueEnd < 0) return { ok: false, error: "malformed" };
    if (key === name) {
      if (valueEnd - i > maxLength) return { ok: false, error: "too_large" };
      return { ok: true, found: true, text: json.slice(i, valueEnd) };
    }
    i = skipWs(json, valueEnd);
    if (json[i] === ",") {
      i = skipWs(json, i + 1);
      continue;
    }
    if (json[i] === "}") return { ok: true, found: false };
    return { ok: false, error: "malformed" };
  }
}
