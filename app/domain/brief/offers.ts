// Offers and the conditions that govern each one. A condition belongs to the offer of its own
// clause: "free gift wrap over $50 until Dec 20, and 15% off with code JOY15" is two offers, the
// gift wrap with its minimum and date, the 15% with its code. Clauses are cut between two offers
// at the last separator (", and", ";", " plus ", "—") between them; a sentence with no offer
// hands its conditions to the offer of the sentence before ("… 20% off boots. Use code BOOTS20.").
// Patterns are per language, as data; every one reads a bounded phrase, so the scan is linear.
import { parsePrice, priceMentions } from "~/domain/prompt/facts/money";
import type { Price } from "~/domain/prompt/facts/types";
import { unicodeWords } from "~/domain/prompt/facts/text";
import type { OfferKind } from "./schema";

export interface At {
  text: string;
  index: number;
}

export interface OfferMention {
  text: At;
  kind: OfferKind;
  percent?: number;
  amount?: Price & { index: number };
  code?: At;
  threshold?: { text: At; price: Price & { index: number } };
  deadline?: At;
  scope?: At;
}

const PRICE = String.raw`(?:(?:US\$|R\$|[$€£¥₹])\s?\d{1,6}(?:[.,]\d{1,2})?|\d{1,6}(?:[.,]\d{1,2})?\s?(?:[$€£]|eur|usd|gbp|chf|euros?|dollars?)(?![\p{L}])|(?:chf|eur|usd)\s?\d{1,6}(?:[.,]\d{1,2})?)`;

/** Offer heads in the six frame languages: what is given, never its conditions. */
const HEAD_PATTERNS: Array<{ kind: OfferKind; re: RegExp }> = [
  {
    kind: "percent",
    re: /(?:\bup to\s+|\bjusqu'à\s+|\bhasta (?:un\s+)?|\bbis zu\s+|\baté\s+|\bfino al\s+)?(?<![\d.,])(?:-\s?)?\d{1,2}\s?%\s?(?:off\b|discount\b|savings?\b|de (?:réduction|remise|descuento|desconto)\b|rabatt\b|nachlass\b|di sconto\b|sconto\b|dto\b|en (?:todo|toda)\b)?/giu,
  },
  { kind: "percent", re: /\b(?:sconto|descuento|desconto|réduction|remise|rabatt)\s+(?:del?\s+|von\s+)?\d{1,2}\s?%/giu },
  {
    kind: "amount",
    re: new RegExp(String.raw`${PRICE}\s+(?:off\b|de (?:réduction|remise|descuento|desconto)\b|rabatt\b|di sconto\b)`, "giu"),
  },
  {
    kind: "free",
    re: /\bfree\s+(?:[\p{L}-]+\s+){0,2}?(?:gift[- ]?wrap(?:ping)?|shipping|delivery|returns?|gifts?|trial|dessert|drinks?|coffee|upgrade|samples?|tote(?: bag)?|consultation|month|engraving|(?:guest |day )?pass(?:es)?|installation|setup|tasting|appetizer|pickup|exchange)\b/giu,
  },
  {
    kind: "free",
    re: /\b(?:la |une |un )?(?:livraison|exp[ée]dition|emballage[- ]cadeau|paquet[- ]cadeau|retours?|échantillons?|cadeau|dessert|café|essai)\s+(?:gratuite?s?|offerte?s?)\b|\b(?:un |une )?(?:cadeau|échantillon|emballage[- ]cadeau) offert\b/giu,
  },
  {
    kind: "free",
    re: /\b(?:el )?(?:env[ií]o|entrega|envoltorio(?: de regalo)?|papel de regalo|devoluci[oó]n(?:es)?|regalo|muestras?|postre|caf[eé]|(?:clase de )?prueba)\s+gratis\b|\b(?:env[ií]o|entrega|devoluci[oó]n(?:es)?)\s+gratuit[oa]s?\b/giu,
  },
  {
    kind: "free",
    re: /\b(?:kostenlose[rn]?|gratis)\s+(?:versand|lieferung|geschenkverpackung|rückversand|rücksendung|probe|testphase|kaffee|dessert)\b|\bversandkostenfrei\b|\bgeschenkverpackung (?:gratis|inklusive)\b/giu,
  },
  {
    kind: "free",
    re: /\b(?:o )?(?:frete|entrega|embrulho(?: para| de)? presente|papel de presente|devolu[çc][ãa]o|devolu[çc][õo]es|brinde|amostras?)\s+gr[áa]tis\b|\b(?:frete|entrega)\s+gratuit[oa]\b/giu,
  },
  {
    kind: "free",
    re: /\b(?:la )?(?:spedizion[ei]|consegna|confezione regalo|pacchetto regalo|res[oi]|campion[ei]|omaggio)\s+(?:gratuit[aoie]|gratis|in omaggio)\b/giu,
  },
  {
    kind: "free",
    re: /\b(?:(?:el |o |il |le )?(?:first|primer|primeiro|primo|premier) (?:month|mes|mês|mese|mois)|(?:\d{1,2}|one|two|three|un|dos|tres|due|tre|deux|trois|dois|três) (?:days?|weeks?|months?|d[ií]as|semanas|meses|giorni|settimane|mesi|jours|semaines|mois|tage|wochen|monate))\s+(?:free|gratis|gr[áa]tis|gratuit[oaes]*|offerts?|kostenlos)\b|\b(?:free|gratuite?s?|gratis|kostenlos|gratuit[oa]s?)\s+(?:for|pour les|para (?:los|las|os|as)|für|per i)\s+[\p{L}-]+/giu,
  },
  {
    kind: "bundle",
    re: /\b(?:buy one,? get one(?: free| half off)?|bogo|2[- ]for[- ]1|two for one|3 for 2|2 pour 1|2x1|3x2|2 por 1|2 für 1|3 für 2|2 per 1|1\+1)\b/giu,
  },
];

/** Function words that end what an offer is off ("15% off everything with code …"). */
const STOP = String.raw`(?:with|for|until|till|through|on|when|using|and|or|at|if|to|by|before|your|code|avec|pour|jusqu|con|para|hasta|mit|für|bis|com|até|per|fino|de|da|del|des|di|do|für|ab|dès|desde|acima|sopra|oltre)(?![\p{L}'])`;
const OBJECT = new RegExp(
  String.raw`(?:(?<=off)\s+(?:the\s+|our\s+)?(?!(?:all|every|any)\s)(?!${STOP})[\p{L}-]+(?:\s+(?!${STOP})[\p{L}-]+)?|(?<=%)\s+(?:on|en|auf|nas|nos|na|no|sulle|sui|sul|sugli|sur|su)\s+(?:(?:the|les|le|la|los|las|die|den|il|gli|le)\s+)?(?!${STOP})[\p{L}-]+|(?<=%)\s+(?:the first year|la première année|el primer año|im ersten jahr|no primeiro ano|il primo anno))`,
  "iuy",
);

const HEADS = HEAD_PATTERNS.map(({ kind, re }) => ({ kind, re: unicodeWords(re) }));

const THRESHOLD_PATTERN = new RegExp(
  String.raw`\b(?:on\s+)?(?:(?:all\s+)?orders?\s+(?:over|above|of)|over|above|when you spend|spend(?:\s+over)?|min(?:imum|\.)?(?:\s+(?:order|spend|purchase))?(?:\s+of)?|dès|d[èe]s|à partir de|au-dessus de|pour (?:tout achat|toute commande) de|desde|a partir de|en pedidos de más de|en compras (?:de más de|superiores a)|por encima de|más de|ab|über|bei einem einkauf (?:ab|von)|acima de|em compras (?:acima de|de)|sopra|oltre|a partire da|per ordini (?:sopra|superiori a|da)|(?<=(?:gratuit[aoie]|gratis|omaggio)\s)da)\s+(?:${PRICE})`,
  "giu",
);

const THRESHOLD = unicodeWords(THRESHOLD_PATTERN);

const SCOPE_PATTERN =
  /(?<=\boff\s)(?:all|every|any)\s+[\p{L}-]+|\b(?:sitewide|site-wide|storewide|store-wide|on everything|on (?:all|every|our|the entire|the whole)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?|(?:members|subscribers|vips?|new customers|first-time customers|students) only|in-store only|online only|for (?:groups? of )?(?:\d{1,3}|two|three|four|five|six|ten) or more|sur (?:tout(?:e|es)? (?:le |la |les )?|les |la |le )[\p{L}-]+(?:\s+[\p{L}-]+)?|sur tout le site|en (?:todo|toda|todos|todas) (?:el |la |los |las )?[\p{L}-]+|auf (?:alle|alles|das gesamte|den gesamten)(?:\s+[\p{L}-]+)?|em (?:todo|toda|todos|todas) (?:o |a |os |as )?[\p{L}-]+|su (?:tutto|tutti|tutte) (?:il |la |i |le |gli )?[\p{L}-]+|on [\p{L}-]+ (?:boots|shoes|coats|jackets|dresses|items|products|orders))/giu;

const SCOPE = unicodeWords(SCOPE_PATTERN);

/** Words that make a date a deadline in a sentence without an offer ("Use code X by Friday"). */
const DEADLINE_WORD_PATTERN =
  /\b(?:until|till|through|thru|ends?|ending|by|before|expires?|valid (?:until|through)|last day|jusqu'(?:au|à)|avant le|hasta(?: el)?|antes del?|bis(?: zum)?|gültig bis|até|antes de|fino al?|entro il|valido fino)\s*$/iu;

const DEADLINE_WORD = unicodeWords(DEADLINE_WORD_PATTERN);

/** Clause separators between two offers, in the six frame languages: the strong ones win over a bare "and" or comma. */
const STRONG_SEPARATOR = /(?:,\s+(?:and|plus|also|et|ainsi que|y|además|und|sowie|e|mais|più)\s+|;\s*|\s+[–—]\s+|\s+\+\s+)/giu;
const SEPARATOR = /(?:\s+(?:and|plus|also|et|ainsi que|y|además|und|sowie|e|mais|più)\s+|,\s+)/giu;

/** Sentences: after ".", "!", "?" or a line break, never inside "14.50" or "U.S.". */
function sentenceRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const re = /[.!?](?=\s|$)|\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push([start, m.index + 1]);
    start = m.index + 1;
  }
  if (start < text.length) out.push([start, text.length]);
  return out;
}

function overlaps(a: { index: number; text: string }, b: { index: number; text: string }): boolean {
  return a.index < b.index + b.text.length && b.index < a.index + a.text.length;
}

/** Text read for offers: a brief states its offers near the top. */
const OFFER_SAMPLE_CHARS = 4_000;
const MAX_OFFERS = 8;

function heads(text: string): OfferMention[] {
  const found: OfferMention[] = [];
  for (const { kind, re } of HEADS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m && found.length < MAX_OFFERS * 4; m = re.exec(text)) {
      const t = m[0].trim();
      if (!t) continue;
      let at = { text: t, index: m.index + (m[0].length - m[0].trimStart().length) };
      // A bare "20%" not followed by an offer word is an offer only in "-20 %", "20% on …", "20% with code …" or "15 % con VUELVE15".
      if (
        kind === "percent" &&
        /^\d{1,2}\s?%$/.test(t) &&
        !/^\s*(?:(?:on|sur|en|auf|em|su|sulle|sui|sul|sugli|nas|nos|at|in)\b|(?:with|using|con|avec|mit|com)\s+(?:[A-Z][A-Z_-]{1,15}\d|(?:(?:the|le|el|il|o|dem)\s)?(?:code|c[óo]digo|codice|cupom|cup[óo]n|coupon)\b))/.test(
          text.slice(at.index + t.length, at.index + t.length + 24),
        )
      )
        continue;
      // A longer head holding a bare percent ("sconto del 10%" over "10%") takes its place.
      const held = found.findIndex(
        (f) =>
          f.kind === kind &&
          at.index <= f.text.index &&
          f.text.index + f.text.text.length <= at.index + t.length &&
          t.length > f.text.text.length,
      );
      if (held >= 0) found.splice(held, 1);
      if (found.some((f) => overlaps(f.text, at))) continue;
      if (kind === "percent") {
        // What the percent is off, when it follows at once: "12% off business cards", "10 % auf Rosen".
        OBJECT.lastIndex = at.index + t.length;
        const o = OBJECT.exec(text);
        if (o) at = { text: `${t}${o[0]}`, index: at.index };
      }
      const mention: OfferMention = { text: at, kind };
      const pct = /(\d{1,2})\s?%/.exec(t);
      if (pct && kind === "percent") mention.percent = Number(pct[1]);
      if (kind === "amount") {
        const price = parsePrice(t);
        if (price) mention.amount = { ...price, index: at.index + t.indexOf(price.display) };
      }
      found.push(mention);
    }
  }
  return found.sort((a, b) => a.text.index - b.text.index);
}

/** Where the clause of `left` ends and that of `right` starts: the last separator between them. */
function cutBetween(text: string, leftEnd: number, rightStart: number): number {
  const between = text.slice(leftEnd, rightStart);
  let cut = -1;
  for (const re of [STRONG_SEPARATOR, SEPARATOR]) {
    re.lastIndex = 0;
    for (let m = re.exec(between); m; m = re.exec(between)) cut = m.index;
    if (cut >= 0) break;
  }
  return cut >= 0 ? leftEnd + cut : leftEnd + Math.floor(between.length / 2);
}

export interface OfferReading {
  offers: OfferMention[];
  /** For each date (by index in the given list): the offer it is the deadline of, if any. */
  dateOffer: Map<number, number>;
}

/**
 * The offers of the text read and their conditions. `codes` and `dates` are the prompt's own
 * (found by their extractors), so a code or a date belongs to at most one offer.
 */
export function readOffers(fullText: string, codes: At[], dates: At[]): OfferReading {
  const text = fullText.slice(0, OFFER_SAMPLE_CHARS);
  const offers = heads(text).slice(0, MAX_OFFERS);
  const dateOffer = new Map<number, number>();
  const prices = priceMentions(text);
  const thresholds: Array<{ text: At; price: Price & { index: number } }> = [];
  THRESHOLD.lastIndex = 0;
  for (let m = THRESHOLD.exec(text); m && thresholds.length < 16; m = THRESHOLD.exec(text)) {
    const at = { text: m[0].trim(), index: m.index + (m[0].length - m[0].trimStart().length) };
    const price = prices.find((p) => p.index >= at.index && p.index < at.index + at.text.length);
    if (price) thresholds.push({ text: at, price });
  }
  const scopes: At[] = [];
  SCOPE.lastIndex = 0;
  for (let m = SCOPE.exec(text); m && scopes.length < 16; m = SCOPE.exec(text)) scopes.push({ text: m[0].trim(), index: m.index });

  // Each offer's clause: [start, end) within its sentence.
  const clauses: Array<{ offer: number; start: number; end: number }> = [];
  const sentences = sentenceRanges(text);
  const sentenceOf = (i: number) => sentences.findIndex(([s, e]) => i >= s && i < e);
  for (let si = 0; si < sentences.length; si++) {
    const [s, e] = sentences[si];
    const inside = offers.map((o, i) => ({ o, i })).filter(({ o }) => o.text.index >= s && o.text.index < e);
    inside.forEach(({ o, i }, k) => {
      const start = k === 0 ? s : cutBetween(text, inside[k - 1].o.text.index + inside[k - 1].o.text.text.length, o.text.index);
      const end = k === inside.length - 1 ? e : cutBetween(text, o.text.index + o.text.text.length, inside[k + 1].o.text.index);
      clauses.push({ offer: i, start, end });
    });
  }
  /** The offer a condition at `index` belongs to: its clause's, else the last offer of an earlier sentence, else (not for a date) the first offer after. */
  const ownerOf = (index: number, needsDeadlineWord = false): number | undefined => {
    const clause = clauses.find((c) => index >= c.start && index < c.end);
    if (clause) return clause.offer;
    if (needsDeadlineWord && !DEADLINE_WORD.test(text.slice(Math.max(0, index - 24), index))) return undefined;
    const si = sentenceOf(index);
    const before = clauses.filter((c) => sentenceOf(c.start) < si);
    if (before.length) return before[before.length - 1].offer;
    // A date in a sentence before every offer governs something else ("Early-bird tickets $299
    // until August 31. … 10% off"): the email quotes its sentence rather than tie it to a later offer.
    if (needsDeadlineWord) return undefined;
    return clauses.find((c) => c.start > index)?.offer;
  };

  for (const c of codes) {
    if (c.index >= text.length) continue;
    const owner = ownerOf(c.index);
    if (owner !== undefined && !offers[owner].code) offers[owner].code = c;
    else if (owner === undefined && offers.length < MAX_OFFERS) offers.push({ text: c, kind: "code", code: c });
  }
  for (const t of thresholds) {
    const owner = ownerOf(t.text.index);
    if (owner !== undefined && !offers[owner].threshold && !overlaps(offers[owner].text, t.text)) offers[owner].threshold = t;
  }
  dates.forEach((d, di) => {
    if (d.index >= text.length || /\b(?:black|cyber)\s*$/i.test(text.slice(Math.max(0, d.index - 8), d.index))) return;
    const owner = ownerOf(d.index, true);
    if (owner !== undefined && !offers[owner].deadline) {
      offers[owner].deadline = d;
      dateOffer.set(di, owner);
    }
  });
  for (const sc of scopes) {
    const clause = clauses.find((c) => sc.index >= c.start && sc.index < c.end);
    if (clause && !offers[clause.offer].scope && !overlaps(offers[clause.offer].text, sc)) offers[clause.offer].scope = sc;
  }
  return { offers, dateOffer };
}
