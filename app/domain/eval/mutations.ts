// Mutation operators for measuring checks (docs/generation.md, "The mutation check"): each takes a correct email and makes
// it wrong in one way a reader would catch — an item gone, a price changed, a claim nobody made, a
// condition moved to another offer, an option dropped, the brand lost, a link broken. A check that
// scores the mutant as high as the original cannot tell good from bad.
//
// Pure and bounded: one htmlparser2 parse with source positions, then the original string is
// spliced at those positions, so everything the operator does not touch stays byte for byte.
import { parseDocument } from "htmlparser2";
import type { DomElement, DomNode, DomText } from "~/domain/html/dom";
import { isElement, isText } from "~/domain/html/dom";

export const MUTATION_KINDS = [
  "remove-item",
  "change-price",
  "invented-claim",
  "move-condition",
  "drop-option",
  "lose-brand",
  "break-link",
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

/** What a mutation may act on: the brief's facts in the prompt's own words. */
export interface MutationTargets {
  language: string;
  brand?: string;
  items: { name: string; price?: string }[];
  offers: { text: string; conditions: string[] }[];
  questions: { text: string; options: string[] }[];
  /** Links the brief gives; `break-link` breaks the email's links to them (or, without any, its content links). */
  links: string[];
}

export type Mutation = { ok: true; kind: MutationKind; html: string; note: string } | { ok: false; kind: MutationKind; reason: string };

/** Emails past this size are not mutated (the renderer's emails are ~20–100 KB). */
export const MAX_MUTATION_HTML = 1_000_000;
/** Text nodes read per email. */
const MAX_TEXTS = 20_000;

/** An invented promise per frame language: nothing a brief says, so nothing a correct email says. */
export const INVENTED_CLAIMS: Record<string, string> = {
  en: "Free returns on every order.",
  fr: "Retours gratuits sur toutes les commandes.",
  es: "Devoluciones gratuitas en todos los pedidos.",
  de: "Kostenlose Rücksendung bei jeder Bestellung.",
  pt: "Devolução grátis em todos os pedidos.",
  it: "Reso gratuito su ogni ordine.",
};

/** The ways `break-link` breaks a link: to "#", to nothing, to the email's own view-in-browser URL, to a host that does not exist. */
export const BROKEN_HREFS = ["#", "", "{{VIB_URL}}", "https://nowhere.invalid/"] as const;

// ── the parse ─────────────────────────────────────────────────────────────────────────────────────

interface Parsed {
  html: string;
  texts: DomText[];
  elements: DomElement[];
  body: DomElement | null;
}

const SKIP = new Set(["style", "script", "head"]);

function parse(html: string): Parsed {
  const doc = parseDocument(html, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    withStartIndices: true,
    withEndIndices: true,
  });
  const texts: DomText[] = [];
  const elements: DomElement[] = [];
  let body: DomElement | null = null;
  // Iterative walk: no recursion depth to blow on deep markup.
  const stack: DomNode[] = [...doc.children].reverse() as DomNode[];
  while (stack.length && texts.length < MAX_TEXTS && elements.length < 200_000) {
    const n = stack.pop()!;
    if (isText(n)) texts.push(n);
    else if (isElement(n)) {
      elements.push(n);
      if (n.name === "body") body = n;
      if (SKIP.has(n.name) && n.name !== "head") continue;
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as DomNode);
    }
  }
  return { html, texts, elements, body };
}

/** Text in the title counts (it is the subject); text in style, script and the rest of head does not. */
function inHead(n: DomNode): boolean {
  for (let p = n.parent as DomElement | null; p && isElement(p); p = p.parent as DomElement | null) {
    if (p.name === "title") return false;
    if (p.name === "head") return true;
  }
  return false;
}

function readableTexts(p: Parsed): DomText[] {
  return p.texts.filter((t) => !inHead(t) && !(t.parent && isElement(t.parent) && SKIP.has(t.parent.name)));
}

// ── text helpers ──────────────────────────────────────────────────────────────────────────────────

const fold = (s: string) =>
  s
    .normalize("NFKC")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .toLowerCase();

/** Where `needle` starts in `hay`, ignoring case and the kind of space; -1 if nowhere. */
function findFolded(hay: string, needle: string): { at: number; length: number } | null {
  const n = fold(needle).trim();
  if (!n) return null;
  // Folding keeps lengths for the characters emails hold (spaces stay one character each).
  const h = fold(hay);
  if (h.length !== hay.length) {
    const at = hay.toLowerCase().indexOf(needle.toLowerCase());
    return at === -1 ? null : { at, length: needle.length };
  }
  const at = h.indexOf(n);
  return at === -1 ? null : { at, length: n.length };
}

function escapeText(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
}

/** A text node's words after a piece is cut out: no doubled separators, none left at either end. */
function tidy(s: string): string {
  return s
    .replace(/\s+([,.;:!?·—–-])(?=\s*[,.;:!?·—–-])/g, "")
    .replace(/(^|[(])\s*[,;·—–-]\s*/g, "$1")
    .replace(/:\s*[,;·]\s*/g, ": ")
    .replace(/\s*[,;·—–-]\s*($|[)])/g, "$1")
    .replace(/ {2,}/g, " ");
}

interface Edit {
  start: number;
  /** Exclusive. */
  end: number;
  text: string;
}

/** Applies non-overlapping edits (an edit inside another is dropped: the outer one wins). */
function apply(html: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Edit[] = [];
  for (const e of sorted) {
    const last = kept[kept.length - 1];
    if (last && e.start < last.end) continue;
    kept.push(e);
  }
  let out = html;
  for (const e of kept.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const span = (n: DomNode): { start: number; end: number } => ({ start: n.startIndex ?? 0, end: (n.endIndex ?? -1) + 1 });

/** Replaces a text node's words (re-escaped). */
function textEdit(t: DomText, words: string): Edit {
  return { ...span(t), text: escapeText(words) };
}

/** The block a fact sits in, to remove with it: an item, a label and its input, a list entry, a paragraph. */
function holder(t: DomText, p: Parsed): DomElement[] {
  for (let el = t.parent as DomElement | null; el && isElement(el); el = el.parent as DomElement | null) {
    if (el.name === "body" || el.name === "html") break;
    if (el.attribs["data-kx-item"] !== undefined) return [el];
    if (el.name === "label") {
      const input = el.attribs.for ? p.elements.find((e) => e.name === "input" && e.attribs.id === el.attribs.for) : undefined;
      return input ? [el, input] : [el];
    }
    if (["li", "p", "h1", "h2", "h3", "h4", "h5", "h6", "a", "tr"].includes(el.name)) return [el];
  }
  return [];
}

function openTagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start; i < Math.min(html.length, start + 20_000); i++) {
    const c = html[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i + 1;
  }
  return -1;
}

// ── the operators ─────────────────────────────────────────────────────────────────────────────────

/** Removes every block that shows the item (its name, with its price beside it). */
export function removeItem(html: string, item: { name: string }): Mutation {
  const kind = "remove-item" as const;
  const p = parse(html);
  const edits: Edit[] = [];
  for (const t of readableTexts(p)) {
    if (!findFolded(t.data, item.name)) continue;
    const blocks = holder(t, p);
    if (blocks.length) for (const b of blocks) edits.push({ ...span(b), text: "" });
    else edits.push(textEdit(t, tidy(t.data.replace(t.data.substr(findFolded(t.data, item.name)!.at, item.name.length), ""))));
  }
  if (!edits.length) return { ok: false, kind, reason: `item “${item.name}” is not in the email` };
  return { ok: true, kind, html: apply(html, edits), note: `removed “${item.name}”` };
}

/** "14,50 €" → "19,50 €", "$28" → "$33": the same writing, another amount. */
export function shiftPrice(price: string): string {
  return price.replace(/\d+/, (d) => String(Number(d) + 5));
}

/** Changes one price everywhere the email shows it. */
export function changePrice(html: string, price: string): Mutation {
  const kind = "change-price" as const;
  const p = parse(html);
  const changed = shiftPrice(price);
  const edits: Edit[] = [];
  for (const t of readableTexts(p)) {
    let data = t.data;
    let hit = findFolded(data, price);
    let guard = 0;
    while (hit && guard++ < 50) {
      data = data.slice(0, hit.at) + changed + data.slice(hit.at + hit.length);
      const next = findFolded(data.slice(hit.at + changed.length), price);
      hit = next ? { at: next.at + hit.at + changed.length, length: next.length } : null;
    }
    if (data !== t.data) edits.push(textEdit(t, data));
  }
  if (!edits.length) return { ok: false, kind, reason: `price “${price}” is not in the email` };
  return { ok: true, kind, html: apply(html, edits), note: `“${price}” → “${changed}”` };
}

/** Adds a promise nobody made, as a paragraph under the first heading (both views show it). */
export function inventClaim(html: string, language: string): Mutation {
  const kind = "invented-claim" as const;
  const p = parse(html);
  const claim = INVENTED_CLAIMS[language] ?? INVENTED_CLAIMS.en!;
  const anchor = p.elements.find((e) => e.name === "h1") ?? p.elements.find((e) => e.name === "h2");
  if (!anchor) return { ok: false, kind, reason: "no heading to put the claim under" };
  const style = p.elements.find((e) => e.name === "p" && e.attribs.style)?.attribs.style;
  const para = `<p class="kx-text"${style ? ` style="${style.replace(/"/g, "&quot;")}"` : ""}>${escapeText(claim)}</p>`;
  const at = span(anchor).end;
  return { ok: true, kind, html: html.slice(0, at) + para + html.slice(at), note: `added “${claim}”` };
}

/** Takes a condition off its offer and writes it onto another offer. */
export function moveCondition(html: string, offers: MutationTargets["offers"]): Mutation {
  const kind = "move-condition" as const;
  const p = parse(html);
  const texts = readableTexts(p);
  for (const from of offers) {
    for (const condition of from.conditions) {
      const to = offers.find(
        (o) => o !== from && !fold(o.text).includes(fold(condition)) && !o.conditions.some((c) => fold(c) === fold(condition)),
      );
      if (!to) continue;
      const holders = texts.filter((t) => findFolded(t.data, condition));
      const targets = texts.filter((t) => findFolded(t.data, to.text) && !findFolded(t.data, condition));
      if (!holders.length || !targets.length) continue;
      const edits: Edit[] = [];
      for (const t of holders) {
        const hit = findFolded(t.data, condition)!;
        edits.push(textEdit(t, tidy(t.data.slice(0, hit.at) + t.data.slice(hit.at + hit.length)).trim()));
      }
      for (const t of targets) {
        const hit = findFolded(t.data, to.text)!;
        const end = hit.at + hit.length;
        edits.push(textEdit(t, `${t.data.slice(0, end)}, ${condition}${t.data.slice(end)}`));
      }
      return { ok: true, kind, html: apply(html, edits), note: `“${condition}” moved from “${from.text}” to “${to.text}”` };
    }
  }
  return { ok: false, kind, reason: "needs two offers, one with a condition the email shows" };
}

const OPTION_SEPARATORS = /\s*(?:·|,|\/|\||—|–)\s*/;

/** Drops a question's last option: its own control or list entry, or its place in a written list ("0 · 1 · … · 10"). */
export function dropOption(html: string, question: { text: string; options: string[] }): Mutation {
  const kind = "drop-option" as const;
  const option = question.options[question.options.length - 1];
  if (!option || question.options.length < 2) return { ok: false, kind, reason: "the question has fewer than two options" };
  const p = parse(html);
  const edits: Edit[] = [];
  for (const t of readableTexts(p)) {
    const words = t.data.trim();
    if (fold(words) === fold(option)) {
      const blocks = holder(t, p);
      if (blocks.length) for (const b of blocks) edits.push({ ...span(b), text: "" });
      else edits.push(textEdit(t, ""));
      continue;
    }
    const parts = words.split(OPTION_SEPARATORS);
    if (parts.length >= 2 && parts.some((x) => fold(x) === fold(option))) {
      const sep = OPTION_SEPARATORS.exec(words)![0];
      edits.push(textEdit(t, parts.filter((x) => fold(x) !== fold(option)).join(sep)));
    }
  }
  if (!edits.length) return { ok: false, kind, reason: `option “${option}” is not in the email` };
  return { ok: true, kind, html: apply(html, edits), note: `dropped option “${option}” of “${question.text}”` };
}

/** Takes the brand's name out of every text, the subject included. */
export function loseBrand(html: string, brand: string): Mutation {
  const kind = "lose-brand" as const;
  const p = parse(html);
  const edits: Edit[] = [];
  for (const t of p.texts) {
    if (t.parent && isElement(t.parent) && (t.parent.name === "style" || t.parent.name === "script")) continue;
    let data = t.data;
    let hit = findFolded(data, brand);
    for (let guard = 0; hit && guard < 50; guard++) {
      data = data.slice(0, hit.at) + data.slice(hit.at + hit.length);
      hit = findFolded(data, brand);
    }
    if (data !== t.data) edits.push(textEdit(t, tidy(data).trim()));
  }
  if (!edits.length) return { ok: false, kind, reason: `brand “${brand}” is not in the email` };
  return { ok: true, kind, html: apply(html, edits), note: `removed “${brand}”` };
}

const SERVICE_HREF = /^(?:\{\{(?:VIB_URL|UNSUBSCRIBE_URL)\}\}|mailto:|tel:)/i;
const sameLink = (a: string, b: string) => a.trim().replace(/\/+$/, "").toLowerCase() === b.trim().replace(/\/+$/, "").toLowerCase();

/** Points the email's links to the brief's links (or, when it gives none, its content links) at `broken`. */
export function breakLink(html: string, links: string[], broken: (typeof BROKEN_HREFS)[number]): Mutation {
  const kind = "break-link" as const;
  const p = parse(html);
  const anchors = p.elements.filter(
    (e) => e.name === "a" && typeof e.attribs.href === "string" && !SERVICE_HREF.test(e.attribs.href.trim()),
  );
  const chosen = links.length ? anchors.filter((a) => links.some((l) => sameLink(a.attribs.href!, l))) : anchors;
  const edits: Edit[] = [];
  for (const a of chosen) {
    const start = a.startIndex ?? 0;
    const end = openTagEnd(html, start);
    if (end < 0) continue;
    const tag = html.slice(start, end);
    const next = tag.replace(/\bhref\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, `href="${broken}"`);
    if (next !== tag) edits.push({ start, end, text: next });
  }
  if (!edits.length) return { ok: false, kind, reason: "no link to break" };
  return { ok: true, kind, html: apply(html, edits), note: `${edits.length} link(s) → “${broken}”` };
}

/**
 * Every mutant of one email the targets allow, one per kind (a kind that does not apply is
 * returned with its reason). `variant` picks which of the broken hrefs to use, so a set of
 * emails covers each.
 */
export function mutateAll(html: string, t: MutationTargets, variant = 0): Mutation[] {
  if (html.length > MAX_MUTATION_HTML) return MUTATION_KINDS.map((kind) => ({ ok: false, kind, reason: "email too large to mutate" }));
  const lastItem = t.items[t.items.length - 1];
  const priced = [...t.items].reverse().find((i) => i.price);
  const question = t.questions.find((q) => q.options.length >= 2);
  const no = (kind: MutationKind, reason: string): Mutation => ({ ok: false, kind, reason });
  return [
    lastItem ? removeItem(html, lastItem) : no("remove-item", "the brief lists no item"),
    priced?.price ? changePrice(html, priced.price) : no("change-price", "the brief gives no item price"),
    inventClaim(html, t.language),
    t.offers.length >= 2 ? moveCondition(html, t.offers) : no("move-condition", "the brief has fewer than two offers"),
    question ? dropOption(html, question) : no("drop-option", "the brief has no question with options"),
    t.brand ? loseBrand(html, t.brand) : no("lose-brand", "the brief names no brand"),
    breakLink(html, t.links, BROKEN_HREFS[variant % BROKEN_HREFS.length]!),
  ];
}
