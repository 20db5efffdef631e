// The facts a prompt set expects in an email, and whether an email's visible text shows them.
// Pure: generate:check hands in the text; nothing here reads the generation pipeline (only the
// set's schema, app/domain/eval/prompt-set.ts), so the same reporting runs on any commit of it.
import { type PromptFactsSpec, scaleOptions } from "../../app/domain/eval/prompt-set";

export type FactKind =
  "brand" | "item" | "price" | "code" | "date" | "occasion" | "text" | "offer" | "condition" | "question" | "option" | "link";
export interface Fact {
  kind: FactKind;
  value: string;
  /** Set on the options a scale stands for ("7" of "0–10"): the prompt writes the range, not each number. */
  fromScale?: string;
}

/** The facts of `spec` as one flat list, in a stable order (brand first). */
export function listFacts(spec: PromptFactsSpec): Fact[] {
  const out: Fact[] = [];
  if (spec.brand) out.push({ kind: "brand", value: spec.brand });
  if (spec.occasion) out.push({ kind: "occasion", value: spec.occasion });
  for (const item of spec.items ?? []) {
    if (typeof item === "string") out.push({ kind: "item", value: item });
    else {
      out.push({ kind: "item", value: item.name });
      if (item.price) out.push({ kind: "price", value: item.price });
    }
  }
  for (const p of spec.prices ?? []) out.push({ kind: "price", value: p });
  for (const c of spec.codes ?? []) out.push({ kind: "code", value: c });
  for (const d of spec.dates ?? []) out.push({ kind: "date", value: d });
  for (const t of spec.text ?? []) out.push({ kind: "text", value: t });
  for (const o of spec.offers ?? []) {
    out.push({ kind: "offer", value: o.text });
    for (const c of o.conditions ?? []) out.push({ kind: "condition", value: c });
  }
  for (const q of spec.questions ?? []) {
    out.push({ kind: "question", value: q.text });
    for (const o of q.options ?? []) out.push({ kind: "option", value: o });
    if (q.scale) for (const o of scaleOptions(q.scale)) out.push({ kind: "option", value: o, fromScale: q.scale });
  }
  for (const l of spec.links ?? []) out.push({ kind: "link", value: l });
  return out;
}

export const factLabel = (f: Fact): string => `${f.kind} "${f.value}"`;

/** Case, Unicode form, quotes and spacing do not matter; accents and spelling do. */
export function normaliseForMatch(s: string): string {
  return s
    .normalize("NFKC")
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** `needle` occurs in `hay` and is not part of a longer word ("Rust" is not in "trust"). */
export function containsPhrase(hay: string, needle: string): boolean {
  if (!needle) return false;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
    const before = hay[at - 1];
    const after = hay[at + needle.length];
    const startsWord = WORD_CHAR.test(needle[0]!);
    const endsWord = WORD_CHAR.test(needle[needle.length - 1]!);
    if ((!startsWord || !before || !WORD_CHAR.test(before)) && (!endsWord || !after || !WORD_CHAR.test(after))) return true;
  }
  return false;
}

const CURRENCY_WORDS: Record<string, string> = {
  $: "$",
  usd: "$",
  us$: "$",
  "€": "€",
  eur: "€",
  "£": "£",
  gbp: "£",
  "¥": "¥",
  jpy: "¥",
  円: "¥",
  zł: "zł",
  pln: "zł",
  chf: "chf",
  "fr.": "chf",
  kr: "kr",
  sek: "kr",
  nok: "kr",
  dkk: "kr",
  r$: "r$",
  brl: "r$",
};
const CUR = "us\\$|r\\$|\\$|€|£|¥|円|zł|usd|eur|gbp|jpy|pln|chf|sek|nok|dkk|brl|kr";
const NUM = "\\d{1,3}(?:[.,\\s\\u00a0\\u202f]\\d{3})*(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?";
// Bounded pieces only, and the text is scanned once: linear in the email's length.
const PRICE_RE = new RegExp(`(?:(${CUR})\\s?(${NUM}))|(?:(${NUM})\\s?(${CUR}))`, "giu");

/** "1.299,00" and "1,299.00" are 129900 minor units; "19,99" is 1999; "1,200" is 120000. */
export function amountMinor(num: string): number | undefined {
  const digits = num.replace(/[\s\u00a0\u202f]/g, "");
  const m = /^(.*?)(?:[.,](\d{1,2}))?$/.exec(digits);
  if (!m) return undefined;
  let whole = m[1]!;
  let cents = m[2] ?? "";
  // A single separator followed by exactly three digits groups thousands ("1,200", "1.200").
  if (!whole && cents === "") return undefined;
  if (/[.,]/.test(whole) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return undefined;
  whole = whole.replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole)) return undefined;
  if (cents.length === 1) cents += "0";
  return Number(whole) * 100 + Number(cents || "0");
}

export interface Money {
  currency: string;
  minor: number;
}

/** Every price written in `text`, with its currency ("$9", "19,99 €", "EUR 25", "¥1,200"). */
export function pricesIn(text: string): Money[] {
  const out: Money[] = [];
  for (const m of text.slice(0, 200_000).matchAll(PRICE_RE)) {
    const cur = (m[1] ?? m[4] ?? "").toLowerCase();
    const num = m[2] ?? m[3] ?? "";
    const currency = CURRENCY_WORDS[cur];
    const minor = amountMinor(num);
    if (currency && minor !== undefined) out.push({ currency, minor });
  }
  return out;
}

function priceFound(hay: string, fact: string): boolean {
  const wanted = pricesIn(fact);
  if (wanted.length !== 1) return containsPhrase(hay, normaliseForMatch(fact));
  const w = wanted[0]!;
  // "$9" is found as "$9", "$9.00" or "9 $"; never as "$90".
  return pricesIn(hay).some((p) => p.currency === w.currency && p.minor === w.minor);
}

export interface FactsResult {
  expected: number;
  found: Fact[];
  missing: Fact[];
}

/** A link as compared: no scheme case, no trailing slash. */
const normaliseLink = (u: string): string =>
  u
    .trim()
    .replace(/^https?:\/\//i, (m) => m.toLowerCase())
    .replace(/\/+$/, "");

/** Which of the expected facts the email's visible text shows (a link: which the email's hrefs hold). */
export function checkFacts(visibleText: string, facts: Fact[], hrefs: string[] = []): FactsResult {
  const hay = normaliseForMatch(visibleText);
  const links = new Set(hrefs.slice(0, 2000).map(normaliseLink));
  const found: Fact[] = [];
  const missing: Fact[] = [];
  for (const f of facts) {
    const ok =
      f.kind === "price"
        ? priceFound(hay, f.value)
        : f.kind === "link"
          ? links.has(normaliseLink(f.value))
          : containsPhrase(hay, normaliseForMatch(f.value));
    (ok ? found : missing).push(f);
  }
  return { expected: facts.length, found, missing };
}

/** `facts 5/6 — missing: brand "Ledgerly"` */
export function formatFacts(r: FactsResult): string {
  return `facts ${r.found.length}/${r.expected}${r.missing.length ? ` — missing: ${r.missing.map(factLabel).join(", ")}` : ""}`;
}

/** The email's `<html lang>` says the prompt's language (primary subtag: "pt-BR" is "pt"). */
export function langMatches(expected: string, htmlLang: string | undefined): boolean {
  return Boolean(htmlLang) && htmlLang!.trim().toLowerCase().split(/[-_]/)[0] === expected.toLowerCase();
}

export interface FactsTotals {
  prompts: number;
  expected: number;
  found: number;
  /** Prompts whose email shows every expected fact. */
  complete: number;
  /** Prompts whose email's `<html lang>` is the prompt's language. */
  langOk: number;
}

export interface FactsRow {
  language: string;
  facts: FactsResult;
  langOk: boolean;
}

/** Totals overall and per language (languages sorted by prompt count, then code). */
export function summariseFacts(rows: FactsRow[]): { overall: FactsTotals; perLanguage: Record<string, FactsTotals> } {
  const zero = (): FactsTotals => ({ prompts: 0, expected: 0, found: 0, complete: 0, langOk: 0 });
  const overall = zero();
  const byLang = new Map<string, FactsTotals>();
  for (const r of rows) {
    const t = byLang.get(r.language) ?? zero();
    byLang.set(r.language, t);
    for (const x of [overall, t]) {
      x.prompts += 1;
      x.expected += r.facts.expected;
      x.found += r.facts.found.length;
      if (r.facts.missing.length === 0) x.complete += 1;
      if (r.langOk) x.langOk += 1;
    }
  }
  const sorted = [...byLang.entries()].sort((a, b) => b[1].prompts - a[1].prompts || a[0].localeCompare(b[0]));
  return { overall, perLanguage: Object.fromEntries(sorted) };
}

export const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

/** `812/900 (90.2%) found; 120/160 prompts complete; html lang right 150/160` */
export function formatTotals(t: FactsTotals): string {
  return `${t.found}/${t.expected} (${pct(t.found, t.expected)}) found; ${t.complete}/${t.prompts} prompts complete; html lang right ${t.langOk}/${t.prompts}`;
}
