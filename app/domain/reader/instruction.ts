// Whether a clause of a brief is addressed to Kinetic (or to the colleague who writes the email)
// rather than to the email's reader, and what it asks: a tone, a length, a module, something not to
// mention, something to say. Decided from cue words (./cues) and the clause's shape, never from a
// phrase of one brief. An instruction is never printed; what it carries for the reader ("say it
// takes under a minute") becomes a fact the copy states.
import type { Tone } from "~/domain/brief/kinds";
import type { CueSet } from "./cues";
import type { TechniqueKey } from "./cues/types";
import type { Range } from "./layout";
import { isLetter, type Word } from "./tokens/words";

export type InstructionKind = "naming" | "request" | "tone" | "length" | "avoid" | "say" | "technique" | "audience" | "signature";

export interface Instruction {
  kind: InstructionKind;
  /** What the clause rules out ("free shipping"), each as a range of the text. */
  ruledOut: Range[];
  /** The content it asks the email to state ("it takes under a minute"). */
  says?: Range;
  /** The word that names the tone, and which. */
  tone?: { tone: Tone; range: Range };
  length?: { value: "short" | "long"; range: Range };
  techniques: Array<{ technique: TechniqueKey; range: Range }>;
  /** "Remind them", "thank them": the email's own act, in its frame words. */
  act?: "thank" | "remind" | "ask" | "invite" | "encourage";
}

export interface ClauseView {
  range: Range;
  words: Word[];
  /** The clause's text. */
  text: string;
  /** Whether it is the brief's first line. */
  first: boolean;
  /** Whether the clause holds money, a percent or a code (an offer or an item more than a request). */
  hasValues: boolean;
  /** Whether the clause holds a date (a fact for the reader: "Our year-end campaign closes December 31"). */
  hasDate?: boolean;
  /** Whether the sentence it is part of states an offer ("free servicing …, no code needed"). */
  inOffer?: boolean;
  /** Whether the clause is a whole sentence (not a part of one). */
  whole?: boolean;
}

/** How many words may stand before the word for the email in the line naming it ("A short customer satisfaction survey email …"). */
const SELF_LEAD_WORDS = 6;

/** Where the clause's words start once a vocative ("Julien, …") and fillers ("also", "PS") are skipped. */
function head(view: ClauseView, cues: CueSet): number {
  const w = view.words;
  let i = 0;
  // "Julien, tu peux…", "Equipo, a partir…": a name (or the team) and a comma before the clause itself.
  if (w.length > 2 && w[0].capital && view.text.slice(w[0].end - view.range.start, w[0].end - view.range.start + 1) === ",") i = 1;
  while (i < w.length - 1 && cues.words.at(w, i, ["instruction.filler"])?.to === i + 1) i++;
  return i;
}

function rangeOf(words: readonly Word[]): Range | undefined {
  return words.length > 0 ? { start: words[0].start, end: words[words.length - 1].end } : undefined;
}

/** The words after a cue, up to the clause's end: the object of "don't mention …", without leading articles. */
function objectAfter(view: ClauseView, from: number, cues: CueSet): Word[] {
  const out: Word[] = [];
  for (let k = from; k < view.words.length; k++) {
    const gap = k > from ? view.text.slice(view.words[k - 1].end - view.range.start, view.words[k].start - view.range.start) : "";
    if (/[,;.:!?()]/.test(gap) || cues.words.at(view.words, k, ["instruction.now"])) break;
    out.push(view.words[k]);
  }
  while (out.length > 0 && cues.cues.determiners.includes(out[0].folded)) out.shift();
  return out;
}

/** "discounts or free shipping" → "discounts", "free shipping". */
function splitList(words: Word[], cues: CueSet): Range[] {
  const joints = new Set([...cues.cues.list.and, ...cues.cues.list.or]);
  const parts: Word[][] = [[]];
  for (const w of words) {
    if (joints.has(w.folded)) parts.push([]);
    else parts[parts.length - 1].push(w);
  }
  return parts
    .map((p) => {
      while (p.length > 0 && cues.cues.determiners.includes(p[0].folded)) p.shift();
      return rangeOf(p);
    })
    .filter((r): r is Range => r !== undefined);
}

/** What of a clause's words are cues of these kinds. */
function share(words: readonly Word[], cues: CueSet, keys: readonly string[]): number {
  let covered = 0;
  for (const m of cues.words.all(words, keys)) covered += m.to - m.from;
  return covered;
}

/** The instruction a clause is, or undefined when it is copy for the reader. */
export function instructionOf(view: ClauseView, cues: CueSet): Instruction | undefined {
  const w = view.words;
  if (w.length === 0) return undefined;
  const at = head(view, cues);
  const out: Instruction = { kind: "request", ruledOut: [], techniques: [] };
  // ("year-end": a verb inside a compound is no imperative.)
  const inCompound = (m: { start: number }) => {
    const before = view.text.slice(0, m.start - view.range.start);
    return before.endsWith("-") && isLetter(before.at(-2));
  };
  const found = cues.words.every(w).filter((m) => m.key !== "instruction.verb" || !inCompound(m));
  const startsWith = (i: number, key: string) => found.some((m) => m.from === i && m.key === key);
  const has = (key: string) => found.some((m) => m.key === key);
  const firstOf = (key: string) => found.find((m) => m.key === key);

  for (const m of cues.techniques.all(w)) out.techniques.push({ technique: m.key, range: { start: m.start, end: m.end } });
  const tone = cues.tones.all(w)[0];
  if (tone) out.tone = { tone: tone.key, range: { start: tone.start, end: tone.end } };
  const short = firstOf("length.short") ?? firstOf("length.long");
  if (short) out.length = { value: short.key === "length.short" ? "short" : "long", range: { start: short.start, end: short.end } };
  const secondPerson = w.some((x) => cues.cues.secondPerson.includes(x.folded));

  // "Do not mention discounts or free shipping", "pas besoin de le dire": what it rules out.
  const avoid = firstOf("instruction.avoid");
  if (avoid) {
    const plain = (x: Word) =>
      !cues.words.at([x], 0, ["instruction.pronoun"]) &&
      !cues.cues.determiners.includes(x.folded) &&
      !cues.words.at([x], 0, [
        "instruction.self",
        "instruction.say",
        "instruction.verb",
        "instruction.polite",
        "instruction.no",
        "instruction.avoid",
      ]);
    let object = objectAfter(view, avoid.to, cues);
    // "Bitte NICHT erwähnen, dass schon ein Planungsbüro beauftragt wurde": what the clause after it says.
    if (!object.some(plain)) {
      const next = w[avoid.to];
      if (next && cues.words.at([next], 0, ["instruction.that"])) object = objectAfter(view, avoid.to + 1, cues);
    }
    // "Keine Altersgrenze nennen", "Das Thema Chorreise bitte rauslassen": the object before a verb that comes last.
    if (!object.some(plain) && avoid.to === w.length) object = w.slice(at, avoid.from).filter(plain);
    out.kind = "avoid";
    // "pas besoin de le dire", "eso no va en el correo": a pronoun or the email itself, no object of its own.
    if (object.some(plain)) out.ruledOut = splitList(object, cues);
    return out;
  }
  // "no discount this time", "pas de remise en % stp": an offer ruled out, in a short clause.
  const no = found.find((m) => m.from === at && m.key === "instruction.no");
  if (
    no &&
    !view.inOffer &&
    w.length - no.to <= 5 &&
    (share(w, cues, ["offer.off", "offer.free", "offer.code", "offer.bogo"]) > 0 || has("instruction.opener"))
  ) {
    out.kind = "avoid";
    out.ruledOut = splitList(
      objectAfter(view, no.to, cues).filter((x) => !cues.words.at([x], 0, ["instruction.opener"])),
      cues,
    );
    return out;
  }
  // "Keine Parteipolitik.", "Res de preus encara": a short sentence that rules something out.
  // "No discount code on the first touch.", "Pas de photos d'animaux blessés, on veut rester positifs.",
  // "Keine Altersgrenze nennen (…)": a sentence that opens by ruling something out, up to its first comma.
  const firstPart = view.text.split(/[,;:(—–]/)[0];
  const partWords = w.filter((x) => x.end - view.range.start <= firstPart.length);
  if (no && !view.inOffer && view.whole && partWords.length - no.to >= 1 && partWords.length - no.to <= 6 && !view.hasValues) {
    const verbless = (x: Word) =>
      partWords.includes(x) && !cues.words.at([x], 0, ["instruction.verb", "instruction.polite", "instruction.avoid"]);
    out.kind = "avoid";
    out.ruledOut = splitList(objectAfter(view, no.to, cues).filter(verbless), cues);
    return out;
  }
  // "Thank them and say it takes under a minute", "Dis que ça prend 2 minutes".
  const say = firstOf("instruction.say");
  const act = (["thank", "remind", "ask", "invite", "encourage"] as const).find((a) => has(`instruction.${a}`));
  const reader = has("instruction.reader");
  if (say && (say.from <= at + 2 || reader)) {
    out.kind = "say";
    const content = w.slice(say.to).filter((x, i) => !(i === 0 && ["that", "que", "dass", "che", "of"].includes(x.folded)));
    out.says = rangeOf(content);
    if (act) out.act = act;
    return out;
  }
  if (act && reader && found.some((m) => m.from === at && m.key === `instruction.${act}`)) {
    out.kind = "request";
    out.act = act;
    const cue = firstOf(`instruction.${act}`)!;
    const rest = w.slice(cue.to).filter((x) => !cues.cues.instruction.reader?.includes(x.folded));
    if (act !== "thank" && rest.length >= 2) out.says = rangeOf(rest);
    return out;
  }
  // Requests: "please…", "can you…", "il faut…", "stp" at the end; or an imperative the writer gives a tool.
  // ("Would you come to a Sunday class?" asks the reader: an opener asks Kinetic when a verb for it follows, or no "?" ends it.)
  const openedBy = found.find((m) => m.from === at && m.key === "instruction.opener");
  const asksReader =
    openedBy !== undefined && /[?？]\s*$/u.test(view.text) && !startsWith(openedBy.to, "instruction.verb") && !has("instruction.self");
  const opener = (openedBy !== undefined && !asksReader) || found.some((m) => m.key === "instruction.polite");
  // The imperative opens the clause ("Show the products…"), or ends it where the verb goes last ("… bitte als Mail aufbereiten").
  const verb =
    startsWith(at, "instruction.verb") ||
    (cues.cues.verbLast === true && found.some((m) => m.key === "instruction.verb" && m.to === w.length && m.from > at));
  if (opener || (verb && (!secondPerson || has("instruction.self") || out.techniques.length > 0))) return out;
  // Tone and length: "fais court, ton sympa", "Warm and a bit cheerful, not preachy".
  const toneWords = share(w, cues, ["length.short", "length.long"]) + cues.tones.all(w).reduce((n, m) => n + m.to - m.from, 0);
  const toneLabel = w.some((x) => cues.labels.is([x], ["tone", "length"]));
  const others =
    w.length - at - toneWords - w.filter((x) => cues.cues.functionWords.includes(x.folded) || cues.cues.list.but.includes(x.folded)).length;
  if ((toneLabel && w.length <= 12) || (toneWords > 0 && others <= Math.max(2, toneWords) && !view.hasValues)) {
    out.kind = out.tone || toneLabel ? "tone" : "length";
    return out;
  }
  // The line naming the email: "Mail soldes d'hiver pour La Fabrique à Bougies", "NPS trimestriel pour…".
  // ("Meal-kit email for Green Fork…": a compound may stand before the word for the email.)
  // (A few words may come first: "A short customer satisfaction survey email after a hotel stay".)
  const self = found.find((m) => m.key === "instruction.self" && (m.from <= at + SELF_LEAD_WORDS || w.length <= 8));
  const kindNamed = cues.kinds.all(w).some((m) => m.from <= at + 2);
  // ("This one goes 24h after the first" says when it is sent: a request, below.)
  // ("Holiday gift guide for Pine & Thread with tabs for Spruce candle $30, …": the kind named first and a
  // module asked for with its panes' prices.)
  const withModule = kindNamed && out.techniques.length > 0 && w.length <= 30;
  if (
    view.first &&
    (w.length <= 20 || withModule) &&
    !secondPerson &&
    !has("instruction.timing") &&
    (self || withModule || (kindNamed && !view.hasValues))
  ) {
    out.kind = "naming";
    return out;
  }
  // A module asked for: "in a carousel", "(una por bloque, en pestañas)", "FAQ as an accordion".
  const placed = cues.techniques.all(w).some((m) => found.some((p) => p.key === "instruction.placement" && p.to === m.from));
  // "tabs for Starters and Mains", "an accordion of allergens": a module named first, with what it lists.
  const opens = out.techniques.some(
    (t) =>
      (w[at]?.start === t.range.start || (w[at + 1]?.start === t.range.start && cues.cues.determiners.includes(w[at].folded))) &&
      found.some((p) => p.key === "instruction.panes" && p.start >= t.range.end && p.start <= t.range.end + 1),
  );
  // (A module named first takes its panes' prices with it: "tabs for Dresses ($49), Shoes ($79) and Bags ($59)".)
  if (
    out.techniques.length > 0 &&
    ((opens && w.length <= 30) || ((placed || has("instruction.verb")) && !view.hasValues && w.length <= 14))
  ) {
    out.kind = "technique";
    return out;
  }
  if (self && (has("instruction.verb") || has("instruction.opener") || has("instruction.timing")) && !secondPerson) return out;
  // The writer speaking of the email: "ci-dessous les éléments pour le mail abonnés", "te paso el brief para el email de julio".
  const anySelf = found.some((m) => m.key === "instruction.self");
  if (anySelf && has("instruction.writer") && !secondPerson && !view.hasValues && !view.hasDate) return out;
  // A sentence about the readers, not to them: "leute legen was rein und kaufen dann nicht", "c'est pour les adhérents…".
  if (has("instruction.they") && !secondPerson && !/[?？]/.test(view.text)) return out;
  return undefined;
}
