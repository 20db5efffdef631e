import type { z } from "zod";

const MAX_CANDIDATES = 200;

export type Extracted = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Models wrap JSON in prose or code fences even when told not to, so try, in order:
 * the whole text, each fenced block, then the first balanced object/array in the text.
 */
export function extractJson(text: string): Extracted {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: "the reply was empty" };
  const whole = tryParse(trimmed);
  if (whole.ok) return whole;

  const fence = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/g;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const inner = tryParse(m[1].trim());
    if (inner.ok) return inner;
  }

  // Each candidate may scan to the end of the text; the cap keeps a long reply full of CSS
  // braces from turning this quadratic.
  let candidates = 0;
  for (let i = 0; i < text.length && candidates < MAX_CANDIDATES; i++) {
    const ch = text[i];
    if (ch !== "{" && ch !== "[") continue;
    candidates++;
    const end = balancedEnd(text, i);
    if (end < 0) continue;
    const slice = tryParse(text.slice(i, end + 1));
    if (slice.ok) return slice;
  }
  return { ok: false, message: `no JSON value found in the reply (${whole.message})` };
}

function tryParse(s: string): Extracted {
  try {
    return { ok: true, value: JSON.parse(s) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** Index of the bracket closing the one at `start`, ignoring brackets inside strings; -1 if none. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** One line per issue, path first, so the model can find what to fix. */
export function formatZodIssues(error: z.ZodError, limit = 20): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "(root)";
    return `- ${path}: ${issue.message}`;
  });
  if (error.issues.length > limit) lines.push(`- … and ${error.issues.length - limit} more`);
  return lines.join("\n");
}
