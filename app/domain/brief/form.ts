// The brief as a form ("What Kinetic understood", the builder's second step). The form holds the
// brief's values as the user sees them (a draft of strings); each row remembers which row of the
// reference brief it came from (`from`), so a value left as it was keeps the span it was read at,
// and a value the user typed gets the empty span at 0 (TYPED). Parsing the draft back gives a
// Brief (BriefSchema) or errors keyed by the form's field names. Where the brief is too thin to
// say something true (a newsletter with nothing to say, a survey with no question, a carousel with
// one slide), the form asks instead of the copy inventing. See docs/brief.md and docs/builder.md.
import type { Technique } from "~/domain/blueprint/schema";
import { parsePrice } from "~/domain/prompt/facts/money";
import { EMAIL_TYPES, FRAME_LANGUAGES } from "~/domain/prompt/facts/types";
import { readOffers } from "./offers";
import {
  BRIEF_LIMITS,
  BriefSchema,
  INSTRUCTION_KINDS,
  OCCASION_KINDS,
  spanOutsidePrompt,
  type Brief,
  type BriefDate,
  type BriefOffer,
  type BriefPrice,
  type BriefText,
  type Span,
} from "./schema";

/** The span of a value the user entered in the form, not read from the prompt. */
export const TYPED: Span = { start: 0, end: 0 };
export const isTyped = (s: Span | undefined) => !s || s.end <= s.start;

/** A value as typed; `span` when it is still the prompt's words (unchanged since it was read). */
export interface DraftText {
  value: string;
  span?: Span;
}
/** One row of a list of single values (an option, a link, a word not to mention…); `from` is its row in the reference brief. */
export interface DraftRow extends DraftText {
  from?: number;
}
export type DraftOption = DraftRow;
export type DraftLink = DraftRow;
/** One of the prompt's own sentences to the reader (the brief's `message`). */
export interface DraftMessage extends DraftRow {
  /** The reference's `unused` entry this sentence was moved from ("Use as a sentence to the reader"). */
  unused?: number;
}
export interface DraftItem {
  from?: number;
  name: DraftText;
  price: DraftText;
  /** The former price ("was $159"). */
  was: DraftText;
  detail: DraftText;
  link: DraftText;
  image: DraftText;
}
export interface DraftOffer {
  from?: number;
  text: DraftText;
  code: DraftText;
  threshold: DraftText;
  deadline: DraftText;
  scope: DraftText;
}
export interface DraftQuestion {
  from?: number;
  text: DraftText;
  options: DraftOption[];
  /** A quiz question's right answer: the index of its option in `options`, or "" for none. */
  correct: string;
}
export interface DraftCta {
  from?: number;
  label: DraftText;
  url: DraftText;
}
export interface DraftFaq {
  from?: number;
  question: DraftText;
  answer: DraftText;
}
export interface DraftEvent {
  /** Whether the form shows the event's fields (it has one, or the user added it). */
  shown: boolean;
  when: DraftText;
  where: DraftText;
  who: DraftRow[];
  agenda: DraftRow[];
}
/** A module the prompt asks for: which one is the reference's (`from`); its panes are the user's to edit. */
export interface DraftTechnique {
  from: number;
  technique: Technique;
  panes: DraftRow[];
}
export interface UnderstoodDraft {
  brand: DraftText;
  /** What the email is about when it has no items: the brief's `product`. */
  product: DraftText;
  emailType: string;
  occasion: string;
  /** The email's frame language (its fixed phrases and `<html lang>`): one of FRAME_LANGUAGES. */
  language: string;
  /** "short", "long", or "" when the prompt asks for no length. */
  length: string;
  subject: DraftText;
  preheader: DraftText;
  items: DraftItem[];
  offers: DraftOffer[];
  questions: DraftQuestion[];
  links: DraftLink[];
  message: DraftMessage[];
  ctas: DraftCta[];
  ruledOut: DraftRow[];
  says: DraftRow[];
  faq: DraftFaq[];
  event: DraftEvent;
  images: DraftRow[];
  techniques: DraftTechnique[];
}

export type FormErrors = Record<string, string>;
type FormLike = { get(name: string): FormDataEntryValue | null };

export const LENGTHS = ["short", "long"] as const;

/** What each module calls one of its panes, and what it takes them from when the prompt names none. */
export const TECHNIQUE_WORDS: Record<Technique, { name: string; pane: string; panes: string; ask: string }> = {
  carousel: { name: "Carousel", pane: "slide", panes: "slides", ask: "The carousel needs at least two slides: add items or slides" },
  tabs: { name: "Tabs", pane: "tab", panes: "tabs", ask: "The tabs need at least two tabs: add items or tabs" },
  accordion: {
    name: "Accordion",
    pane: "section",
    panes: "sections",
    ask: "The accordion needs at least two sections: add FAQ entries, items or sections",
  },
  menu: { name: "Menu", pane: "entry", panes: "entries", ask: "The menu needs at least two entries: add links or entries" },
  itemCart: { name: "Cart", pane: "product", panes: "products", ask: "The cart needs at least two items to choose from: add items" },
  survey: {
    name: "Survey",
    pane: "step",
    panes: "steps",
    ask: "The survey needs a question with at least two answers: add a question and its answers",
  },
  quiz: {
    name: "Quiz",
    pane: "question",
    panes: "questions",
    ask: "The quiz needs a question with at least two answers: add a question and its answers",
  },
};

/** An instruction's kind in words. */
export const INSTRUCTION_WORDS: Record<(typeof INSTRUCTION_KINDS)[number], string> = {
  naming: "naming",
  request: "request",
  tone: "tone",
  length: "length",
  avoid: "avoid",
  say: "say",
  technique: "module",
  audience: "audience",
  signature: "signature",
};

const blank: DraftText = { value: "" };
const shown = (x: { value: string; span: Span } | undefined): DraftText =>
  x ? { value: x.value, ...(isTyped(x.span) ? {} : { span: x.span }) } : { value: "" };
const priceShown = (p: BriefPrice | undefined): DraftText => (p ? shown({ value: p.display, span: p.span }) : blank);
const rowsShown = (rows: ReadonlyArray<{ value: string; span: Span }>): DraftRow[] => rows.map((r, k) => ({ from: k, ...shown(r) }));

export const blankItem = (): DraftItem => ({ name: blank, price: blank, was: blank, detail: blank, link: blank, image: blank });
export const blankOffer = (): DraftOffer => ({ text: blank, code: blank, threshold: blank, deadline: blank, scope: blank });
export const blankQuestion = (): DraftQuestion => ({ text: blank, options: [{ value: "" }, { value: "" }], correct: "" });
export const blankEvent = (): DraftEvent => ({ shown: false, when: blank, where: blank, who: [], agenda: [] });

/** The form's first state: the brief as read (or as confirmed, when the user comes back to it). */
export function draftFromBrief(brief: Brief): UnderstoodDraft {
  return {
    brand: shown(brief.brand),
    product: shown(brief.product),
    emailType: brief.emailType.value,
    occasion: brief.occasion.kind,
    language: brief.language.frame,
    length: brief.length?.value ?? "",
    subject: shown(brief.subject),
    preheader: shown(brief.preheader),
    items: brief.items.map((i, k) => ({
      from: k,
      name: shown(i.name),
      price: priceShown(i.price),
      was: priceShown(i.was),
      detail: shown(i.detail),
      link: shown(i.link),
      image: shown(i.image),
    })),
    offers: brief.offers.map((o, k) => ({
      from: k,
      text: shown(o.text),
      code: shown(o.code),
      threshold: shown(o.threshold?.text),
      deadline: shown(o.deadline),
      scope: shown(o.scope),
    })),
    questions: brief.questions.map((q, k) => ({
      from: k,
      text: shown(q.text),
      options: rowsShown(q.options),
      correct: q.correct !== undefined && q.correct < q.options.length ? String(q.correct) : "",
    })),
    links: rowsShown(brief.links),
    message: rowsShown(brief.message),
    ctas: brief.ctas.map((c, k) => ({ from: k, label: shown(c.label), url: shown(c.url) })),
    ruledOut: rowsShown(brief.ruledOut),
    says: rowsShown(brief.says),
    faq: brief.faq.map((f, k) => ({ from: k, question: shown(f.question), answer: shown(f.answer) })),
    event: brief.event
      ? {
          shown: true,
          when: shown(brief.event.when),
          where: shown(brief.event.where),
          who: rowsShown(brief.event.who),
          agenda: rowsShown(brief.event.agenda),
        }
      : blankEvent(),
    images: rowsShown(brief.images),
    techniques: brief.techniques.map((t, k) => ({ from: k, technique: t.technique, panes: rowsShown(t.panes) })),
  };
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** The typed value, with the reference's span when it is unchanged. */
function kept(typed: string, was: { value: string; span: Span } | undefined): DraftText {
  return was && !isTyped(was.span) && same(typed, was.value) ? { value: typed, span: was.span } : { value: typed };
}
const keptPrice = (typed: string, was: BriefPrice | undefined) => kept(typed, was ? { value: was.display, span: was.span } : undefined);

function fieldValue(form: FormLike, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, BRIEF_LIMITS.url + 1) : "";
}

function fromIndex(form: FormLike, name: string, length: number): number | undefined {
  const raw = fieldValue(form, name);
  const n = Number(raw);
  return raw !== "" && Number.isInteger(n) && n >= 0 && n < length ? n : undefined;
}

/** How many rows the form posted: `name(0)`, `name(1)` … while present, at most `max`. */
function rowCount(form: FormLike, name: (n: number) => string, max: number): number {
  let n = 0;
  while (n < max && form.get(name(n)) !== null) n++;
  return n;
}

/** A list of single values (`u.links.0`, `u.links.0.from` …) against the reference's rows. */
function listFromForm(form: FormLike, prefix: string, max: number, ref: ReadonlyArray<{ value: string; span: Span }>): DraftRow[] {
  return Array.from({ length: rowCount(form, (n) => `${prefix}.${n}`, max) }, (_, i): DraftRow => {
    const from = fromIndex(form, `${prefix}.${i}.from`, ref.length);
    return {
      ...(from !== undefined ? { from } : {}),
      ...kept(fieldValue(form, `${prefix}.${i}`), from !== undefined ? ref[from] : undefined),
    };
  });
}

/** The draft the posted form holds (`u.brand`, `u.items.0.name`, `u.questions.1.options.2` …), against the reference brief. */
export function draftFromForm(form: FormLike, ref: Brief): UnderstoodDraft {
  const v = (name: string) => fieldValue(form, name);
  const rows = (prefix: string, first: string, max: number) =>
    Array.from({ length: rowCount(form, (n) => `${prefix}.${n}.${first}`, max) }, (_, i) => i);
  const items = rows("u.items", "name", BRIEF_LIMITS.items).map((i): DraftItem => {
    const p = `u.items.${i}`;
    const from = fromIndex(form, `${p}.from`, ref.items.length);
    const was = from !== undefined ? ref.items[from] : undefined;
    return {
      ...(from !== undefined ? { from } : {}),
      name: kept(v(`${p}.name`), was?.name),
      price: keptPrice(v(`${p}.price`), was?.price),
      was: keptPrice(v(`${p}.was`), was?.was),
      detail: kept(v(`${p}.detail`), was?.detail),
      link: kept(v(`${p}.link`), was?.link),
      image: kept(v(`${p}.image`), was?.image),
    };
  });
  const offers = rows("u.offers", "text", BRIEF_LIMITS.offers).map((i): DraftOffer => {
    const p = `u.offers.${i}`;
    const from = fromIndex(form, `${p}.from`, ref.offers.length);
    const was = from !== undefined ? ref.offers[from] : undefined;
    return {
      ...(from !== undefined ? { from } : {}),
      text: kept(v(`${p}.text`), was?.text),
      code: kept(v(`${p}.code`), was?.code),
      threshold: kept(v(`${p}.threshold`), was?.threshold?.text),
      deadline: kept(v(`${p}.deadline`), was?.deadline),
      scope: kept(v(`${p}.scope`), was?.scope),
    };
  });
  const questions = rows("u.questions", "text", BRIEF_LIMITS.questions).map((i): DraftQuestion => {
    const p = `u.questions.${i}`;
    const from = fromIndex(form, `${p}.from`, ref.questions.length);
    const was = from !== undefined ? ref.questions[from] : undefined;
    const options = listFromForm(form, `${p}.options`, BRIEF_LIMITS.options, was?.options ?? []);
    const posted = form.get(`${p}.correct`);
    const correct = posted === null ? String(was?.correct ?? "") : v(`${p}.correct`);
    return { ...(from !== undefined ? { from } : {}), text: kept(v(`${p}.text`), was?.text), options, correct };
  });
  const message = Array.from({ length: rowCount(form, (n) => `u.message.${n}`, BRIEF_LIMITS.message) }, (_, i): DraftMessage => {
    const from = fromIndex(form, `u.message.${i}.from`, ref.message.length);
    if (from !== undefined) return { from, ...kept(v(`u.message.${i}`), ref.message[from]) };
    const unused = fromIndex(form, `u.message.${i}.unused`, ref.unused.length);
    return unused !== undefined ? { unused, ...kept(v(`u.message.${i}`), ref.unused[unused].text) } : { value: v(`u.message.${i}`) };
  });
  const ctas = rows("u.ctas", "label", BRIEF_LIMITS.ctas).map((i): DraftCta => {
    const from = fromIndex(form, `u.ctas.${i}.from`, ref.ctas.length);
    const was = from !== undefined ? ref.ctas[from] : undefined;
    return {
      ...(from !== undefined ? { from } : {}),
      label: kept(v(`u.ctas.${i}.label`), was?.label),
      url: kept(v(`u.ctas.${i}.url`), was?.url),
    };
  });
  const faq = rows("u.faq", "question", BRIEF_LIMITS.faq).map((i): DraftFaq => {
    const from = fromIndex(form, `u.faq.${i}.from`, ref.faq.length);
    const was = from !== undefined ? ref.faq[from] : undefined;
    return {
      ...(from !== undefined ? { from } : {}),
      question: kept(v(`u.faq.${i}.question`), was?.question),
      answer: kept(v(`u.faq.${i}.answer`), was?.answer),
    };
  });
  const event: DraftEvent =
    form.get("u.event.when") === null
      ? blankEvent()
      : {
          shown: true,
          when: kept(v("u.event.when"), ref.event?.when),
          where: kept(v("u.event.where"), ref.event?.where),
          who: listFromForm(form, "u.event.who", BRIEF_LIMITS.people, ref.event?.who ?? []),
          agenda: listFromForm(form, "u.event.agenda", BRIEF_LIMITS.agenda, ref.event?.agenda ?? []),
        };
  const techniques = Array.from({ length: rowCount(form, (n) => `u.techniques.${n}.from`, ref.techniques.length) }).flatMap(
    (_, i): DraftTechnique[] => {
      const from = fromIndex(form, `u.techniques.${i}.from`, ref.techniques.length);
      if (from === undefined) return [];
      const was = ref.techniques[from];
      return [{ from, technique: was.technique, panes: listFromForm(form, `u.techniques.${i}.panes`, BRIEF_LIMITS.items, was.panes) }];
    },
  );
  return {
    brand: kept(v("u.brand"), ref.brand),
    product: kept(v("u.product"), ref.product),
    emailType: v("u.emailType") || ref.emailType.value,
    occasion: v("u.occasion") || ref.occasion.kind,
    language: v("u.language") || ref.language.frame,
    // A form without the select (an older page) leaves the length as read; "" is a length removed.
    length: form.get("u.length") === null ? (ref.length?.value ?? "") : v("u.length"),
    subject: kept(v("u.subject"), ref.subject),
    preheader: kept(v("u.preheader"), ref.preheader),
    items,
    offers,
    questions,
    links: listFromForm(form, "u.links", BRIEF_LIMITS.links, ref.links),
    message,
    ctas,
    ruledOut: listFromForm(form, "u.ruledOut", BRIEF_LIMITS.ruledOut, ref.ruledOut),
    says: listFromForm(form, "u.says", BRIEF_LIMITS.says, ref.says),
    faq,
    event,
    images: listFromForm(form, "u.images", BRIEF_LIMITS.images, ref.images),
    techniques,
  };
}

/** The lists of the form a button adds a blank row to or removes a row from, with their bounds. */
const LISTS = {
  items: { max: BRIEF_LIMITS.items, blank: blankItem },
  offers: { max: BRIEF_LIMITS.offers, blank: blankOffer },
  questions: { max: BRIEF_LIMITS.questions, blank: blankQuestion },
  links: { max: BRIEF_LIMITS.links, blank: (): DraftRow => ({ value: "" }) },
  message: { max: BRIEF_LIMITS.message, blank: (): DraftMessage => ({ value: "" }) },
  ctas: { max: BRIEF_LIMITS.ctas, blank: (): DraftCta => ({ label: blank, url: blank }) },
  ruledOut: { max: BRIEF_LIMITS.ruledOut, blank: (): DraftRow => ({ value: "" }) },
  says: { max: BRIEF_LIMITS.says, blank: (): DraftRow => ({ value: "" }) },
  faq: { max: BRIEF_LIMITS.faq, blank: (): DraftFaq => ({ question: blank, answer: blank }) },
  images: { max: BRIEF_LIMITS.images, blank: (): DraftRow => ({ value: "" }) },
} as const;
type ListName = keyof typeof LISTS;
const isList = (s: string): s is ListName => Object.prototype.hasOwnProperty.call(LISTS, s);

/** A blank row added (within `max`), or row `at` removed; null when there is no such row. */
function edited<T>(rows: T[], op: string, at: string | undefined, max: number, blankRow: () => T): T[] | null {
  if (op === "add" && at === undefined) return rows.length < max ? [...rows, blankRow()] : rows;
  if (op === "remove" && at !== undefined && rows[Number(at)]) return rows.filter((_, i) => i !== Number(at));
  return null;
}

/** The parts of the prompt still not used: the reference's `unused`, less those moved into the message. */
export function unusedLeft(draft: UnderstoodDraft, ref: Brief): Array<{ k: number; part: Brief["unused"][number] }> {
  const moved = new Set(draft.message.flatMap((m) => (m.unused !== undefined && m.value.trim() ? [m.unused] : [])));
  return ref.unused.flatMap((part, k) => (moved.has(k) ? [] : [{ k, part }]));
}

/**
 * An add, remove or use button's intent applied to the draft: `add:items`, `remove:offers.1`,
 * `add:questions.0.options`, `remove:questions.0.options.2`, `add:event`, `remove:event.who.1`,
 * `add:techniques.0.panes`, `use:unused.3` (the reference's unused part as a message sentence,
 * its span kept: the words are the prompt's) …; null for any other.
 */
export function applyEdit(draft: UnderstoodDraft, intent: string, ref?: Brief): UnderstoodDraft | null {
  const m = /^(add|remove|use):([a-zA-Z]{1,12})(?:\.(\d{1,2}))?(?:\.([a-z]{1,8})(?:\.(\d{1,2}))?)?$/.exec(intent);
  if (!m) return null;
  const [, op, list, a, sub, b] = m;
  if (op === "use") {
    if (list !== "unused" || a === undefined || sub || !ref) return null;
    const k = Number(a);
    const part = ref.unused[k];
    if (!part || !unusedLeft(draft, ref).some((u) => u.k === k)) return null;
    if (draft.message.length >= BRIEF_LIMITS.message) return draft;
    return {
      ...draft,
      message: [...draft.message, { unused: k, value: part.text.value, ...(isTyped(part.text.span) ? {} : { span: part.text.span }) }],
    };
  }
  if (list === "event") {
    if (a !== undefined) return null;
    if (!sub) {
      if (b !== undefined) return null;
      return op === "add" ? { ...draft, event: { ...draft.event, shown: true } } : { ...draft, event: blankEvent() };
    }
    if (sub !== "who" && sub !== "agenda") return null;
    const rows = edited(draft.event[sub], op, b, sub === "who" ? BRIEF_LIMITS.people : BRIEF_LIMITS.agenda, (): DraftRow => ({
      value: "",
    }));
    return rows && { ...draft, event: { ...draft.event, shown: true, [sub]: rows } };
  }
  if (sub) {
    if (a === undefined) return null;
    const i = Number(a);
    if (list === "questions" && sub === "options" && draft.questions[i]) {
      const q = draft.questions[i];
      const options = edited(q.options, op, b, BRIEF_LIMITS.options, (): DraftOption => ({ value: "" }));
      if (!options) return null;
      // The right answer stays on its option when one before it goes.
      let correct = q.correct;
      if (op === "remove" && correct !== "") {
        const c = Number(correct);
        correct = c === Number(b) ? "" : c > Number(b) ? String(c - 1) : correct;
      }
      return { ...draft, questions: draft.questions.map((x, k) => (k === i ? { ...q, options, correct } : x)) };
    }
    if (list === "techniques" && sub === "panes" && draft.techniques[i]) {
      const t = draft.techniques[i];
      const panes = edited(t.panes, op, b, BRIEF_LIMITS.items, (): DraftRow => ({ value: "" }));
      return panes && { ...draft, techniques: draft.techniques.map((x, k) => (k === i ? { ...t, panes } : x)) };
    }
    return null;
  }
  if (!isList(list) || b !== undefined) return null;
  const rows = edited(draft[list] as unknown[], op, a, LISTS[list].max, LISTS[list].blank as () => unknown);
  return rows && ({ ...draft, [list]: rows } as UnderstoodDraft);
}

const URL_RE = /^(?:https?:\/\/|www\.)[^\s<>"']{1,2000}$/i;
const url = (s: string) => (s.startsWith("www.") ? `https://${s}` : s);

/** A button's address: https only (an email button opens a page the reader trusts), `www.` read as https. */
function httpsUrl(s: string): string | null {
  const candidate = url(s);
  if (/[\s<>"']/.test(candidate)) return null;
  try {
    const u = new URL(candidate);
    return u.protocol === "https:" && u.hostname.includes(".") ? candidate : null;
  } catch {
    return null;
  }
}

/** How much of the brief a module can show as its panes (slides, tabs, sections, entries, products). */
function paneContent(brief: Brief, t: Brief["techniques"][number]): number {
  const panes = t.panes.length;
  switch (t.technique) {
    case "carousel":
      return Math.max(panes, brief.items.length, brief.images.length);
    case "tabs":
      return Math.max(panes, brief.items.length);
    case "accordion":
      return Math.max(panes, brief.faq.length, brief.items.length);
    case "menu":
      return Math.max(panes, brief.links.length, brief.ctas.length);
    case "itemCart":
      return brief.items.length;
    case "survey":
    case "quiz":
      return Math.max(0, ...brief.questions.map((q) => q.options.length));
  }
}

/** What a brief too thin to write from must still be told, keyed by the form's field names. */
export function thinBriefAsks(brief: Brief): FormErrors {
  const asks: FormErrors = {};
  const kind = brief.occasion.kind;
  const saysNothing = !brief.items.length && !brief.offers.length && !brief.product && !brief.questions.length && !brief.message.length;
  if ((kind === "newsletter" || kind === "announcement" || brief.emailType.value === "newsletter") && saysNothing)
    asks["u.message"] = "What should this email say? Add a sentence to the reader, or an item";
  if ((kind === "survey" || kind === "nps" || kind === "quiz") && !brief.questions.length)
    asks["u.questions"] = "Which question should this email ask? Add a question and the answers to choose from";
  brief.questions.forEach((q, i) => {
    if (!q.options.length) asks[`u.questions.${i}.options`] = "Add the answers to choose from, one per row";
  });
  // A module with one pane is no module: ask for the second rather than invent it.
  brief.techniques.forEach((t, i) => {
    if (paneContent(brief, t) < 2) asks[`u.techniques.${i}`] = TECHNIQUE_WORDS[t.technique].ask;
  });
  return asks;
}

/** Whether a form error is one of the asks of a thin brief (shown beside its section, not as a mistake). */
export const isAsk = (name: string) => /^u\.(?:message|items|questions(?:\.\d{1,2}\.options)?|techniques\.\d)$/.test(name);

const ROW_NOUNS: Record<string, string> = {
  items: "Item",
  offers: "Offer",
  questions: "Question",
  links: "Link",
  message: "Message",
  ctas: "Button",
  ruledOut: "Don't mention",
  says: "Say",
  faq: "FAQ",
  images: "Image",
  instructions: "Instruction",
};
const FIELD_WORDS: Record<string, string> = {
  brand: "Brand",
  product: "Topic",
  emailType: "Email type",
  occasion: "Occasion",
  language: "Language",
  tone: "Tone",
  length: "Length",
  subject: "Subject",
  preheader: "Preheader",
  form: "Form",
  items: "Items",
  offers: "Offers",
  questions: "Questions",
  links: "Links",
  message: "Message",
  ctas: "Buttons",
  ruledOut: "Don't mention",
  says: "Say",
  faq: "FAQ",
  images: "Images",
  event: "Event",
  unused: "Not used",
};
const KEY_WORDS: Record<string, string> = {
  price: "price",
  was: "former price",
  detail: "detail",
  link: "link",
  image: "image",
  code: "code",
  threshold: "minimum spend",
  deadline: "deadline",
  scope: "applies to",
  options: "options",
  correct: "right answer",
  url: "link",
  question: "question",
  answer: "answer",
  when: "when",
  where: "where",
  who: "people",
  agenda: "agenda",
};

/**
 * A field of this form in words, as its mark on the prompt and the error summary name it:
 * "u.items.1.price" → "Item 2 · price", "u.offers.0.code" → "Offer 1 · code", "u.ctas.0.url" →
 * "Button 1 · link", "u.event.agenda.2" → "Event · agenda 3", "u.techniques.0.panes.1" →
 * "Carousel · slide 2" (with the brief that names the module).
 */
export function fieldTitle(name: string, ref?: Brief): string {
  const parts = name.split(".").slice(1);
  const [head, a, key, b] = parts;
  if (head === "event") {
    if (!a) return "Event";
    return b === undefined && key !== undefined && /^\d+$/.test(key)
      ? `Event · ${a === "who" ? "person" : (KEY_WORDS[a] ?? a)} ${Number(key) + 1}`
      : `Event · ${KEY_WORDS[a] ?? a}`;
  }
  if (head === "techniques" && a !== undefined && /^\d+$/.test(a)) {
    const t = ref?.techniques[Number(a)]?.technique;
    const words = t ? TECHNIQUE_WORDS[t] : undefined;
    const module = words ? words.name : `Module ${Number(a) + 1}`;
    if (key === "panes" && b !== undefined) return `${module} · ${words?.pane ?? "pane"} ${Number(b) + 1}`;
    if (key === "panes") return `${module} · ${words?.panes ?? "panes"}`;
    return words ? `Module · ${words.name}` : module;
  }
  if (head === "instructions" && a !== undefined) {
    const kind = ref?.instructions[Number(a)]?.kind;
    return kind ? `Instruction · ${INSTRUCTION_WORDS[kind]}` : "Instruction";
  }
  if (head === "unused") return "Not used";
  const noun = ROW_NOUNS[head];
  if (!noun || a === undefined || !/^\d+$/.test(a)) return FIELD_WORDS[head] ?? head ?? "";
  const row = `${noun} ${Number(a) + 1}`;
  if (key === undefined || key === "text" || key === "name" || key === "label") return row;
  if (key === "options" && b !== undefined) return `${row} · option ${Number(b) + 1}`;
  return `${row} · ${KEY_WORDS[key] ?? key}`;
}

/** A zod issue's path as the form's field name ("items.0.name.value" → "u.items.0.name"). */
function fieldOf(path: Array<string | number>): string {
  const out: Array<string | number> = [];
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    if (["value", "display", "span", "start", "end", "minor", "currency", "kind", "percent"].includes(String(p))) break;
    if (p === "text" && path[i - 1] === "threshold") break;
    out.push(p);
  }
  return ["u", ...out].join(".");
}

/**
 * The draft as a Brief (BriefSchema), against the reference brief it was shown from: unchanged
 * values keep their spans and what the form does not show (tone, audience, quoted…)
 * is the reference's. Codes and dates follow the offers kept: a removed offer's code or deadline
 * is not left for the copy to mention; the event's dates follow its "when" the same way.
 */
export function briefFromDraft(
  draft: UnderstoodDraft,
  ref: Brief,
  promptLength: number,
): { ok: true; brief: Brief } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const text = (d: DraftText): BriefText | undefined => (d.value.trim() ? { value: d.value.trim(), span: d.span ?? TYPED } : undefined);
  const link = (d: DraftText, name: string): BriefText | undefined => {
    const t = text(d);
    if (t && !d.span && !URL_RE.test(t.value)) errors[name] = "A link starts with https://";
    return t ? { ...t, value: d.span ? t.value : url(t.value) } : undefined;
  };
  const rowsOf = (rows: DraftText[]) => rows.flatMap((row) => text(row) ?? []);
  /** A price as read when unchanged, else the typed one parsed ("$4.50", "14,50 €"). */
  const price = (d: DraftText, was: BriefPrice | undefined, name: string, error: string): BriefPrice | undefined => {
    if (!d.value.trim()) return undefined;
    if (d.span && was) return was;
    const p = parsePrice(d.value.trim());
    if (!p) errors[name] = error;
    return p ? { ...p, span: TYPED } : undefined;
  };

  const items = draft.items.flatMap((row, k) => {
    const p = `u.items.${k}`;
    if (![row.name, row.price, row.was, row.detail, row.link, row.image].some((d) => d.value.trim())) return [];
    const name = text(row.name);
    if (!name) errors[`${p}.name`] = "Name the item, or remove it";
    const item: Brief["items"][number] = { name: name ?? { value: "?", span: TYPED } };
    const was = row.from !== undefined ? ref.items[row.from] : undefined;
    const now = price(row.price, was?.price, `${p}.price`, "Write the price with its currency, e.g. $4.50 or 14,50 €");
    if (now) item.price = now;
    const before = price(row.was, was?.was, `${p}.was`, "Write the former price with its currency, e.g. $159");
    if (before) item.was = before;
    const detail = text(row.detail);
    if (detail) item.detail = detail;
    const l = link(row.link, `${p}.link`);
    if (l) item.link = l;
    const image = link(row.image, `${p}.image`);
    if (image) item.image = image;
    return [item];
  });

  const offers: BriefOffer[] = [];
  const deadlines: BriefDate[] = [];
  draft.offers.forEach((row, k) => {
    const p = `u.offers.${k}`;
    if (![row.text, row.code, row.threshold, row.deadline, row.scope].some((d) => d.value.trim())) return;
    const was = row.from !== undefined ? ref.offers[row.from] : undefined;
    const t = text(row.text);
    if (!t) errors[`${p}.text`] = "Say what the offer is, or remove it";
    const offer: BriefOffer = { text: t ?? { value: "?", span: TYPED }, kind: "other" };
    const code = text(row.code);
    if (row.text.span && was) {
      offer.kind = was.kind;
      if (was.percent !== undefined) offer.percent = was.percent;
      if (was.amount) offer.amount = was.amount;
    } else if (t) {
      // A typed offer is read as an offer head is in a prompt ("20% off", "free shipping").
      const head = readOffers(t.value, [], []).offers[0];
      offer.kind = head?.kind ?? (code ? "code" : "other");
      if (head?.percent !== undefined) offer.percent = head.percent;
      if (head?.amount)
        offer.amount = { display: head.amount.display, minor: head.amount.minor, currency: head.amount.currency, span: TYPED };
    }
    if (code) offer.code = code;
    if (row.threshold.value.trim()) {
      if (row.threshold.span && was?.threshold) offer.threshold = was.threshold;
      else {
        const min = parsePrice(row.threshold.value.trim());
        if (min) offer.threshold = { text: { value: row.threshold.value.trim(), span: TYPED }, price: { ...min, span: TYPED } };
        else errors[`${p}.threshold`] = "Give the minimum spend with its price, e.g. over $50";
      }
    }
    const deadline = text(row.deadline);
    if (deadline) {
      offer.deadline = deadline;
      deadlines.push({ ...deadline, governs: { kind: "offer", offer: offers.length } });
    }
    const scope = text(row.scope);
    if (scope) offer.scope = scope;
    offers.push(offer);
  });

  const questions = draft.questions.flatMap((row, k) => {
    const p = `u.questions.${k}`;
    const options = row.options.flatMap((o) => (o.value.trim() ? [{ value: o.value.trim(), span: o.span ?? TYPED }] : []));
    if (!row.text.value.trim() && !options.length) return [];
    const t = text(row.text);
    if (!t) errors[`${p}.text`] = "Write the question, or remove it";
    const was = row.from !== undefined ? ref.questions[row.from] : undefined;
    const sameOptions = was?.scale && was.options.length === options.length && was.options.every((o, m) => same(o.value, options[m].value));
    const question: Brief["questions"][number] = {
      text: t ?? { value: "?", span: TYPED },
      options,
      ...(sameOptions && was?.scale ? { scale: was.scale } : {}),
    };
    if (row.correct !== "") {
      const c = Number(row.correct);
      if (!Number.isInteger(c) || c < 0 || c >= row.options.length) errors[`${p}.correct`] = "Pick the right answer among the options";
      else if (!row.options[c].value.trim()) errors[`${p}.correct`] = "The right answer is blank: write it, or pick another";
      // Blank options are dropped: the answer's index counts the options kept before it.
      else question.correct = row.options.slice(0, c).filter((o) => o.value.trim()).length;
    }
    return [question];
  });

  const links = draft.links.flatMap((row, k) => link(row, `u.links.${k}`) ?? []);
  const message = rowsOf(draft.message);

  const ctas = draft.ctas.flatMap((row, k) => {
    const p = `u.ctas.${k}`;
    if (!row.label.value.trim() && !row.url.value.trim()) return [];
    const label = text(row.label);
    if (!label) errors[`${p}.label`] = "Name the button, or remove it";
    const u = text(row.url);
    let address = u;
    if (u && !row.url.span) {
      const https = httpsUrl(u.value);
      if (!https) errors[`${p}.url`] = "A button's link starts with https://";
      address = { ...u, value: https ?? u.value };
    }
    return [{ label: label ?? { value: "?", span: TYPED }, ...(address ? { url: address } : {}) }];
  });

  const faq = draft.faq.flatMap((row, k) => {
    const p = `u.faq.${k}`;
    const [question, answer] = [text(row.question), text(row.answer)];
    if (!question && !answer) return [];
    if (!question) errors[`${p}.question`] = "Write the question, or remove it";
    if (!answer) errors[`${p}.answer`] = "Write the answer, or remove it";
    return [{ question: question ?? { value: "?", span: TYPED }, answer: answer ?? { value: "?", span: TYPED } }];
  });

  const e = draft.event;
  const when = e.shown ? text(e.when) : undefined;
  const where = e.shown ? text(e.where) : undefined;
  const who = e.shown ? rowsOf(e.who) : [];
  const agenda = e.shown ? rowsOf(e.agenda) : [];
  const event =
    when || where || who.length || agenda.length ? { ...(when ? { when } : {}), ...(where ? { where } : {}), who, agenda } : undefined;
  // The dates the event governs follow its "when": kept as read, they stay; typed, the typed one
  // replaces them; cleared, they go. A brief with no "when" read keeps the dates it read.
  const readWhen = ref.event?.when;
  const eventDates = ref.dates.filter((d) => d.governs.kind === "event");
  const datesOfEvent: BriefDate[] =
    when && !isTyped(when.span) ? eventDates : when ? [{ ...when, governs: { kind: "event" } }] : readWhen ? [] : eventDates;

  const techniques = draft.techniques.flatMap((row) => {
    const was = ref.techniques[row.from];
    return was ? [{ technique: was.technique, span: was.span, panes: rowsOf(row.panes) }] : [];
  });

  const emailType = (EMAIL_TYPES as readonly string[]).includes(draft.emailType)
    ? (draft.emailType as Brief["emailType"]["value"])
    : undefined;
  if (!emailType) errors["u.emailType"] = "Pick an email type";
  const occasion = (OCCASION_KINDS as readonly string[]).includes(draft.occasion)
    ? (draft.occasion as Brief["occasion"]["kind"])
    : undefined;
  if (!occasion) errors["u.occasion"] = "Pick what the email is for";
  const language = (FRAME_LANGUAGES as readonly string[]).includes(draft.language)
    ? (draft.language as Brief["language"]["frame"])
    : undefined;
  if (!language) errors["u.language"] = "Pick one of the languages listed";
  const length = (LENGTHS as readonly string[]).includes(draft.length) ? (draft.length as (typeof LENGTHS)[number]) : undefined;
  if (draft.length !== "" && !length) errors["u.length"] = "Pick short, long, or no length";

  const brand = text(draft.brand);
  const product = text(draft.product);
  const subject = text(draft.subject);
  const preheader = text(draft.preheader);
  const moved = new Set(draft.message.flatMap((m) => (m.unused !== undefined && m.value.trim() ? [m.unused] : [])));
  const raw: Brief = {
    ...ref,
    brand,
    product,
    subject,
    preheader,
    emailType: emailType === ref.emailType.value ? ref.emailType : { value: emailType ?? ref.emailType.value, source: "hint" },
    occasion:
      occasion === ref.occasion.kind
        ? ref.occasion
        : { kind: occasion ?? ref.occasion.kind, ...(ref.occasion.named ? { named: ref.occasion.named } : {}) },
    // Left as read, the language keeps what was detected (a prompt in a language without a frame
    // stays marked so); picked by the user, it is that frame language, supported.
    language: !language || language === ref.language.frame ? ref.language : { code: language, frame: language, supported: true },
    length: length && length === ref.length?.value ? ref.length : length ? { value: length, span: TYPED } : undefined,
    items,
    offers,
    questions,
    links,
    message,
    ctas,
    ruledOut: rowsOf(draft.ruledOut),
    says: rowsOf(draft.says),
    faq,
    event,
    images: draft.images.flatMap((row, k) => link(row, `u.images.${k}`) ?? []),
    techniques,
    unused: ref.unused.filter((_, k) => !moved.has(k)),
    codes: offers.flatMap((o) => (o.code ? [o.code] : [])),
    dates: [...ref.dates.filter((d) => d.governs.kind === "none"), ...datesOfEvent, ...deadlines].slice(0, BRIEF_LIMITS.dates),
  };
  for (const key of ["brand", "product", "subject", "preheader", "length", "event"] as const) if (raw[key] === undefined) delete raw[key];

  const parsed = BriefSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors[fieldOf(issue.path)] ??= issue.code === "too_big" ? "Too long or too many: shorten it" : issue.message;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const outside = spanOutsidePrompt(parsed.data!, promptLength);
  if (outside) return { ok: false, errors: { form: "The brief does not match the prompt any more; continue from the prompt again." } };
  const asks = thinBriefAsks(parsed.data!);
  return Object.keys(asks).length ? { ok: false, errors: asks } : { ok: true, brief: parsed.data! };
}

/** What a mark says a part of the prompt became: a field's value, an instruction to Kinetic, or nothing (not used). */
export type MarkKind = "field" | "instruction" | "unused";
const KIND_ORDER: Record<MarkKind, number> = { field: 0, instruction: 1, unused: 2 };

export interface PromptMark {
  /** The mark's id on the page (marks are in the prompt's order). */
  n: number;
  span: Span;
  kind: MarkKind;
  /** The form fields (names) the span gave, and what it became in words ("Item 2 · price", "Not used"). */
  fields: string[];
  labels: string[];
  /** The words shown on the mark: the fields it filled, else what it is ("Event date", "Not used"). */
  tag: string;
}

/**
 * Every span the draft still holds (and the reference's values the form does not edit: dates,
 * conditions, quoted words, instructions, the parts not used…), in the prompt's order, each named
 * by what it became; values read at the same place share a mark.
 */
export function draftMarks(draft: UnderstoodDraft, ref: Brief): PromptMark[] {
  const raw: Array<{ span: Span; field: string; label: string; kind: MarkKind }> = [];
  const add = (d: { span?: Span } | undefined, field: string, label = fieldTitle(field, ref), kind: MarkKind = "field") => {
    if (d?.span && !isTyped(d.span)) raw.push({ span: d.span, field, label, kind });
  };
  const addRows = (rows: DraftText[], prefix: string) => rows.forEach((r, i) => add(r, `${prefix}.${i}`));
  add(draft.brand, "u.brand");
  add(draft.product, "u.product");
  add(draft.subject, "u.subject");
  add(draft.preheader, "u.preheader");
  if (draft.emailType === ref.emailType.value) add(ref.emailType, "u.emailType");
  if (draft.occasion === ref.occasion.kind) {
    add(ref.occasion, "u.occasion");
    add(ref.occasion.named, "u.occasion", "Named occasion");
  }
  if (draft.length !== "" && draft.length === ref.length?.value) add(ref.length, "u.length");
  draft.items.forEach((it, i) => {
    for (const key of ["name", "price", "was", "detail", "link", "image"] as const) add(it[key], `u.items.${i}.${key}`);
  });
  draft.offers.forEach((o, i) => {
    for (const key of ["text", "code", "threshold", "deadline", "scope"] as const) add(o[key], `u.offers.${i}.${key}`);
  });
  draft.questions.forEach((q, i) => {
    add(q.text, `u.questions.${i}.text`);
    addRows(q.options, `u.questions.${i}.options`);
  });
  addRows(draft.links, "u.links");
  addRows(draft.message, "u.message");
  draft.ctas.forEach((c, i) => {
    add(c.label, `u.ctas.${i}.label`);
    add(c.url, `u.ctas.${i}.url`);
  });
  addRows(draft.ruledOut, "u.ruledOut");
  addRows(draft.says, "u.says");
  draft.faq.forEach((f, i) => {
    add(f.question, `u.faq.${i}.question`);
    add(f.answer, `u.faq.${i}.answer`);
  });
  if (draft.event.shown) {
    add(draft.event.when, "u.event.when");
    add(draft.event.where, "u.event.where");
    addRows(draft.event.who, "u.event.who");
    addRows(draft.event.agenda, "u.event.agenda");
  }
  addRows(draft.images, "u.images");
  draft.techniques.forEach((t, i) => {
    add(ref.techniques[t.from], `u.techniques.${i}`);
    addRows(t.panes, `u.techniques.${i}.panes`);
  });
  add(ref.tone, "u.tone");
  ref.dates.filter((d) => d.governs.kind !== "offer").forEach((d) => add(d, "", d.governs.kind === "event" ? "Event date" : "Date"));
  ref.conditions.forEach((c) => add(c, "", "Condition"));
  add(ref.audience, "", "Audience");
  add(ref.cta, "", "Call to action");
  add(ref.signature, "", "Signature");
  ref.quoted.forEach((q) => add(q, "", "Quoted words"));
  ref.instructions.forEach((ins, k) => add(ins.text, `u.instructions.${k}`, undefined, "instruction"));
  for (const { k, part } of unusedLeft(draft, ref)) add(part.text, `u.unused.${k}`, "Not used", "unused");

  const groups = new Map<string, PromptMark & { named: string[] }>();
  for (const r of raw.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end)) {
    const key = `${r.span.start}:${r.span.end}`;
    const g = groups.get(key) ?? { n: groups.size + 1, span: r.span, kind: r.kind, fields: [], labels: [], tag: "", named: [] };
    if (KIND_ORDER[r.kind] < KIND_ORDER[g.kind]) g.kind = r.kind;
    if (r.field && !g.fields.includes(r.field)) g.fields.push(r.field);
    if (!g.labels.includes(r.label)) g.labels.push(r.label);
    if (r.field && !g.named.includes(r.label)) g.named.push(r.label);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ named, ...g }) => ({ ...g, tag: (named.length ? named : g.labels).join(", ") }));
}

/**
 * The prompt cut where marks start and end: each piece with the marks covering it, those starting
 * there, and the kind it shows (a field's value over an instruction over a part not used).
 */
export function markedPieces(
  prompt: string,
  marks: PromptMark[],
): Array<{ text: string; covering: number[]; starting: number[]; kind?: MarkKind }> {
  const cuts = new Set<number>([0, prompt.length]);
  for (const m of marks) {
    if (m.span.end > prompt.length) continue;
    cuts.add(m.span.start);
    cuts.add(m.span.end);
  }
  const at = [...cuts].sort((a, b) => a - b);
  const fits = marks.filter((m) => m.span.end <= prompt.length);
  const pieces: Array<{ text: string; covering: number[]; starting: number[]; kind?: MarkKind }> = [];
  for (let i = 0; i + 1 < at.length; i++) {
    const [s, e] = [at[i], at[i + 1]];
    const covering = fits.filter((m) => m.span.start <= s && e <= m.span.end);
    const kind = covering.reduce<MarkKind | undefined>((k, m) => (!k || KIND_ORDER[m.kind] < KIND_ORDER[k] ? m.kind : k), undefined);
    pieces.push({
      text: prompt.slice(s, e),
      covering: covering.map((m) => m.n),
      starting: fits.filter((m) => m.span.start === s).map((m) => m.n),
      ...(kind ? { kind } : {}),
    });
  }
  return pieces;
}
