// Values the user types into the Check step's form, read with the brief reader's own pieces: a
// typed offer ("20% off", "free shipping", "$10 off") is read as the reader reads an offer head in
// a prompt, in the prompt's language, so the two never disagree on what an offer is.
import { cuesFor } from "~/domain/reader/cues";
import { offersOf } from "~/domain/reader/fields/offers";
import { layoutOf } from "~/domain/reader/layout";
import { lineTokens } from "~/domain/reader/tokens";
import type { BriefOffer } from "./schema";

/** A typed offer is one phrase; past this it is not read as one. */
const MAX_TYPED_OFFER = 400;

/** What a typed offer is (its kind, percent or amount off), or undefined when it names none. */
export function typedOfferHead(
  text: string,
  lang: string,
): (Pick<BriefOffer, "kind" | "percent"> & { amount?: { display: string; minor: number; currency: string } }) | undefined {
  const t = text.trim().slice(0, MAX_TYPED_OFFER);
  if (!t) return undefined;
  const cues = cuesFor(lang);
  const line = layoutOf(t, cues.lang, cues.cues)[0];
  if (!line) return undefined;
  const { words, tokens } = lineTokens(t, line, cues.lang, cues.cues);
  const head = offersOf(t, { start: 0, end: t.length }, words, tokens, cues)[0];
  if (!head) return undefined;
  return {
    kind: head.kind,
    ...(head.percent !== undefined ? { percent: head.percent } : {}),
    ...(head.amount ? { amount: { display: head.amount.display, minor: head.amount.minor, currency: head.amount.currency } } : {}),
  };
}
