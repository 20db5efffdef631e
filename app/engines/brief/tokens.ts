// The token pass over a model's brief: every money, percent, date, URL, email, code and name token
// of the prompt (promptTokens) must lie inside a span of the brief (any field, the instructions
// but the line naming the email and `unused` included; a name's words may lie in two). A token the model lost is taken back from the local reading when the
// local reader placed it in a field: that field's entry (an item, an offer, a date, a link…) is
// added to the model's brief, or, when the model has the entry without the part holding the
// token (an item without its price), that part is. A token no field of the local reading holds
// either is listed in `unused`, so nothing of the prompt goes without a word.
import { BRIEF_LIMITS, type Brief, type Span } from "~/domain/brief/schema";
import type { PromptToken } from "~/domain/reader";
import { tokenSpan } from "./find";

export const NOT_USED_BY_MODEL = "The language model did not use this";

export interface TokenPass {
  brief: Brief;
  /** Tokens taken back from the local reading, with where they went ("$79 (money) → items.1.price"). */
  restored: string[];
  /** Tokens neither reading placed in a field, now in `unused` ("Acme (name)"). */
  reported: string[];
}

type Entry = Record<string, unknown>;

/** The lists whose entries can be taken from the local reading, offers before dates (a date names its offer by index). */
const LISTS = [
  "items",
  "otherItems",
  "offers",
  "questions",
  "faq",
  "dates",
  "links",
  "images",
  "codes",
  "ctas",
  "conditions",
  "quoted",
  "message",
  "ruledOut",
  "says",
  "instructions",
  "techniques",
] as const;
type ListField = (typeof LISTS)[number];

const LIMIT: Record<ListField, number> = {
  items: BRIEF_LIMITS.items,
  otherItems: BRIEF_LIMITS.items,
  offers: BRIEF_LIMITS.offers,
  questions: BRIEF_LIMITS.questions,
  faq: BRIEF_LIMITS.faq,
  dates: BRIEF_LIMITS.dates,
  links: BRIEF_LIMITS.links,
  images: BRIEF_LIMITS.images,
  codes: BRIEF_LIMITS.codes,
  ctas: BRIEF_LIMITS.ctas,
  conditions: BRIEF_LIMITS.offers,
  quoted: BRIEF_LIMITS.quoted,
  message: BRIEF_LIMITS.message,
  ruledOut: BRIEF_LIMITS.ruledOut,
  says: BRIEF_LIMITS.says,
  instructions: BRIEF_LIMITS.instructions,
  techniques: 2,
};

const SCALARS = ["brand", "product", "audience", "cta", "subject", "preheader", "signature"] as const;

/** Parts of an entry that point into the entry or the brief: never copied onto another reading's entry. */
const NEVER_FILLED = new Set(["correct", "governs", "options", "panes", "kind"]);

const contains = (s: Span, t: Span) => s.start <= t.start && t.end <= s.end;
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Every span in a value, however deep. */
function spansIn(value: unknown, out: Span[] = []): Span[] {
  if (!value || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const v of value) spansIn(v, out);
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === "span" && v && typeof v === "object") out.push(v as Span);
    else spansIn(v, out);
  }
  return out;
}

const holds = (value: unknown, part: Span) => spansIn(value).some((s) => contains(s, part));

/** Whether the brief uses a part of the prompt: the line naming the email names its brand and kind, and uses neither. */
const uses = (brief: Brief, part: Span) => holds({ ...brief, instructions: brief.instructions.filter((i) => i.kind !== "naming") }, part);

/**
 * What of a token a span must hold: the whole token, or for a name each of its words, since a run
 * of capitalised words may cross two fields ("Bloom & Co: Dresses" is a brand and an item).
 */
function partsOf(t: PromptToken): Span[] {
  if (t.kind !== "name" || t.text.length !== t.span.end - t.span.start) return [t.span];
  return [...t.text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ start: t.span.start + m.index, end: t.span.start + m.index + m[0].length }));
}

/** The span an entry of a list is known by: two readings' entries with overlapping keys are one entry. */
function keyOf(field: ListField, entry: Entry): Span {
  const key = (name: string) => (entry[name] as { span: Span }).span;
  switch (field) {
    case "items":
    case "otherItems":
      return key("name");
    case "offers":
    case "questions":
    case "instructions":
      return key("text");
    case "faq":
      return key("question");
    case "ctas":
      return key("label");
    default:
      return entry.span as Span;
  }
}

const clone = <T>(v: T): T => structuredClone(v);

export function tokenPass(model: Brief, local: Brief, tokens: readonly PromptToken[]): TokenPass {
  const brief = clone(model);
  const restored: string[] = [];
  const reported: string[] = [];
  const lists = brief as unknown as Record<ListField, Entry[]>;
  const localLists = local as unknown as Record<ListField, Entry[]>;

  /** The local entry in the model's list: the parts holding the token filled in, or the entry added. Where it went, if anywhere. */
  function place(field: ListField, from: Entry, t: Span): string | undefined {
    const list = lists[field];
    const key = keyOf(field, from);
    const same = list.findIndex((e) => overlaps(keyOf(field, e), key));
    if (same >= 0) {
      const target = list[same];
      const filled = Object.keys(from).filter((k) => !NEVER_FILLED.has(k) && target[k] === undefined && holds(from[k], t));
      for (const k of filled) target[k] = clone(from[k]);
      return filled.length ? `${field}.${same}.${filled.join("+")}` : undefined;
    }
    if (list.length >= LIMIT[field]) return undefined;
    const entry = clone(from);
    if (field === "dates") entry.governs = governsIn(entry.governs as Brief["dates"][number]["governs"]);
    // Offers keep their indexes (dates name them); any other entry goes where the prompt has it.
    const at = field === "offers" ? list.length : list.filter((e) => keyOf(field, e).start <= key.start).length;
    list.splice(at, 0, entry);
    return `${field}.${at}`;
  }

  /** A local date's offer, as an index into the model's offers (the same offer by its words), else none. */
  function governsIn(governs: Brief["dates"][number]["governs"]): Brief["dates"][number]["governs"] {
    if (governs.kind !== "offer") return governs;
    const offer = local.offers[governs.offer];
    const index = offer ? brief.offers.findIndex((o) => overlaps(o.text.span, offer.text.span)) : -1;
    return index >= 0 ? { kind: "offer", offer: index } : { kind: "none" };
  }

  function restore(t: Span): string[] {
    const went: string[] = [];
    for (const field of LISTS)
      for (const entry of localLists[field])
        if (holds(entry, t)) {
          const path = place(field, entry, t);
          if (path) went.push(path);
        }
    for (const field of SCALARS) {
      const value = local[field];
      if (value && contains(value.span, t) && !brief[field]) {
        brief[field] = clone(value);
        went.push(field);
      }
    }
    if (local.occasion.named && contains(local.occasion.named.span, t) && !brief.occasion.named) {
      brief.occasion = { ...brief.occasion, named: clone(local.occasion.named) };
      went.push("occasion.named");
    }
    if (local.event && holds(local.event, t)) {
      const event = brief.event ?? { who: [], agenda: [] };
      const before = went.length;
      for (const part of ["when", "where"] as const) {
        const value = local.event[part];
        if (value && contains(value.span, t) && !event[part]) {
          event[part] = clone(value);
          went.push(`event.${part}`);
        }
      }
      for (const part of ["who", "agenda"] as const) {
        const limit = part === "who" ? BRIEF_LIMITS.people : BRIEF_LIMITS.agenda;
        for (const value of local.event[part])
          if (contains(value.span, t) && !event[part].some((e) => overlaps(e.span, value.span)) && event[part].length < limit) {
            event[part].push(clone(value));
            went.push(`event.${part}.${event[part].length - 1}`);
          }
      }
      if (went.length > before) brief.event = event;
    }
    return went;
  }

  for (const token of tokens) {
    const t = { ...token, text: token.text.trim(), span: tokenSpan(token) };
    if (!t.text) continue;
    const parts = partsOf(t);
    const lost = parts.filter((part) => !uses(brief, part));
    if (!lost.length) continue;
    const went = lost.flatMap(restore);
    if (went.length && parts.every((part) => uses(brief, part))) {
      restored.push(`${t.text} (${t.kind}) → ${went.join(", ")}`);
      continue;
    }
    reported.push(`${t.text} (${t.kind})`);
    if (brief.unused.length < BRIEF_LIMITS.unused)
      brief.unused.push({ text: { value: t.text.slice(0, BRIEF_LIMITS.text), span: t.span }, reason: NOT_USED_BY_MODEL });
  }
  return { brief, restored, reported };
}
