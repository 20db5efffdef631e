// The prompt's own message: the sentences (or clauses) that say something to the reader, as the
// user wrote them ("help us bring clean water to 40 villages", "Free entry"), not the instruction
// to Kinetic ("Fundraising appeal for X:", "Feature the …") and not what another field of the brief
// already holds (items, offers, questions, dates, links). Language-neutral splitting; the words that
// name an email come from the occasion table the brief reads anyway. Every pattern here is linear.
import { rawSpan, type PromptSource } from "~/domain/prompt/facts";
import { mentionsTechnique } from "~/domain/prompt/techniques";
import { OCCASION_WORDS } from "./occasion";
import { BRIEF_LIMITS, type Brief, type BriefText, type Span } from "./schema";

/** A brief says its message in a few sentences; a long prompt's tail is not read for more. */
export const MESSAGE_LIMITS = { sentences: 8, sampleChars: 4_000 } as const;

const URL = /\bhttps?:\/\/\S|\bwww\.[a-z0-9-]+\./i;
/** Words naming an email besides its occasion: "Welcome email for …", "E-mail de reengajamento …". */
const EMAIL_WORD =
  /(?<![\p{L}-])(?:e-?mails?|newsletters?|courriels?|correos?|mensajes?|mensagens?|nachrichten?|messaggi?o?|messages?)(?!\p{L})/iu;
/** A word after the email's name that ties it to what it is for or who sends it. */
const TIE = new Set(
  "for to from by about on pour à au aux de du des sur para por del für von bei zum zur über da do dos das per di della dello degli dal sul".split(
    " ",
  ),
);
/** An instruction to Kinetic at the start of a sentence, in the six frame languages. */
const INSTRUCTION =
  /^(?:then\s+|also\s+|and\s+|puis\s+|luego\s+|dann\s+|depois\s+|poi\s+)?(?:write|create|make|feature|include|add|mention|list|show|highlight|ask|use a|use an|send|link|écris|écrivez|rédige|rédigez|crée|créez|présente|présentez|mets|mettez|ajoute|ajoutez|inclus|incluez|demande|demandez|escribe|escriba|crea|cree|incluye|incluya|añade|añada|muestra|destaca|pregunta|schreibe|schreib|erstelle|erstell|zeige|zeig|füge|frage|escreva|crie|inclua|mostre|destaque|pergunte|scrivi|crea|includi|mostra|aggiungi|chiedi)(?!\p{L})/iu;
/** Sentences end at ".", "!", "?" before a blank or the end, or at a line break; never inside "14.50". */
const SENTENCE_END = /[.!?。！？](?=\s|$)|\n/g;
const LETTER = /\p{L}/gu;

const letters = (s: string): number => (s.match(LETTER) ?? []).length;

/**
 * The occasion words without the global flag, compiled once: `exec` then always starts at 0, and a
 * prompt of a thousand short lines does not compile the table once per line.
 */
const OCCASION_ONCE = OCCASION_WORDS.map(([, re]) => new RegExp(re.source, re.flags.replace("g", "")));

/** Whether the words before a colon (or the start of a sentence) name the email ("Fundraising appeal for X"). */
function namesEmail(head: string, whole: boolean): boolean {
  if (EMAIL_WORD.test(head)) return true;
  for (const re of OCCASION_ONCE) {
    const m = re.exec(head);
    if (!m) continue;
    // Before a colon anything naming the occasion counts; a whole sentence only when it opens with it.
    if (!whole) return true;
    const before = head.slice(0, m.index).trim().split(/\s+/).filter(Boolean).length;
    const after = head
      .slice(m.index + m[0].length, m.index + m[0].length + 80)
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 4);
    if (before <= 3 && after.some((word) => TIE.has(word))) return true;
  }
  return false;
}

/** The clauses of a sentence without the one that holds a link ("Free entry, RSVP at https://…" → "Free entry"). */
function withoutLink(s: string): string {
  const u = URL.exec(s);
  if (!u) return s;
  const before = s.slice(0, u.index);
  const cut = Math.max(before.lastIndexOf(", "), before.lastIndexOf("; "), before.lastIndexOf(" — "));
  return cut < 0 ? "" : s.slice(0, cut);
}

/** The spans other fields of the brief took: a sentence they cover is not said again. */
function takenSpans(brief: Omit<Brief, "message">): Span[] {
  const out: Span[] = [];
  const add = (t: { span: Span } | undefined) => t && out.push(t.span);
  for (const i of [...brief.items, ...brief.otherItems]) [i.name, i.price, i.detail, i.link, i.image].forEach(add);
  for (const o of brief.offers) [o.text, o.amount, o.code, o.threshold?.text, o.deadline, o.scope].forEach(add);
  for (const q of brief.questions) [q.text, ...q.options, q.scale].forEach(add);
  [...brief.dates, ...brief.links, ...brief.codes, ...brief.conditions, brief.product, brief.audience, brief.cta].forEach(add);
  return out;
}

/** Letters of the written prompt in [start, end) that no taken span covers. */
function freeLetters(raw: string, span: Span, taken: Span[]): number {
  let n = 0;
  for (let i = span.start; i < span.end; i++) {
    if (taken.some((t) => i >= t.start && i < t.end)) continue;
    LETTER.lastIndex = 0;
    if (LETTER.test(raw[i]!)) n++;
  }
  return n;
}

/** Words that open a place, in the six frame languages. */
const PLACE = /^(?:at|in|à|au|en|im|in der|bei|em|no|na|presso|al|alla|nel|nella)\s/iu;

/** Where, in the read text, a place clause starts after the last value taken in [s0, e0) ("at the Old Brickyard, …"); undefined when none. */
function placeAfter(src: PromptSource, s0: number, e0: number, taken: Span[]): number | undefined {
  const whole = rawSpan(src, s0, e0);
  const ends = taken.filter((t) => t.start >= whole.start && t.end <= whole.end).map((t) => t.end);
  if (ends.length === 0) return undefined;
  const last = Math.max(...ends);
  let i = s0;
  while (i < e0 && src.map[i]! < last) i++;
  while (i < e0 && /[\s,]/.test(src.text[i]!)) i++;
  return PLACE.test(src.text.slice(i, Math.min(e0, i + 12))) ? i : undefined;
}

export function readMessage(src: PromptSource, brief: Omit<Brief, "message">): BriefText[] {
  const text = src.text.slice(0, MESSAGE_LIMITS.sampleChars);
  const taken = takenSpans(brief);
  const options = brief.questions.flatMap((q) => q.options.map((o) => o.value.toLowerCase())).filter((o) => o.length >= 3);
  const offerSpans = brief.offers.map((o) => o.text.span);
  const out: BriefText[] = [];
  let start = 0;
  const ranges: Array<[number, number]> = [];
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) {
    ranges.push([start, m.index + 1]);
    start = m.index + 1;
  }
  if (start < text.length) ranges.push([start, text.length]);

  for (const [s0, e0] of ranges) {
    if (out.length >= MESSAGE_LIMITS.sentences) break;
    let s = s0;
    let sentence = text.slice(s0, e0);
    // "Fundraising appeal for X: help us …" — the part after the colon is the message.
    const colon = /:\s/.exec(sentence);
    // What follows a colon is judged on its own: a label before a list the brief holds
    // ("Sommerschlussverkauf bei X: A für 89,90 €, …") goes with the list.
    let tail: [number, number] | undefined;
    if (colon) {
      tail = [s + colon.index + colon[0].length, e0];
      if (namesEmail(sentence.slice(0, colon.index), false)) {
        s = tail[0];
        sentence = sentence.slice(colon.index + colon[0].length);
      }
    } else if (namesEmail(sentence.slice(0, 120), true)) {
      // "Invitation to the Fair on Saturday, June 14 at the Old Brickyard, 12 Mill Street": the place after the date is the reader's.
      const place = placeAfter(src, s0, e0, taken);
      if (place === undefined) continue;
      s = place;
      sentence = text.slice(place, e0);
    }
    const lead = sentence.length - sentence.trimStart().length;
    s += lead;
    sentence = withoutLink(sentence.trim()).replace(/[\s,;:—–-]+$/, "");
    if (letters(sentence) < 3 || INSTRUCTION.test(sentence) || mentionsTechnique(sentence)) continue;
    const lowered = sentence.toLowerCase();
    // A sentence holding an offer is the offer's ("Separately, 15% off everything with code GIFT15").
    const span0 = rawSpan(src, s, s + sentence.length);
    if (offerSpans.some((o) => o.start >= span0.start && o.end <= span0.end)) continue;
    // A sentence naming a question's option gives the answer or repeats the options: the question says it.
    if (options.some((o) => lowered.includes(o))) continue;
    const span = rawSpan(src, s, s + sentence.length);
    // Mostly items, offers, dates or a link already in the brief: said there, not twice.
    const judged = tail && tail[0] > s ? rawSpan(src, tail[0], tail[1]) : span;
    const free = freeLetters(src.raw, judged, taken);
    if (free < 0.5 * letters(src.raw.slice(judged.start, judged.end)) || free < 8) continue;
    out.push({ value: sentence.slice(0, BRIEF_LIMITS.text), span });
  }
  return out;
}
