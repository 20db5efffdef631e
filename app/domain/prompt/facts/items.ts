import { isCondition } from "./conditions";
import { parsePrice, priceMentions } from "./money";
import { cleanPhrase, sentences, titleCase } from "./text";
import type { FactItem } from "./types";

// Navigation lists read "a menu for A, B and C", "linking to A, B and C" or "menu (A, B, C)".
const LIST_TRIGGER =
  /(?:\b(?:including|featuring|such as|like|items?|products?|dishes|options|topics|sessions|categories|(?:tabs?|panels?|slides?|sections?|links?|menu|nav(?:igation)?|bar) (?:for|to|on)|linking to|questions? about|faqs? (?:about|on)|covering|showcasing|highlighting|with|avec|mit|con|com|met)\b\s*:?|:|：|\()\s*/gi;

/**
 * An unclosed "(" or a stray ")" without a price: the piece is the edge of a parenthesised list,
 * which the "(" trigger reads on its own. (A priced piece cut mid-parenthesis, "churros ($5", stays.)
 */
const PAREN_EDGE = /\([^)]*$|^[^(]*\)/;

/** Pieces read from one list; the longest list kept has 8 items. */
const MAX_LIST_PIECES = 32;

/**
 * A piece holding two prices is two items joined by a word of another language ("Bougie Figue à
 * 16,50 € et Bougie Cèdre à 18 €"): cut after each price but the last. Those words are not list
 * separators on their own, since they join words inside names ("pão e manteiga").
 */
function splitAfterPrices(piece: string): string[] {
  const prices = priceMentions(piece);
  if (prices.length < 2) return [piece];
  const out: string[] = [];
  let from = 0;
  for (const p of prices.slice(0, -1)) {
    const end = p.index + p.display.length;
    const rest = /^\s*(?:et|y|und|e|and|&|ou|o|oder|or)\s+/i.exec(piece.slice(end));
    if (!rest) continue;
    out.push(piece.slice(from, end));
    from = end + rest[0].length;
  }
  out.push(piece.slice(from));
  return out;
}

/** "A, B und C", "A, B ou C": in the five other frame languages "and"/"or" end a list of two or more pieces. */
const LAST_JOINT = /\s(?:et|ou|y|o|und|oder|e)\s/giu;

/**
 * Words that introduce a list rather than name its first item: "version 4.2 adds Dark mode, …",
 * "neue Funktionen Zeiterfassung, …", "top 3 posts on kerning, …", "trois étapes — importer …".
 */
const LIST_LEAD_IN =
  /^(?:[^,]{0,40}?\s(?:adds|brings|includes|introduces|ships|ajoute|apporte|añade|trae|incluye|bringt|adiciona|traz|aggiunge|porta)\s+|(?:(?:new|neue[ns]?|nouvelles?|nuev[oa]s|nov[oa]s|nuov[ei])\s+)?(?:features|funktionen|fonctionnalités|funciones|funcionalidades|funzionalità)\s+|(?:top\s+\d{1,2}\s+)?(?:posts|articles|stories)\s+(?:on|about)\s+|[^,—–]{1,60}\s[—–]\s+)/iu;
/** "offre Solo à 9,90 €": the word for a plan before a capitalised name. */
const PLAN_LEAD_IN = /^(?:[Oo]ffre|[Pp]lan|[Pp]lano|[Pp]iano|[Tt]arif|[Ff]ormule)\s+(?=\p{Lu})/u;
/** "the Atlas, Corsa and Tide models at $450": the head noun the whole list shares, on its last piece. */
const SHARED_HEAD = /\s+(?:models|plans|editions|tiers|versions|flavou?rs|colou?rs|packs|bundles)(?=\s+(?:at|for|from)\s|\s*[$€£]|\s*$)/i;

function splitList(segment: string): string[] {
  const pieces = segment.split(/\s*(?:;|,(?!\d)|、|，|\s+and\s+|\s+or\s+|\s+plus\s+|\s*\+\s*|\s*\|\s*)\s*/i, MAX_LIST_PIECES);
  if (pieces.length >= 2) {
    const last = pieces[pieces.length - 1];
    let cut = -1;
    LAST_JOINT.lastIndex = 0;
    for (let m = LAST_JOINT.exec(last); m; m = LAST_JOINT.exec(last)) cut = m.index;
    // Only when both sides are short: "A, B und C" is three items, while a name joined by "e" alone ("pão e manteiga") stays one.
    if (cut > 0 && last.slice(0, cut).split(/\s+/).length <= 3 && last.slice(cut).trim().split(/\s+/).length <= 4) pieces.splice(pieces.length - 1, 1, last.slice(0, cut), last.slice(cut).replace(/^\s\S+\s/, ""));
    for (let i = 0; i < pieces.length; i++) pieces[i] = pieces[i]!.replace(SHARED_HEAD, "");
    // A lead-in holds no price: "ricotta pancakes $12 — with honey" is an item and its detail.
    const lead = LIST_LEAD_IN.exec(pieces[0]!)?.[0] ?? "";
    const first = (parsePrice(lead) !== undefined ? pieces[0]! : pieces[0]!.slice(lead.length)).replace(PLAN_LEAD_IN, "");
    if (first.trim()) pieces[0] = first;
  }
  return pieces
    .flatMap(splitAfterPrices)
    .filter((s) => !PAREN_EDGE.test(s) || parsePrice(s) !== undefined)
    .map(cleanPhrase)
    .map((s) => s.replace(/^(?:(?:and|or|a|an|the|our)\s+){1,3}/i, ""))
    .filter((s) => s.length > 0);
}

/** A technique described rather than an item named: "carousel of three roasts", "a quiz with 5 questions". */
const TECHNIQUE_PHRASE =
  /^(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+)?(?:carousel|tabs?|accordion|slider|quiz|survey|poll|cart|menu|hotspots?|countdown|gallery|toggles?|flip[- ]cards?|cards?|slides?|slideshow|reveal)\s+(?:of|with|for|showing|featuring|that|to|listing)\b/iu;

/** Words around an item that are the reader's action, not its name: "tap to add roses", "olives to your basket". */
const ACTION_PREFIX = /^(?:(?:tap|click) to add|add|ajoutez(?: au panier)?|añade|aggiungi|adicione|hinzufügen|(?:cart|basket|panier|carrito|carrello|warenkorb|carrinho|koszyk)\s*:)\s*/i;
const ACTION_SUFFIX = /\s+(?:to|into|in) (?:your|the) (?:basket|cart|bag)$/i;

const CONDITION_SCAN_CHARS = 120;

/** Words that name the email's parts or join its clauses ("then $399"), never an item. */
const NOT_AN_ITEM_NAME = /^(?:tabs?|accordions?|carousels?|sliders?|surveys?|quiz|menus?|carts?|buttons?|ctas?|images?|emails?|them|it|more|etc|then|dann|puis|ensuite|luego|después|depois|poi|dopo)$/i;

const NOT_AN_ITEM_START = /^(?:(?:code|codes|cupom|cup[óo]n|coupon|codice|c[óo]digo|gutscheincode|rabattcode)\s|(?:for|pour|para|per|por|für|at|à)\s|(?:an?\s+)?(?:button|cta)\s+(?:labell?ed|called|saying|that says|reading)\b)/i;

/** The billing period belongs to the price ("$9/month", "9,90 € par mois"), not to the name ("Starter"). */
const BILLING_PERIOD =
  /\s*(?:\/|\bper\s+|\ba\s+|\bpar\s+|\bpor\s+|\bal\s+|\bpro\s+|\bim\s+|\bau\s+|\bao\s+)\s*(?:month|mo|year|yr|week|wk|day|night|person|head|user|seat|mois|an|année|mes|año|mês|ano|mese|anno|monat|jahr|nutzer|utilisateur|usuario|usuário|utente)\b\.?/i;
/** A unit after the price belongs to it: "tomate cereja R$ 8,90 a caixa", "tomates 3 € le kilo". */
const UNIT_AFTER_PRICE = /(?<=[\d$€£)])\s+(?:a|o|la|le|el|al|il|the|each|per|je|das|pro|à)\s+(?:caixa|kilo|kg|quilo|pièce|unidad|unidade|pezzo|stück|box|piece|bottiglia|bouteille|botella|garrafa|flasche|bottle)$/i;

/** A piece longer than this holds no item: a name has at most 60 characters, its detail 120. */
const MAX_PIECE_CHARS = 300;

function toItem(rawPiece: string): FactItem | undefined {
  if (rawPiece.length > MAX_PIECE_CHARS) return undefined;
  // A dash sets a label off the item: "drei E-Bikes – Stadtflitzer 1.499 €", "agua fresca $2 — taquería el sol".
  // The side holding the price is the item. Emoji are decoration, never part of a name.
  const sides = rawPiece.split(/\s[–—-]\s/);
  const priced = sides.length > 1 ? sides.filter((s) => parsePrice(s)) : [];
  // A link or image address beside an item is the item's, never part of its name (the brief keeps it).
  const piece = cleanPhrase(
    (priced.length === 1 ? priced[0] : rawPiece)
      .replace(/\bhttps?:\/\/[^\s<>"'()]{1,2000}|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'()]{0,2000}/gi, " ")
      .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, " ")
      .replace(/\s+/g, " "),
  );
  if (!piece) return undefined;
  // A question, a percentage ("everything 25% off", "15 % con VUELVE15"), a clause opened by a
  // preposition ("für 4,99 € im monat starten") or a button ("a button labelled …") is no item.
  if (/[?¿]|\d\s?%/.test(piece) || NOT_AN_ITEM_START.test(piece)) return undefined;
  const price = parsePrice(piece);
  let name = piece;
  let detail: string | undefined;
  if (price) {
    name = piece
      .replace(UNIT_AFTER_PRICE, "")
      .replace(price.display, "")
      // The billing period belongs to the price ("$9/month"), not to the name ("Starter").
      .replace(BILLING_PERIOD, "")
      .replace(/\(\s*\)|\s(?:at|for|is|costs?|priced at|@|à|a|für|zu|um|por|per|para|pour|al|ao|je|à partir de|ab|dès|desde|da|from|starting at)\s*$|\s[-–—:]\s*$|\s*[-–—:]\s*$/gi, "")
      .trim();
    name = cleanPhrase(name);
  }
  name = cleanPhrase(name.replace(ACTION_PREFIX, "").replace(ACTION_SUFFIX, ""));
  // "Waitlists (patients get offered cancelled slots automatically)": the aside is the item's detail.
  const aside = /^([^()]{1,80}?)\s*\(([^()]{1,200})\)$/.exec(name);
  if (aside && !price) {
    name = cleanPhrase(aside[1]!);
    detail = aside[2];
  }
  const split = /^(.+?)\s+(?:with|in|made with|topped with)\s+(.+)$/i.exec(name);
  if (split && split[1].split(/\s+/).length <= 4) {
    detail = split[2];
  }
  if (!name || name.split(/\s+/).length > 7) return undefined;
  if (NOT_AN_ITEM_NAME.test(name)) return undefined;
  // "carousel of three roasts" names the technique, "free shipping over €150" a condition: neither is an item.
  // (A piece longer than any item name is dropped later anyway; it is not worth the condition scan.)
  if (piece.length <= CONDITION_SCAN_CHARS && (TECHNIQUE_PHRASE.test(name) || isCondition(piece))) return undefined;
  return { name, price, detail };
}

/**
 * Prices count most; then short capitalised names ("Import, Edit and Share") beat loose phrases
 * ("a friendly note from the founder, Maya, and a button labelled …") of the same length.
 */
function listScore(items: FactItem[]): number {
  const priced = items.filter((i) => i.price).length;
  const named = items.filter((i) => /^[A-Z0-9]/.test(i.name) && i.name.split(/\s+/).length <= 3 && !/["“”]/.test(i.name)).length;
  return items.length + priced * 2 + named * 0.5;
}

/**
 * A list's window without what is read on its own: a parenthesised list inside it ("three spring
 * projects (raised beds, herb spiral, rain barrel)", read by the "(" trigger) and an aside after a
 * dash that follows the list's first comma ("Savings, Loans, Cards — ignore all rules above").
 * Index scans, no pattern: each character is looked at a bounded number of times.
 */
function withoutAsides(window: string): string {
  let out = "";
  let at = 0;
  for (let open = window.indexOf("("); open >= 0 && at < window.length; open = window.indexOf("(", at)) {
    const close = window.indexOf(")", open + 1);
    if (close < 0) break;
    const inner = window.slice(open + 1, close);
    if (inner.includes(",") && !inner.includes("(")) {
      out += `${window.slice(at, open)} `;
      at = close + 1;
    } else {
      out += window.slice(at, open + 1);
      at = open + 1;
    }
  }
  out += window.slice(at);
  const comma = out.indexOf(",");
  if (comma < 0) return out;
  const dash = /\s[—–]\s/.exec(out.slice(comma));
  return dash ? out.slice(0, comma + dash.index) : out;
}

/**
 * Lists are read from a bounded window after each trigger, and from at most MAX_LIST_TRIGGERS
 * triggers per prompt. Reading the whole rest of the sentence after every trigger was quadratic:
 * "Tab: " × 4,000 is one sentence with 4,000 triggers.
 */
export const LIST_WINDOW_CHARS = 600;
export const MAX_LIST_TRIGGERS = 100;

/** The text after a trigger, cut to LIST_WINDOW_CHARS and then back to the last list separator. */
function listWindow(sentence: string, start: number): string {
  if (sentence.length - start <= LIST_WINDOW_CHARS) return sentence.slice(start);
  const window = sentence.slice(start, start + LIST_WINDOW_CHARS);
  const lastSeparator = Math.max(window.lastIndexOf(","), window.lastIndexOf(";"));
  return lastSeparator > 0 ? window.slice(0, lastSeparator) : window;
}

/**
 * The prompt's best list, and the best other list that shares no item with it: a two-technique
 * prompt often lists something for each ("tabs for Monday, Wednesday and Friday recipes, plus a
 * cart: sourdough $5, dessert $7").
 */
export function extractItems(prompt: string, lowercase = false): { items: FactItem[]; otherItems: FactItem[] } {
  const bulletLines = prompt
    .split(/\n/)
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/.exec(l)?.[1])
    .filter((l): l is string => Boolean(l));
  if (bulletLines.length >= 2) {
    // Only until the list is full: 5,000 bullets need not each be read as an item.
    const items: FactItem[] = [];
    for (const line of bulletLines) {
      if (items.length >= MAX_BULLET_ITEMS) break;
      const item = toItem(cleanPhrase(line));
      if (item) items.push(item);
    }
    return { items: cased(items, lowercase), otherItems: [] };
  }
  let best: FactItem[] = [];
  const candidates: FactItem[][] = [];
  let triggers = 0;
  for (const sentence of sentences(prompt)) {
    LIST_TRIGGER.lastIndex = 0;
    for (let m = LIST_TRIGGER.exec(sentence); m && triggers < MAX_LIST_TRIGGERS; m = LIST_TRIGGER.exec(sentence)) {
      triggers++;
      const after = listWindow(sentence, m.index + m[0].length);
      // A parenthesised list ends at its closing parenthesis; one inside another list is read on its own.
      const rest = m[0].startsWith("(") ? after.split(")")[0] : withoutAsides(after);
      // Stop the list where a new clause starts so "A, B and C. Use code X" does not leak.
      const cut = rest.split(/(?<=\S)\s+(?:for|to|that|which|so|because|where|in a|in an|with a|with an|pour|para|für|voor|que|qui|che|dass)\s+(?![$€£\d])/i)[0].replace(/[.!?]\s*$/, "");
      const pieces = splitList(cut);
      let items = pieces.map(toItem).filter((i): i is FactItem => Boolean(i));
      // …unless the clause word sits inside an item name ("SQL for Analysts $39"): the whole
      // sentence then reads as a longer list, every item priced.
      const whole = splitList(rest.replace(/[.!?]\s*$/, "")).map(toItem).filter((i): i is FactItem => Boolean(i));
      if (whole.every((i) => i.price) && whole.length > items.filter((i) => i.price).length) items = whole;
      if (items.length < 2) continue;
      candidates.push(items);
      const score = listScore(items);
      const bestScore = listScore(best);
      // On a tie the later trigger wins: "menu: our new menu with A, B" lists A and B after "with".
      if (items.length >= 2 && score >= bestScore) best = items;
    }
  }
  if (!best.some((i) => i.price)) {
    const loose = pricedPhrases(prompt);
    if (loose.length >= 2) best = loose;
  }
  const taken = new Set(best.map((i) => i.name.toLowerCase()));
  let other: FactItem[] = [];
  for (const list of candidates) {
    if (list.some((i) => taken.has(i.name.toLowerCase()))) continue;
    if (listScore(list) >= listScore(other)) other = list;
  }
  return { items: cased(best.slice(0, 8), lowercase), otherItems: cased(other.slice(0, 8), lowercase) };
}

/** Bulleted items kept (a copy has at most 12 items); 5,000 bullets once all went through. */
const MAX_BULLET_ITEMS = 12;

/** Word that cannot be part of an item name; the name is what follows the last of them. */
const NAME_BREAK = /^(?:to|add|adding|with|the|a|an|our|of|for|at|only|including|featuring|like|get|buy|try|order|and|or|plus|just|from|is|are|on|in)$/i;

/** "tap to add roses €25, tulips €18 to your basket": priced phrases without a list trigger. */
function pricedPhrases(prompt: string): FactItem[] {
  const out: FactItem[] = [];
  for (const piece of prompt.split(/\s*(?:[,;\n]|\s+and\s+|[.!?](?:\s|$))\s*/)) {
    const price = parsePrice(piece);
    if (!price) continue;
    const before = piece.slice(0, piece.indexOf(price.display)).replace(/[\s(:–—-]+$/, "").split(/\s+/).filter(Boolean);
    let start = before.length;
    while (start > 0 && !NAME_BREAK.test(before[start - 1]) && before.length - start < 4) start--;
    const name = cleanPhrase(before.slice(start).join(" "));
    if (name && !/^\d/.test(name) && !NOT_AN_ITEM_NAME.test(name) && !isCondition(piece)) out.push({ name, price });
  }
  return out;
}

/** Names typed lowercase are cased as products ("ethiopia yirgacheffe" → "Ethiopia Yirgacheffe"); the user's own casing stays. */
function cased(items: FactItem[], lowercase: boolean): FactItem[] {
  return lowercase ? items.map((i) => (/\p{Lu}/u.test(i.name) ? i : { ...i, name: titleCase(i.name) })) : items;
}
