// The fact trace: every claim an email makes must come from the brief or from words the user
// wrote. Fidelity (./fidelity.ts) asks whether what the prompt says is in the email; the trace asks
// the converse, whether what the email says was asked for: every price, amount, percentage, date,
// code, number and link, and every promise phrase (./promises.ts), in every view a reader gets
// (the interactive view, the fallback, the AMP version when given). A condition written onto
// another offer than the one the brief gives it to fails too. Pure and bounded: each view is read
// once, in a fixed number of passes, up to MAX_VIEW_CHARS.
import type { Brief } from "~/domain/brief/schema";
import { tagged, type EmailDoc } from "~/domain/html/parse";
import { amountsIn, comparableAmount, fold, normalHref as normalUrl } from "./fidelity";
import { type PromiseKind, promiseKindsIn, promisesIn } from "./promises";
import { NUMBER_WORDS } from "~/domain/prompt/number-words";
import { MONTH_NAMES } from "~/domain/prompt/facts/text";

export type ClaimKind = "price" | "percent" | "number" | "date" | "code" | "link" | "promise" | "condition";

export interface UntracedClaim {
  kind: ClaimKind;
  /** The claim as the email writes it ("Free returns", "$25.50", "JOY15"). */
  claim: string;
  view: string;
  /** For a misplaced condition: the offer it was written onto and the one it belongs to. */
  offer?: string;
  belongsTo?: string;
}

export interface TraceReport {
  /** Claims read in the email (each view counted). */
  checked: number;
  untraced: UntracedClaim[];
}

/** The sources a claim may trace to: the brief, and the words the user wrote (the prompt, their own copy or sections). */
export interface TraceSource {
  brief?: Brief;
  userText?: string[];
}

/** Text read per view: an email's visible words are a few thousand characters; a 100 KB one fits. */
const MAX_VIEW_CHARS = 60_000;
/** Claims named per report; the rest are counted. */
const MAX_REPORTED = 40;
const MAX_SOURCE_CHARS = 200_000;

/**
 * A section the user saved, as words a claim may trace to: its visible text and the links it
 * holds (a sponsor's "Learn more" points where the user pointed it). Tags are bounded, so is the scan.
 */
export function userSectionText(html: string): string {
  const h = html.slice(0, MAX_SOURCE_CHARS);
  const hrefs = [...h.matchAll(/\bhref\s*=\s*["']?(https?:\/\/[^\s"'<>]{1,2000})/gi)].slice(0, 200).map((m) => m[1]);
  return [h.replace(/<[^<>]{0,2000}>/g, " "), ...hrefs].join(" ");
}

// ── the source ─────────────────────────────────────────────────────────────────────────────────

/** Every string value of the brief, spans left out. */
function briefText(brief: Brief): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (typeof v === "number") out.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) if (k !== "span") walk(x);
  };
  walk(brief);
  // A scale's options are its steps: "0–10" holds 0, 1, … 10.
  for (const q of brief.questions) if (q.scale) for (let n = q.scale.min; n <= q.scale.max; n++) out.push(String(n));
  // An NPS email's question is answered 0 to 10, whether or not the brief words it.
  if (brief.occasion.kind === "nps") for (let n = 0; n <= 10; n++) out.push(String(n));
  return out.join(" \n ");
}

const MONTHS: Array<[number, RegExp]> = [
  [1, /^(?:jan|january|janv|janvier|ene|enero|januar|jän|jänner|janeiro|gen|gennaio)$/],
  [2, /^(?:feb|february|févr|fevr|février|fevrier|febrero|februar|fev|fevereiro|febbraio)$/],
  [3, /^(?:mar|march|mars|marzo|märz|marz|março|marco)$/],
  [4, /^(?:apr|april|avr|avril|abr|abril|aprile)$/],
  [5, /^(?:may|mai|mayo|maio|mag|maggio)$/],
  [6, /^(?:jun|june|juin|junio|juni|junho|giu|giugno)$/],
  [7, /^(?:jul|july|juil|juillet|julio|juli|julho|lug|luglio)$/],
  [8, /^(?:aug|august|août|aout|ago|agosto)$/],
  [9, /^(?:sep|sept|september|septembre|septiembre|setembro|set|settembre)$/],
  [10, /^(?:oct|october|octobre|octubre|okt|oktober|out|outubro|ott|ottobre)$/],
  [11, /^(?:nov|november|novembre|noviembre|novembro)$/],
  [12, /^(?:dec|december|déc|decembre|décembre|dic|diciembre|dez|dezember|dezembro|dicembre)$/],
];
const MONTH_WORDS = new RegExp(String.raw`(?<![\p{L}])${MONTH_NAMES}(?![\p{L}])\.?`, "giu");
const WEEKDAY_WORDS =
  /(?<![\p{L}])(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|segunda-feira|ter[çc]a-feira|quarta-feira|quinta-feira|sexta-feira|luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]|sabato|domenica)(?![\p{L}])/giu;

const AMBIGUOUS_MONTHS = new Set([
  "may",
  "mar",
  "mars",
  "march",
  "sep",
  "sept",
  "mai",
  "jun",
  "jul",
  "gen",
  "dez",
  "dic",
  "ago",
  "set",
  "out",
  "ott",
  "lug",
  "giu",
  "mag",
  "okt",
  "déc",
  "dec",
  "nov",
  "oct",
  "aug",
  "apr",
  "feb",
  "jan",
]);

function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, "");
  return MONTHS.find(([, re]) => re.test(w))?.[0];
}

/** Number words of the six languages, so "three roasts" in a brief traces "3" in the email. */
interface Source {
  folded: string;
  amounts: Set<number>;
  percents: Set<number>;
  months: Set<number>;
  weekdays: Set<string>;
  promises: Set<PromiseKind>;
  urls: Set<string>;
  hasText: boolean;
}

function readSourceText(source: TraceSource): Source {
  const text = [...(source.userText ?? []), source.brief ? briefText(source.brief) : ""].join(" \n ").slice(0, MAX_SOURCE_CHARS);
  const folded = fold(text);
  const amounts = amountsIn(text);
  for (const w of folded.trim().split(" ")) if (NUMBER_WORDS[w] !== undefined) amounts.add(NUMBER_WORDS[w] * 100);
  if (source.brief?.count) amounts.add(source.brief.count * 100);
  const percents = new Set<number>();
  for (const m of text.matchAll(/(\d{1,3}(?:[.,]\d{1,2})?)\s?%/g)) percents.add(Number(m[1].replace(",", ".")));
  for (const o of source.brief?.offers ?? []) if (o.percent !== undefined) percents.add(o.percent);
  const months = new Set<number>();
  for (const m of text.matchAll(MONTH_WORDS)) {
    const n = monthOf(m[0]);
    if (n) months.add(n);
  }
  // A numeric date in the brief ("12/20", "20.12.") gives its month too.
  for (const m of text.matchAll(/(?<![\d.,/])(\d{1,2})(?:\/(\d{1,2})(?![\d.,/])|\.(\d{1,2})\.(?!\d))/g)) {
    for (const n of [Number(m[1]), Number(m[2] ?? m[3])]) if (n >= 1 && n <= 12) months.add(n);
  }
  const weekdays = new Set<string>();
  for (const m of text.matchAll(WEEKDAY_WORDS)) weekdays.add(m[0].toLowerCase().slice(0, 3));
  const urls = new Set<string>();
  for (const m of text.matchAll(/\bhttps?:\/\/[^\s<>"'()]{1,2000}|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'()]{0,2000}/gi))
    urls.add(normalUrl(m[0]));
  return { folded, amounts, percents, months, weekdays, promises: promiseKindsIn(text), urls, hasText: text.trim().length > 0 };
}

// ── the claims of one view ─────────────────────────────────────────────────────────────────────

const CURRENCY = String.raw`(?:US\$|R\$|[$€£¥₹]|\b(?:usd|eur|gbp|chf|cad|aud)\b)`;
const AMOUNT = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d{1,7}(?:[.,]\d{1,2})?`;
const PRICE_IN_TEXT = new RegExp(String.raw`${CURRENCY}\s?(?:${AMOUNT})|(?<![\d.,])(?:${AMOUNT})\s?${CURRENCY}`, "giu");
const PERCENT_IN_TEXT = /(?<![\d.,])(\d{1,3}(?:[.,]\d{1,2})?)\s?%/g;
const CODE_AFTER_WORD = /\b(?:code|c[óo]digo|codice|gutscheincode|rabattcode|coupon)\s*:?\s*["“«]?\s*([A-Z0-9][A-Z0-9_-]{2,19})\b/g;
const CODE_SHAPE = /\b(?=[A-Z0-9_-]*\d)(?=[A-Z0-9_-]*[A-Z])[A-Z][A-Z0-9_-]{3,19}\b/g;
/** Counters the email's own furniture writes: "1 of 3", "2/5", "Question 2". */
const COUNTERS = [
  /(?<![\d.,])\d{1,2}\s?(?:\/|of|de|sur|von|di|van)\s?\d{1,2}(?![\d.,])/giu,
  /(?:question|frage|pregunta|pergunta|domanda|step|étape|paso|schritt|passo|slide|diapositive)\s\d{1,2}(?!\d)/giu,
];
const NUMBER_IN_TEXT =
  /(?<![\p{L}\d.,])\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?![\d])|(?<![\p{L}\d.,])\d+(?:[.,]\d{1,2})?(?![\d])/gu;

interface Masked {
  text: string;
  mask: (start: number, end: number) => void;
}

function masked(text: string): Masked {
  const chars = text.split("");
  // Joined again only after a mask: read once per pattern, it was a join of the whole view each time.
  let joined: string | undefined = text;
  return {
    get text() {
      joined ??= chars.join("");
      return joined;
    },
    mask(start, end) {
      if (start >= end || start >= chars.length) return;
      for (let i = start; i < end && i < chars.length; i++) chars[i] = " ";
      joined = undefined;
    },
  };
}

function amountOf(raw: string): number[] {
  return [...amountsIn(raw)];
}

/** The claims of one view's text that trace to nothing in the source. */
function traceView(text: string, view: string, src: Source, out: UntracedClaim[], counted: { n: number }): void {
  const t = text.length > MAX_VIEW_CHARS ? text.slice(0, MAX_VIEW_CHARS) : text;
  const seen = new Set<string>();
  const report = (kind: ClaimKind, claim: string) => {
    counted.n++;
    const key = `${kind}:${claim.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, claim, view });
  };
  const m = masked(t);
  // Dates first: "Dec 20" must not be read as the number 20.
  for (const d of t.matchAll(MONTH_WORDS)) {
    const month = monthOf(d[0]);
    if (!month) continue;
    counted.n++;
    const at = d.index!;
    const end = at + d[0].length;
    // The day beside the month: "Dec 20", "December 20th", "20 décembre", "20. Dezember", "20 de diciembre".
    const after = /^\s?(\d{1,2})(?:st|nd|rd|th)?(?!\d)/.exec(t.slice(end, end + 8));
    const before = after ? null : /(?<!\d)(\d{1,2})(?:\.|er|º)?\s?(?:de\s)?$/.exec(t.slice(Math.max(0, at - 8), at));
    const day = after?.[1] ?? before?.[1];
    // "May", "Mars", "March", "Sept" are words too ("you may", the planet): a date only beside a day.
    if (!day && AMBIGUOUS_MONTHS.has(d[0].toLowerCase().replace(/\.$/, ""))) {
      counted.n--;
      continue;
    }
    const dayOk = !day || src.amounts.has(Number(day) * 100);
    const wording = after ? `${d[0]}${after[0]}` : before ? `${before[0]}${d[0]}` : d[0];
    if (!src.months.has(month) || !dayOk) report("date", wording.trim());
    m.mask(before ? at - before[0].length : at, after ? end + after[0].length : end);
  }
  for (const w of t.matchAll(WEEKDAY_WORDS)) {
    counted.n++;
    if (!src.weekdays.has(w[0].toLowerCase().slice(0, 3))) report("date", w[0]);
  }
  let current = m.text;
  for (const p of current.matchAll(PRICE_IN_TEXT)) {
    counted.n++;
    const amounts = amountOf(p[0]);
    // A zero total ("$0.00" in a cart before anything is added) is the widget's, not a claim.
    if (!amounts.some((a) => a === 0 || src.amounts.has(a))) report("price", p[0].trim());
    m.mask(p.index!, p.index! + p[0].length);
  }
  current = m.text;
  for (const p of current.matchAll(PERCENT_IN_TEXT)) {
    counted.n++;
    if (!src.percents.has(Number(p[1].replace(",", ".")))) report("percent", p[0].trim());
    m.mask(p.index!, p.index! + p[0].length);
  }
  current = m.text;
  for (const c of current.matchAll(CODE_AFTER_WORD)) {
    counted.n++;
    if (!src.folded.includes(fold(c[1]))) report("code", c[1]);
    const at = c.index! + c[0].lastIndexOf(c[1]);
    m.mask(at, at + c[1].length);
  }
  current = m.text;
  for (const c of current.matchAll(CODE_SHAPE)) {
    counted.n++;
    if (!src.folded.includes(fold(c[0]))) report("code", c[0]);
    m.mask(c.index!, c.index! + c[0].length);
  }
  current = m.text;
  for (const re of COUNTERS) {
    for (const c of current.matchAll(re)) m.mask(c.index!, c.index! + c[0].length);
    current = m.text;
  }
  for (const n of current.matchAll(NUMBER_IN_TEXT)) {
    counted.n++;
    if (!amountOf(n[0]).some((a) => src.amounts.has(a))) report("number", n[0]);
  }
  for (const p of promisesIn(t)) {
    counted.n++;
    if (!src.promises.has(p.kind))
      report(
        "promise",
        p.text.replace(/^\p{Ll}/u, (c) => c.toUpperCase()),
      );
  }
}

// ── conditions on the wrong offer ──────────────────────────────────────────────────────────────

interface OfferSignature {
  name: string;
  mentioned: (folded: string, amounts: Set<number>) => boolean;
  conditions: Array<{ name: string; present: (folded: string, amounts: Set<number>) => boolean }>;
}

const OFFER_FILLER = new Set([
  "free",
  "gratuit",
  "gratuite",
  "gratuits",
  "offert",
  "offerte",
  "gratis",
  "kostenlos",
  "kostenloser",
  "kostenlose",
  "grátis",
  "gratuita",
  "gratuito",
  "off",
  "de",
  "la",
  "le",
  "el",
  "the",
  "a",
  "un",
  "une",
  "with",
  "on",
  "all",
  "auf",
  "sur",
  "en",
  "em",
  "su",
]);

function signatures(brief: Brief): OfferSignature[] {
  return brief.offers.map((o) => {
    const words = fold(o.text.value)
      .trim()
      .split(" ")
      .filter((w) => w && !OFFER_FILLER.has(w) && !/^\d/.test(w));
    const key = words.length ? ` ${words.join(" ")} ` : undefined;
    const mentioned = (folded: string, amounts: Set<number>) => {
      if (o.percent !== undefined && new RegExp(`(?<![\\d.,])${o.percent}\\s?%`).test(folded.replace(/ (\d+) (?=%)/g, " $1"))) return true;
      if (o.amount && amounts.has(comparableAmount(o.amount)) && /\boff\b|réduction|descuento|rabatt|desconto|sconto/.test(folded))
        return true;
      return key ? folded.includes(key) : false;
    };
    const conditions: OfferSignature["conditions"] = [];
    if (o.threshold) {
      const minor = comparableAmount(o.threshold.price);
      conditions.push({ name: o.threshold.text.value, present: (_f, amounts) => amounts.has(minor) });
    }
    if (o.code) {
      const code = fold(o.code.value);
      conditions.push({ name: o.code.value, present: (f) => f.includes(code) });
    }
    if (o.deadline) {
      const tokens = fold(o.deadline.value)
        .trim()
        .split(" ")
        .filter((w) => monthOf(w) !== undefined || /^\d{1,2}$/.test(w));
      if (tokens.length) conditions.push({ name: o.deadline.value, present: (f) => tokens.every((tk) => f.includes(` ${tk} `)) });
    }
    return { name: o.text.value, mentioned, conditions };
  });
}

/** Sentences and blocks of a view: a condition belongs to what its own sentence offers. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\s*¶\s*/).filter((s) => s.trim());
}

function misplacedConditions(text: string, view: string, brief: Brief | undefined, out: UntracedClaim[], counted: { n: number }): void {
  if (!brief || brief.offers.length < 2) return;
  const sigs = signatures(brief);
  if (!sigs.some((s) => s.conditions.length)) return;
  const seen = new Set<string>();
  for (const sentence of sentencesOf(text.slice(0, MAX_VIEW_CHARS)).slice(0, 2_000)) {
    const folded = fold(sentence.replace(/%/g, " % ").replace(/ +%/g, "%"));
    const foldedPct = ` ${sentence.toLowerCase()} `;
    const amounts = amountsIn(sentence);
    const offered = sigs.filter((s) => s.mentioned(foldedPct, amounts) || s.mentioned(folded, amounts));
    if (offered.length !== 1) continue;
    const [offer] = offered;
    for (const other of sigs) {
      if (other === offer) continue;
      for (const c of other.conditions) {
        counted.n++;
        // A condition both offers share is no one's in particular.
        if (offer.conditions.some((own) => own.name === c.name)) continue;
        if (!c.present(folded, amounts)) continue;
        const key = `${c.name}|${offer.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ kind: "condition", claim: c.name, view, offer: offer.name, belongsTo: other.name });
      }
    }
  }
}

// ── terms written together that the user wrote apart ───────────────────────────────────────────

/** The conditions a sentence states, each as a key and as written: amounts, percentages, dates (month and day), codes. */
function conditionTerms(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of text.matchAll(PRICE_IN_TEXT)) for (const a of amountOf(p[0])) if (a > 0) out.set(`amount:${a}`, p[0].trim());
  for (const p of text.matchAll(PERCENT_IN_TEXT)) out.set(`percent:${Number(p[1]!.replace(",", "."))}`, p[0].trim());
  for (const d of text.matchAll(MONTH_WORDS)) {
    const month = monthOf(d[0]);
    const end = d.index! + d[0].length;
    const after = /^\s?(\d{1,2})(?:st|nd|rd|th)?(?!\d)/.exec(text.slice(end, end + 8));
    const before = after ? null : /(?<!\d)(\d{1,2})(?:\.|er|º)?\s?(?:de\s)?$/.exec(text.slice(Math.max(0, d.index! - 8), d.index!));
    const day = after?.[1] ?? before?.[1];
    if (month && day) out.set(`date:${month}-${Number(day)}`, after ? `${d[0]}${after[0]}`.trim() : `${before![0]}${d[0]}`.trim());
  }
  for (const c of text.matchAll(CODE_SHAPE)) out.set(`code:${c[0]}`, c[0]);
  return out;
}

/** The user's clauses: sentences and lines ("4.50" has no space after its point; "20. Dezember" is one date). */
const CLAUSE_END = /(?<=[.!?;])\s+(?![\p{Ll}\d])|\n+/u;

/** The user's clauses as condition terms, and every term they hold. */
interface UserClauses {
  clauses: Array<Map<string, string>>;
  known: Set<string>;
}

function userClauses(userText: string): UserClauses {
  const clauses = userText
    .slice(0, MAX_SOURCE_CHARS)
    .split(CLAUSE_END)
    .slice(0, 400)
    .map((c) => conditionTerms(c));
  return { clauses, known: new Set(clauses.flatMap((c) => [...c.keys()])) };
}

/** Every term conditionTerms reads holds a digit (an amount, a percentage, a day, a code). */
const DIGIT = /\d/;

/**
 * Two conditions the email writes in one sentence must be written in one clause by the user: "15%
 * off orders over $50" is a misattribution when the prompt gives the $50 minimum to another offer.
 * This reads the user's own words, so it holds when the brief's reading of the offers does not.
 */
function gluedTerms(text: string, view: string, user: UserClauses | undefined, out: UntracedClaim[], counted: { n: number }): void {
  // A pair needs two terms the user wrote: with fewer, no sentence of the email can hold one.
  if (!user || user.known.size < 2) return;
  const { clauses, known } = user;
  const seen = new Set<string>();
  // The email's clauses end where the user's do: a ";" the user wrote ("$25 funds a filter; $100 repairs a well") keeps its terms apart in the email too.
  const emailClauses = sentencesOf(text.slice(0, MAX_VIEW_CHARS))
    .slice(0, 2_000)
    .flatMap((s) => s.split(/(?<=;)\s+/));
  for (const sentence of emailClauses.slice(0, 4_000)) {
    if (!DIGIT.test(sentence)) continue;
    const here = [...conditionTerms(sentence)].filter(([k]) => known.has(k)).slice(0, 8);
    for (let i = 0; i < here.length; i++) {
      for (let j = i + 1; j < here.length; j++) {
        counted.n++;
        const [a, b] = [here[i]!, here[j]!];
        if (clauses.some((c) => c.has(a[0]) && c.has(b[0]))) continue;
        const key = `${a[0]}|${b[0]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ kind: "condition", claim: b[1], view, offer: a[1], belongsTo: "another sentence of the brief" });
      }
    }
  }
}

// ── links ──────────────────────────────────────────────────────────────────────────────────────

function untracedLinks(doc: EmailDoc, view: string, src: Source, out: UntracedClaim[], counted: { n: number }): void {
  const seen = new Set<string>();
  for (const a of tagged(doc, "a").slice(0, 2_000)) {
    const href = (a.attribs.href ?? "").trim();
    if (!/^https?:\/\//i.test(href) || href.includes("{{")) continue;
    counted.n++;
    const url = normalUrl(href);
    if (src.urls.has(url) || seen.has(url)) continue;
    seen.add(url);
    out.push({ kind: "link", claim: href.slice(0, 200), view });
  }
}

// ── the report ─────────────────────────────────────────────────────────────────────────────────

export interface TraceView {
  view: string;
  /** The view's visible text; blocks may be marked with "¶" to separate sentences. */
  text: string;
  /** The document the view was read from, for its links (none for copy not yet placed in an email). */
  doc?: EmailDoc;
}

/**
 * The trace of views added one at a time against one source, read once: the QA of an email traces
 * its own views, then, once the AMP version is built, reports again with that view too, without
 * reading the source or the first views again. `report(more)` equals traceFacts over the views
 * added so far followed by `more`, which are traced for that report only.
 */
export interface Tracer {
  add(view: TraceView): void;
  report(more?: TraceView[]): TraceReport;
}

const NOTHING_TO_TRACE: Tracer = { add: () => undefined, report: () => ({ checked: 0, untraced: [] }) };

interface TraceState {
  untraced: UntracedClaim[];
  counted: { n: number };
  /** The documents whose links were read (the interactive view and the fallback share one). */
  docs: Set<EmailDoc>;
}

export function createTracer(source: TraceSource | undefined): Tracer {
  if (!source || (!source.brief && !source.userText?.length)) return NOTHING_TO_TRACE;
  const src = readSourceText(source);
  if (!src.hasText) return NOTHING_TO_TRACE;
  const userText = source.userText?.[0];
  let user: UserClauses | undefined;
  const add = ({ untraced, counted, docs }: TraceState, v: TraceView) => {
    traceView(v.text.replace(/¶/g, " "), v.view, src, untraced, counted);
    const before = untraced.length;
    misplacedConditions(v.text, v.view, source.brief, untraced, counted);
    // The brief's offers name the misattribution; without one found there, the user's own clauses are read.
    if (untraced.slice(before).every((u) => u.kind !== "condition") && userText) {
      user ??= userClauses(userText);
      gluedTerms(v.text, v.view, user, untraced, counted);
    }
    if (v.doc && !docs.has(v.doc)) {
      docs.add(v.doc);
      untracedLinks(v.doc, v.view, src, untraced, counted);
    }
  };
  const state: TraceState = { untraced: [], counted: { n: 0 }, docs: new Set() };
  return {
    add: (v) => add(state, v),
    report(more = []) {
      const now: TraceState = more.length
        ? { untraced: [...state.untraced], counted: { ...state.counted }, docs: new Set(state.docs) }
        : state;
      for (const v of more) add(now, v);
      // One claim missing from two views is named once, with both views. (Found by key: a view may
      // hold thousands of claims, and a scan of the merged list per claim was quadratic.)
      const merged = new Map<string, UntracedClaim>();
      for (const u of now.untraced) {
        const key = JSON.stringify([u.kind, u.claim.toLowerCase(), u.offer ?? null]);
        const same = merged.get(key);
        if (same) {
          if (!same.view.split(" and ").includes(u.view)) same.view = `${same.view} and ${u.view}`;
        } else merged.set(key, { ...u });
      }
      return { checked: now.counted.n, untraced: [...merged.values()].slice(0, MAX_REPORTED) };
    },
  };
}

export function traceFacts(views: TraceView[], source: TraceSource | undefined): TraceReport {
  const tracer = createTracer(source);
  for (const v of views) tracer.add(v);
  return tracer.report();
}

/** "“Free returns” is not in the brief"; "“over $50” belongs to “Free gift wrap”, not “15% off”". */
export function describeUntraced(u: UntracedClaim): string {
  if (u.kind === "condition" && u.belongsTo === "another sentence of the brief")
    return `“${u.claim}” is written with “${u.offer}”, which the brief says apart (${u.view})`;
  if (u.kind === "condition") return `“${u.claim}” belongs to “${u.belongsTo}”, not “${u.offer}” (${u.view})`;
  return `“${u.claim}” is not in the brief (${u.view})`;
}

/** The words of a CopyDoc (subject, preheader, sections, items), each field a block of its own. */
export function copyText(copy: {
  subject?: string;
  preheader?: string;
  sections?: Array<{ headline?: string; body?: string; cta?: string }>;
  items?: Array<{ label?: string; headline?: string; body?: string }>;
}): string {
  const parts = [copy.subject, copy.preheader];
  for (const s of copy.sections ?? []) parts.push(s.headline, s.body, s.cta);
  for (const i of copy.items ?? []) parts.push(i.label, i.headline, i.body);
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(" ¶ ");
}

/** The claims of a CopyDoc that trace to neither the brief nor the user's words: what a copy stage checks before placing it. */
export function traceCopy(copy: Parameters<typeof copyText>[0], source: TraceSource): TraceReport {
  return traceFacts([{ view: "copy", text: copyText(copy) }], source);
}
