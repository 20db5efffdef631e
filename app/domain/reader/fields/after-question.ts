// The options written after a question: on its own line, then on the lines under it — bullets,
// a lettered line, a list of short answers, a scale ("Skala 0 bis 10"), and the right answer said
// after them ("(its every 3-4 weeks)").
import type { Reading } from "../clause";
import type { CueSet } from "../cues";
import { addListedOptions, looksLikeOptions } from "./options";
import { addOptions, scaleOf, type QuestionRead } from "./questions";

/** Takes the options of the question at clause k from the clauses after it; answers how many it took (and marks them consumed). */
export function takeOptions(reading: Reading, cues: CueSet, k: number, q: QuestionRead, consumed: Set<number>): number {
  const { text, lines, tokens, clauses } = reading;
  const c = clauses[k];
  const line = lines[c.line];
  let j = k + 1;
  for (; j < clauses.length; j++) {
    const n = clauses[j];
    const nl = lines[n.line];
    const w = tokens[n.line].words;
    const listLine = nl.kind === "bullet" || nl.kind === "numbered" || n.role === "option";
    const near =
      n.line === c.line ||
      (nl.paragraph === line.paragraph && n.line <= (clauses[j - 1]?.line ?? c.line) + 1) ||
      (j === k + 1 && listLine && nl.paragraph === line.paragraph + 1);
    // (A link after the question is where to answer it, never its options: "¿tapas, raciones o menú? https://…".)
    if (!near || n.role === "question" || n.role === "heading" || n.role === "instruction" || n.role === "link") break;
    if (listLine && n.line !== c.line) {
      if (looksLikeOptions(text, n.range, w, cues) && /[a-hA-H][).]\s/.test(text.slice(n.range.start, n.range.end)))
        addListedOptions(q, text, n.range, w, cues);
      else addOptions(q, text, [n.range], w, cues);
    } else if (
      q.options.length > 0 &&
      q.correct === undefined &&
      w.filter((x) => x.start >= n.range.start && x.end <= n.range.end).length <= 8
    ) {
      // "(its every 3-4 weeks)": the right answer said after the options.
      const said = text.slice(n.range.start, n.range.end).toLowerCase();
      const right = q.options.findIndex((o) => said.includes(text.slice(o.start, o.end).toLowerCase()));
      if (right < 0) break;
      q.correct = right;
    } else if (looksLikeOptions(text, n.range, w, cues)) addListedOptions(q, text, n.range, w, cues);
    else if (
      !q.scale &&
      q.options.length === 0 &&
      w.filter((x) => x.start >= n.range.start && x.end <= n.range.end).length <= 6 &&
      scaleOf(text, w, n.range, cues)
    )
      // "Skala 0 bis 10" on the line under the question.
      q.scale = scaleOf(text, w, n.range, cues);
    else break;
    consumed.add(j);
  }
  return j - k - 1;
}
