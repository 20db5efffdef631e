// A role for every line and clause of a brief, decided from its tokens, its place in the layout
// and cue words: an item, an offer, a question or its option, an FAQ pair, an event detail, a
// button, a link, an image, the sender's sign-off, copy for the reader, or an instruction to
// Kinetic. What a line's label or heading says wins over what its words look like.
import type { CueSet } from "./cues";
import { TECHNIQUE_KEYS } from "./cues/types";
import { instructionOf, type Instruction } from "./instruction";
import type { Line, Range } from "./layout";
import { INSTRUCTION_LABELS, PANED, ROLE_OF_LABEL, labelKey, type Clause, type Reading, type Role } from "./clause";
import { headerLines, signoffLines } from "./frame";
import { within, wordsIn, type Token } from "./tokens";

const endsWithQuestion = (s: string) => /[?？]\s*[)"»”]?\s*$/u.test(s);

function view(reading: Reading, line: Line, range: Range, first: boolean, inOffer = false) {
  const words = wordsIn(reading.tokens[line.index].words, range);
  const tokens = reading.tokens[line.index].tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  const hasValues = tokens.some((t) => t.kind === "money" || t.kind === "percent" || t.kind === "code");
  return { range, words, text: reading.text.slice(range.start, range.end), first, hasValues, inOffer };
}

/** Whether a sentence states an offer: a percent, or an offer's cue ("free", "2 for 1"). */
function statesOffer(reading: Reading, line: Line, range: Range, cues: CueSet): boolean {
  const tokens = reading.tokens[line.index].tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  if (tokens.some((t) => t.kind === "percent")) return true;
  return cues.words.has(wordsIn(reading.tokens[line.index].words, range), ["offer.free", "offer.bogo", "offer.off"]);
}

/** The clauses of a sentence: parts a comma, a semicolon, a bracket or "but" sets apart, when one of them is an instruction. */
function clausesOf(reading: Reading, line: Line, sentence: Range, cues: CueSet, first: boolean): Clause[] {
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
  const instructions = trimmed.map((p, i) => instructionOf(view(reading, line, p, first && i === 0, inOffer), cues));
  // A request whole: one instruction, unless a part of it is copy the request points at
  // ("Places limitées à 40, mets-le en avant", "Mayores de 18 años (eso sí ponlo)").
  const POINTERS = new Set(["le", "la", "lo", "ça", "eso", "esto", "das", "es", "isso", "isto", "lo", "li", "ponlo", "mettilo", "ponerlo"]);
  const pointing = (x: Instruction | undefined, part: Range) =>
    x !== undefined &&
    ((x.kind === "avoid" && x.ruledOut.length === 0) ||
      (x.kind === "request" && !x.says && wordsIn(reading.tokens[line.index].words, part).some((w) => POINTERS.has(w.folded))));
  const mixed =
    trimmed.length >= 2 &&
    instructions.some((x) => !x) &&
    instructions.some((x, i) => pointing(x, trimmed[i]) && wordsIn(reading.tokens[line.index].words, trimmed[i]).length <= 5);
  if (whole && !mixed) return [{ line: line.index, range: sentence, role: "instruction", instruction: whole }];
  if (!instructions.some(Boolean)) return [{ line: line.index, range: sentence, role: "content" }];
  // The instruction parts are instructions; the rest stays one piece of copy (or several, split by instructions).
  const out: Clause[] = [];
  trimmed.forEach((p, i) => {
    const instruction = instructions[i];
    const prev = out[out.length - 1];
    if (instruction) out.push({ line: line.index, range: p, role: "instruction", instruction });
    else if (prev && prev.role === "content") prev.range = { start: prev.range.start, end: p.end };
    else out.push({ line: line.index, range: p, role: "content" });
  });
  return out;
}

/** The most words of a label that opens a sentence inside a line ("Beans: Huila $16, …", "Carousel: …"). */
const INLINE_LABEL_WORDS = 3;

/**
 * "… 25% off everything. Carousel: Ethiopia Guji $19, Colombia Huila $16.": a sentence of copy that opens
 * with a short label is a list under it; a module's name as that label makes the list its panes.
 */
function inlineLabel(reading: Reading, line: Line, clause: Clause, cues: CueSet): Clause {
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
function sentenceClauses(reading: Reading, line: Line, cues: CueSet, first: boolean): Clause[] {
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
const NAMING_MAX_WORDS = 14;


/**
 * "Fundraising appeal for Clearwater Trust: help us…", "Black Friday email for Ember Audio: Ember Mini $79, …":
 * a first line whose words before the colon name the email is that instruction, and what follows the colon is
 * the brief's copy, read as any line's. A module the naming asks for takes the list after the colon as its
 * panes ("… with tabs: Import — …, Edit — …"), so then the naming keeps its sentence.
 */
function namedBeforeColon(reading: Reading, line: Line, cues: CueSet): Clause[] | undefined {
  const s0 = line.sentences[0];
  if (!s0 || line.kind === "heading" || line.kind === "row") return undefined;
  const text = reading.text;
  let prefix: Range | undefined;
  if (line.kind === "label" && line.label) prefix = line.label;
  else if (line.kind === "text") {
    const colon = text.slice(s0.start, s0.end).search(/[:：]\s/u);
    if (colon > 0) prefix = { start: s0.start, end: s0.start + colon };
  }
  if (!prefix) return undefined;
  const count = wordsIn(reading.tokens[line.index].words, prefix).length;
  if (count < NAMING_MIN_WORDS || count > NAMING_MAX_WORDS) return undefined;
  const naming = instructionOf(view(reading, line, prefix, true), cues);
  if (naming?.kind !== "naming") return undefined;
  const afterColon = (r: Range): Range => {
    let start = Math.max(r.start, prefix.end + 1);
    while (start < r.end && /\s/.test(text[start])) start++;
    return { start, end: r.end };
  };
  const withPanes = naming.techniques.some((t) => PANED.has(t.technique));
  const head: Clause = { line: line.index, range: withPanes ? { start: prefix.start, end: s0.end } : prefix, role: "instruction", instruction: naming };
  const rest = (withPanes ? line.sentences.slice(1) : [afterColon(s0), ...line.sentences.slice(1)]).filter((r) => r.end > r.start);
  const clauses = rest.flatMap((s) => clausesOf(reading, line, s, cues, false));
  return [
    head,
    ...clauses.map((c) => (c.role === "content" ? inlineLabel(reading, line, { ...c, role: contentRole(reading, line, c, cues) }, cues) : c)),
  ];
}

/** What a clause of copy holds, by its tokens: an offer, a question, an item, a link… */
function contentRole(reading: Reading, line: Line, clause: Clause, cues: CueSet): Role {
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

/** The clauses of a line, each with its role. */
function lineClauses(reading: Reading, line: Line, cues: CueSet, heading: Clause | undefined, inHeader: boolean): Clause[] {
  const at = (range: Range, role: Role, extra: Partial<Clause> = {}): Clause => ({ line: line.index, range, role, ...extra });
  if (inHeader) return [at({ start: line.start, end: line.end }, "header")];
  if (line.kind === "rule") return [];
  const first = line.index === 0;
  const named = first ? namedBeforeColon(reading, line, cues) : undefined;
  if (named) return named;
  if (line.kind === "heading") {
    const { key, technique } = labelKey(reading, line, cues);
    const label = line.label ?? line.body;
    const instruction = instructionOf(view(reading, line, label, first), cues);
    // "Secciones (en acordeón, que se puedan desplegar):": the module its brackets ask for.
    const asked =
      technique ?? (instruction?.kind === "technique" || instruction?.kind === "naming" ? instruction.techniques[0]?.technique : undefined);
    return [at(label, "heading", { label: key, technique: asked, ...(instruction ? { instruction } : {}) })];
  }
  // A bullet with a label the reader knows ("- Offer: 20% off", "- When: Friday") reads as that label's line.
  const bulletKey = (line.kind === "bullet" || line.kind === "numbered") && line.label ? labelKey(reading, line, cues) : undefined;
  if (line.kind === "label" || (bulletKey && (bulletKey.key || bulletKey.technique) && !heading)) {
    const { key, technique } = labelKey(reading, line, cues);
    const body =
      line.kind === "label"
        ? line.body
        : {
            start: Math.min(
              line.end,
              line.label!.end +
                1 +
                (reading.text.slice(line.label!.end + 1, line.end).length -
                  reading.text.slice(line.label!.end + 1, line.end).trimStart().length),
            ),
            end: line.end,
          };
    if (technique && !key) return [at({ start: line.start, end: line.end }, "pane", { technique })];
    // "Obras: del 2 al 11 de mayo…" under "Secciones (en acordeón):": a pane titled by its label.
    if (heading?.technique && !key && line.kind === "label")
      return [at({ start: line.start, end: line.end }, "pane", { technique: heading.technique })];
    if (key && INSTRUCTION_LABELS.has(key)) {
      const instruction = instructionOf(view(reading, line, { start: line.start, end: line.end }, first), cues) ?? {
        kind:
          key === "tone"
            ? "tone"
            : key === "length"
              ? "length"
              : key === "audience"
                ? "audience"
                : key === "signature"
                  ? "signature"
                  : "request",
        ruledOut: [],
        techniques: [],
      };
      return [at({ start: line.start, end: line.end }, "instruction", { label: key, instruction })];
    }
    if (
      key === undefined &&
      reading.tokens[line.index].tokens.some((t) => t.kind === "money" && t.start >= body.start) &&
      (line.label?.end ?? 0) - (line.label?.start ?? 0) <= 30 &&
      wordsIn(reading.tokens[line.index].words, body).length <= 10 &&
      !reading.tokens[line.index].tokens.some((t) => t.kind === "percent")
    ) {
      // "Espresso: $3", "Plan Solo : 9 €/mois": an item named by its label; "Tipologie: A 28 €, B 38 €": the items it lists.
      // ("Curso: Cocina andaluza de temporada — 240 €" names the item in its value.)
      const money = reading.tokens[line.index].tokens.filter((t) => t.kind === "money" && t.start >= body.start);
      const namedInValue = wordsIn(reading.tokens[line.index].words, { start: body.start, end: money[0].start }).length >= 2;
      return [at(money.length >= 2 || namedInValue ? body : { start: line.start, end: line.end }, "item")];
    }
    if (key === "note" || key === undefined) {
      const sentences = sentenceClauses(reading, line, cues, first);
      return sentences.map((c) => (c.role === "content" ? { ...c, role: contentRole(reading, line, c, cues), label: key } : c));
    }
    // "Tickets: £15, includes a bag", "Prix : 15 €": a priced thing named by its label.
    const money = reading.tokens[line.index].tokens.some((t) => t.kind === "money" && t.start >= body.start);
    if (money && (key === "link" || key === "items" || key === "price"))
      return [at({ start: line.start, end: line.end }, "item", { label: key })];
    // "Tickets kaufen: https://…", "Reservierung: https://…": a link named by its label is a button.
    const onlyUrl =
      reading.tokens[line.index].tokens.filter((t) => t.start >= body.start).every((t) => t.kind === "url" && !t.image) &&
      wordsIn(reading.tokens[line.index].words, body).every((w) =>
        reading.tokens[line.index].tokens.some((t) => t.kind === "url" && t.start <= w.start && w.end <= t.end),
      );
    const hasUrl = reading.tokens[line.index].tokens.some((t) => t.kind === "url" && t.start >= body.start);
    if (hasUrl && onlyUrl && !["image", "brand", "from", "to", "subject", "preheader"].includes(key))
      return [at(body, "link", { label: key })];
    const role = ROLE_OF_LABEL[key] ?? "content";
    return [at(body, role, { label: key, technique })];
  }
  // A bullet, a numbered line, a table row or a line of prose: its heading's kind, else its own words.
  // Under a heading of no known kind ("los tres pasos para arrancar:"), a short list entry is one thing the email lists.
  const short =
    (line.kind === "bullet" || line.kind === "numbered") &&
    wordsIn(reading.tokens[line.index].words, line.body).length <= 10 &&
    !/[.!]$/.test(reading.text.slice(line.body.start, line.body.end).trim());
  const offering = statesOffer(reading, line, line.body, cues);
  const headed = heading?.label
    ? ROLE_OF_LABEL[heading.label]
    : heading?.technique
      ? "pane"
      : heading && short && !offering
        ? "item"
        : undefined;
  if (headed && headed !== "content") {
    const body = line.body;
    const instruction = instructionOf({ ...view(reading, line, body, false), whole: true }, cues);
    if (instruction) return [at(body, "instruction", { instruction })];
    if (headed === "faq-q" || headed === "question")
      return [
        at(body, /[?？]/u.test(reading.text.slice(body.start, body.end)) ? headed : headed === "faq-q" ? "faq-a" : "option", {
          label: heading?.label,
        }),
      ];
    return [at(body, headed, { label: heading?.label, technique: heading?.technique })];
  }
  if (line.kind === "row") return [at(line.body, "item")];
  const clauses = sentenceClauses(reading, line, cues, first);
  return clauses.map((c) =>
    c.role === "content"
      ? heading?.technique
        ? { ...c, role: contentRole(reading, line, c, cues), technique: heading.technique }
        : inlineLabel(reading, line, { ...c, role: contentRole(reading, line, c, cues) }, cues)
      : c,
  );
}

/** Every line's clauses with their roles. */
export function rolesOf(reading: Omit<Reading, "clauses">, cues: CueSet): Clause[] {
  const r: Reading = { ...reading, clauses: [] };
  const header = headerLines(r, cues);
  const signoff = signoffLines(r, cues);
  const out: Clause[] = [];
  const headings = new Map<number, Clause>();
  for (const line of r.lines) {
    if (signoff.has(line.index) && !header.has(line.index)) {
      out.push({ line: line.index, range: line.body, role: "signoff" });
      continue;
    }
    const heading = line.parent !== undefined ? headings.get(line.parent) : undefined;
    const clauses = lineClauses(r, line, cues, heading, header.has(line.index));
    if (line.kind === "heading" && clauses[0]) headings.set(line.index, clauses[0]);
    out.push(...clauses);
  }
  return out;
}

export type { Clause, Reading, Role } from "./clause";
