// Values several consumers ask of a brief, derived from its fields in one place so each reads them
// alike (the assembled prompt, the judge, the eval scripts). Pure.
import type { Brief, BriefItem } from "./schema";

/** A line saying what the email is about: the subject the prompt gives, its product, else its first sentence to the reader. */
export function briefTopic(brief: Brief): string | undefined {
  return brief.subject?.value ?? brief.product?.value ?? brief.message[0]?.value;
}

/**
 * The conditions the prompt sets, as written: each offer's minimum spend with its offer ("Free
 * shipping over $150"), then those no offer took ("while stocks last").
 */
export function briefConditions(brief: Brief): string[] {
  return [
    ...brief.offers.flatMap((o) => (o.threshold ? [`${o.text.value} ${o.threshold.text.value}`] : [])),
    ...brief.conditions.map((c) => c.value),
  ];
}

/** Both of the brief's lists, the first one first. */
export function briefItems(brief: Brief): BriefItem[] {
  return [...brief.items, ...brief.otherItems];
}

/** Every code the brief gives: the codes read, and each offer's own. */
export function briefCodes(brief: Brief): string[] {
  const out: string[] = [];
  for (const c of [...brief.codes.map((x) => x.value), ...brief.offers.flatMap((o) => (o.code ? [o.code.value] : []))])
    if (!out.includes(c)) out.push(c);
  return out;
}
