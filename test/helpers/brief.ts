// Briefs built field by field for tests about what a consumer does with a brief (QA, the judge, the
// copy), apart from how the reader reads a prompt. Spans point at nothing in particular: such a
// brief belongs to no prompt.
import type { Brief, BriefItem, BriefPrice, BriefText } from "~/domain/brief/schema";

export const span = (start = 0, end = start) => ({ start, end });

/** A value at `start` (0 unless given), as long as it is. */
export const text = (value: string, start = 0): BriefText => ({ value, span: span(start, start + value.length) });

/** A price as written ("$6.50", "24,00 €") in minor units of its currency. */
export const price = (display: string, minor: number, currency = "USD"): BriefPrice => ({ display, minor, currency, span: span() });

export const item = (name: string, p?: BriefPrice, more: Partial<BriefItem> = {}): BriefItem => ({
  name: text(name),
  ...(p ? { price: p } : {}),
  ...more,
});

/** An English brief with nothing in it but what `fields` sets. */
export function briefWith(fields: Partial<Brief> = {}): Brief {
  return {
    version: 1,
    language: { code: "en", frame: "en", supported: true },
    emailType: { value: "announcement", source: "default" },
    occasion: { kind: "general" },
    offers: [],
    items: [],
    otherItems: [],
    questions: [],
    dates: [],
    links: [],
    codes: [],
    conditions: [],
    tone: { value: "friendly" },
    message: [],
    quoted: [],
    faq: [],
    images: [],
    ctas: [],
    techniques: [],
    ruledOut: [],
    says: [],
    instructions: [],
    headings: [],
    unused: [],
    ...fields,
  };
}
