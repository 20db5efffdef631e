// A question's options as the writer lists them after it: lettered on one line ("a) 6-8 b) 12-16
// c) 20+ answer b"), split by "/", ";" or "or", one per line under it, or the two ends of a scale
// ("0 = sehr unwahrscheinlich / 10 = sehr wahrscheinlich"). What marks the right answer ("answer b",
// "(bonne réponse)", "← correct") is no part of an option's words.
import type { CueSet } from "../cues";
import type { Range } from "../layout";
import type { Word } from "../tokens";
import { linkTokens } from "../tokens/links";
import { trim } from "./items";
import { addOptions, scaleOf, splitOptions, type QuestionRead } from "./questions";

/** The most options one line lists; a longer "list" is a sentence. */
const OPTIONS_MAX_WORDS = 24;

const LETTER = /(?:^|\s)(?:\(?([a-hA-H])\)|([a-hA-H])[.:]\s|([1-9])\))\s*/g;

/** "a) X b) Y c) Z" → X, Y, Z with their letters; undefined when the line is not lettered. */
function lettered(text: string, range: Range): Array<{ letter: string; range: Range }> | undefined {
  const raw = text.slice(range.start, range.end);
  const marks: Array<{ letter: string; at: number; end: number }> = [];
  LETTER.lastIndex = 0;
  for (let m = LETTER.exec(raw); m; m = LETTER.exec(raw))
    marks.push({ letter: (m[1] ?? m[2] ?? m[3]).toLowerCase(), at: m.index, end: m.index + m[0].length });
  if (marks.length < 2) return undefined;
  // "Earth b) Saturn c) Mars" on a line the layout already read "a)" of: the words before the first letter are option a.
  const lead = raw.slice(0, marks[0].at).trim();
  const first = lead
    ? [
        {
          letter: String.fromCharCode(marks[0].letter.charCodeAt(0) - 1),
          range: { start: range.start + raw.indexOf(lead), end: range.start + raw.indexOf(lead) + lead.length },
        },
      ]
    : [];
  return [
    ...first,
    ...marks.map((m, i) => ({
      letter: m.letter,
      range: { start: range.start + m.end, end: range.start + (marks[i + 1]?.at ?? raw.length) },
    })),
  ];
}

/** "answer b", "réponse : c", "Lösung: b": the letter a line gives as the right answer, and where that says so. */
function answerLetter(text: string, range: Range, words: readonly Word[], cues: CueSet): { letter: string; at: number } | undefined {
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  for (let i = 0; i + 1 < own.length; i++) {
    const m = cues.labels.at(own, i, ["answer"]) ?? cues.words.at(own, i, ["question.correct"]);
    const next = m ? own[m.to] : undefined;
    if (m && next && next.text.length === 1 && m.from > 0) return { letter: next.folded, at: own[m.from].start };
  }
  return undefined;
}

/** Whether a clause reads as options for the question before it. */
export function looksLikeOptions(text: string, range: Range, words: readonly Word[], cues: CueSet): boolean {
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  if (own.length === 0 || own.length > OPTIONS_MAX_WORDS || /[?？]/.test(text.slice(range.start, range.end))) return false;
  // (A link is where to answer, no list of answers: "¿tapas, raciones o menú? https://barsol.example/e".)
  if (linkTokens(text.slice(range.start, range.end)).length > 0) return false;
  if (lettered(text, range)) return true;
  const raw = text.slice(range.start, range.end).trim();
  if (raw.startsWith("(") && raw.endsWith(")")) return true;
  // A list of short answers, not a sentence with commas.
  const parts = splitOptions(text, range, words, cues);
  return parts.length >= 2 && parts.every((p) => words.filter((w) => w.start >= p.start && w.end <= p.end).length <= 5);
}

/** Adds the options a clause lists to the question, with the right answer when the clause marks it. */
export function addListedOptions(q: QuestionRead, text: string, range: Range, words: readonly Word[], cues: CueSet): void {
  let r = range;
  const raw = text.slice(r.start, r.end).trim();
  if (raw.startsWith("(") && raw.endsWith(")")) r = trim(text, { start: r.start + 1, end: r.end - 1 }) ?? r;
  // "options: walk, cycle, bus": the word that names the list is not an option.
  const head = words.filter((w) => w.start >= r.start && w.end <= r.end);
  const named = cues.words.at(head, 0, ["question.options"]);
  if (named)
    r =
      trim(text, {
        start: named.end + (/^\s*[:：]/.test(text.slice(named.end, r.end)) ? text.slice(named.end).indexOf(":") + 1 : 0),
        end: r.end,
      }) ?? r;
  // "(texto libre)", "Freitext": the question takes free words, no option.
  const freeText = cues.words.at(
    words.filter((w) => w.start >= r.start && w.end <= r.end),
    0,
    ["question.free-text"],
  );
  if (freeText && freeText.end >= r.end - 2) return;
  // "(0–10)", "de 1 à 5": a scale, not an option.
  const scale = scaleOf(text, words, r, cues);
  if (scale && !q.scale && q.options.length === 0 && head.length <= 6) {
    q.scale = scale;
    return;
  }
  const answer = answerLetter(text, r, words, cues);
  if (answer) r = { start: r.start, end: answer.at };
  const letters = lettered(text, r);
  if (letters) {
    const before = q.options.length;
    addOptions(
      q,
      text,
      letters.map((l) => l.range),
      words,
      cues,
    );
    const right = letters.findIndex((l) => l.letter === answer?.letter);
    if (right >= 0 && q.correct === undefined) q.correct = before + right;
    return;
  }
  const parts = splitOptions(text, r, words, cues);
  // "0 = sehr unwahrscheinlich / 10 = sehr wahrscheinlich": the ends of a scale.
  const ends = parts.map((p) => /^(\d{1,2})\s?[=:–-]/.exec(text.slice(p.start, p.end)));
  if (parts.length === 2 && ends.every(Boolean) && !q.scale) {
    const [min, max] = ends.map((m) => Number(m![1]));
    if (max > min && max - min <= 20) {
      q.scale = { min, max, range: { start: parts[0].start, end: parts[1].end } };
      return;
    }
  }
  addOptions(q, text, parts, words, cues);
}
