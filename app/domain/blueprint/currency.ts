// ISO 4217 currencies without a minor unit in everyday pricing; all others are treated as 2 digits.
const ZERO_DIGIT = new Set(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);

const SYMBOLS: Record<string, string> = {
  USD: "$", EUR: "€", GBP: "£", JPY: "¥", CNY: "¥", INR: "₹", KRW: "₩", AUD: "A$", CAD: "C$", NZD: "NZ$",
  CHF: "CHF ", SEK: "kr ", NOK: "kr ", DKK: "kr ", BRL: "R$", MXN: "MX$", ZAR: "R ", PLN: "zł ",
};

export function currencyMinorDigits(currency: string): 0 | 2 {
  return ZERO_DIGIT.has(currency) ? 0 : 2;
}

/** The prefix printed before an amount: a symbol where one is unambiguous, else the code and a space. */
export function currencyPrefix(currency: string): string {
  return SYMBOLS[currency] ?? `${currency} `;
}

/** Formats whole minor units as the reader sees them, e.g. 1250 USD → "$12.50". */
export function formatMoney(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  const major = digits === 0 ? String(minor) : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
  return `${currencyPrefix(currency)}${major}`;
}
