import { cleanPhrase } from "./text";
import type { Offer } from "./types";

const FOREIGN_PERCENT =
  /(?<![\d\p{L}])-\s?(\d{1,2})\s?%|\b(\d{1,2})\s?%\s?(?:de (?:réduction|remise|descuento|desconto)|rabatt|di sconto|korting|zniżki|off)\b|\b(?:sconto|descuento|desconto|réduction|remise|rabatt|korting)\s+(?:del?\s+|von\s+|van\s+)?(\d{1,2})\s?%/iu;

export function extractOffer(prompt: string, codes: string[]): Offer | undefined {
  const pct =
    /\b(?:up to\s+)?(\d{1,2})\s?%\s?(?:off|discount|savings?)\b(?:\s+(?:on\s+)?(?:everything|sitewide|site-wide|storewide|(?:all\s+|our\s+|every\s+)?[a-z]+))?/i.exec(
      prompt,
    );
  // (?<!\d): a match can only start where a run of digits starts (a later start would find the
  // same words), so a long run of digits is read once rather than once per digit.
  const amount =
    /(?:[$€£]\s?\d+(?:\.\d{2})?|(?<!\d)\d+\s?(?:dollars|euros|pounds))\s+off\b(?:\s+(?:orders?|your (?:first )?order)(?:\s+over\s+[$€£]?\d+)?)?/i.exec(
      prompt,
    );
  const other =
    /\b(?:free (?:shipping|delivery|returns|gift|trial|dessert|drink|coffee|upgrade)(?: on [^.,;\n]+)?|buy one,? get one(?: free)?|bogo|2[- ]for[- ]1|two for one|early[- ]bird (?:pricing|discount|tickets?))\b/i.exec(
      prompt,
    );
  // "-30 %", "30 % de réduction", "30% Rabatt", "sconto del 30%", "desconto de 30%".
  const foreign = pct ? null : FOREIGN_PERCENT.exec(prompt);
  const match = pct ?? foreign ?? amount ?? other;
  if (!match) return codes.length > 0 ? { text: `code ${codes[0]}`, code: codes[0] } : undefined;
  // The pattern takes one word after "off"; a date word there ("20% off through June 30") is not the offer.
  const text = cleanPhrase(match[0]).replace(
    /\s+(?:for|with|and|to|using|on|through|thru|until|till|before|by|ends?|ending|from|this|today|now)$/i,
    "",
  );
  const percent = pct ? Number(pct[1]) : foreign ? Number(foreign[1] ?? foreign[2] ?? foreign[3]) : undefined;
  return { text, percent, code: codes[0] };
}

export function extractCodes(prompt: string): string[] {
  return codeMentions(prompt).map((c) => c.text);
}

/** Each distinct code and where it first occurs in the text read. */
export function codeMentions(prompt: string): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  const re =
    /\b(?:promo |discount |coupon |voucher )?(?:code|c[óo]digo|codice|gutscheincode|rabattcode|kod|coupon|cupom|cup[óo]n|gutschein)(?:\s+(?:promo|promocional|sconto|de (?:réduction|desconto|descuento)))?\s*(?:(?:is|est)\s+|:\s*)?["“]?([A-Z0-9][A-Z0-9_-]{2,19})["”]?/gi;
  for (let m = re.exec(prompt); m; m = re.exec(prompt)) {
    const code = m[1];
    // Codes are shouted; "code for" or "code that" is prose.
    if (code === code.toUpperCase() && /[A-Z]/.test(code) && !out.some((c) => c.text === code))
      out.push({ text: code, index: m.index + m[0].lastIndexOf(code) });
  }
  // A percent "with" a shouted word and number is a code without the word code: "15 % con VUELVE15".
  const bare = /(?<=\d\s?%\s?(?:off\s)?)(?:with|using|con|avec|mit|com)\s+([A-Z][A-Z_-]{1,15}\d{1,4})(?![\p{L}\d])/gu;
  for (let m = bare.exec(prompt); m; m = bare.exec(prompt)) {
    const code = m[1];
    if (!out.some((c) => c.text === code)) out.push({ text: code, index: m.index + m[0].lastIndexOf(code) });
  }
  return out.sort((a, b) => a.index - b.index);
}
