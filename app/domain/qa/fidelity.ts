// Prompt fidelity: the facts the prompt states (brand, items and their prices, codes, dates) must
// be readable in the email as each kind of client shows it. A client with `:checked` shows the
// interactive blocks and hides the static fallbacks; Gmail and Outlook.com show the fallbacks and
// never the interactive blocks. Hidden text (the preheader, display:none) is read by nobody.
import { currencyMinorDigits } from "~/domain/blueprint/currency";
import { declValue, parseInlineStyle } from "~/domain/html/css";
import { type DomElement, type DomNode, hasClass, isElement } from "~/domain/html/dom";
import { findPreheader } from "~/domain/html/markup";
import type { EmailDoc } from "~/domain/html/parse";
import { textOf } from "~/domain/html/text";
import type { Brief } from "~/domain/brief/schema";
import { choices } from "./choices";
import type { QaFacts } from "./context";

export type FactKind = "brand" | "item" | "price" | "code" | "date" | "option" | "link";

/**
 * Kinds read well enough that losing one holds the score below "Ready to send" (qa.ts). Dates and
 * codes the prompt reader finds are looser ("Weekend", "Fr", "A15"): losing one fails
 * copy-verbatim and counts as a further fault, but alone does not hold the score.
 */
export const HARD_FACT_KINDS: ReadonlySet<FactKind> = new Set(["brand", "item", "price", "option", "link"]);

export interface MissingFact {
  kind: FactKind;
  /** The fact as the prompt states it, e.g. "Ledgerly" or "Oat Latte $4.50". */
  fact: string;
  /** "email" when it has no interactive block, so both views are the same text. */
  view: "email" | "interactive view" | "fallback";
}

export interface FidelityReport {
  /** Facts looked for (each counted once, whatever the number of views). */
  checked: number;
  missing: MissingFact[];
}

/** Facts longer than this are not a name a reader looks for; they are skipped, not matched. */
const MAX_FACT_CHARS = 160;
/** Caps the facts read from one context so a hostile list cannot make the check quadratic. */
const MAX_FACTS = 40;

function hiddenInline(el: DomElement): boolean {
  const style = el.attribs.style;
  if (!style || !style.includes("none")) return false;
  return (
    declValue(parseInlineStyle(style), "display")
      ?.trim()
      .replace(/\s*!important$/, "") === "none"
  );
}

/** Inline elements styled as boxes ("display:block" links in a menu) separate words like blocks do. */
export function boxedInline(el: DomElement): boolean {
  const style = el.attribs.style;
  if (!style || !style.includes("display")) return false;
  const display = declValue(parseInlineStyle(style), "display")?.trim().toLowerCase() ?? "";
  return /^(?:block|inline-block|flex|inline-flex|grid|table|table-cell|table-row|list-item)\b/.test(display);
}

type View = "interactive" | "fallback";
const viewCache = new WeakMap<EmailDoc, Partial<Record<View | `${View}¶`, string>>>();

/** Where a view's text marks the edge of a block (a paragraph, a cell, a heading): " ¶ ". */
export const BLOCK_MARK = " ¶ ";

/**
 * The visible words of the email in one view: what a reader of that kind of client can read.
 * Read once per document and view: QA's fidelity and the judge's defects ask for the same text.
 */
export function viewText(doc: EmailDoc, view: View): string {
  let views = viewCache.get(doc);
  if (!views) viewCache.set(doc, (views = {}));
  return (views[view] ??= readView(doc, view));
}

/** The view's text with the edges of its blocks marked (BLOCK_MARK), so sentences never run across a heading. */
export function viewBlocks(doc: EmailDoc, view: View): string {
  let views = viewCache.get(doc);
  if (!views) viewCache.set(doc, (views = {}));
  return (views[`${view}¶`] ??= readView(doc, view, BLOCK_MARK));
}

function readView(doc: EmailDoc, view: View, blockMark?: string): string {
  const preheader = findPreheader(doc);
  const root = doc.body ?? doc.document;
  const skip = (n: DomNode): boolean => {
    if (!isElement(n)) return false;
    if (n === preheader) return true;
    const cls = n.attribs.class;
    if (cls && hasClass(n, "kx-int")) return view === "fallback";
    if (cls && hasClass(n, "kx-fb")) return view === "interactive";
    // The interactive block is hidden inline by design and its panels and slides are shown by
    // :checked rules, so inline hiding is read as hiding only outside it.
    return hiddenInline(n) && !insideInteractive(n);
  };
  return textOf(root, skip, boxedInline, blockMark);
}

function insideInteractive(el: DomElement): boolean {
  for (let p = el.parent; p && isElement(p as DomNode); p = p.parent) {
    if (hasClass(p as DomElement, "kx-int")) return true;
  }
  return false;
}

/**
 * Punctuation, symbols and spaces: ASCII, Latin-1, general punctuation (dashes, curly quotes),
 * currency and letterlike symbols, arrows to dingbats, CJK and fullwidth punctuation. An explicit
 * class rather than [^\p{L}\p{N}]: it is 4× faster over a 100 KB email, and facts and text are
 * folded alike, so only where words split depends on it.
 */
const SEPARATORS =
  /[\s!-/:-@[-`{-~\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2100-\u214f\u2190-\u2bff\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f]+/g;

/** Lowercase words separated by single spaces, padded, for whole-word inclusion. */
export function fold(s: string): string {
  return ` ${s.normalize("NFKC").toLowerCase().replace(SEPARATORS, " ").trim()} `;
}

const NUMBER = /\d{1,3}(?:[ .,\u00a0\u202f']\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)/g;

/**
 * Every amount the text could mean, in minor units: "4.50", "4,50" and "$4.50" all give 450; a
 * grouped "1,500" gives both 150000 (thousands) and 150 (a decimal comma), so either reading of
 * the prompt's own price matches.
 */
export function amountsIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(NUMBER)) {
    const raw = m[0];
    const decimal = /[.,](\d{1,2})$/.exec(raw);
    const groupedOnly = /^\d{1,3}(?:[ .,\u00a0\u202f']\d{3})+$/.test(raw);
    if (groupedOnly) out.add(Number(raw.replace(/\D/g, "")) * 100);
    if (decimal) {
      const whole = raw.slice(0, decimal.index).replace(/\D/g, "");
      const cents = decimal[1].length === 1 ? Number(decimal[1]) * 10 : Number(decimal[1]);
      out.add(Number(whole) * 100 + cents);
    } else if (!groupedOnly) out.add(Number(raw) * 100);
    if (groupedOnly && /[.,]\d{3}$/.test(raw)) {
      // "1,500" may also be 1.5 written with three decimals; harmless to accept.
      const [w, f] = raw.split(/[.,](?=\d{3}$)/);
      out.add(Number(w.replace(/\D/g, "")) * 100 + Math.round(Number(`0.${f}`) * 100));
    }
  }
  return out;
}

/** A price in the units `amountsIn` counts (hundredths): a yen price has no minor units of its own. */
export function comparableAmount(price: { minor: number; currency?: string }): number {
  return Math.round(price.minor * 10 ** (2 - currencyMinorDigits(price.currency ?? "")));
}

const ORDINAL = /^(\d+)(?:st|nd|rd|th|er|e|º|ª)$/;
/** Words in a date that a rewording keeps: month and weekday names, numbers, times. */
const DATE_FILLER = new Set([
  "on",
  "by",
  "until",
  "till",
  "through",
  "thru",
  "ends",
  "end",
  "this",
  "next",
  "at",
  "of",
  "the",
  "from",
  "to",
]);

function dateTokens(date: string): string[] {
  return fold(date)
    .trim()
    .split(" ")
    .map((w) => ORDINAL.exec(w)?.[1] ?? w)
    .filter((w) => w && !DATE_FILLER.has(w));
}

/** A date is there when its words are all there within a few words of each other ("May 3" = "3rd May"). */
function datePresent(date: string, folded: string): boolean {
  if (folded.includes(fold(date))) return true;
  const tokens = dateTokens(date);
  if (!tokens.length) return true;
  const words = folded
    .trim()
    .split(" ")
    .map((w) => ORDINAL.exec(w)?.[1] ?? w);
  const WINDOW = 6;
  for (let i = 0; i < words.length; i++) {
    if (!tokens.includes(words[i])) continue;
    const near = new Set(words.slice(Math.max(0, i - WINDOW), i + WINDOW + 1));
    if (tokens.every((t) => near.has(t))) return true;
  }
  return false;
}

/** One view's text, read the ways facts are looked for; the costlier readings only when asked. */
interface ViewReading {
  folded: () => string;
  amounts: () => Set<number>;
  words: () => Set<string>;
  /** The view's blocks and the entries of its lists ("a · b · c"), folded: where an option is one on its own. */
  pieces: () => string[];
  /** The view's links, normalised (see normalHref). */
  hrefs: () => Set<string>;
}

function reading(text: string, blocks: () => string, hrefs: () => Set<string>): ViewReading {
  let folded: string | undefined;
  let amounts: Set<number> | undefined;
  let words: Set<string> | undefined;
  let pieces: string[] | undefined;
  const f = () => (folded ??= fold(text));
  return {
    folded: f,
    amounts: () => (amounts ??= amountsIn(text)),
    words: () => (words ??= new Set(f().trim().split(" "))),
    pieces: () =>
      (pieces ??= blocks()
        .slice(0, 200_000)
        .split(/¶|[·,;|/•—–?!:]/)
        .slice(0, 20_000)
        .map(fold)),
    hrefs,
  };
}

/**
 * An option is there as an answer of its own: a block, a control's label or an entry of a list that
 * is the option, or starts with it ("Yoga — Monday 9am"). Its words inside the question ("tapas,
 * raciones o menú?") do not answer it.
 */
function optionPresent(option: string, view: ViewReading): boolean {
  const want = fold(option);
  if (want.trim() === "") return true;
  return view.pieces().some((p) => p === want || p.startsWith(want));
}

/**
 * Words that name nothing on their own, in the six frame languages: an item the brief reads with
 * them ("a friendly note from the founder", "offre Solo à … par mois") is there when its other
 * words are. The brief's reading of a list keeps such joints; the email need not.
 */
const GLUE = new Set(
  (
    "a an the and or of for from to in on at by with then our your its this that these those is are be " +
    "le la les un une des du de d l et ou à au aux en pour par sur avec votre vos notre nos ce cette " +
    "el los las unos unas y o del al con para por su sus nuestro nuestra " +
    "der die das den dem des ein eine einen und oder von zu im am mit für auf ihr ihre unser unsere " +
    "o os as um uma e ou do da dos das no na nos nas em com para pelo pela seu sua " +
    "il lo gli i uno e o di del della dei degli da in con per su al alla il suo sua nostro nostra " +
    // Units and the word before a code: "tomates … el kilo", "Base … al mese", "code HIVER10".
    "per kilo kg chilo lb month mo mois mes mese mês monat week semaine semana settimana woche " +
    "code codes codice código codigo cupom coupon gutscheincode rabattcode"
  ).split(" "),
);

/** The words of a name that must be in the email: letters or digits, two or more, not glue. */
export function nameWords(name: string): string[] {
  return fold(name)
    .trim()
    .split(" ")
    .filter((w) => w.length >= 2 && !GLUE.has(w) && !/^\d+$/.test(w));
}

/** A name is there written as the brief writes it, or with every word of it somewhere in the view. */
function namePresent(name: string, view: ViewReading): boolean {
  if (view.folded().includes(fold(name))) return true;
  const words = nameWords(name);
  if (!words.length) return true;
  const have = view.words();
  return words.every((w) => have.has(w));
}

/** The view shows min … max as a run of whole numbers, in order: every step of a scale. */
function hasRun(folded: string, min: number, max: number): boolean {
  let next = min;
  for (const w of folded.slice(0, 200_000).split(" ")) {
    if (!/^\d{1,3}$/.test(w)) continue;
    const n = Number(w);
    next = n === next ? next + 1 : n === min ? min + 1 : min;
    if (next > max) return true;
  }
  return false;
}

/** "https://www.Shop.example/join/?utm=x" → "shop.example/join": how two writings of one link compare. */
export function normalHref(href: string): string {
  return href
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[#?].*$/, "")
    .replace(/[/.,;:!?)]+$/, "");
}

interface Fact {
  kind: FactKind;
  fact: string;
  present: (view: ViewReading) => boolean;
}

/** A product named as a proper name, of two words or more ("DevOps Summit", not "running shoes"). */
export function properProduct(product: string | undefined): string | undefined {
  if (!product || product.length > 80) return undefined;
  const words = product.split(/\s+/);
  return words.length >= 2 && words.length <= 5 && words.every((w) => /^[\p{Lu}\p{N}&]/u.test(w)) ? product : undefined;
}

/** The user's words read for the choices they write out. */
const MAX_CHOICE_CHARS = 20_000;
const MAX_CHOICE_CLAUSE = 600;

function factsToFind(facts: QaFacts, brief: Brief | undefined, userText: string[]): Fact[] {
  const out: Fact[] = [];
  const seen = new Set<string>();
  const add = (f: Fact) => {
    const key = `${f.kind}:${fold(f.fact)}`;
    if (seen.has(key) || f.fact.length > MAX_FACT_CHARS || !fold(f.fact).trim() || out.length >= MAX_FACTS) return;
    seen.add(key);
    out.push(f);
  };
  // Whole words on folded text, not a RegExp per fact: compiling a \p{L} pattern costs about 1 ms.
  const named = (kind: FactKind, fact: string): Fact => {
    const words = fold(fact);
    return { kind, fact, present: (v) => v.folded().includes(words) };
  };
  // Without an owner, the event or product the prompt names ("DevOps Summit") is the name the email carries.
  const name = facts.brand ?? properProduct(brief?.product?.value);
  if (name) add({ kind: "brand", fact: name, present: (v) => namePresent(name, v) });
  for (const item of [...(facts.items ?? []), ...(facts.otherItems ?? [])]) {
    if (out.length >= MAX_FACTS) break;
    if (item.name) add({ kind: "item", fact: item.name, present: (v) => namePresent(item.name, v) });
    const price = item.price;
    if (price && Number.isFinite(price.minor)) {
      add({ kind: "price", fact: `${item.name} ${price.display}`.trim(), present: (v) => v.amounts().has(comparableAmount(price)) });
    }
  }
  const codes = [...(facts.codes ?? []), ...(facts.offer?.code ? [facts.offer.code] : [])];
  for (const code of codes) add(named("code", code));
  for (const date of facts.dates ?? []) add({ kind: "date", fact: date, present: (v) => datePresent(date, v.folded()) });
  // Every option of every question the brief asks: a survey that drops one asks another question.
  // A scale's options are its steps, read as a run of numbers by the trace; named options here.
  for (const q of brief?.questions ?? []) {
    if (q.scale) {
      const { min, max } = q.scale;
      if (max > min && max - min <= 20) add({ kind: "option", fact: `${min}–${max}`, present: (v) => hasRun(v.folded(), min, max) });
      continue;
    }
    // An option that holds a link is the brief's reading running into the URL, not an answer.
    for (const o of q.options)
      if (o.value.length <= 60 && !/https?\b|:\/\/|www\./i.test(o.value))
        add({ kind: "option", fact: o.value, present: (v) => optionPresent(o.value, v) });
  }
  // The choices the user wrote out ("Main Stage, Dock Stage or Kids Tent"), when the brief's reading of the question missed them.
  // A choice is written inside one sentence: a longer run is no sentence, and reading it would only cost time.
  for (const text of userText) {
    for (const clause of text
      .slice(0, MAX_CHOICE_CHARS)
      .split(/(?<=[?!.;])\s+|\n+/)
      .slice(0, 400)) {
      if (clause.length > MAX_CHOICE_CLAUSE) continue;
      for (const list of choices(clause)) for (const o of list) add({ kind: "option", fact: o, present: (v) => optionPresent(o, v) });
    }
  }
  // Every link the brief gives is one a reader can follow.
  for (const l of brief?.links ?? []) {
    const want = normalHref(l.value);
    if (want)
      add({ kind: "link", fact: l.value, present: (v) => v.hrefs().has(want) || [...v.hrefs()].some((h) => h.startsWith(`${want}/`)) });
  }
  return out;
}

/** Which of the prompt's facts each view of the email lacks. */
export function promptFidelity(doc: EmailDoc, facts: QaFacts | undefined, brief?: Brief, userText: string[] = []): FidelityReport {
  if (!facts && !brief) return { checked: 0, missing: [] };
  const wanted = factsToFind(facts ?? {}, brief, userText);
  if (!wanted.length) return { checked: 0, missing: [] };
  const missing: MissingFact[] = [];
  const views: [MissingFact["view"], string, View][] = doc.modules.length
    ? [
        ["interactive view", viewText(doc, "interactive"), "interactive"],
        ["fallback", viewText(doc, "fallback"), "fallback"],
      ]
    : [["email", viewText(doc, "fallback"), "fallback"]];
  // Links are the document's (a link in either view is followed the same way), read once.
  let hrefs: Set<string> | undefined;
  const docHrefs = () =>
    (hrefs ??= new Set(
      (doc.byTag.get("a") ?? [])
        .slice(0, 2_000)
        .map((a) => normalHref(a.attribs.href ?? ""))
        .filter(Boolean),
    ));
  for (const [view, text, which] of views) {
    const read = reading(text, () => viewBlocks(doc, which), docHrefs);
    for (const f of wanted) if (!f.present(read)) missing.push({ kind: f.kind, fact: f.fact, view });
  }
  return { checked: wanted.length, missing };
}

/** "brand “Ledgerly” missing from the fallback" */
export function describeMissing(m: MissingFact): string {
  return `${m.kind} “${m.fact}” missing from the ${m.view}`;
}
