import { cleanPhrase } from "./text";

/**
 * Conditions of an offer ("free shipping over €150", "while stocks last", "members only",
 * "min. order $50"): they belong in the offer banner or the cart note, never in the item list.
 * Each pattern reads a bounded phrase, so the scan is linear.
 */
const PRICE = String.raw`(?:[$€£¥₹]\s?\d{1,6}(?:[.,]\d{1,2})?|\d{1,6}(?:[.,]\d{1,2})?\s?(?:[$€£]|eur|usd|gbp|chf|euros?|dollars?)|(?:chf|eur|usd|r\$)\s?\d{1,6})`;

const CONDITIONS: RegExp[] = [
  new RegExp(
    String.raw`\bfree (?:shipping|delivery|returns)\s+(?:on\s+)?(?:(?:all\s+)?orders?\s+)?(?:over|above|from|of|on orders over)\s+${PRICE}`,
    "gi",
  ),
  new RegExp(String.raw`\b(?:livraison|exp[ée]dition) (?:gratuite|offerte)\s+(?:d[èe]s|[àa] partir de|au-dessus de)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\benv[ií]o gratis\s+(?:desde|a partir de|en pedidos de m[aá]s de|por encima de)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\b(?:versandkostenfrei|kostenloser versand|gratis versand)\s+(?:ab|über)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\b(?:frete gr[áa]tis|entrega gr[áa]tis)\s+(?:acima de|a partir de)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\bspedizion[ei] gratuit[ae]\s+(?:sopra|da|oltre|a partire da)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\bgratis verzending\s+(?:vanaf|boven)\s+${PRICE}`, "gi"),
  new RegExp(
    String.raw`\b(?:min(?:imum|\.)?\s+(?:order|spend|purchase)(?:\s+of)?|orders?\s+(?:over|above)|spend(?:\s+over)?)\s+${PRICE}`,
    "gi",
  ),
  // A minimum spend in the other frame languages: "em compras acima de R$ 150", "pedidos de más de 40 €".
  new RegExp(String.raw`\b(?:em\s+)?compras\s+(?:acima de|a partir de)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\b(?:en\s+)?(?:compras|pedidos)\s+(?:de más de|superiores a|desde)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\bcommandes?\s+(?:de plus de|dès|à partir de|supérieures? à)\s+${PRICE}`, "gi"),
  new RegExp(String.raw`\bordini\s+(?:sopra|oltre|da|superiori a)\s+${PRICE}`, "gi"),
  /\bwhile (?:stocks?|supplies) lasts?\b/gi,
  /\b(?:(?:for\s+)?(?:members|subscribers|vip(?:s| members)?|new customers|first-time customers|students)\s+only|(?:members|subscribers)-only)\b/gi,
  /\b(?:online|in[- ]store) only\b/gi,
  /\b(?:one|1) per (?:customer|person|household|order)\b/gi,
  /\b(?:excludes|excluding|not valid on|cannot be combined with)\s+[a-z][a-z -]{2,40}?(?=[.,;!\n]|$)/gi,
  /\bjusqu'[àa] (?:[ée]puisement des stocks|[ée]puisement du stock)\b/gi,
  /\bhasta agotar (?:existencias|stock)\b/gi,
  /\bsolange der vorrat reicht\b/gi,
  /\benquanto durarem os estoques\b/gi,
  /\bfino ad? esaurimento scorte\b/gi,
  /\bop=op\b/gi,
  /\b(?:r[ée]serv[ée] aux membres|nur für mitglieder|solo para (?:socios|miembros)|solo per i soci|só para membros)\b/gi,
];

/** Conditions kept; a brief has a few. */
const MAX_CONDITIONS = 8;

export function extractConditions(prompt: string): string[] {
  const text = prompt.slice(0, 4_000);
  const found: { index: number; text: string }[] = [];
  for (const re of CONDITIONS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m && found.length < MAX_CONDITIONS; m = re.exec(text)) {
      const at = m.index;
      const phrase = cleanPhrase(m[0]);
      if (phrase && !found.some((f) => at < f.index + f.text.length && f.index < at + phrase.length))
        found.push({ index: at, text: phrase });
    }
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.text);
}

/** True when a list piece is a condition ("free shipping over €150"), which is never an item. */
export function isCondition(piece: string): boolean {
  return (
    extractConditions(piece).length > 0 ||
    /^(?:free (?:shipping|delivery|returns)|livraison gratuite|env[ií]o gratis|frete gr[áa]tis|spedizione gratuita|versandkostenfrei)\b/i.test(
      piece,
    )
  );
}
