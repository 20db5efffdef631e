import { isCondition } from "./conditions";
import { parsePrice, priceMentions } from "./money";
import { cleanPhrase, sentences, titleCase } from "./text";
import type { FactItem, Price } from "./types";

// Navigation lists read "a menu for A, B and C", "linking to A, B and C" or "menu (A, B, C)".
const LIST_TRIGGER =
  /(?:\b(?:including|featuring|such as|like|items?|products?|dishes|options|topics|sessions|categories|(?:tabs?|panels?|slides?|sections?|links?|menu|nav(?:igation)?|bar|onglets|pestañas|abas|schede|reiter)(?:\s\(tabs?\))? (?:for|to|on|pour|para|für|per)|linking to|questions? about|faqs? (?:about|on)|covering|showcasing|highlighting|with|avec|mit|con|com|met)\b\s*:?|:|：|\(|\b(?:collapsible|expandable|accordion|tabs|carousel|slider)\s[-–—](?=\s))\s*/gi;

/**
 * An unclosed "(" or a stray ")" without a price: the piece is the edge of a parenthesised list,
 * which the "(" trigger reads on its own. (A priced piece cut mid-parenthesis, "churros ($5", stays.)
 */
const PAREN_EDGE = /\([^)]*$|^[^(]*\)/;

const WITH_TRIGGER = /^\s*(?:with|avec|mit|con|com|met)\b/i;

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
    // "cleanser $24 serum $38": a blank alone joins two priced names, unless a period or unit follows the price.
    const after = piece.slice(end);
    const rest =
      /^\s*(?:et|y|und|e|and|&|ou|o|oder|or)\s+/i.exec(after) ??
      (BILLING_AFTER_PRICE.test(after) || !/^\s+\p{L}/u.test(after) ? null : /^\s+/.exec(after));
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

/** Words after which a long first piece names the list's first item. */
const FIRST_NAME_AFTER = /^(?:from|of|with|like|featuring|including|de|des|du|von|aus|di|da|do|das|dos)$/i;

/**
 * "Módulo 1, Módulo 2 e Módulo 3 do curso de fotografia": pieces of one shape, the last with a tail
 * that qualifies them all; the tail is no part of the last name.
 */
function sharedTailOff(pieces: string[]): void {
  const words = pieces.map((p) => p.trim().split(/\s+/));
  const last = words[words.length - 1]!;
  const n = words[0]!.length;
  const sameShape = words.slice(0, -1).every((w) => w.length === n && w[0] === last[0]);
  if (pieces.length >= 2 && sameShape && last.length > n + 1 && FIRST_NAME_AFTER.test(last[n]!))
    pieces[pieces.length - 1] = last.slice(0, n).join(" ");
}

function splitList(segment: string): string[] {
  // A slash between blanks separates ("starter / pro / agency"); one inside a word or price does not ("$9/month").
  const pieces = segment.split(/\s*(?:;|,(?!\d)|、|，|\s+and\s+|\s+or\s+|\s+plus\s+|\s*\+\s*|\s*\|\s*|\s\/\s)\s*/i, MAX_LIST_PIECES);
  if (pieces.length >= 2) {
    const last = pieces[pieces.length - 1];
    let cut = -1;
    LAST_JOINT.lastIndex = 0;
    for (let m = LAST_JOINT.exec(last); m; m = LAST_JOINT.exec(last)) cut = m.index;
    // "A, B und C" is three items, while a name joined by "e" alone ("pão e manteiga") stays one:
    // both sides of the last joint must be short enough to be names.
    const leftWords = last.slice(0, cut).trim().split(/\s+/);
    const rightWords = last.slice(cut).trim().split(/\s+/).slice(1);
    // ("pedidos mínimos de 200 unidades y precio por caja 0,85 €": a priced right side may follow a longer left one.)
    const pricedRight = parsePrice(last.slice(cut)) !== undefined && parsePrice(last.slice(0, cut)) === undefined;
    // ("firmas de autores, talleres infantiles y mercado de segunda mano", "mostre, incontri con i
    // designer e laboratori": after a comma, a longer phrase still ends the list, unless the sentence
    // goes on past it: "thé, café ou chocolat ? réponses sur …" are a question's options.)
    const rightMax = /[?!:]/.test(last.slice(cut)) ? 3 : 6;
    if (cut > 0 && leftWords.length <= (pricedRight ? 6 : 4) && rightWords.length <= rightMax)
      pieces.splice(pieces.length - 1, 1, last.slice(0, cut), last.slice(cut).replace(/^\s\S+\s/, ""));
    sharedTailOff(pieces);
    for (let i = 0; i < pieces.length; i++) pieces[i] = pieces[i]!.replace(SHARED_HEAD, "");
    // A lead-in holds no price: "ricotta pancakes $12 — with honey" is an item and its detail.
    const lead = LIST_LEAD_IN.exec(pieces[0]!)?.[0] ?? "";
    let first = (parsePrice(lead) !== undefined ? pieces[0]! : pieces[0]!.slice(lead.length)).replace(PLAN_LEAD_IN, "");
    // "a slideshow of our new single-origin beans from Ethiopia, Colombia and Guatemala": past the
    // last preposition of a long first piece, the first name of a list of short ones.
    const words = first.trim().split(/\s+/);
    if (words.length > 4 && pieces.slice(1).every((p) => p.trim().split(/\s+/).length <= 3) && parsePrice(first) === undefined) {
      let k = words.length - 1;
      while (k > 0 && !FIRST_NAME_AFTER.test(words[k - 1]!)) k--;
      if (k > 0 && words.length - k <= 3) first = words.slice(k).join(" ");
    }
    if (first.trim()) pieces[0] = first;
  }
  return (
    pieces
      .flatMap(splitAfterPrices)
      .filter((s) => !PAREN_EDGE.test(s) || parsePrice(s) !== undefined)
      .map(cleanPhrase)
      // A capitalised "The" is part of a name ("The Lanterns"); a lowercase one is not ("the Atlas").
      .map((s) => s.replace(/^(?:(?:and|or|a|an|the|our|And|Or|A|An|Our)\s+){1,3}/, ""))
      .filter((s) => s.length > 0)
  );
}

/** A technique described rather than an item named: "carousel of three roasts", "a quiz with 5 questions". */
const TECHNIQUE_PHRASE =
  /^(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+)?(?:carousel|tabs?|accordion|slider|quiz|survey|poll|cart|menu|hotspots?|countdown|gallery|toggles?|flip[- ]cards?|cards?|slides?|slideshow|reveal)\s+(?:of|with|for|showing|featuring|that|to|listing)\b/iu;

/** Words around an item that are the reader's action, not its name: "tap to add roses", "olives to your basket". */
// "add your team" is a step of its own, not an action on an item.
const ACTION_PREFIX =
  /^(?:(?:tap|click) to add|add(?!\s+(?:your|a|an|the|our|new)\s)|ajoutez(?: au panier)?|añade|aggiungi|adicione|hinzufügen|(?:cart|basket|panier|carrito|carrello|warenkorb|carrinho|koszyk)\s*:)\s*/i;
const ACTION_SUFFIX = /\s+(?:to|into|in) (?:your|the) (?:basket|cart|bag)$/i;

const CONDITION_SCAN_CHARS = 120;

/** A part of the email in two words ("a quick quiz", "a poll asking …"), never an item; "tasting menu" may be one. */
const TECHNIQUE_NAME = /^(?:[\p{L}-]+\s+)?(?:quiz|poll|survey|carousel|tabs|accordion|slider)(?:\s+[\p{L}-]+)?$/iu;

/** Words that name the email's parts or join its clauses ("then $399"), never an item. */
const NOT_AN_ITEM_NAME =
  /^(?:tabs?|accordions?|carousels?|sliders?|surveys?|quiz|menus?|carts?|buttons?|ctas?|images?|emails?|them|it|more|etc|then|dann|puis|ensuite|luego|después|depois|poi|dopo)$/i;

const NOT_AN_ITEM_START =
  /^(?:(?:code|codes|cupom|cup[óo]n|coupon|codice|c[óo]digo|gutscheincode|rabattcode)\s|(?:for|pour|para|per|por|für|at|à)\s|(?:an?\s+)?(?:button|cta)\s+(?:labell?ed|called|saying|that says|reading)\b)/i;

/** The billing period belongs to the price ("$9/month", "9,90 € par mois"), not to the name ("Starter"). */
const BILLING_PERIOD =
  /\s*(?:\/|\bper\s+|\ba\s+|\bpar\s+|\bpor\s+|\bal\s+|\bpro\s+|\bim\s+|\bau\s+|\bao\s+)\s*(?:month|mo|year|yr|week|wk|day|night|person|head|user|seat|mois|an|année|mes|año|mês|ano|mese|anno|monat|jahr|nutzer|utilisateur|usuario|usuário|utente)\b\.?/i;
const BILLING_AFTER_PRICE = new RegExp(`^${BILLING_PERIOD.source}`, "i");
/** A unit after the price belongs to it: "tomate cereja R$ 8,90 a caixa", "tomates 3 € le kilo". */
const UNIT_AFTER_PRICE =
  /(?<=[\d$€£)])\s+(?:a|o|la|le|el|al|il|the|each|per|je|das|pro|à)\s+(?:caixa|kilo|kg|quilo|pièce|unidad|unidade|pezzo|stück|box|piece|bottiglia|bouteille|botella|garrafa|flasche|bottle)$/i;

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
  // A rise or fall is a headline's, not an offer's: "Rye harvest up 12%".
  if (
    /[?¿]/.test(piece) ||
    (/\d\s?%/.test(piece) && !/\b(?:up|down|rose|fell|grew|jumped)\s+\d{1,3}\s?%$/i.test(piece)) ||
    NOT_AN_ITEM_START.test(piece)
  )
    return undefined;
  const price = parsePrice(piece);
  let name = piece;
  let detail: string | undefined;
  if (price) {
    const unitless = piece.replace(UNIT_AFTER_PRICE, "");
    const at = unitless.indexOf(price.display);
    // The billing period right after the price belongs to it ("$9/month"), not to the name ("Starter");
    // one before the price is the name's ("cat food for a month $15").
    const after = at < 0 ? "" : unitless.slice(at + price.display.length).replace(BILLING_AFTER_PRICE, "");
    name = (at < 0 ? unitless : `${unitless.slice(0, at)}${after}`)
      .replace(
        /\(\s*\)|\s(?:at|for|is|costs?|priced at|@|à|a|für|zu|um|por|per|para|pour|al|ao|je|à partir de|ab|dès|desde|da|de|di|from|starting at)\s*$|\s[-–—:]\s*$|\s*[-–—:]\s*$/gi,
        "",
      )
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
  if (NOT_AN_ITEM_NAME.test(name) || (!price && TECHNIQUE_NAME.test(name))) return undefined;
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
      // "café la esquina: café con leche 1,80 €": a "with" one word after a list separator is inside an item's name.
      if (WITH_TRIGGER.test(m[0]) && /[:,;]\s*\p{L}+\s*$/u.test(sentence.slice(Math.max(0, m.index - 40), m.index))) continue;
      const after = listWindow(sentence, m.index + m[0].length);
      // A parenthesised list ends at its closing parenthesis; one inside another list is read on its own.
      const rest = m[0].startsWith("(") ? after.split(")")[0] : withoutAsides(after);
      // Stop the list where a new clause starts so "A, B and C. Use code X" does not leak.
      const cut = rest
        .split(
          /(?<=\S)\s+(?:for|to|that|which|so|because|where|in a|in an|with a|with an|pour|para|für|voor|que|qui|che|dass)\s+(?![$€£\d])/i,
        )[0]
        .replace(/[.!?]\s*$/, "");
      const pieces = splitList(cut);
      let items = pieces.map(toItem).filter((i): i is FactItem => Boolean(i));
      // …unless the clause word sits inside an item name ("SQL for Analysts $39"): the whole
      // sentence then reads as a longer list, every item priced.
      const whole = splitList(rest.replace(/[.!?]\s*$/, ""))
        .map(toItem)
        .filter((i): i is FactItem => Boolean(i));
      if (whole.every((i) => i.price) && whole.length > items.filter((i) => i.price).length) items = whole;
      // "…then add products, glowhaus, cleanser $24 serum $38": unpriced pieces before the priced ones lead in to them.
      const firstPriced = items.findIndex((i) => i.price);
      if (firstPriced > 0 && items.filter((i) => i.price).length >= 2) items = items.slice(firstPriced);
      if (items.length < 2) continue;
      candidates.push(items);
      const score = listScore(items);
      const bestScore = listScore(best);
      // On a tie the later trigger wins: "menu: our new menu with A, B" lists A and B after "with".
      if (items.length >= 2 && score >= bestScore) best = items;
    }
  }
  const loose = pricedPhrases(prompt);
  if (!best.some((i) => i.price) && loose.length >= 2) best = loose;
  // "the Atlas, Corsa and Tide models at $450, $520 and $390", "starter / pro / agency plans, $12 $39 $99":
  // a run of as many prices as the list has names prices it in order.
  const runs = priceRuns(prompt);
  const run = runs.find(
    (r) =>
      r.length === best.length &&
      best.every(
        (item, k) => !item.price || item.price.display === r[k]!.display || (k === best.length - 1 && item.price.display === r[0]!.display),
      ),
  );
  if (run && best.length >= 2)
    best = best.map((item, k) => ({ ...item, price: { display: run[k]!.display, minor: run[k]!.minor, currency: run[k]!.currency } }));
  // "$20, $50 or $100", "15 €, 40 € ou 90 €": amounts with no names are items named by their amount.
  if (best.length === 0 && runs[0])
    best = runs[0].map((p) => ({ name: p.display, price: { display: p.display, minor: p.minor, currency: p.currency } }));
  const taken = new Set(best.map((i) => i.name.toLowerCase()));
  let other: FactItem[] = [];
  for (const list of candidates) {
    if (list.some((i) => taken.has(i.name.toLowerCase()))) continue;
    if (listScore(list) >= listScore(other)) other = list;
  }
  // "Entrée 12,00 €", "Abonnement Premium à 3,99 € par mois": a priced name outside any list is an item of its own.
  if (other.length === 0) {
    const priced = new Set([...best].flatMap((i) => (i.price ? [i.price.display] : [])));
    other = loose.filter((i) => !taken.has(i.name.toLowerCase()) && !priced.has(i.price!.display));
  }
  return { items: cased(best.slice(0, 8), lowercase), otherItems: cased(other.slice(0, 8), lowercase) };
}

/** Bulleted items kept (a copy has at most 12 items); 5,000 bullets once all went through. */
const MAX_BULLET_ITEMS = 12;

/** Word that cannot be part of an item name; the name is what follows the last of them. */
const NAME_BREAK =
  /^(?:to|add|adding|with|the|a|an|our|of|for|at|only|including|featuring|like|get|buy|try|order|and|or|plus|just|from|is|are|on|in|sur|les|des|le|la|l'|et|ou|en|los|las|el|y|auf|die|der|das|und|nas|nos|as|os|sulle|sui|le|e|o|con|com|mit|avec|separately|séparément|aparte|außerdem|além|disso|inoltre|più)$/i;
/** Words between a name and its price that belong to neither: "Premium für 4,99 €", "Pro stays $8/month", "rosiers à 24,90 €". */
const BEFORE_PRICE =
  /^(?:à|a|at|to|for|für|zu|um|por|para|pour|per|de|da|di|from|dès|ab|desde|partir|starting|moves|goes|rises|drops|increases|changes|stays|remains|is|costs|bleibt|bei|reste|sigue|fica|resta|now|only|just)$/i;
/** A price followed by these is a discount, not what something costs: "$10 off". */
const DISCOUNT_AFTER = /^\s*(?:off\b|de (?:descuento|réduction|remise|desconto)|rabatt|di sconto)/i;
/** A price with a deadline is an offer's ("Early-bird tickets $299 until August 31"), which the offers read. */
const UNTIL_AFTER = /^\s*(?:until|till|through|bis|jusqu|hasta|até|fino)\b/i;
/** Prices read one after another with only list words between them; a gap longer than this ends a run. */
const PRICE_GAP_CHARS = 12;
const PRICE_GAP = /^[\s,;/|+]*(?:(?:or|and|ou|o|oder|und|e|y|et)[\s,]+)?$/i;

/** Runs of two or more prices written one after another ("$12 $39 $99", "15 €, 40 € ou 90 €"), in order. One pass. */
function priceRuns(prompt: string): Array<Array<Price & { index: number }>> {
  const runs: Array<Array<Price & { index: number }>> = [];
  let run: Array<Price & { index: number }> = [];
  for (const p of priceMentions(prompt.slice(0, PRICE_SCAN_CHARS))) {
    const prev = run[run.length - 1];
    const gap = prev ? prompt.slice(prev.index + prev.display.length, p.index) : "";
    if (prev && gap.length <= PRICE_GAP_CHARS && PRICE_GAP.test(gap)) {
      run.push(p);
      continue;
    }
    if (run.length >= 2) runs.push(run);
    run = [p];
  }
  if (run.length >= 2) runs.push(run);
  return runs;
}
/** Prices are looked for in the prompt's first characters only: a brief states them early. */
const PRICE_SCAN_CHARS = 4_000;

/** "tap to add roses €25, tulips €18 to your basket": priced phrases without a list trigger. */
function pricedPhrases(prompt: string): FactItem[] {
  const out: FactItem[] = [];
  for (const piece of prompt.slice(0, PRICE_SCAN_CHARS).split(/\s*(?:,(?!\d)|[;\n]|\s+and\s+|[.!?](?:\s|$))\s*/)) {
    const price = parsePrice(piece);
    if (
      !price ||
      /\d\s?%\s*$/.test(piece.slice(0, piece.indexOf(price.display)).trim()) ||
      DISCOUNT_AFTER.test(piece.slice(piece.indexOf(price.display) + price.display.length)) ||
      UNTIL_AFTER.test(piece.slice(piece.indexOf(price.display) + price.display.length))
    )
      continue;
    const before = piece
      .slice(0, piece.indexOf(price.display))
      .replace(/[\s(:–—-]+$/, "")
      .split(/\s+/)
      .filter(Boolean);
    while (before.length > 0 && BEFORE_PRICE.test(before[before.length - 1]!)) before.pop();
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
