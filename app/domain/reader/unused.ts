// Nothing of the prompt is dropped without a word: every clause and line the brief's fields hold
// less than half of (by letters) is listed as not used, with the reason — the fields it partly
// filled, or what it was read as (a forwarded header, the writer's sign-off).
import { BRIEF_LIMITS, briefSpans, type Brief } from "~/domain/brief/schema";
import type { Range } from "./layout";
import type { Reading } from "./roles";
import { rawSpan, type PromptSource } from "./source";

/** Why a part of the prompt filled no field. */
function reasonOf(role: string): string {
  switch (role) {
    case "header":
      return "The forwarded message's header: who sent it to whom, not words for the email.";
    case "signoff":
      return "Your sign-off to whoever writes the email; the email signs with the brand.";
    default:
      return "Kinetic could not tell what this is for, so the email leaves it out.";
  }
}

/** A brief field's name in a reason ("items.2.price" → "an item"). */
const FIELD_NAMES: Record<string, string> = {
  brand: "the brand",
  items: "an item",
  otherItems: "an item",
  offers: "an offer",
  questions: "a question",
  faq: "the FAQ",
  event: "the event's details",
  dates: "a date",
  links: "a link",
  images: "an image",
  codes: "a code",
  ctas: "a button",
  techniques: "a module",
  instructions: "an instruction",
  message: "a sentence of the email",
  headings: "a heading",
  says: "what the email says",
  ruledOut: "what not to mention",
  subject: "the subject line",
  preheader: "the preheader",
  audience: "the audience",
  signature: "the sign-off",
  length: "the length",
};

/** Every clause of the prompt that the brief's fields hold less than half of, with the reason. */
export function unusedParts(src: PromptSource, reading: Reading, brief: Brief, overflow: Range[]): Brief["unused"] {
  const spans = briefSpans(brief).filter(({ path }) => !/^(unused|occasion|tone|emailType)\b/.test(path));
  const out: Brief["unused"] = [];
  for (const o of overflow) {
    const value = src.text.slice(o.start, o.end).trim();
    if (value)
      out.push({
        text: { value: value.slice(0, BRIEF_LIMITS.text), span: rawSpan(src, o.start, o.end) },
        reason: "More sentences than the email has room for.",
      });
  }
  // Each clause, then each whole line (a label's words count there too).
  const parts = [
    ...reading.clauses.map((c) => ({ range: c.range, role: c.role as string })),
    ...reading.lines.map((l) => ({
      range: { start: l.start, end: l.end },
      role: reading.clauses.find((c) => c.line === l.index)?.role ?? "",
    })),
  ];
  for (const c of parts) {
    const s = rawSpan(src, c.range.start, c.range.end);
    if (out.some((u) => u.text.span.start <= s.start && s.end <= u.text.span.end)) continue;
    if (s.end <= s.start) continue;
    // Letters, not words, decide: "1843 (richtig)" is an option and a mark nobody reads as the option.
    const fields = new Set<string>();
    let letters = 0;
    let covered = 0;
    for (let i = c.range.start; i < c.range.end; i++) {
      if (!/[\p{L}\p{N}]/u.test(src.text[i])) continue;
      letters++;
      const at = src.map[i];
      const hit = spans.filter((x) => at >= x.span.start && at < x.span.end);
      for (const h of hit) fields.add(h.path.split(".")[0]);
      if (hit.length > 0) covered++;
    }
    if (letters === 0 || covered / letters >= 0.5) continue;
    const value = src.text.slice(c.range.start, c.range.end).trim();
    if (!value) continue;
    const named = [...fields].map((f) => FIELD_NAMES[f]).filter(Boolean);
    const reason =
      named.length > 0 ? `Only part of this is used (as ${named.join(", ")}); the rest is not in the email.` : reasonOf(c.role);
    out.push({ text: { value: value.slice(0, BRIEF_LIMITS.text), span: s }, reason });
  }
  return out.slice(0, BRIEF_LIMITS.unused);
}
