// A button the brief asks for: its label (quoted, or the words before an arrow) and where it leads
// ("Button: Return to your cart -> https://…/cart", "bouton « finaliser ma commande » vers https://…",
// "RSVP link: https://…").
import type { CueSet } from "../cues";
import type { Range } from "../layout";
import type { QuotedToken, Token, UrlToken, Word } from "../tokens";
import { trim } from "./items";

export interface CtaRead {
  label: Range;
  url?: UrlToken;
}

/** Words around a button's label that are not its words: "vers", "to", "pointing to", "lien", "button". */
const LEAD_WORDS = ["label.button", "label.link", "instruction.self"];

export function ctaOf(
  text: string,
  range: Range,
  words: readonly Word[],
  tokens: readonly Token[],
  cues: CueSet,
  label?: Range,
): CtaRead | undefined {
  const own = tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  const url = own.find((t): t is UrlToken => t.kind === "url" && !t.image);
  const quoted = own.find((t): t is QuotedToken => t.kind === "quoted");
  if (quoted) return { label: quoted.inner, ...(url ? { url } : {}) };
  let end = url ? url.start : range.end;
  // "Je découvre les soldes -> https://…", "Shop now → https://…", "… vers https://…".
  const head = text.slice(range.start, end);
  const arrow = head.search(/\s*(?:->|→|=>|>|:)\s*$/);
  if (arrow >= 0) end = range.start + arrow;
  const inner = words.filter((w) => w.start >= range.start && w.end <= end);
  let k = inner.length;
  while (
    k > 0 &&
    (cues.cues.determiners
      .concat(["to", "vers", "à", "a", "para", "zu", "auf", "al", "verso", "pointing", "linking", "leading", "goes", "going"])
      .includes(inner[k - 1].folded) ||
      cues.labels.is([inner[k - 1]], ["button"]) !== undefined)
  )
    k--;
  let from = 0;
  while (from < k && cues.words.at(inner, from, LEAD_WORDS)) from = cues.words.at(inner, from, LEAD_WORDS)!.to;
  const r = from < k ? trim(text, { start: inner[from].start, end: inner[k - 1].end }) : undefined;
  if (r) return { label: r, ...(url ? { url } : {}) };
  // "Register: https://…": the label is the button's words.
  if (
    label &&
    url &&
    cues.labels.is(
      words.filter((w) => w.start >= label.start && w.end <= label.end),
      ["action"],
    )
  )
    return { label, url };
  // "Link de registro: https://…": the label's own words name the button.
  if (label && url) {
    const lw = words.filter((w) => w.start >= label.start && w.end <= label.end);
    const rest = lw.filter((w) => !cues.labels.is([w], ["link", "button"]) && !cues.cues.determiners.includes(w.folded));
    if (rest.length > 0 && rest.length <= 4) return { label: { start: rest[0].start, end: rest[rest.length - 1].end }, url };
  }
  return undefined;
}
