// The brief's frame, which is no content of the email: a forwarded message's header (its marker line
// and the From/Date/Subject/To lines after it) and the writer's sign-off at the end.
import type { CueSet } from "./cues";
import { labelKey, type Reading } from "./clause";

/** The forwarded message's header: its marker line and the label lines after it up to a blank line. */
export function headerLines(reading: Reading, cues: CueSet): Set<number> {
  const out = new Set<number>();
  reading.lines.forEach((line, i) => {
    if (line.kind !== "rule" && !(line.kind === "label" && i === 0)) return;
    const marker = reading.text.slice(line.start, line.end);
    if (line.kind === "rule" && !/\p{L}/u.test(marker)) return;
    for (let j = i + 1; j < reading.lines.length && reading.lines[j].paragraph === reading.lines[i + 1]?.paragraph; j++) {
      const next = reading.lines[j];
      if (next.kind !== "label") break;
      const key = labelKey(reading, next, cues).key;
      if (key !== "from" && key !== "to" && key !== "subject" && key !== "date" && key !== "brand") break;
      out.add(j);
    }
    if (out.size > 0 && line.kind === "rule") out.add(i);
  });
  return out;
}

/** The last lines of a brief that sign it: "— Marta, Pocketgarden", "Marc", "J.", an email address alone. */
export function signoffLines(reading: Reading, cues: CueSet): Set<number> {
  const out = new Set<number>();
  const last = reading.lines.filter((l) => l.kind !== "rule");
  for (let k = last.length - 1; k >= Math.max(0, last.length - 3); k--) {
    const line = last[k];
    if (line.kind === "bullet" || line.kind === "numbered" || line.kind === "row") break;
    const words = reading.tokens[line.index].words;
    const text = reading.text.slice(line.body.start, line.body.end).trim();
    const tokens = reading.tokens[line.index].tokens;
    const onlyEmail = tokens.length === 1 && tokens[0].kind === "email" && words.length <= 6;
    const signoff = cues.words.at(words, 0, ["brand.signoff"]);
    const names =
      words.length <= 4 &&
      words.every((w) => w.capital || cues.cues.nameJoiners.includes(w.folded)) &&
      !/[.!?:]$/.test(text.replace(/^\p{Lu}\.$/u, ""));
    const dash = /^[—–-]\s*\p{L}/u.test(reading.text.slice(line.start, line.end).trim()) && words.length <= 6;
    if (onlyEmail || dash || names || (signoff && words.length <= 7 && line.kind === "text")) out.add(line.index);
    else break;
  }
  return out;
}
