// What kind of email the brief is for (its occasion), from the kinds' cue words (./cues): the line
// naming the email and the labels that name it weigh most, a specific kind wins over a general one
// it contains (an NPS survey is `nps`, a cart reminder with a code is `abandoned-cart`), and the
// modules asked for and the brief's shape break ties. Then the email type the templates follow.
import type { EmailType } from "~/domain/brief/kinds";
import type { OccasionKind } from "~/domain/brief/schema";
import type { CueSet } from "./cues";
import { KIND_KEYS, type KindKey, type TechniqueKey } from "./cues/types";
import type { Reading } from "./roles";

/** More specific kinds first: a tie goes to the earlier. */
const SPECIFIC: readonly KindKey[] = [
  "nps",
  "abandoned-cart",
  "back-in-stock",
  "pricing-change",
  "webinar",
  "quiz",
  "volunteer",
  "fundraising",
  "menu",
  "course",
  "travel",
  "gift-guide",
  "re-engagement",
  "order-update",
  "survey",
  "onboarding",
  "launch",
  "sale",
  "invitation",
  "event",
  "newsletter",
  "announcement",
  "reminder",
  "thank-you",
];

const TECHNIQUE_KIND: Partial<Record<TechniqueKey, KindKey>> = { survey: "survey", quiz: "quiz" };

export const EMAIL_TYPE_OF_KIND: Record<OccasionKind, EmailType> = {
  sale: "ecommerce",
  "gift-guide": "ecommerce",
  launch: "announcement",
  newsletter: "newsletter",
  survey: "feedback",
  nps: "feedback",
  quiz: "education",
  event: "event",
  invitation: "event",
  webinar: "event",
  onboarding: "onboarding",
  announcement: "announcement",
  "re-engagement": "ecommerce",
  "abandoned-cart": "ecommerce",
  "back-in-stock": "ecommerce",
  "order-update": "transactional",
  fundraising: "nonprofit",
  menu: "restaurant",
  course: "education",
  travel: "travel",
  "thank-you": "announcement",
  reminder: "announcement",
  "pricing-change": "announcement",
  volunteer: "nonprofit",
  general: "announcement",
};

export interface KindRead {
  kind: OccasionKind;
  /** Where the deciding cue is, when one decided. */
  at?: { start: number; end: number };
  /** The named day or seasonal sale the brief first names ("Black Friday", "soldes d'hiver"), with the words as a name should read. */
  named?: { start: number; end: number; value: string };
}

/** The first named day or seasonal sale of the brief; a day written in lower case reads as a name ("black friday" → "Black Friday"). */
function namedOccasion(reading: Reading, cues: CueSet): KindRead["named"] {
  for (const lt of reading.tokens) {
    const m = cues.words.all(lt.words, ["occasion.day", "occasion.season"])[0];
    if (!m) continue;
    const written = reading.text.slice(m.start, m.end);
    if (m.key !== "occasion.day" || written !== written.toLowerCase()) return { start: m.start, end: m.end, value: written };
    const small = new Set([...cues.cues.functionWords, ...cues.cues.determiners]);
    let value = written;
    lt.words.slice(m.from, m.to).forEach((w, k) => {
      if (k === 0 || !small.has(w.folded)) {
        const at = w.start - m.start;
        value = value.slice(0, at) + value.charAt(at).toUpperCase() + value.slice(at + 1);
      }
    });
    return { start: m.start, end: m.end, value };
  }
  return undefined;
}

export function kindOf(reading: Reading, cues: CueSet, techniques: readonly TechniqueKey[]): KindRead {
  const scores = new Map<KindKey, number>();
  const where = new Map<KindKey, { start: number; end: number }>();
  const byLine = new Map<number, Reading["clauses"]>();
  for (const c of reading.clauses) byLine.set(c.line, [...(byLine.get(c.line) ?? []), c]);
  reading.lines.forEach((line, i) => {
    const clauses = byLine.get(i) ?? [];
    const clause = clauses[0];
    const naming = clauses.find((c) => c.instruction?.kind === "naming");
    const add = (words: Reading["tokens"][number]["words"], weight: number) => {
      // ("Hamburger menu email": the name of a module that is no kind of email — tabs, a menu, a cart — says nothing of the kind.)
      const modules = cues.techniques.all(words);
      for (const m of cues.kinds.all(words)) {
        if (modules.some((t) => t.start <= m.start && m.end <= t.end && !TECHNIQUE_KIND[t.key])) continue;
        // "welcome email", "appeal email", "relance panier": the kind that names the email itself.
        const names = words[m.to] && cues.words.at(words, m.to, ["instruction.self"]);
        scores.set(m.key, (scores.get(m.key) ?? 0) + weight * (names ? 2 : 1));
        if (!where.has(m.key)) where.set(m.key, { start: m.start, end: m.end });
      }
    };
    const words = reading.tokens[i].words;
    // The clause naming the email weighs most; on a one-line brief the rest of its line is copy.
    if (naming && clauses.length > 1) {
      add(
        words.filter((w) => w.start >= naming.range.start && w.end <= naming.range.end),
        4,
      );
      add(
        words.filter((w) => w.end <= naming.range.start || w.start >= naming.range.end),
        1,
      );
      return;
    }
    const weight = i === 0 || naming ? 4 : clause?.label === "kind" || clause?.role === "subject" || clause?.role === "header" ? 3 : 1;
    add(words, weight);
  });
  const score = scores;
  for (const t of techniques) {
    const k = TECHNIQUE_KIND[t];
    if (k) score.set(k, (score.get(k) ?? 0) + 2);
  }
  const named = namedOccasion(reading, cues);
  const read = (kind: OccasionKind, at?: KindRead["at"]): KindRead => ({ kind, ...(at ? { at } : {}), ...(named ? { named } : {}) });
  if (score.size === 0) return read("general");
  const best = [...score.entries()].sort((a, b) => b[1] - a[1] || SPECIFIC.indexOf(a[0]) - SPECIFIC.indexOf(b[0]))[0];
  // A specific kind named at all beats a general one it refines (an NPS "survey", a cart "reminder").
  const top = best[1];
  const refined = SPECIFIC.find((k) => (score.get(k) ?? 0) >= Math.max(2, top / 2) && SPECIFIC.indexOf(k) < SPECIFIC.indexOf(best[0]));
  const kind = refined ?? best[0];
  return read((KIND_KEYS as readonly string[]).includes(kind) ? kind : "general", where.get(kind));
}
