// A role for every line and clause of a brief, decided from its tokens, its place in the layout
// and cue words: an item, an offer, a question or its option, an FAQ pair, an event detail, a
// button, a link, an image, the sender's sign-off, copy for the reader, or an instruction to
// Kinetic. What a line's label or heading says wins over what its words look like.
import type { CueSet } from "./cues";
import { instructionOf } from "./instruction";
import type { Line, Range } from "./layout";
import { INSTRUCTION_LABELS, PANED, ROLE_OF_LABEL, labelKey, type Clause, type Reading, type Role } from "./clause";
import { headerLines, signoffLines } from "./frame";
import { contentRole, inlineLabel, namedBeforeColon, sentenceClauses, sentencesRead, statesOffer, view } from "./sentence-roles";
import { within, wordsIn } from "./tokens";
import { holdsAny } from "./tokens/words";

/** The sentences of a label line's value: the first lists what the label names, the others are read on. */
const valueSentences = (line: Line, body: Range): Range[] => line.sentences.filter((s) => s.end > body.start);

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
    // ("Ember Roasters cart:" names a module whose panes are the items its value lists.)
    // ("Space quiz: which planet …?" names a module whose value is its questions: read on.)
    // (Its list is the value's first sentence: "Ember Roasters cart: A $19, B $16. 25% off with code X." reads on.)
    if (technique && PANED.has(technique) && (!key || key === "items")) {
      const [list, ...more] = valueSentences(line, body);
      if (!list || more.length === 0) return [at({ start: line.start, end: line.end }, "pane", { technique })];
      return [
        at({ start: line.start, end: list.end }, "pane", { technique, body: { start: body.start, end: list.end } }),
        ...sentencesRead(reading, line, more, cues),
      ];
    }
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
    if (money && (key === "link" || key === "items" || key === "price")) {
      // ("Planes de Tareo: Básico 7,99 €, Pro 19,99 €. Primer mes gratis…": a value listing priced things is the
      // list, in its first sentence; the sentences after it are read on.)
      // (Two amounts with no list between them are one thing's change: "Cuota mensual: de 39 € a 42 €".)
      const [list, ...more] = valueSentences(line, body);
      const priced = list ? within(reading.tokens[line.index].tokens, { start: body.start, end: list.end }, "money") : [];
      const listed = priced.length >= 2 && holdsAny(reading.text.slice(priced[0].end, priced[priced.length - 1].start), ",;");
      if (listed) return [at({ start: body.start, end: list.end }, "item", { label: key }), ...sentencesRead(reading, line, more, cues)];
      return [at({ start: line.start, end: line.end }, "item", { label: key })];
    }
    // "Tickets kaufen: https://…", "Reservierung: https://…": a link named by its label is a button.
    const onlyUrl =
      reading.tokens[line.index].tokens.filter((t) => t.start >= body.start).every((t) => t.kind === "url" && !t.image) &&
      wordsIn(reading.tokens[line.index].words, body).every((w) =>
        reading.tokens[line.index].tokens.some((t) => t.kind === "url" && t.start <= w.start && w.end <= t.end),
      );
    const hasUrl = reading.tokens[line.index].tokens.some((t) => t.kind === "url" && t.start >= body.start);
    if (hasUrl && onlyUrl && !["image", "brand", "from", "to", "subject", "preheader"].includes(key))
      return [at(body, "link", { label: key })];
    // "Autumn menu: tabs for Starters and Mains, an accordion of allergens…": a value that asks for modules.
    const asks = sentenceClauses(reading, line, cues, false);
    if (asks.some((c) => c.instruction?.kind === "technique"))
      return asks.map((c) => (c.role === "content" ? { ...c, role: contentRole(reading, line, c, cues) } : c));
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
