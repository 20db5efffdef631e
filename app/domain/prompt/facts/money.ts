import { NO_MINOR, SYMBOL, WORD } from "~/domain/reader/tokens/money";
import type { Price } from "./types";

/**
 * Prices as people write them: "$4.50", "€12", "£9", "19,99 €", "12 EUR", "CHF 20", "$1,299".
 * A regex is the right tool here: the notations are few and fixed, and an NLP tagger reads
 * "19,99" as two numbers.
 */

// An amount: up to 6 digits, or thousands groups ("1,299" / "1.299"), then an optional 1–2 digit decimal part.
const AMOUNT = String.raw`\d{1,3}(?:[.,\u00a0]\d{3}){1,2}(?:[.,]\d{1,2})?(?!\d)|\d{1,6}(?:[.,]\d{1,2})?(?!\d)`;
const SYMBOLS = String.raw`US\$|R\$|[$€£¥₹]`;
const CODES = String.raw`usd|eur|gbp|jpy|cad|aud|inr|chf|sek|nok|dkk|pln|brl|mxn|nzd|dollars?|euros?|pounds|yen`;

const PRICE_RE = new RegExp(
  String.raw`(?:(${SYMBOLS})\s?(${AMOUNT}))` +
    String.raw`|(?:\b(${CODES})\s?(${AMOUNT}))` +
    String.raw`|(?:(?<![\w.,])(${AMOUNT})\s?(?:(${SYMBOLS}|zł|円|元)(?!\s?\d)|(${CODES})\b))`,
  "i",
);

/** "1.299,00" → 1299.00, "1,299.00" → 1299.00, "19,99" → 19.99, "1,299" → 1299: the last separator before 1–2 digits is decimal. */
function amountValue(raw: string): number {
  const compact = raw.replace(/\u00a0/g, "");
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, "");
  return Number(`${whole}${decimal ? `.${decimal[1]}` : ""}`);
}

export function parsePrice(text: string): Price | undefined {
  const m = PRICE_RE.exec(text);
  if (!m) return undefined;
  const amount = m[2] ?? m[4] ?? m[5];
  const unit = m[1] ?? m[3] ?? m[6] ?? m[7];
  const currency = SYMBOL[unit.toLowerCase()] ?? WORD[unit.toLowerCase()] ?? "USD";
  const value = amountValue(amount);
  const minor = NO_MINOR.has(currency) ? Math.round(value) : Math.round(value * 100);
  return { display: m[0].trim(), minor, currency };
}

const PRICE_GLOBAL = new RegExp(PRICE_RE.source, "gi");

/** Every price in the text with where it starts, in order (bounded by the text's length: one pass). */
export function priceMentions(text: string): Array<Price & { index: number }> {
  const out: Array<Price & { index: number }> = [];
  PRICE_GLOBAL.lastIndex = 0;
  for (let m = PRICE_GLOBAL.exec(text); m; m = PRICE_GLOBAL.exec(text)) {
    const price = parsePrice(m[0]);
    if (price) out.push({ ...price, index: m.index + (m[0].length - m[0].trimStart().length) });
  }
  return out;
}
