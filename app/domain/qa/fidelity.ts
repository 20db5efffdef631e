// Prompt fidelity: the facts the prompt states (brand, items and their prices, codes, dates) must
// be readable in the email as each kind of client shows it. A client with `:checked` shows the
// interactive blocks and hides the static fallbacks; Gmail and Outlook.com show the fallbacks and
// never the interactive blocks. Hidden text (the preheader, display:none) is read by nobody.
import { declValue, parseInlineStyle } from "~/domain/html/css";
import { type DomElement, type DomNode, hasClass, isElement } from "~/domain/html/dom";
import { findPreheader } from "~/domain/html/markup";
import type { EmailDoc } from "~/domain/html/parse";
import { textOf } from "~/domain/html/text";
import type { QaFacts } from "./context";

export type FactKind = "brand" | "item" | "price" | "code" | "date";

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
  return declValue(parseInlineStyle(style), "display")?.trim().replace(/\s*!important$/, "") === "none";
}

/** Inline elements styled as boxes ("display:block" links in a menu) separate words like blocks do. */
function boxedInline(el: DomElement): boolean {
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
const SEPARATORS = /[\s!-/:-@[-`{-~\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2100-\u214f\u2190-\u2bff\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f]+/g;

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

const ORDINAL = /^(\d+)(?:st|nd|rd|th|er|e|º|ª)$/;
/** Words in a date that a rewording keeps: month and weekday names, numbers, times. */
const DATE_FILLER = new Set(["on", "by", "until", "till", "through", "thru", "ends", "end", "this", "next", "at", "of", "the", "from", "to"]);

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
}

function reading(text: string): ViewReading {
  let folded: string | undefined;
  let amounts: Set<number> | undefined;
  return { folded: () => (folded ??= fold(text)), amounts: () => (amounts ??= amountsIn(text)) };
}

interface Fact {
  kind: FactKind;
  fact: string;
  present: (view: ViewReading) => boolean;
}

function factsToFind(facts: QaFacts): Fact[] {
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
  if (facts.brand) add(named("brand", facts.brand));
  for (const item of [...(facts.items ?? []), ...(facts.otherItems ?? [])]) {
    if (out.length >= MAX_FACTS) break;
    if (item.name) add(named("item", item.name));
    const price = item.price;
    if (price && Number.isFinite(price.minor)) {
      add({ kind: "price", fact: `${item.name} ${price.display}`.trim(), present: (v) => v.amounts().has(Math.round(price.minor)) });
    }
  }
  const codes = [...(facts.codes ?? []), ...(facts.offer?.code ? [facts.offer.code] : [])];
  for (const code of codes) add(named("code", code));
  for (const date of facts.dates ?? []) add({ kind: "date", fact: date, present: (v) => datePresent(date, v.folded()) });
  return out;
}

/** Which of the prompt's facts each view of the email lacks. */
export function promptFidelity(doc: EmailDoc, facts: QaFacts | undefined): FidelityReport {
  if (!facts) return { checked: 0, missing: [] };
  const wanted = factsToFind(facts);
  if (!wanted.length) return { checked: 0, missing: [] };
  const missing: MissingFact[] = [];
  const views: [MissingFact["view"], string][] = doc.modules.length
    ? [
        ["interactive view", viewText(doc, "interactive")],
        ["fallback", viewText(doc, "fallback")],
      ]
    : [["email", viewText(doc, "fallback")]];
  for (const [view, text] of views) {
    const read = reading(text);
    for (const f of wanted) if (!f.present(read)) missing.push({ kind: f.kind, fact: f.fact, view });
  }
  return { checked: wanted.length, missing };
}

/** "brand “Ledgerly” missing from the fallback" */
export function describeMissing(m: MissingFact): string {
  return `${m.kind} “${m.fact}” missing from the ${m.view}`;
}
