/**
 * Content edits (./grammar.ts) applied to a version's content model: the blueprint the HTML and
 * the AMP version are both rendered from, the CopyDoc when the version has one, and the brief read
 * from the prompt (so QA's fidelity and fact trace see the same items, prices and offers). Pure.
 * All or nothing: every edit is tried on copies, and any edit that finds nothing to change (no
 * such item, question or option, a list already full) fails the whole set.
 */
import { chronoParser } from "~/domain/prompt/facts/dates";
import type { Blueprint, Module } from "~/domain/blueprint/schema";
import { currencyMinorDigits } from "~/domain/blueprint/currency";
import type { Brief, BriefItem } from "~/domain/brief/schema";
import type { CopyDoc, CopyItem } from "~/domain/copy/schema";
import { priceMentions } from "~/domain/prompt/facts/money";
import type { FrameLanguage, Price } from "~/domain/prompt/facts/types";
import type { ContentEdit, QuestionRef } from "./grammar";
import { ENDS_PHRASE, FILLER, OVER_WORD, PRICE_SEPARATOR, fold } from "./lexicon";

export interface ContentModel {
  blueprint: Blueprint;
  copyDoc?: CopyDoc | null;
  /** The brief read from the prompt (values the user added carry an empty span at the prompt's end). */
  brief?: Brief | null;
  /** The prompt's length: where the spans of added values point. */
  promptLength: number;
}

export type ContentOutcome =
  { ok: true; model: ContentModel; applied: string[] } | { ok: false; problems: Array<{ instruction: string; reason: string }> };

type Step = { instruction: string; lang: FrameLanguage; edit: ContentEdit };

const LIST_LIMITS: Record<string, { min: number; max: number }> = {
  tabs: { min: 2, max: 5 },
  accordion: { min: 2, max: 8 },
  carousel: { min: 2, max: 6 },
  itemCart: { min: 2, max: 8 },
  menu: { min: 2, max: 8 },
};
const TECHNIQUE_NAME: Record<string, string> = {
  tabs: "tabs",
  accordion: "accordion",
  carousel: "carousel",
  itemCart: "cart",
  menu: "menu",
  survey: "survey",
  quiz: "quiz",
};

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}%]+/u)
    .filter((w) => w && !FILLER.has(w))
    .map(fold);

/** The reference names this text: the same words, or all of its words found in it. */
function names(ref: string, text: string): "exact" | "part" | false {
  if (fold(ref).trim() === fold(text).trim()) return "exact";
  const want = words(ref);
  if (want.length === 0) return false;
  const have = new Set(words(text));
  return want.every((w) => have.has(w)) ? "part" : false;
}

/** The one entry a reference names: an exact name wins; several partial matches are ambiguous. */
function pick<T>(
  list: T[],
  ref: string,
  nameOf: (t: T) => string,
): { found: T; index: number } | { error: "none" | "many"; candidates: string[] } {
  const exact = list.findIndex((t) => names(ref, nameOf(t)) === "exact");
  if (exact >= 0) return { found: list[exact], index: exact };
  const parts = list.map((t, i) => ({ t, i })).filter(({ t }) => names(ref, nameOf(t)));
  if (parts.length === 1) return { found: parts[0].t, index: parts[0].i };
  return { error: parts.length ? "many" : "none", candidates: parts.map(({ t }) => nameOf(t)) };
}

type ListModule = Extract<Module, { technique: "tabs" | "accordion" | "carousel" | "itemCart" | "menu" }>;
type AskModule = Extract<Module, { technique: "survey" | "quiz" }>;

const isList = (m: Module): m is ListModule => m.technique in LIST_LIMITS;
const isAsk = (m: Module): m is AskModule => m.technique === "survey" || m.technique === "quiz";

type AnyItem = ListModule["items"][number];

function itemName(m: ListModule, item: AnyItem): string {
  const i = item as { label?: string; headline?: string };
  if (m.technique === "carousel") return i.headline ?? i.label ?? "";
  return [i.label, m.technique === "tabs" ? i.headline : undefined].filter(Boolean).join(" ");
}

/** The name a summary shows: the label, else the headline. */
function shownName(item: AnyItem): string {
  const i = item as { label?: string; headline?: string };
  return i.label ?? i.headline ?? "";
}

/** Every item of every list module, with its module. */
function allItems(bp: Blueprint): Array<{ module: ListModule; item: AnyItem; index: number }> {
  return bp.interactiveConfig.modules
    .filter(isList)
    .flatMap((module) => (module.items as AnyItem[]).map((item, index) => ({ module, item, index })));
}

function findItem(bp: Blueprint, ref: string): { module: ListModule; item: AnyItem; index: number } | string {
  const list = allItems(bp);
  if (list.length === 0) return "This email has no list of items (tabs, carousel, accordion, cart or menu)";
  const r = pick(list, ref, (x) => itemName(x.module, x.item));
  if ("found" in r) return r.found;
  return r.error === "many"
    ? `“${ref}” names more than one item (${r.candidates.join(", ")}); use more of its name`
    : `There is no item “${ref}”`;
}

function formatPrice(minor: number, currency: string, lang: string): string {
  const digits = currencyMinorDigits(currency);
  return new Intl.NumberFormat(lang, {
    style: "currency",
    currency,
    minimumFractionDigits: minor % 10 ** digits === 0 ? 0 : digits,
  }).format(minor / 10 ** digits);
}

/** A text item's price: the price written in its words is replaced, else written after its name. */
function setTextPrice(m: ListModule, item: AnyItem, price: Price): void {
  const i = item as { label?: string; headline?: string; body?: string };
  for (const field of ["headline", "label", "body"] as const) {
    const v = i[field];
    const mention = v ? priceMentions(v)[0] : undefined;
    if (v && mention) {
      i[field] = v.slice(0, mention.index) + price.display + v.slice(mention.index + mention.display.length);
      return;
    }
  }
  if (m.technique === "carousel" || (m.technique === "tabs" && i.headline))
    i.headline = `${i.headline ?? i.label}${PRICE_SEPARATOR}${price.display}`;
  else if (m.technique === "tabs") i.headline = `${i.label}${PRICE_SEPARATOR}${price.display}`;
  else i.label = `${i.label}${PRICE_SEPARATOR}${price.display}`;
}

function newItem(m: ListModule, name: string, price: Price | undefined, url: string | undefined): AnyItem | string {
  const priced = price ? `${name}${PRICE_SEPARATOR}${price.display}` : name;
  const cta = url ? { cta: { label: name.slice(0, 80), url } } : {};
  switch (m.technique) {
    case "tabs":
      return { label: name.slice(0, 40), body: priced, ...cta };
    case "accordion":
      return { label: name, body: priced, ...cta };
    case "carousel":
      return { headline: priced, ...cta };
    case "itemCart": {
      if (!price) return `A cart item needs its price, e.g. add ${name} ${formatPrice(1200, m.currency, "en")}`;
      if (price.currency !== m.currency) return `The cart is priced in ${m.currency}; give ${name}'s price in ${m.currency}`;
      return { label: name, price: Math.max(currencyMinorDigits(m.currency) === 2 ? 100 : 1, price.minor) };
    }
    case "menu":
      return url ? { label: name, url } : `A menu entry needs its link, e.g. add ${name} https://…`;
  }
}

function findQuestion(bp: Blueprint, ref: QuestionRef | undefined, option?: string): { module: AskModule; qi: number } | string {
  const asks = bp.interactiveConfig.modules.filter(isAsk);
  if (asks.length === 0) return "This email has no survey or quiz questions";
  const all = asks.flatMap((module) => module.questions.map((q, qi) => ({ module, qi, text: q.question })));
  if (!ref) {
    if (option === undefined) return all.length === 1 ? all[0] : "Say which question, e.g. question 2";
    // An option named without its question: the one question that has it (or the only question).
    const having = all.filter(({ module, qi }) => optionLabels(module, qi).some((o) => names(option, o) === "exact"));
    if (having.length === 1) return having[0];
    return all.length === 1 ? all[0] : "Say which question, e.g. … to question 2";
  }
  if ("index" in ref) return all[ref.index - 1] ?? `There is no question ${ref.index} (the email has ${all.length})`;
  const r = pick(all, ref.text, (x) => x.text);
  return "found" in r ? r.found : r.error === "many" ? `“${ref.text}” names more than one question` : `There is no question “${ref.text}”`;
}

function optionLabels(m: AskModule, qi: number): string[] {
  const q = m.questions[qi];
  return m.technique === "survey"
    ? (q as { options: Array<{ label: string }> }).options.map((o) => o.label)
    : (q as { options: string[] }).options;
}

// ── text in the email's words (offers) ─────────────────────────────────────────────────────────

/** Every text field of the blueprint a reader sees, as setters, so an offer's words can change everywhere. */
function texts(bp: Blueprint): Array<{ get: () => string; set: (v: string) => void }> {
  const out: Array<{ get: () => string; set: (v: string) => void }> = [];
  const field = <T extends object>(o: T, k: keyof T) => {
    if (typeof o[k] === "string") out.push({ get: () => o[k] as unknown as string, set: (v) => ((o as Record<keyof T, unknown>)[k] = v) });
  };
  field(bp, "subject");
  field(bp, "preheader");
  for (const s of bp.sections) {
    field(s, "headline");
    field(s, "body");
  }
  for (const m of bp.interactiveConfig.modules) {
    field(m, "title");
    field(m, "intro");
    if (isList(m))
      for (const it of m.items as AnyItem[])
        for (const k of ["label", "headline", "body", "description"] as const) field(it as Record<string, unknown>, k);
  }
  return out;
}

function indexOfFolded(hay: string, needle: string): number {
  // Folding keeps the length of Latin text (accents are dropped after NFD splits them off).
  const h = hay.normalize("NFC");
  const low = h.toLowerCase();
  return low.indexOf(needle.toLowerCase());
}

function offerDeadline(bp: Blueprint, offer: string, date: string, lang: FrameLanguage): string | null {
  const all = texts(bp);
  const mentioning = all.filter((t) => offerAt(t.get(), offer) >= 0);
  if (mentioning.length === 0) return `There is no offer “${offer}” in the email`;
  const parser = chronoParser(lang);
  // The offer's old deadline: the first date written where the offer is; it changes everywhere.
  let old: string | undefined;
  for (const t of mentioning) {
    old = parser.parse(t.get().slice(0, 2000), new Date(Date.UTC(2025, 0, 1)))[0]?.text.replace(/^(?:on|le|el|am|em|il)\s+/i, "");
    if (old) break;
  }
  if (old) {
    for (const t of all) if (t.get().includes(old)) t.set(t.get().split(old).join(date));
    return null;
  }
  const host = mentioning.find((t) => t.get().length + date.length < 1900) ?? mentioning[0];
  host.set(`${host.get().replace(/\s+$/, "")} ${ENDS_PHRASE[lang](date)}`.trim());
  return null;
}

function offerAt(text: string, offer: string): number {
  const pct = /^(\d{1,3}(?:[.,]\d)?)%$/.exec(offer);
  if (pct) {
    const i = text.indexOf(`${pct[1]}%`);
    return i >= 0 ? i : text.indexOf(`${pct[1]}\u00a0%`) >= 0 ? text.indexOf(`${pct[1]}\u00a0%`) : text.indexOf(`${pct[1]} %`);
  }
  return indexOfFolded(text, offer);
}

function offerThreshold(bp: Blueprint, offer: string, price: Price, lang: FrameLanguage): string | null {
  const all = texts(bp);
  let found = false;
  for (const t of all) {
    const v = t.get();
    const at = offerAt(v, offer);
    if (at < 0) continue;
    found = true;
    const after = at + offer.length;
    // A minimum spend already written right after the offer ("over $50") takes the new amount.
    const near = priceMentions(v.slice(after, after + 40))[0];
    if (near && near.index <= 20) {
      const start = after + near.index;
      t.set(v.slice(0, start) + price.display + v.slice(start + near.display.length));
    } else {
      t.set(`${v.slice(0, after)} ${OVER_WORD[lang]} ${price.display}${v.slice(after)}`);
    }
  }
  return found ? null : `There is no offer “${offer}” in the email`;
}

// ── the CopyDoc and the brief follow ───────────────────────────────────────────────────────────

function copyItems(copy: CopyDoc, edit: ContentEdit): void {
  const find = (ref: string) => {
    const r = pick(copy.items, ref, (i) => [i.label, i.headline].filter(Boolean).join(" "));
    return "found" in r ? r : null;
  };
  switch (edit.kind) {
    case "addItem":
      if (copy.items.length < 12)
        copy.items.push({
          label: edit.name.slice(0, 80),
          headline: edit.price ? `${edit.name}${PRICE_SEPARATOR}${edit.price.display}` : "",
          body: "",
          ...(edit.url && /^https?:|^mailto:/i.test(edit.url) ? { href: edit.url } : {}),
        });
      return;
    case "removeItem": {
      const r = find(edit.item);
      if (r) copy.items.splice(r.index, 1);
      return;
    }
    case "renameItem": {
      const r = find(edit.item);
      if (!r) return;
      const it: CopyItem = r.found;
      const old = it.label;
      it.label = edit.to.slice(0, 80);
      if (old && it.headline.includes(old)) it.headline = it.headline.split(old).join(edit.to);
      return;
    }
    case "itemPrice": {
      const r = find(edit.item);
      if (!r) return;
      const it: CopyItem = r.found;
      for (const k of ["headline", "body"] as const) {
        const m = priceMentions(it[k])[0];
        if (m) {
          it[k] = it[k].slice(0, m.index) + edit.price.display + it[k].slice(m.index + m.display.length);
          return;
        }
      }
      it.headline = `${it.headline || it.label}${PRICE_SEPARATOR}${edit.price.display}`;
      return;
    }
    case "itemLink": {
      const r = find(edit.item);
      if (r && /^https?:|^mailto:/i.test(edit.url)) r.found.href = edit.url;
      return;
    }
    default:
      return;
  }
}

function briefFollows(brief: Brief, edit: ContentEdit, at: number): void {
  const span = { start: at, end: at };
  const price = (p: Price) => ({ display: p.display, minor: p.minor, currency: p.currency, span });
  const item = (ref: string) => {
    const r = pick(brief.items, ref, (i) => i.name.value);
    return "found" in r ? r : null;
  };
  switch (edit.kind) {
    case "addItem": {
      const added: BriefItem = {
        name: { value: edit.name, span },
        ...(edit.price ? { price: price(edit.price) } : {}),
        ...(edit.url ? { link: { value: edit.url, span } } : {}),
      };
      if (brief.items.length < 24) brief.items.push(added);
      return;
    }
    case "removeItem": {
      const r = item(edit.item);
      if (r) brief.items.splice(r.index, 1);
      return;
    }
    case "renameItem": {
      const r = item(edit.item);
      if (r) r.found.name = { value: edit.to, span };
      return;
    }
    case "itemPrice": {
      const r = item(edit.item);
      if (r) r.found.price = price(edit.price);
      return;
    }
    case "itemLink": {
      const r = item(edit.item);
      if (r) r.found.link = { value: edit.url, span };
      return;
    }
    case "offerDeadline":
    case "offerThreshold": {
      const o = brief.offers.find((x) => offerAt(x.text.value, edit.offer) >= 0 || (x.code && fold(x.code.value) === fold(edit.offer)));
      if (!o) return;
      if (edit.kind === "offerDeadline") {
        o.deadline = { value: edit.date, span };
        brief.dates = brief.dates.filter((d) => !(d.governs.kind === "offer" && brief.offers[d.governs.offer] === o));
      } else o.threshold = { text: { value: `${OVER_WORD.en} ${edit.price.display}`, span }, price: price(edit.price) };
      return;
    }
    case "addQuestion":
      if (brief.questions.length < 10)
        brief.questions.push({ text: { value: edit.question, span }, options: edit.options.map((value) => ({ value, span })) });
      return;
    default:
      // Question and option edits by number or words: the brief's questions follow the email's.
      return;
  }
}

// ── one edit on the blueprint ──────────────────────────────────────────────────────────────────

function applyOne(bp: Blueprint, { edit, lang }: Step): string | { summary: string } {
  switch (edit.kind) {
    case "addItem": {
      const m = bp.interactiveConfig.modules.find(isList);
      if (!m) return "This email has no list of items (tabs, carousel, accordion, cart or menu) to add to";
      const exists = pick(m.items as AnyItem[], edit.name, (i) => itemName(m, i));
      if ("found" in exists && names(edit.name, itemName(m, exists.found)) === "exact") return `There is already an item “${edit.name}”`;
      if (m.items.length >= LIST_LIMITS[m.technique].max)
        return `The ${TECHNIQUE_NAME[m.technique]} holds at most ${LIST_LIMITS[m.technique].max} items; remove one first`;
      const item = newItem(m, edit.name, edit.price, edit.url);
      if (typeof item === "string") return item;
      (m.items as AnyItem[]).push(item);
      return { summary: `Added “${edit.name}”${edit.price ? ` at ${edit.price.display}` : ""} to the ${TECHNIQUE_NAME[m.technique]}` };
    }
    case "removeItem": {
      const found = findItem(bp, edit.item);
      if (typeof found === "string") return found;
      const { module: m, index } = found;
      if (m.items.length <= LIST_LIMITS[m.technique].min)
        return `The ${TECHNIQUE_NAME[m.technique]} needs at least ${LIST_LIMITS[m.technique].min} items; add one before removing “${edit.item}”`;
      const name = shownName(found.item);
      (m.items as AnyItem[]).splice(index, 1);
      return { summary: `Removed “${name}”` };
    }
    case "renameItem": {
      const found = findItem(bp, edit.item);
      if (typeof found === "string") return found;
      const it = found.item as { label?: string; headline?: string };
      const old = found.module.technique === "carousel" ? (it.headline ?? "") : (it.label ?? "");
      const tail = priceMentions(old)[0];
      const renamed = tail ? `${edit.to}${PRICE_SEPARATOR}${tail.display}` : edit.to;
      if (found.module.technique === "carousel") it.headline = renamed.slice(0, 200);
      else {
        it.label = (found.module.technique === "tabs" ? edit.to.slice(0, 40) : renamed).slice(0, 160);
        if (it.headline && old && it.headline.includes(old)) it.headline = it.headline.split(old).join(edit.to);
      }
      return { summary: `Renamed “${old}” to “${edit.to}”` };
    }
    case "itemPrice": {
      const found = findItem(bp, edit.item);
      if (typeof found === "string") return found;
      const m = found.module;
      if (m.technique === "itemCart") {
        if (edit.price.currency !== m.currency) return `The cart is priced in ${m.currency}; give the new price in ${m.currency}`;
        (found.item as { price: number }).price = Math.max(currencyMinorDigits(m.currency) === 2 ? 100 : 1, edit.price.minor);
      } else if (m.technique === "menu") return "Menu entries have no price";
      else setTextPrice(m, found.item, edit.price);
      return { summary: `Price of “${shownName(found.item)}” set to ${edit.price.display}` };
    }
    case "itemLink": {
      const found = findItem(bp, edit.item);
      if (typeof found === "string") return found;
      const m = found.module;
      const it = found.item as { label?: string; headline?: string; url?: string; cta?: { label: string; url: string } };
      if (m.technique === "menu") it.url = edit.url;
      else if (m.technique === "itemCart") return "Cart items have no link of their own (the cart has one checkout button)";
      else it.cta = { label: it.cta?.label ?? (it.label ?? it.headline ?? "").slice(0, 80), url: edit.url };
      return { summary: `“${shownName(found.item)}” now links to ${edit.url}` };
    }
    case "buttonLink": {
      const withCta = bp.sections.filter((s) => s.cta);
      if (withCta.length === 0) return "This email has no button to link";
      // The main button and every other button that led to the same place.
      const was = withCta[0].cta!.url;
      let n = 0;
      for (const s of withCta) {
        if (s.cta!.url !== was) continue;
        s.cta!.url = edit.url;
        n++;
      }
      return { summary: `${n} button${n === 1 ? "" : "s"} now link${n === 1 ? "s" : ""} to ${edit.url}` };
    }
    case "addQuestion": {
      const m = bp.interactiveConfig.modules.find(isAsk);
      if (!m) return "This email has no survey or quiz to add a question to";
      if (m.technique === "quiz")
        return "A quiz question needs its right answer and explanation; add it by regenerating with it in the prompt";
      if (m.questions.length >= 5) return "A survey holds at most 5 questions";
      if (edit.options.length > 5) return "A survey question has at most 5 options";
      m.questions.push({ question: edit.question.slice(0, 200), options: edit.options.map((label) => ({ label: label.slice(0, 60) })) });
      return { summary: `Added the question “${edit.question}”` };
    }
    case "removeQuestion": {
      const q = findQuestion(bp, edit.question);
      if (typeof q === "string") return q;
      if (q.module.questions.length <= 1) return `The ${TECHNIQUE_NAME[q.module.technique]} needs at least one question`;
      const [gone] = (q.module.questions as Array<{ question: string }>).splice(q.qi, 1);
      return { summary: `Removed the question “${gone.question}”` };
    }
    case "editQuestion": {
      const q = findQuestion(bp, edit.question);
      if (typeof q === "string") return q;
      const question = q.module.questions[q.qi] as { question: string };
      const old = question.question;
      question.question = edit.to.slice(0, 200);
      return { summary: `Question “${old}” now reads “${edit.to}”` };
    }
    case "addOption":
    case "removeOption": {
      const q = findQuestion(bp, edit.question, edit.option);
      if (typeof q === "string") return q;
      const labels = optionLabels(q.module, q.qi);
      const where = q.module.questions[q.qi].question;
      if (edit.kind === "addOption") {
        if (labels.some((l) => names(edit.option, l) === "exact")) return `“${where}” already has the option “${edit.option}”`;
        const max = q.module.technique === "survey" ? 5 : 4;
        if (labels.length >= max) return `A ${q.module.technique} question has at most ${max} options`;
        if (q.module.technique === "survey")
          (q.module.questions[q.qi] as { options: Array<{ label: string }> }).options.push({ label: edit.option.slice(0, 60) });
        else (q.module.questions[q.qi] as { options: string[] }).options.push(edit.option.slice(0, 80));
        return { summary: `Added the option “${edit.option}” to “${where}”` };
      }
      const at = labels.findIndex((l) => names(edit.option, l) === "exact");
      if (at < 0) return `“${where}” has no option “${edit.option}”`;
      if (labels.length <= 2) return `A question needs at least two options; “${where}” has two`;
      if (q.module.technique === "quiz") {
        const quiz = q.module.questions[q.qi] as { options: string[]; answer: number };
        if (quiz.answer === at) return `“${edit.option}” is the right answer of “${where}”; it cannot be removed`;
        quiz.options.splice(at, 1);
        if (quiz.answer > at) quiz.answer--;
      } else (q.module.questions[q.qi] as { options: unknown[] }).options.splice(at, 1);
      return { summary: `Removed the option “${edit.option}” from “${where}”` };
    }
    case "offerDeadline": {
      const problem = offerDeadline(bp, edit.offer, edit.date, lang);
      return problem ?? { summary: `The ${edit.offer} offer now ends ${edit.date}` };
    }
    case "offerThreshold": {
      const problem = offerThreshold(bp, edit.offer, edit.price, lang);
      return problem ?? { summary: `“${edit.offer}” now applies over ${edit.price.display}` };
    }
  }
}

/**
 * Applies every step in order to copies of the model. Any step that cannot apply fails them all,
 * and every such step is named (later steps still run against the earlier ones, so their
 * reasons are the ones the user would meet).
 */
export function applyContentEdits(model: ContentModel, steps: Step[]): ContentOutcome {
  const blueprint = structuredClone(model.blueprint);
  const copyDoc = model.copyDoc ? structuredClone(model.copyDoc) : model.copyDoc;
  const brief = model.brief ? structuredClone(model.brief) : model.brief;
  const applied: string[] = [];
  const problems: Array<{ instruction: string; reason: string }> = [];
  for (const step of steps) {
    const r = applyOne(blueprint, step);
    if (typeof r === "string") {
      problems.push({ instruction: step.instruction, reason: r });
      continue;
    }
    applied.push(`${step.instruction} → ${r.summary}`);
    if (copyDoc) copyItems(copyDoc, step.edit);
    if (brief) briefFollows(brief, step.edit, model.promptLength);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, model: { blueprint, copyDoc, brief, promptLength: model.promptLength }, applied };
}
