// What the email says, traced back to the prompt (docs/api/eval.md, the judge): a reader who holds the brief next to
// the email notices a price that is not the brief's, a promise nobody made ("Free returns"), a
// condition written onto another offer, an answer option cut from a question, a link that goes
// nowhere, an item or price of the brief that never shows. Each is read from the email's visible
// text and links against the prompt's own words; pure, and linear in the sizes of both.
import type { DomElement, DomNode } from "~/domain/html/dom";
import { hasClass, isElement } from "~/domain/html/dom";
import type { EmailDoc } from "~/domain/html/parse";
import { normalizeText } from "~/domain/html/text";
import type { PromptFacts } from "~/domain/prompt/facts";
import { choices } from "~/domain/qa/choices";
import { fold, properProduct, viewText } from "~/domain/qa/fidelity";
import type { Defect } from "./defects";

const MAX_PROMPT = 20_000;
const MAX_TEXTS = 5_000;
// Visible text read per view, as the QA trace does: far past what any mail client shows before
// clipping, and it keeps the judge's passes over a 256,000-character email under 100 ms.
const MAX_VIEW_CHARS = 60_000;

// ── money ─────────────────────────────────────────────────────────────────────────────────────────

const CURRENCIES: Record<string, string> = {
  $: "$",
  usd: "$",
  us$: "$",
  "€": "€",
  eur: "€",
  "£": "£",
  gbp: "£",
  r$: "r$",
  brl: "r$",
  "¥": "¥",
  jpy: "¥",
  chf: "chf",
  zł: "zł",
  pln: "zł",
  kr: "kr",
};
const CUR = "us\\$|r\\$|\\$|€|£|¥|zł|usd|eur|gbp|brl|jpy|chf|pln|kr";
const NUM = "\\d{1,3}(?:[.,\\u00a0\\u202f ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?";
// "22 $89" is a day and a price, not "22 $": a sign written after an amount is not followed by one.
// A number is read from its first character only ("(?<![\\d.,])"): started inside a run of digits, each try
// would scan the rest of the run again (2 s for 20,000 digits).
const MONEY = new RegExp(`(?:(${CUR})\\s?(${NUM}))|(?:(?<![\\d.,])(${NUM})\\s?(${CUR}))(?![\\p{L}\\d])(?!\\s?\\d)`, "giu");

function minor(num: string): number | undefined {
  const compact = num.replace(/[\s\u00a0\u202f]/g, "");
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole)) return undefined;
  const cents = decimal ? (decimal[1]!.length === 1 ? Number(decimal[1]) * 10 : Number(decimal[1])) : 0;
  return Number(whole) * 100 + cents;
}

/** Every amount of money in `text` as "€1450" (currency and minor units), with how it was written. */
export function moneyIn(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.slice(0, 200_000).matchAll(MONEY)) {
    const cur = CURRENCIES[(m[1] ?? m[4] ?? "").toLowerCase()];
    const amount = minor(m[2] ?? m[3] ?? "");
    if (cur && amount !== undefined && amount > 0) out.set(`${cur}${amount}`, m[0].trim());
  }
  return out;
}

// ── promises ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Words that promise something (returns, refunds, shipping, delivery, guarantees, support, stock,
 * free, best, exclusive) in the six frame languages. A promise the email makes must be one the
 * prompt makes: its word must be in the prompt too.
 */
const PROMISES: RegExp[] = [
  /\breturns?\b|\brefunds?\b|\bshipping\b|\bdeliver(?:y|ies|ed)?\b|\bguarantee[ds]?\b|\bwarrant(?:y|ies)\b|\bsupport\b|\bin stock\b|\bsold out\b|\bselling fast\b|\bfree\b|\bbest\b|\bexclusive\b/giu,
  /(?<![\p{L}])(?:retours?|rembours\p{L}*|livraisons?|garanti\p{L}*|assistance|en stock|épuisé\p{L}*|gratuit\p{L}*|meilleur\p{L}*|exclusi\p{L}*)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:devoluci\p{L}*|reembols\p{L}*|envíos?|entregas?|garantía|soporte|agotad\p{L}*|gratis|mejor\p{L}*|exclusiv\p{L}*)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:rücksend\p{L}*|rückgabe\p{L}*|erstatt\p{L}*|versand\p{L}*|lieferung\p{L}*|garantie\p{L}*|kostenlos\p{L}*|ausverkauft|beste[nrs]?|exklusiv\p{L}*)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:devoluç\p{L}*|devoluc\p{L}*|reembolso\p{L}*|frete|garantia|suporte|estoque|esgotad\p{L}*|grátis|melhor\p{L}*)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:resi|reso|rimbors\p{L}*|spedizion\p{L}*|consegna|garanzia|assistenza|supporto|esaurit\p{L}*|gratuit\p{L}*|miglior\p{L}*|esclusiv\p{L}*)(?![\p{L}])/giu,
];

function promiseWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const re of PROMISES) for (const m of text.matchAll(re)) out.add(m[0].toLowerCase());
  return out;
}

/** A promise word is traced when the prompt holds it or a word it starts (free/free, gratuits/gratuit). */
function traced(word: string, promptWords: Set<string>): boolean {
  const stem = word.replace(/(?:es|s|e)$/u, "");
  for (const w of promptWords) if (w === word || w.startsWith(stem) || stem.startsWith(w.replace(/(?:es|s|e)$/u, ""))) return true;
  return false;
}

// ── what goes together ────────────────────────────────────────────────────────────────────────────

const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|januar|februar|märz|juni|juli|oktober|dezember|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre";
const DATE = new RegExp(`(?<![\\p{L}\\d])(?:(\\d{1,2})\\.?\\s+(?:de\\s+)?(${MONTHS})|(${MONTHS})\\s+(\\d{1,2}))(?![\\p{L}\\d])`, "giu");
const PERCENT = /(\d{1,3})\s?%/g;
const CODE = /(?<![\p{L}\d])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,20}(?![\p{L}\d])/gu;

/** The terms an offer's conditions are made of: amounts, percentages, dates, codes, each as one key. */
function terms(text: string): Set<string> {
  const out = new Set<string>(moneyIn(text).keys());
  for (const m of text.matchAll(PERCENT)) out.add(`${m[1]}%`);
  for (const m of text.matchAll(DATE)) out.add(`date:${(m[2] ?? m[3])!.toLowerCase()} ${m[1] ?? m[4]}`);
  for (const m of text.matchAll(CODE)) out.add(`code:${m[0]}`);
  return out;
}

/** A sentence end: a stop and a space, except the point of a German date ("20. Dezember"). */
const CLAUSE_END = new RegExp(`(?<=[.!?;])\\s+(?!(?:${MONTHS})(?![\\p{L}]))|\\n+`, "iu");

/** The prompt's clauses: sentences and lines ("4.50" has no space after its point). */
function clauses(prompt: string): string[] {
  return prompt.split(CLAUSE_END).slice(0, 400);
}

function insideHidden(el: DomNode): boolean {
  for (let p: DomNode | null = el; p && isElement(p); p = p.parent as DomNode | null) {
    const e = p as DomElement;
    if (e.name === "head" || e.name === "style" || e.name === "script" || hasClass(e, "kx-preheader")) return true;
  }
  return false;
}

// ── options ───────────────────────────────────────────────────────────────────────────────────────

const SCALE = /(?<![\d\p{L}])([01])\s?(?:[-–—]|to|à|a|bis|até)\s?(5|7|10)(?![\d\p{L}])/giu;

/** The scales the prompt asks for: "(0–10)" is 0 … 10. */
function scales(prompt: string): { from: number; to: number; written: string }[] {
  return [...prompt.matchAll(SCALE)].slice(0, 5).map((m) => ({ from: Number(m[1]), to: Number(m[2]), written: m[0] }));
}

/** The email shows from … to as a run of whole numbers, in order, in one of its views. */
function hasRun(text: string, from: number, to: number): boolean {
  const numbers = [...text.matchAll(/(?<![\d.,])\d{1,2}(?![\d.,]\d)/g)].map((m) => Number(m[0]));
  outer: for (let i = 0; i + (to - from) < numbers.length; i++) {
    for (let k = 0; k <= to - from; k++) if (numbers[i + k] !== from + k) continue outer;
    return true;
  }
  return false;
}

// ── links ─────────────────────────────────────────────────────────────────────────────────────────

const URL_RE = /https?:\/\/[^\s"'<>()]+/gi;
const tidyUrl = (u: string) =>
  u
    .trim()
    .replace(/[.,;:!?]+$/, "")
    .replace(/\/+$/, "")
    .toLowerCase();
const SERVICE = /^(?:\{\{UNSUBSCRIBE_URL\}\}|mailto:|tel:)/i;

function contentLinks(doc: EmailDoc): { href: string; text: string }[] {
  const anchors = doc.byTag.get("a") ?? [];
  const out: { href: string; text: string }[] = [];
  // The first link to the view-in-browser URL is the bar at the top; the footer may repeat it.
  let vibSeen = false;
  for (const a of anchors.slice(0, 2000)) {
    const href = (a.attribs.href ?? "").trim();
    if (SERVICE.test(href)) continue;
    if (/^\{\{VIB_URL\}\}/.test(href) && !vibSeen) {
      vibSeen = true;
      continue;
    }
    out.push({ href, text: normalizeText(a.children.map((c) => ("data" in c ? String(c.data) : "")).join(" ")) });
  }
  return out;
}

// ── the defects ───────────────────────────────────────────────────────────────────────────────────

export type TraceFacts = Pick<PromptFacts, "items" | "questions"> & Partial<Pick<PromptFacts, "brand" | "product" | "otherItems" | "urls">>;

/** Everything in the email that does not trace to the prompt, and what of the prompt it lost. */
export function briefDefects(doc: EmailDoc, rawPrompt: string, facts: TraceFacts | undefined): Defect[] {
  const prompt = rawPrompt.slice(0, MAX_PROMPT);
  const out: Defect[] = [];
  const views = (doc.modules.length ? [viewText(doc, "interactive"), viewText(doc, "fallback")] : [viewText(doc, "interactive")]).map((v) =>
    v.slice(0, MAX_VIEW_CHARS),
  );
  const visible = views.join(" \n ");

  // The brand, in any of its forms: one of its words is enough ("Planibox" for "Planibox 3.0"), so
  // only an email that dropped it altogether is held (the marketer reading asks for the full name).
  const brand = facts?.brand ?? properProduct(facts?.product);
  const brandWords = (brand ?? "")
    .split(/[\s&+,.'’-]+/u)
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w))
    .slice(0, 8);
  const brandGone = brandWords.length > 0 && views.some((v) => !brandWords.some((w) => fold(v).includes(fold(w))));
  if (brandGone) out.push({ criterion: "copy-fidelity", penalty: 0, reason: `brand “${brand}” not in the email in any form` });

  // Prices: each the email shows is one the prompt gives; each the prompt gives, the email shows.
  const promptMoney = moneyIn(prompt);
  const emailMoney = moneyIn(visible);
  const untracedMoney = [...emailMoney].filter(([k]) => !promptMoney.has(k)).map(([, w]) => w);
  if (untracedMoney.length)
    out.push({
      criterion: "copy-fidelity",
      penalty: 40,
      faults: untracedMoney.length,
      reason: `price${untracedMoney.length > 1 ? "s" : ""} not in the prompt: ${untracedMoney
        .slice(0, 3)
        .map((w) => `“${w}”`)
        .join(", ")}`,
    });
  const lostMoney = views.flatMap((v) => {
    const seen = moneyIn(v);
    return [...promptMoney].filter(([k]) => !seen.has(k)).map(([, w]) => w);
  });
  if (lostMoney.length)
    out.push({
      criterion: "copy-fidelity",
      penalty: 30,
      faults: new Set(lostMoney).size,
      reason: `price${lostMoney.length > 1 ? "s" : ""} of the prompt missing: ${[...new Set(lostMoney)]
        .slice(0, 3)
        .map((w) => `“${w}”`)
        .join(", ")}`,
    });

  // Promises: a promise word of the email that the prompt does not hold.
  const promptPromises = promiseWords(prompt);
  const untraced = [...promiseWords(visible)].filter((w) => !traced(w, promptPromises));
  if (untraced.length)
    out.push({
      criterion: "copy-fidelity",
      penalty: 50,
      faults: untraced.length,
      reason: `promise not in the prompt: ${untraced
        .slice(0, 3)
        .map((w) => `“${w}”`)
        .join(", ")}`,
    });

  // Conditions: terms the email writes together must be written together in one clause of the prompt.
  const promptTerms = terms(prompt);
  const clauseTerms = clauses(prompt).map(terms);
  let glued: [string, string] | undefined;
  for (const t of doc.texts.slice(0, MAX_TEXTS)) {
    if (glued) break;
    if (!t.data.trim() || insideHidden(t)) continue;
    const here = [...terms(t.data)].filter((k) => promptTerms.has(k));
    for (let i = 0; i < here.length && !glued; i++) {
      for (let j = i + 1; j < here.length && !glued; j++) {
        if (!clauseTerms.some((c) => c.has(here[i]!) && c.has(here[j]!))) glued = [here[i]!, here[j]!];
      }
    }
  }
  if (glued)
    out.push({
      criterion: "copy-fidelity",
      penalty: 50,
      reason: `condition on the wrong offer: “${glued[0].replace(/^\w+:/, "")}” and “${glued[1].replace(/^\w+:/, "")}” are together in the email, apart in the prompt`,
    });

  // Options: a scale keeps every number; a question keeps every option the prompt names.
  const cutScale = scales(prompt).find((s) => !views.some((v) => hasRun(v, s.from, s.to)));
  if (cutScale)
    out.push({
      criterion: "techniques",
      penalty: 50,
      reason: `scale “${cutScale.written}” does not show every answer from ${cutScale.from} to ${cutScale.to}`,
    });
  const foldedViews = views.map(fold);
  // An option answers when it is there on its own: its words inside the question ("thé, café ou
  // chocolat ?") do not. The question's wording is read out of the views before options are looked for.
  const asked = (facts?.questions ?? [])
    .slice(0, 10)
    .map((q) => fold(q.text.replace(/[?¿]/g, "")).trim())
    .filter((q) => q.length >= 3);
  const answerViews = foldedViews.map((v) => asked.reduce((t, q) => t.split(q).join(" "), v));
  const lostOptions = (facts?.questions ?? [])
    .slice(0, 10)
    .flatMap((q) => q.options.slice(0, 20))
    // Options as a reader names them: short, no link or number (a scale is read above).
    .filter(
      (o) => o.trim().length > 0 && o.length <= 60 && o.trim().split(/\s+/).length <= 4 && !/:\/\/|https?\b|^\d{1,2}$/i.test(o.trim()),
    )
    .concat(choices(prompt).flat())
    .filter((o) => answerViews.some((v) => !v.includes(fold(o))));
  if (lostOptions.length)
    out.push({
      criterion: "techniques",
      penalty: 50,
      faults: new Set(lostOptions).size,
      reason: `answer option${lostOptions.length > 1 ? "s" : ""} missing: ${lostOptions
        .slice(0, 3)
        .map((o) => `“${o}”`)
        .join(", ")}`,
    });

  // Items the prompt lists, each in every view.
  const names = [...(facts?.items ?? []), ...(facts?.otherItems ?? [])]
    .map((i) => i.name)
    .filter((n) => n && n.length <= 120)
    .slice(0, 20);
  const lostItems = names.filter((n) => foldedViews.some((v) => !v.includes(fold(n))));
  // Items are read from the prompt by the facts extractor, which still misreads some ("bougie Cèdre à"):
  // a lost item lowers fidelity but does not alone hold the score (see BRIEF_DEFECT_MAX_SCORE).
  if (lostItems.length)
    out.push({
      criterion: "copy-fidelity",
      penalty: 40,
      soft: true,
      faults: lostItems.length,
      reason: `item${lostItems.length > 1 ? "s" : ""} of the prompt missing: ${lostItems
        .slice(0, 3)
        .map((n) => `“${n}”`)
        .join(", ")}`,
    });

  // Links: each the prompt gives is linked; none goes nowhere; with links given, none goes elsewhere.
  const promptUrls = [...new Set([...(facts?.urls ?? []), ...[...prompt.matchAll(URL_RE)].map((m) => m[0])].map(tidyUrl))].slice(0, 20);
  const links = contentLinks(doc);
  const hrefs = new Set(links.map((l) => tidyUrl(l.href)));
  const dead = links.filter(
    (l) =>
      !l.href || l.href === "#" || /^javascript:/i.test(l.href) || /^\{\{VIB_URL\}\}/.test(l.href) || /\.invalid(?:[/:]|$)/i.test(l.href),
  );
  const elsewhere = promptUrls.length
    ? links.filter(
        (l) => /^https?:/i.test(l.href) && !promptUrls.some((u) => tidyUrl(l.href).startsWith(u) || u.startsWith(tidyUrl(l.href))),
      )
    : [];
  const unlinked = promptUrls.filter((u) => !hrefs.has(u));
  const broken = [...dead, ...elsewhere];
  if (broken.length || unlinked.length) {
    const seen = broken.length
      ? `“${broken[0]!.text || "link"}” goes to “${broken[0]!.href || "(nothing)"}”`
      : `the prompt's link ${unlinked[0]} is not linked`;
    out.push({ criterion: "copy-fidelity", penalty: 40, faults: broken.length + unlinked.length, reason: `broken link: ${seen}` });
  }
  return out;
}
