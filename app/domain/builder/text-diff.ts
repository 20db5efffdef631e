// A line diff of two texts (the builder's before/after of an email's visible words). Pure and
// bounded: the longest common subsequence over at most MAX_DIFF_LINES lines per side after the
// common head and tail are trimmed; beyond that the middle is shown as removed-then-added.

export type DiffLine = { type: "same" | "removed" | "added"; text: string };

/** Lines compared by LCS after trimming the common ends; past this, the middle is a plain swap. */
export const MAX_DIFF_LINES = 1500;

/** Lines worth comparing: trimmed, inner whitespace collapsed, blank lines dropped. */
export function diffableLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter((l) => l.length > 0);
}

export function diffLines(before: string[], after: string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const out: DiffLine[] = before.slice(0, head).map((text) => ({ type: "same" as const, text }));
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) {
    for (const text of a) out.push({ type: "removed", text });
    for (const text of b) out.push({ type: "added", text });
  } else {
    // lcs[i][j] = LCS length of a[i..] and b[j..], in one flat array.
    const w = b.length + 1;
    const lcs = new Uint16Array((a.length + 1) * w);
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) {
        out.push({ type: "same", text: a[i] });
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) out.push({ type: "removed", text: a[i++] });
      else out.push({ type: "added", text: b[j++] });
    }
    while (i < a.length) out.push({ type: "removed", text: a[i++] });
    while (j < b.length) out.push({ type: "added", text: b[j++] });
  }
  for (const text of before.slice(before.length - tail)) out.push({ type: "same", text });
  return out;
}

export type DiffHunk = { type: "lines"; lines: DiffLine[] } | { type: "skipped"; count: number };

/** The diff with long unchanged runs folded to `context` lines around each change. */
export function foldUnchanged(lines: DiffLine[], context = 2): DiffHunk[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.type === "same") return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const hunks: DiffHunk[] = [];
  let run: DiffLine[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (skipped) hunks.push({ type: "skipped", count: skipped });
      skipped = 0;
      run.push(l);
    } else {
      if (run.length) hunks.push({ type: "lines", lines: run });
      run = [];
      skipped++;
    }
  });
  if (run.length) hunks.push({ type: "lines", lines: run });
  if (skipped) hunks.push({ type: "skipped", count: skipped });
  return hunks;
}

export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.type === "added") added++;
    else if (l.type === "removed") removed++;
  }
  return { added, removed };
}
