// Money as people write it, in every currency and locale: "$4.50", "€12", "19,99 €", "12 EUR",
// "CHF 20", "$1,299", "R$ 1.299,90", "3x de R$ 165", "¥5,500", "1 299 kr". A pattern is the right
// tool here: the notations are few and fixed, and a word tagger reads "19,99" as two numbers.

export interface Money {
  /** As written: "$4.50", "14,50 €". */
  display: string;
  /** Whole minor units (cents); whole units for a currency without them (yen). */
  minor: number;
  currency: string;
}

export interface MoneyToken extends Money {
  kind: "money";
  start: number;
  end: number;
  /** "3x de R$ 165": paid in this many instalments of the amount. */
  instalments?: number;
}

/** Currency symbols, lower case, and the currency each writes. */
export const SYMBOL: Record<string, string> = {
  円: "JPY",
  元: "CNY",
  $: "USD",
  us$: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  r$: "BRL",
  "s/": "PEN",
  zł: "PLN",
  kr: "SEK",
  kč: "CZK",
  "₺": "TRY",
  "₩": "KRW",
  "₽": "RUB",
  fr: "CHF",
};
/** Currency codes and words, lower case, and the currency each names. */
export const WORD: Record<string, string> = {
  usd: "USD",
  dollars: "USD",
  dollar: "USD",
  eur: "EUR",
  euros: "EUR",
  euro: "EUR",
  gbp: "GBP",
  pounds: "GBP",
  jpy: "JPY",
  yen: "JPY",
  cad: "CAD",
  aud: "AUD",
  inr: "INR",
  chf: "CHF",
  sek: "SEK",
  nok: "NOK",
  dkk: "DKK",
  pln: "PLN",
  brl: "BRL",
  mxn: "MXN",
  ars: "ARS",
  clp: "CLP",
  cop: "COP",
  nzd: "NZD",
  czk: "CZK",
  try: "TRY",
  reais: "BRL",
  real: "BRL",
};
/** Currencies written without minor units. */
export const NO_MINOR: ReadonlySet<string> = new Set(["JPY", "KRW", "CLP", "COP"]);

// An amount: thousands groups ("1,299" / "1.299" / "1 299"), or up to 7 digits, then a 1–2 digit decimal part.
// (A Swiss price may end in ".–": "Fr. 14.–".)
const AMOUNT = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3}){1,3}(?:[.,]\d{1,2}|[.,][–-])?(?![\d.,]\d)|\d{1,7}(?:[.,]\d{1,2}|[.,][–-](?!\d))?(?![\d.,]\d)`;
const SYMBOLS = String.raw`US\$|R\$|S\/|[$€£¥₹₺₩₽]`;
const CODES = String.raw`fr\.|usd|eur|gbp|jpy|cad|aud|inr|chf|sek|nok|dkk|pln|brl|mxn|ars|clp|cop|nzd|czk|dollars?|euros?|pounds|yen|reais`;
const AFTER = String.raw`[$€£¥₹₺₩₽]|zł|kr|kč|円|元|,-`;

const MONEY_RE = new RegExp(
  String.raw`(?:(?<![\p{L}\d])(\d{1,2})\s?x\s?(?:de\s)?)?(?:(?:(${SYMBOLS})\s?(${AMOUNT}))|(?:(?<![\p{L}])(${CODES})\s?(${AMOUNT}))|(?:(?<![\p{L}\d.,])(${AMOUNT})\s?(?:(${AFTER})|(${CODES}|fr\.)(?![\p{L}]))))`,
  "giu",
);

/** "1.299,00" → 1299.00, "1,299.00" → 1299.00, "19,99" → 19.99, "1,299" → 1299: the last separator before 1–2 digits is decimal. */
function amountValue(raw: string): number {
  const compact = raw.replace(/[\u00a0\u202f ]/g, "").replace(/[.,][–-]$/, "");
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, "");
  return Number(`${whole}${decimal ? `.${decimal[1]}` : ""}`);
}

function currencyOf(unit: string): string {
  const u = unit.toLowerCase().replace(/\.$/, "");
  if (u === ",-") return "EUR";
  return SYMBOL[u] ?? WORD[u] ?? "USD";
}

/** Every amount of money in the text, in order, with where it is. One pass. */
export function moneyTokens(text: string, base = 0): MoneyToken[] {
  const out: MoneyToken[] = [];
  MONEY_RE.lastIndex = 0;
  for (let m = MONEY_RE.exec(text); m; m = MONEY_RE.exec(text)) {
    const amount = m[3] ?? m[5] ?? m[6];
    const unit = m[2] ?? m[4] ?? m[7] ?? m[8];
    if (!amount || !unit) continue;
    const currency = currencyOf(unit);
    const value = amountValue(amount);
    const minor = NO_MINOR.has(currency) ? Math.round(value) : Math.round(value * 100);
    const lead = m[0].length - m[0].trimStart().length;
    const display = m[0].trim();
    out.push({
      kind: "money",
      display,
      minor,
      currency,
      start: base + m.index + lead,
      end: base + m.index + m[0].trimEnd().length,
      ...(m[1] ? { instalments: Number(m[1]) } : {}),
    });
  }
  return out;
}

/** The first amount of money in a piece of text (a price typed into a form). */
export function parseMoney(text: string): Money | undefined {
  const t = moneyTokens(text)[0];
  return t ? { display: t.display, minor: t.minor, currency: t.currency } : undefined;
}
