// What a part of a brief is read as: the roles a line or clause can have, and what a label or a
// heading says its value is (from the labels' cue words).
import type { CueSet } from "./cues";
import type { LabelKey, TechniqueKey } from "./cues/types";
import type { Instruction } from "./instruction";
import type { Line, Range } from "./layout";
import { wordsIn, type LineTokens } from "./tokens";

export type Role =
  | "instruction"
  | "header"
  | "heading"
  | "item"
  | "offer"
  | "question"
  | "option"
  | "faq-q"
  | "faq-a"
  | "when"
  | "where"
  | "who"
  | "agenda"
  | "link"
  | "image"
  | "cta"
  | "code"
  | "deadline"
  | "threshold"
  | "subject"
  | "preheader"
  | "brand"
  | "signoff"
  | "pane"
  | "content";

export interface Clause {
  line: number;
  range: Range;
  role: Role;
  /** The label or heading that gave the role ("offer" of "Offer: …"). */
  label?: LabelKey;
  /** The module a heading or label names ("Tabs: A, B, C"). */
  technique?: TechniqueKey;
  instruction?: Instruction;
  /** A sentence's value after its own label ("Carousel: A $1, B $2" inside a line of prose). */
  body?: Range;
}

export interface Reading {
  text: string;
  lines: Line[];
  tokens: LineTokens[];
  clauses: Clause[];
}

/** Modules whose panes a list after their name gives ("tabs for A, B and C"); a survey's or a quiz's words are its questions. */
export const PANED: ReadonlySet<TechniqueKey> = new Set<TechniqueKey>(["tabs", "accordion", "carousel", "menu", "itemCart"]);

/** Labels whose value is an instruction as a whole. */
export const INSTRUCTION_LABELS: ReadonlySet<LabelKey> = new Set([
  "tone",
  "length",
  "audience",
  "kind",
  "goal",
  "signature",
  "send",
  "format",
]);
/** Labels whose value is a list of the heading's kind ("Speakers: A, B"). */
export const ROLE_OF_LABEL: Partial<Record<LabelKey, Role>> = {
  offer: "offer",
  code: "code",
  date: "when",
  when: "when",
  deadline: "deadline",
  where: "where",
  who: "who",
  agenda: "agenda",
  button: "cta",
  link: "link",
  action: "cta",
  image: "image",
  subject: "subject",
  preheader: "preheader",
  headline: "content",
  brand: "brand",
  from: "brand",
  question: "question",
  options: "option",
  answer: "faq-a",
  faq: "faq-q",
  items: "item",
  price: "item",
  threshold: "threshold",
  topic: "content",
  ps: "content",
};

/** A label's key: the label as a whole, else its first words ("Lien doc" → link), else a module it names. */
export function labelKey(reading: Reading, line: Line, cues: CueSet): { key?: LabelKey; technique?: TechniqueKey } {
  if (!line.label) return {};
  const words = wordsIn(reading.tokens[line.index].words, line.label);
  // A module the label names first ("Tabs:", "Carrousel :") or asks for ("Nouveautés à mettre en onglets :").
  const placement = cues.words.every(words).filter((p) => p.key === "instruction.placement");
  // A count may stand between ("Bitte in drei Tabs", "Put it in 3 tabs").
  const count = (i: number) => words[i] !== undefined && (words[i].numeric || words[i].folded in cues.cues.numberWords);
  const named = cues.techniques.all(words).find(
    (m) =>
      m.from === 0 ||
      (m.from === 1 && count(0)) ||
      placement.some((p) => p.to === m.from || (p.to === m.from - 1 && count(m.from - 1))) ||
      // "Ember Roasters cart:", "Metzgerei Huber, Warenkorb:": the module named last, after the sender.
      (m.to === words.length && line.index === 0),
  );
  // What the label says its lines are: the label whole, a list word inside a short label ("Hero products",
  // "Left in the cart"), else its first words ("Lien doc").
  const listed = words.length <= 6 ? cues.labels.all(words, ["items", "question", "faq", "agenda", "who"])[0]?.key : undefined;
  const key =
    cues.labels.is(words, [...Object.keys(ROLE_OF_LABEL), ...INSTRUCTION_LABELS, "note"] as LabelKey[]) ??
    listed ??
    cues.labels.at(words, 0)?.key;
  return { key, technique: named?.key };
}
