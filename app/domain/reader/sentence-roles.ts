// The roles inside a line: a sentence cut into clauses where one part is an instruction, a clause of
// copy given its role by its tokens (an offer, a question, an item, a link), a short label opening a
// sentence of prose, and the first line's words before its colon that name the email.
import type { CueSet } from "./cues";
import { TECHNIQUE_KEYS } from "./cues/types";
import { instructionOf, type Instruction } from "./instruction";
import type { Line, Range } from "./layout";
import { PANED, type Clause, type Reading, type Role } from "./clause";
import { within, wordsIn, type Token } from "./tokens";
import { isDigit, onlyOf } from "./tokens/words";

const endsWithQuestion = (s: string) => /[?？]\s*[)"»”]?\s*$/u.test(s);

export function view(reading: Reading, line: Line, range: Range, first: boolean, inOffer = false) {
  const words = wordsIn(reading.tokens[line.index].words, range);
  const tokens = reading.tokens[line.index].tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  const hasValues = tokens.some((t) => t.kind === "money" || t.kind === "percent" || t.kind === "code");
  const hasDate = tokens.some((t) => t.kind === "date");
  return { range, words, text: reading.text.slice(range.start, range.end), first, hasValues, hasDate, inOffer };
}

/** Whether a sentence states an offer: a percent, or an offer's cue ("free", "2 for 1"). */
export function statesOffer(reading: Reading, line: Line, range: Range, cues: CueSet): boolean {
  const tokens = reading.tokens[line.index].tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  if (tokens.some((t) => t.kind === "percent")) return true;
  return cues.words.has(wordsIn(reading.tokens[line.index].words, range), ["offer.free", "offer.bogo", "offer.off"]);
}

/** The clauses of a sentence: parts a comma, a semicolon, a bracket or "but" sets apart, when one of them is an instruction. */
export function clausesOf(reading: Reading, line: Line, sentence: Range, cues: CueSet, first: boolean): Clause[] {
  const whole = instructionOf({ ...view(reading, line, sentence, first), whole: true }, cues);
  const text = reading.text;
  const parts: Range[] = [];
  let from = sentence.start;
  let depth = 0;
  const words = wordsIn(reading.tokens[line.index].words, sentence);
  const buts = new Set(words.filter((w) => cues.cues.list.but.includes(w.folded)).map((w) => w.start));
  for (let i = sentence.start; i < sentence.end; i++) {
    const c = text[i];
    const cut = c === "(" || (c === ")" && depth > 0) || (depth === 0 && (c === ";" || c === "," || c === "—" || buts.has(i)));
    if (c === "(") depth++;
    if (c === ")" && depth > 0) depth--;
    if (!cut) continue;
    if (i > from) parts.push({ start: from, end: c === ")" ? i : i });
    from = buts.has(i) ? i : i + 1;
  }
  if (sentence.end > from) parts.push({ start: from, end: sentence.end });
  const trimmed = parts
    .map((p) => {
      let { start, end } = p;
      while (start < end && /[\s,;:()—–-]/.test(text[start])) start++;
      while (end > start && /[\s,;:()—–-]/.test(text[end - 1])) end--;
      return { start, end };
    })
    .filter((p) => p.end > p.start);
  const inOffer = statesOffer(reading, line, sentence, cues);
  // A one-word part ("Spin" of "— Spin, Yoga or HIIT?") asks for no more than a tone or a length.
  const instructions = trimmed.map((p, i) => {
    const x = instructionOf(view(reading, line, p, first && i === 0, inOffer), cues);
    return x && wordsIn(reading.tokens[line.index].words, p).length === 1 && x.kind !== "tone" && x.kind !== "length" ? undefined : x;
  });
  // A request whole: one instruction, unless a part of it is copy the request points at
  // ("Places limitées à 40, mets-le en avant", "Mayores de 18 años (eso sí ponlo)").
  const pointing = (x: Instruction | undefined, part: Range) =>
    x !== undefined &&
    ((x.kind === "avoid" && x.ruledOut.length === 0) ||
      (x.kind === "request" && !x.says && cues.words.has(wordsIn(reading.tokens[line.index].words, part), ["instruction.pointer"])));
  const mixed =
    trimmed.length >= 2 &&
    instructions.some((x) => !x) &&
    instructions.some((x, i) => pointing(x, trimmed[i]) && wordsIn(reading.tokens[line.index].words, trimmed[i]).length <= 5);
  if (whole && !mixed) {
    const cut = whole.kind === "naming" ? namingBeforeDate(reading, line, sentence, cues) : undefined;
    if (!cut) return [{ line: line.index, range: sentence, role: "instruction", instruction: whole }];
    return [
      { line: line.index, range: cut.naming, role: "instruction", instruction: whole },
      { line: line.index, range: cut.rest, role: "content" },
    ];
  }
  if (!instructions.some(Boolean)) return [{ line: line.index, range: sentence, role: "content" }];
  // The instruction parts are instructions; the rest stays one piece of copy (or several, split by instructions).
  const out: Clause[] = [];
  trimmed.forEach((p, i) => {
    const instruction = instructions[i];
    const prev = out[out.length - 1];
    const cut = instruction?.kind === "naming" ? namingBeforeDate(reading, line, p, cues) : undefined;
    if (instruction && cut) {
      out.push({ line: line.index, range: cut.naming, role: "instruction", instruction });
      out.push({ line: line.index, range: cut.rest, role: "content" });
    } else if (instruction) out.push({ line: line.index, range: p, role: "instruction", instruction });
    else if (prev && prev.role === "content") prev.range = { start: prev.range.start, end: p.end };
    else out.push({ line: line.index, range: p, role: "content" });
  });
  return out;
}

/**
 * "Invitation to Northlight Design Summit, October 9–10 at Pier 27": the words naming the email end
 * before its first date (and the small words leading to it); from there on is the event's copy.
 */
function namingBeforeDate(reading: Reading, line: Line, range: Range, cues: CueSet): { naming: Range; rest: Range } | undefined {
  // (A day of a month: "Mail NPS (7 giorni dopo…)", "newsletter de mayo" or "Quinta do Vale" name no event's date.)
  const calendar = new Set([...cues.cues.months, ...cues.cues.weekdays]);
  const date = reading.tokens[line.index].tokens.find(
    (t) =>
      t.kind === "date" &&
      t.start > range.start &&
      t.start < range.end &&
      [...t.text].some(isDigit) &&
      wordsIn(reading.tokens[line.index].words, t).some((w) => calendar.has(w.folded)),
  );
  if (!date) return undefined;
  const before = wordsIn(reading.tokens[line.index].words, { start: range.start, end: date.start });
  const lead = new Set([...cues.cues.functionWords, ...cues.cues.dateJoiners, ...cues.cues.weekdays]);
  let k = before.length;
  while (k > 0 && lead.has(before[k - 1].folded)) k--;
  if (k === 0) return undefined;
  const naming = { start: range.start, end: before[k - 1].end };
  let start = before[k]?.start ?? date.start;
  while (start > naming.end && (reading.text[start - 1] ?? " ").trim() !== "") start--;
  return { naming, rest: { start, end: range.end } };
}

/** The most words of a label that opens a sentence inside a line ("Beans: Huila $16, …", "Carousel: …"). */
const INLINE_LABEL_WORDS = 3;

/**
 * "… 25% off everything. Carousel: Ethiopia Guji $19, Colombia Huila $16.": a sentence of copy that opens
 * with a short label is a list under it; a module's name as that label makes the list its panes.
 */
export function inlineLabel(reading: Reading, line: Line, clause: Clause, cues: CueSet): Clause {
  if ((clause.role !== "content" && clause.role !== "item") || (line.kind !== "text" && line.kind !== "label")) return clause;
  const text = reading.text;
  const colon = text.slice(clause.range.start, clause.range.end).search(/[:：]\s/u);
  if (colon <= 0) return clause;
  const label = { start: clause.range.start, end: clause.range.start + colon };
  const words = wordsIn(reading.tokens[line.index].words, label);
  if (words.length === 0 || words.length > INLINE_LABEL_WORDS) return clause;
  let start = label.end + 1;
  while (start < clause.range.end && /\s/.test(text[start])) start++;
  const body = { start, end: clause.range.end };
  const technique = cues.techniques.is(words, TECHNIQUE_KEYS);
  if (technique) return { ...clause, role: "pane", technique, body };
  // ("Kleines Abo: 1 Brot pro Woche – 5,80 €" names its one item by the label.)
  const priced = within(reading.tokens[line.index].tokens, body, "money").length;
  return clause.role === "item" && priced >= 2 ? { ...clause, range: body } : clause;
}

/** The clauses of a line's sentences; on the first line, only one sentence can be the one naming the email. */
export function sentenceClauses(reading: Reading, line: Line, cues: CueSet, first: boolean): Clause[] {
  const read = (asFirst: (k: number) => boolean) => line.sentences.map((s, k) => clausesOf(reading, line, s, cues, asFirst(k)));
  const each = read(() => first);
  const naming = each.map((cs) => cs.some((c) => c.instruction?.kind === "naming"));
  if (naming.filter(Boolean).length <= 1) return each.flat();
  // "Volunteers needed!! 📣 email for the Riverton Half Marathon": the sentence that says "email" and what
  // kind it is names it; a tie goes to the earlier.
  const weight = (k: number) => {
    if (!naming[k]) return -1;
    const words = wordsIn(reading.tokens[line.index].words, line.sentences[k]);
    return (cues.words.has(words, ["instruction.self"]) ? 2 : 0) + (cues.kinds.all(words).length > 0 ? 1 : 0);
  };
  let chosen = 0;
  for (let k = 1; k < each.length; k++) if (weight(k) > weight(chosen)) chosen = k;
  return read((k) => k === chosen).flat();
}

/** The fewest words of a first line's part before its colon that can name the email ("NPS survey for Acme: …"). */
const NAMING_MIN_WORDS = 3;
const NAMING_MAX_WORDS = 20;

/**
 * "Fundraising appeal for Clearwater Trust: help us…", "Black Friday email for Ember Audio: Ember Mini $79, …":
 * a first line whose words before the colon name the email is that instruction, and what follows the colon is
 * the brief's copy, read as any line's. A module the naming asks for takes the list after the colon as its
 * panes ("… with tabs: Import — …, Edit — …"), so then the naming keeps its sentence.
 */
export function namedBeforeColon(reading: Reading, line: Line, cues: CueSet): Clause[] | undefined {
  const s0 = line.sentences[0];
  if (!s0 || line.kind === "heading" || line.kind === "row") return undefined;
  const text = reading.text;
  let prefix: Range | undefined;
  if (line.kind === "label" && line.label) prefix = line.label;
  else if (line.kind === "text") {
    const colon = text.slice(s0.start, s0.end).search(/[:：]\s/u);
    // (French sets a space before the colon: "Soldes d'hiver pour Maison Lavande : …".)
    if (colon > 0) prefix = { start: s0.start, end: s0.start + text.slice(s0.start, s0.start + colon).trimEnd().length };
  }
  if (!prefix) return undefined;
  const count = wordsIn(reading.tokens[line.index].words, prefix).length;
  if (count < NAMING_MIN_WORDS || count > NAMING_MAX_WORDS) return undefined;
  // ("Send a feedback survey to customers of Northwind Outfitters: how was your order?" asks for the email the same way.)
  const naming = instructionOf(view(reading, line, prefix, true), cues);
  if (naming?.kind !== "naming" && !(naming?.kind === "request" && naming.techniques.length > 0)) return undefined;
  const afterColon = (r: Range): Range => {
    let start = Math.max(r.start, prefix.end);
    while (start < r.end && onlyOf(text[start], ":：")) start++;
    return { start, end: r.end };
  };
  const withPanes = naming.techniques.some((t) => PANED.has(t.technique));
  const head: Clause = {
    line: line.index,
    range: withPanes ? { start: prefix.start, end: s0.end } : prefix,
    role: "instruction",
    instruction: naming,
  };
  const rest = (withPanes ? line.sentences.slice(1) : [afterColon(s0), ...line.sentences.slice(1)]).filter((r) => r.end > r.start);
  return [head, ...sentencesRead(reading, line, rest, cues)];
}

/** Sentences of a line after the part that names the email or a module, each read as copy (or an instruction) of its own. */
export function sentencesRead(reading: Reading, line: Line, sentences: readonly Range[], cues: CueSet): Clause[] {
  return sentences
    .flatMap((s) => clausesOf(reading, line, s, cues, false))
    .map((c) => (c.role === "content" ? inlineLabel(reading, line, { ...c, role: contentRole(reading, line, c, cues) }, cues) : c));
}

/** What a clause of copy holds, by its tokens: an offer, a question, an item, a link… */
export function contentRole(reading: Reading, line: Line, clause: Clause, cues: CueSet): Role {
  const tokens: Token[] = reading.tokens[line.index].tokens.filter((t) => t.start >= clause.range.start && t.end <= clause.range.end);
  const words = wordsIn(reading.tokens[line.index].words, clause.range);
  const text = reading.text.slice(clause.range.start, clause.range.end);
  if (endsWithQuestion(text)) return "question";
  const percent = tokens.some((t) => t.kind === "percent");
  const offerWords = cues.words.has(words, ["offer.off", "offer.free", "offer.bogo"]);
  const money = within(tokens, clause.range, "money");
  // An offer's words make it an offer, priced or not ("$500 de descuento", "Cold brew $9.95, free refills"):
  // the offer reads its own values, the sentence's other prices are items (./carried).
  if (percent || offerWords) return "offer";
  // "$25 funds a water filter for one family": a sentence of prose that opens with its figure says what the figure does.
  // (A list's entry "$50 – covers a week of bus passes" is a gift level the list names.)
  const opensWithFigure =
    (line.kind === "text" || line.kind === "label") &&
    line.parent === undefined &&
    money[0]?.start === clause.range.start &&
    /^\s+\p{Ll}/u.test(reading.text.slice(money[0].end, clause.range.end)) &&
    words.length >= 5;
  if (money.length > 0 && (line.kind !== "text" || words.length <= 16) && !opensWithFigure) return "item";
  const urls = within(tokens, clause.range, "url");
  if (urls.length > 0 && words.length <= urls.reduce((n, u) => n + u.text.split(/[/.?=&-]/).length, 0) + 6)
    return urls.every((u) => u.image) ? "image" : "link";
  return "content";
}
