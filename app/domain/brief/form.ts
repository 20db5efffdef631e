// The brief as a form ("What Kinetic understood", the builder's second step). The form holds the
// brief's values as the user sees them (a draft of strings); each row remembers which row of the
// reference brief it came from (`from`), so a value left as it was keeps the span it was read at,
// and a value the user typed gets the empty span at 0 (TYPED). Parsing the draft back gives a
// Brief (BriefSchema) or errors keyed by the form's field names. Where the brief is too thin to
// say something true (a newsletter with nothing to say, a survey with no question), the form asks
// instead of the copy inventing. See docs/brief.md and docs/builder.md.
import { parsePrice } from "~/domain/prompt/facts/money";
import { EMAIL_TYPES, FRAME_LANGUAGES } from "~/domain/prompt/facts/types";
import { readOffers } from "./offers";
import {
  BRIEF_LIMITS,
  BriefSchema,
  OCCASION_KINDS,
  spanOutsidePrompt,
  type Brief,
  type BriefDate,
  type BriefOffer,
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
export interface DraftItem {
  from?: number;
  name: DraftText;
  price: DraftText;
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
export interface DraftOption extends DraftText {
  from?: number;
}
export interface DraftQuestion {
  from?: number;
  text: DraftText;
  options: DraftOption[];
}
export interface DraftLink extends DraftText {
  from?: number;
}
/** One of the prompt's own sentences to the reader (the brief's `message`). */
export interface DraftMessage extends DraftText {
  from?: number;
}
export interface UnderstoodDraft {
  brand: DraftText;
  /** What the email is about when it has no items: the brief's `product`. */
  product: DraftText;
  emailType: string;
  occasion: string;
  /** The email's frame language (its fixed phrases and `<html lang>`): one of FRAME_LANGUAGES. */
  language: string;
  items: DraftItem[];
  offers: DraftOffer[];
  questions: DraftQuestion[];
  links: DraftLink[];
  message: DraftMessage[];
}

export type FormErrors = Record<string, string>;
type FormLike = { get(name: string): FormDataEntryValue | null };

const blank: DraftText = { value: "" };
const shown = (x: { value: string; span: Span } | undefined): DraftText =>
  x ? { value: x.value, ...(isTyped(x.span) ? {} : { span: x.span }) } : { value: "" };

export const blankItem = (): DraftItem => ({ name: blank, price: blank, detail: blank, link: blank, image: blank });
export const blankOffer = (): DraftOffer => ({ text: blank, code: blank, threshold: blank, deadline: blank, scope: blank });
export const blankQuestion = (): DraftQuestion => ({ text: blank, options: [{ value: "" }, { value: "" }] });

/** The form's first state: the brief as read (or as confirmed, when the user comes back to it). */
export function draftFromBrief(brief: Brief): UnderstoodDraft {
  return {
    brand: shown(brief.brand),
    product: shown(brief.product),
    emailType: brief.emailType.value,
    occasion: brief.occasion.kind,
    language: brief.language.frame,
    items: brief.items.map((i, k) => ({
      from: k,
      name: shown(i.name),
      price: i.price ? shown({ value: i.price.display, span: i.price.span }) : blank,
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
      options: q.options.map((o, m) => ({ from: m, ...shown(o) })),
    })),
    links: brief.links.map((l, k) => ({ from: k, ...shown(l) })),
    message: brief.message.map((m, k) => ({ from: k, ...shown(m) })),
  };
}

const same = (a: string, b: string) => a.trim() === b.trim();

/** The typed value, with the reference's span when it is unchanged. */
function kept(typed: string, was: { value: string; span: Span } | undefined): DraftText {
  return was && !isTyped(was.span) && same(typed, was.value) ? { value: typed, span: was.span } : { value: typed };
}

function fieldValue(form: FormLike, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, BRIEF_LIMITS.url + 1) : "";
}

function fromIndex(form: FormLike, name: string, length: number): number | undefined {
  const raw = fieldValue(form, name);
  const n = Number(raw);
  return raw !== "" && Number.isInteger(n) && n >= 0 && n < length ? n : undefined;
}

/** The draft the posted form holds (`u.brand`, `u.items.0.name`, `u.questions.1.options.2` …), against the reference brief. */
export function draftFromForm(form: FormLike, ref: Brief): UnderstoodDraft {
  const v = (name: string) => fieldValue(form, name);
  const rows = (prefix: string, first: string, max: number) => {
    let n = 0;
    while (n < max && form.get(`${prefix}.${n}.${first}`) !== null) n++;
    return Array.from({ length: n }, (_, i) => i);
  };
  const items = rows("u.items", "name", BRIEF_LIMITS.items).map((i): DraftItem => {
    const p = `u.items.${i}`;
    const from = fromIndex(form, `${p}.from`, ref.items.length);
    const was = from !== undefined ? ref.items[from] : undefined;
    return {
      ...(from !== undefined ? { from } : {}),
      name: kept(v(`${p}.name`), was?.name),
      price: kept(v(`${p}.price`), was?.price ? { value: was.price.display, span: was.price.span } : undefined),
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
    let n = 0;
    while (n < BRIEF_LIMITS.options && form.get(`${p}.options.${n}`) !== null) n++;
    const options = Array.from({ length: n }, (_, m): DraftOption => {
      const of = was ? fromIndex(form, `${p}.options.${m}.from`, was.options.length) : undefined;
      return {
        ...(of !== undefined ? { from: of } : {}),
        ...kept(v(`${p}.options.${m}`), of !== undefined ? was?.options[of] : undefined),
      };
    });
    return { ...(from !== undefined ? { from } : {}), text: kept(v(`${p}.text`), was?.text), options };
  });
  let linkCount = 0;
  while (linkCount < BRIEF_LIMITS.links && form.get(`u.links.${linkCount}`) !== null) linkCount++;
  const links = Array.from({ length: linkCount }, (_, i): DraftLink => {
    const from = fromIndex(form, `u.links.${i}.from`, ref.links.length);
    return { ...(from !== undefined ? { from } : {}), ...kept(v(`u.links.${i}`), from !== undefined ? ref.links[from] : undefined) };
  });
  let messageCount = 0;
  while (messageCount < BRIEF_LIMITS.message && form.get(`u.message.${messageCount}`) !== null) messageCount++;
  const message = Array.from({ length: messageCount }, (_, i): DraftMessage => {
    const from = fromIndex(form, `u.message.${i}.from`, ref.message.length);
    return { ...(from !== undefined ? { from } : {}), ...kept(v(`u.message.${i}`), from !== undefined ? ref.message[from] : undefined) };
  });
  return {
    brand: kept(v("u.brand"), ref.brand),
    product: kept(v("u.product"), ref.product),
    emailType: v("u.emailType") || ref.emailType.value,
    occasion: v("u.occasion") || ref.occasion.kind,
    language: v("u.language") || ref.language.frame,
    items,
    offers,
    questions,
    links,
    message,
  };
}

/**
 * An add or remove button's intent applied to the draft: `add:items`, `remove:offers.1`,
 * `add:questions.0.options`, `remove:questions.0.options.2`, `add:links` …; null for any other.
 */
export function applyEdit(draft: UnderstoodDraft, intent: string): UnderstoodDraft | null {
  const m = /^(add|remove):(items|offers|questions|links|message)(?:\.(\d{1,2}))?(?:\.(options)(?:\.(\d{1,2}))?)?$/.exec(intent);
  if (!m) return null;
  const [, op, list, a, options, b] = m;
  const next: UnderstoodDraft = {
    ...draft,
    items: [...draft.items],
    offers: [...draft.offers],
    questions: [...draft.questions],
    links: [...draft.links],
    message: [...draft.message],
  };
  if (options) {
    if (list !== "questions" || a === undefined || !next.questions[Number(a)]) return null;
    const q = next.questions[Number(a)];
    const opts = [...q.options];
    if (op === "add" && b === undefined) {
      if (opts.length < BRIEF_LIMITS.options) opts.push({ value: "" });
    } else if (op === "remove" && b !== undefined && opts[Number(b)]) opts.splice(Number(b), 1);
    else return null;
    next.questions[Number(a)] = { ...q, options: opts };
    return next;
  }
  if (op === "add" && a === undefined) {
    if (list === "items" && next.items.length < BRIEF_LIMITS.items) next.items.push(blankItem());
    if (list === "offers" && next.offers.length < BRIEF_LIMITS.offers) next.offers.push(blankOffer());
    if (list === "questions" && next.questions.length < BRIEF_LIMITS.questions) next.questions.push(blankQuestion());
    if (list === "links" && next.links.length < BRIEF_LIMITS.links) next.links.push({ value: "" });
    if (list === "message" && next.message.length < BRIEF_LIMITS.message) next.message.push({ value: "" });
    return next;
  }
  if (op === "remove" && a !== undefined) {
    const rows = next[list as "items" | "offers" | "questions" | "links" | "message"] as unknown[];
    if (!rows[Number(a)]) return null;
    rows.splice(Number(a), 1);
    return next;
  }
  return null;
}

const URL_RE = /^(?:https?:\/\/|www\.)[^\s<>"']{1,2000}$/i;
const url = (s: string) => (s.startsWith("www.") ? `https://${s}` : s);

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
  return asks;
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
 * is not left for the copy to mention.
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

  const items = draft.items.flatMap((row, k) => {
    const p = `u.items.${k}`;
    if (![row.name, row.price, row.detail, row.link, row.image].some((d) => d.value.trim())) return [];
    const name = text(row.name);
    if (!name) errors[`${p}.name`] = "Name the item, or remove it";
    const item: Brief["items"][number] = { name: name ?? { value: "?", span: TYPED } };
    const was = row.from !== undefined ? ref.items[row.from] : undefined;
    if (row.price.value.trim()) {
      if (row.price.span && was?.price) item.price = was.price;
      else {
        const price = parsePrice(row.price.value.trim());
        if (price) item.price = { ...price, span: TYPED };
        else errors[`${p}.price`] = "Write the price with its currency, e.g. $4.50 or 14,50 €";
      }
    }
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
        const price = parsePrice(row.threshold.value.trim());
        if (price) offer.threshold = { text: { value: row.threshold.value.trim(), span: TYPED }, price: { ...price, span: TYPED } };
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
    return [{ text: t ?? { value: "?", span: TYPED }, options, ...(sameOptions && was?.scale ? { scale: was.scale } : {}) }];
  });

  const links = draft.links.flatMap((row, k) => {
    const l = link(row, `u.links.${k}`);
    return l ? [l] : [];
  });

  const message = draft.message.flatMap((row) => {
    const t = text(row);
    return t ? [t] : [];
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

  const brand = text(draft.brand);
  const product = text(draft.product);
  const raw: Brief = {
    ...ref,
    brand,
    product,
    emailType: emailType === ref.emailType.value ? ref.emailType : { value: emailType ?? ref.emailType.value, source: "hint" },
    occasion:
      occasion === ref.occasion.kind
        ? ref.occasion
        : { kind: occasion ?? ref.occasion.kind, ...(ref.occasion.named ? { named: ref.occasion.named } : {}) },
    // Left as read, the language keeps what was detected (a prompt in a language without a frame
    // stays marked so); picked by the user, it is that frame language, supported.
    language: !language || language === ref.language.frame ? ref.language : { code: language, frame: language, supported: true },
    items,
    offers,
    questions,
    links,
    message,
    codes: offers.flatMap((o) => (o.code ? [o.code] : [])),
    dates: [...ref.dates.filter((d) => d.governs.kind !== "offer"), ...deadlines].slice(0, BRIEF_LIMITS.dates),
  };
  if (!brand) delete raw.brand;
  if (!product) delete raw.product;

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

export interface PromptMark {
  /** The number shown on the mark and on its fields. */
  n: number;
  span: Span;
  /** The form fields (names) and words (labels) the span gave. */
  fields: string[];
  labels: string[];
}

/**
 * Every span the draft still holds (and the reference's values the form does not show: dates,
 * conditions, quoted words, tone…), numbered in the prompt's order; values read at the same
 * place share a mark.
 */
export function draftMarks(draft: UnderstoodDraft, ref: Brief): PromptMark[] {
  const raw: Array<{ span: Span; field: string; label: string }> = [];
  const add = (d: { span?: Span } | undefined, field: string, label: string) => {
    if (d?.span && !isTyped(d.span)) raw.push({ span: d.span, field, label });
  };
  add(draft.brand, "u.brand", "Brand");
  add(draft.product, "u.product", "Topic");
  if (draft.emailType === ref.emailType.value) add(ref.emailType, "u.emailType", "Email type");
  if (draft.occasion === ref.occasion.kind) {
    add(ref.occasion, "u.occasion", "Occasion");
    add(ref.occasion.named, "u.occasion", "Named occasion");
  }
  draft.items.forEach((it, i) => {
    for (const key of ["name", "price", "detail", "link", "image"] as const) add(it[key], `u.items.${i}.${key}`, `Item ${i + 1} ${key}`);
  });
  draft.offers.forEach((o, i) => {
    for (const key of ["text", "code", "threshold", "deadline", "scope"] as const)
      add(o[key], `u.offers.${i}.${key}`, `Offer ${i + 1} ${key === "text" ? "" : key}`.trim());
  });
  draft.questions.forEach((q, i) => {
    add(q.text, `u.questions.${i}.text`, `Question ${i + 1}`);
    q.options.forEach((o, m) => add(o, `u.questions.${i}.options.${m}`, `Question ${i + 1} option ${m + 1}`));
  });
  draft.links.forEach((l, i) => add(l, `u.links.${i}`, `Link ${i + 1}`));
  draft.message.forEach((m, i) => add(m, `u.message.${i}`, `Message ${i + 1}`));
  add(ref.tone, "u.tone", "Tone");
  ref.dates.filter((d) => d.governs.kind !== "offer").forEach((d) => add(d, "", d.governs.kind === "event" ? "Event date" : "Date"));
  ref.conditions.forEach((c) => add(c, "", "Condition"));
  add(ref.audience, "", "Audience");
  add(ref.cta, "", "Call to action");
  ref.quoted.forEach((q) => add(q, "", "Quoted words"));

  const groups = new Map<string, PromptMark>();
  for (const r of raw.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end)) {
    const key = `${r.span.start}:${r.span.end}`;
    const g = groups.get(key) ?? { n: groups.size + 1, span: r.span, fields: [], labels: [] };
    if (r.field && !g.fields.includes(r.field)) g.fields.push(r.field);
    if (!g.labels.includes(r.label)) g.labels.push(r.label);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** The prompt cut where marks start and end: each piece with the marks covering it and those starting there. */
export function markedPieces(prompt: string, marks: PromptMark[]): Array<{ text: string; covering: number[]; starting: number[] }> {
  const cuts = new Set<number>([0, prompt.length]);
  for (const m of marks) {
    if (m.span.end > prompt.length) continue;
    cuts.add(m.span.start);
    cuts.add(m.span.end);
  }
  const at = [...cuts].sort((a, b) => a - b);
  const fits = marks.filter((m) => m.span.end <= prompt.length);
  const pieces: Array<{ text: string; covering: number[]; starting: number[] }> = [];
  for (let i = 0; i + 1 < at.length; i++) {
    const [s, e] = [at[i], at[i + 1]];
    pieces.push({
      text: prompt.slice(s, e),
      covering: fits.filter((m) => m.span.start <= s && e <= m.span.end).map((m) => m.n),
      starting: fits.filter((m) => m.span.start === s).map((m) => m.n),
    });
  }
  return pieces;
}
