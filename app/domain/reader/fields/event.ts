// An event's details: when, where, who and the programme, from their own lines ("Quand :", "Où :",
// "Avec :", "Programme :") or from a sentence with a date ("… on Saturday, June 14, at the Old
// Brickyard, hosted by Dr. Ana Ruiz").
import type { CueSet } from "../cues";
import type { Range } from "../layout";
import type { Word } from "../tokens";
import { nameRunAt } from "../brand";
import { trim } from "./items";

/** The people a clause names after a "who" cue or in a list ("Don Aurelio Cruz y la chef Itzel Navarro"). */
export function peopleIn(text: string, range: Range, words: readonly Word[], cues: CueSet, listed: boolean): Range[] {
  if (listed) return listedPeople(text, range, words, cues);
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  const out: Range[] = [];
  for (let i = 0; i < own.length; i++) {
    const cue = cues.words.at(own, i, ["event.who"]);
    if (!listed && !cue) continue;
    const at = cue ? cue.to : i;
    // Titles and roles before the name: "Dr.", "la chef", "notre sommelière".
    let k = at;
    while (k < own.length && !own[k].capital && k - at < 3) k++;
    const run = nameRunAt(own, k, text, cues, 4);
    if (run && run.end - run.start >= 3) {
      out.push(run);
      i = own.findIndex((w) => w.start >= run.end) - 1;
      if (i < -1) break;
    } else if (cue) i = cue.to - 1;
  }
  return out;
}

/** A place after a "where" cue in a sentence with a date: capitalised words and numbers up to the sentence's end. */
export function placeIn(text: string, range: Range, words: readonly Word[], cues: CueSet): Range | undefined {
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  for (let i = 0; i < own.length - 1; i++) {
    const cue = cues.words.at(own, i, ["event.where"]);
    if (!cue || cue.to >= own.length) continue;
    // ("at the Old Brickyard": past a small article.)
    const from =
      !own[cue.to].capital && cues.cues.determiners.includes(own[cue.to].folded) && cue.to + 1 < own.length ? cue.to + 1 : cue.to;
    const next = own[from];
    if (!(next.capital || next.numeric)) continue;
    let end = next.end;
    for (let k = from + 1; k < own.length; k++) {
      const gap = text.slice(own[k - 1].end, own[k].start);
      if (/[.;!?\n]/.test(gap) || (gap.includes(",") && !(own[k].capital || own[k].numeric))) break;
      if (own[k].capital || own[k].numeric || cues.cues.nameJoiners.includes(own[k].folded)) end = own[k].end;
      else break;
    }
    const close = text.indexOf(")", end);
    if (text.slice(end, end + 2).startsWith(" (") && close > 0 && close - end < 60) end = close + 1;
    return trim(text, { start: next.start, end });
  }
  return undefined;
}

/** "Hannah Cole (CFO, Brightside) and Marcus Yeo, Ledgerly product lead": one person per part, a name of two words or more (or one after a title). */
function listedPeople(text: string, range: Range, words: readonly Word[], cues: CueSet): Range[] {
  const joints = new Set([...cues.cues.list.and, ...cues.cues.list.or]);
  const parts: Word[][] = [[]];
  let depth = 0;
  let last = range.start;
  for (const w of words.filter((x) => x.start >= range.start && x.end <= range.end)) {
    const before = text.slice(last, w.start);
    last = w.end;
    for (const ch of before) depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
    if (depth > 0) continue;
    if (joints.has(w.folded) || /[,;/]/.test(before)) parts.push([]);
    if (!joints.has(w.folded)) parts[parts.length - 1].push(w);
  }
  const out: Range[] = [];
  for (const p of parts) {
    let k = 0;
    // "Dr. Ana Ruiz", "la chef Itzel Navarro": titles and roles before the name.
    while (k < p.length && (!p[k].capital || cues.cues.abbreviations.includes(p[k].folded) || cues.words.at(p, k, ["event.who"]))) k++;
    const run = nameRunAt(p, k, text, cues, 4);
    if (!run) continue;
    const n = p.filter((w) => w.start >= run.start && w.end <= run.end).length;
    if (n >= 2 || k > 0) out.push(run);
  }
  return out;
}
