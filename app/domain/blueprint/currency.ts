// ISO 4217 currencies without a minor unit in everyday pricing; all others are treated as 2 digits.
const ZERO_DIGIT = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

const SYMBOLS: Record<string, string> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  CNY: "¥",
  INR: "₹",
  KRW: "₩",
  AUD: "A$",
  CAD: "C$",
  NZD: "NZ$",
  CHF: "CHF ",
  SEK: "kr ",
  NOK: "kr ",
  DKK: "kr ",
  BRL: "R$",
  MXN: "MX$",
  ZAR: "R ",
  PLN: "zł ",
};

// Frame languages that write amounts as "19,99 €": decimal comma, symbol after a no-break space.
const SUFFIX_LANGS = new Set(["fr", "es", "de", "pt", "it"]);

export function currencyMinorDigits(currency: string): 0 | 2 {
  return ZERO_DIGIT.has(currency) ? 0 : 2;
}

/** How an amount is written in a language: what goes before and after the digits, and the decimal mark. */
export interface MoneyStyle {
  prefix: string;
  suffix: string;
  decimal: "." | ",";
}

export function moneyStyle(currency: string, lang?: string): MoneyStyle {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  const primary = (lang ?? "en").split("-")[0]!.toLowerCase();
  if (SUFFIX_LANGS.has(primary)) return { prefix: "", suffix: `\u00a0${symbol.trim()}`, decimal: "," };
  return { prefix: symbol, suffix: "", decimal: "." };
}

/** Formats whole minor units as the reader sees them: 1999 USD → "$19.99" in English, 1999 EUR → "19,99 €" in fr/de/es/it/pt. */
export function formatMoney(minor: number, currency: string, lang?: string): string {
  const style = moneyStyle(currency, lang);
  const digits = currencyMinorDigits(currency);
  const major = digits === 0 ? String(minor) : `${Math.floor(minor / 100)}${style.decimal}${String(minor % 100).padStart(2, "0")}`;
  return `${style.prefix}${major}${style.suffix}`;
}
