// What a clause carries besides its role: a request to Kinetic may hold facts for the reader ("a 15%
// code at the end (PAWQUIZ15, till end of month)", "eine Abfrage „Wo möchtest du helfen?“ mit den
// Optionen …", "a carousel of our class types: Slow Flow (photo), Vinyasa (photo)"), and a sentence
// of copy may hold a priced thing, an event's when and where, a quoted question or a button.
import type { OccasionKind } from "~/domain/brief/schema";
import type { Draft } from "./assemble";
import { PANED, type Clause, type Reading } from "./clause";
import type { CueSet } from "./cues";
import { ctaOf } from "./fields/ctas";
import { peopleIn, placeIn } from "./fields/event";
import { itemOf, proseItems, trim } from "./fields/items";
import { offersOf, type OfferRead } from "./fields/offers";
import { addOptions, questionOf, splitOptions, type QuestionRead } from "./fields/questions";
import type { Range } from "./layout";
import type { Word } from "./tokens";

export interface FillContext {
  reading: Reading;
  cues: CueSet;
  d: Draft;
  kind: OccasionKind;
  changeLikely: boolean;
  /** Clauses a question took as its options. */
  consumed: Set<number>;
  lastQuestion?: QuestionRead;
  /** A question waiting for its answer on the next clause (an FAQ). */
  pendingFaq?: Range;
}

const EVENT_KINDS = new Set(["event", "invitation", "webinar", "course", "travel", "volunteer"]);
const offerRanges = (offers: OfferRead[]) =>
  offers.flatMap((o) => [o.text, ...(o.amount ? [o.amount] : []), ...(o.threshold ? [o.threshold.text, o.threshold.price] : [])]);

/**
 * "eine Abfrage „Wo möchtest du helfen?“ mit den Optionen …", 'Depois da nota: "O que mais pesou?" com opções A / B':
 * each question quoted in a clause is one to ask, with the options named after it. Returns how many.
 */
function quotedQuestions(ctx: FillContext, c: Clause): number {
  const { reading, cues, d } = ctx;
  const { text } = reading;
  const words = reading.tokens[c.line].words;
  const asked = reading.tokens[c.line].tokens.filter(
    (t) => t.kind === "quoted" && t.start >= c.range.start && t.end <= c.range.end && /[?？]\s*$/.test(t.text),
  );
  for (const a of asked) {
    if (a.kind !== "quoted") continue;
    const q = questionOf(text, a.inner, a.inner.end, words, cues);
    const after = trim(text, { start: a.end, end: c.range.end });
    const rest = after ? words.filter((w) => w.start >= after.start && w.end <= after.end) : [];
    const label = rest.map((_, i) => cues.words.at(rest, i, ["question.options"])).find(Boolean);
    if (label && after) addOptions(q, text, splitOptions(text, { start: label.end, end: after.end }, words, cues), words, cues);
    d.questions.push(q);
    ctx.lastQuestion = q;
  }
  return asked.length;
}

/** The most words between a module's name and the colon that opens its list ("A carousel of our 4 class types with a photo each: …"). */
const PANES_COLON_WORDS = 12;

/**
 * The list of a module's panes a request gives after the module's name, up to the next module's name:
 * after a colon ("A carousel of our class types: Slow Flow (…), Vinyasa (…)") or after the words that
 * lead to it ("tabs for Design, Engineering and Product news", "a hamburger menu linking to Women, Men").
 */
function paneList(ctx: FillContext, c: Clause, cue: Range, until: number): Range | undefined {
  const list = listAfterModule(ctx, c, cue, until);
  if (!list) return undefined;
  // "tabs for Sweaters, Scarves and Hats, everything 25% off …": the list ends before an offer's part.
  const percent = ctx.reading.tokens[c.line].tokens.find((t) => t.kind === "percent" && t.start >= list.start && t.end <= list.end);
  const comma = percent ? ctx.reading.text.slice(list.start, percent.start).lastIndexOf(",") : -1;
  return comma > 0 ? trim(ctx.reading.text, { start: list.start, end: list.start + comma }) : list;
}

function listAfterModule(ctx: FillContext, c: Clause, cue: Range, until: number): Range | undefined {
  const { reading, cues } = ctx;
  const { text } = reading;
  const end = Math.min(until, c.range.end);
  const after = reading.tokens[c.line].words.filter((w) => w.start >= cue.end && w.end <= end);
  const colon = text.slice(cue.end, end).search(/[:：]/);
  const lead = cues.words.at(after, 0, ["instruction.panes"]);
  // "tabs for Sweet, Savory and Drinks: ricotta pancakes $12, …": the panes before the colon, their contents after it.
  const listed = lead && after[lead.to] && colon >= 0 ? trim(text, { start: after[lead.to].start, end: cue.end + colon }) : undefined;
  if (listed && splitOptions(text, listed, reading.tokens[c.line].words, cues).length >= 2) return listed;
  // (The sentence's full stop is no part of its last pane.)
  const stop = text.slice(0, end).replace(/[.!]\s*$/u, "").length;
  if (colon >= 0 && after.filter((w) => w.start < cue.end + colon).length <= PANES_COLON_WORDS)
    return trim(text, { start: cue.end + colon + 1, end: stop });
  if (!lead || !after[lead.to]) return laterPaneList(ctx, c, after, stop);
  // "… corn tortillas, plus a cart for extras": the list ends where the next module is asked for, less the words that join it.
  const joins = new Set([...cues.cues.list.and, ...cues.cues.functionWords, ...cues.cues.determiners]);
  const own = after.slice(lead.to);
  let last = own.length;
  while (last > 1 && joins.has(own[last - 1].folded)) last--;
  // (", plus a short survey": the part that joins the next module, lower-case words only, is no pane.)
  const comma = text.slice(own[0].start, own[last - 1].end).lastIndexOf(",");
  const tail = comma >= 0 ? own.filter((w) => w.start > own[0].start + comma && w.end <= own[last - 1].end) : [];
  if (tail.length > 0 && cues.cues.list.and.includes(tail[0].folded) && tail.every((w) => !w.capital && !w.numeric))
    return trim(text, { start: own[0].start, end: own[0].start + comma });
  return trim(text, { start: own[0].start, end: last === own.length ? stop : own[last - 1].end });
}

/**
 * "Hamburger menu email for Oak & Ash home store with links to Candles, Diffusers, Gifts and Sale": the
 * panes' lead further on, of two words or more ("for X" further on names the sender), when a list of two or more follows.
 */
function laterPaneList(ctx: FillContext, c: Clause, after: readonly Word[], stop: number): Range | undefined {
  const { reading, cues } = ctx;
  for (let k = after.length - 2; k > 0; k--) {
    const m = cues.words.at(after, k, ["instruction.panes"]);
    if (!m || m.to - m.from < 2 || !after[m.to]) continue;
    const list = trim(reading.text, { start: after[m.to].start, end: stop });
    return list && splitOptions(reading.text, list, reading.tokens[c.line].words, cues).length >= 2 ? list : undefined;
  }
  return undefined;
}

/**
 * "a slideshow of our new single-origin beans from Ethiopia, Colombia and Guatemala": a module's panes are
 * alike; where the others are names, the first is the name after its last small word.
 */
function alike(parts: Range[], words: readonly Word[], cues: CueSet): Range[] {
  const inPart = (r: Range) => words.filter((w) => w.start >= r.start && w.end <= r.end);
  const first = parts[0] ? inPart(parts[0]) : [];
  if (parts.length < 3 || first.length < 4 || !parts.slice(1).every((p) => inPart(p).length <= 2 && inPart(p)[0]?.capital)) return parts;
  const small = first.findLastIndex((w) => !w.capital && cues.cues.functionWords.includes(w.folded));
  if (small < 0 || small === first.length - 1 || !first[small + 1].capital) return parts;
  return [{ start: first[small + 1].start, end: parts[0].end }, ...parts.slice(1)];
}

/** An instruction to Kinetic: what it asks, and the facts it carries for the reader. */
export function carriedByRequest(ctx: FillContext, c: Clause): void {
  const { reading, cues, d, changeLikely } = ctx;
  const { text } = reading;
  const line = reading.lines[c.line];
  const words = reading.tokens[c.line].words;
  const own = reading.tokens[c.line].tokens.filter((t) => t.start >= c.range.start && t.end <= c.range.end);

  const x = c.instruction!;
  d.instructions.push({
    kind: x.kind,
    // A label line's instruction is the whole line ("Note: keep it short"), unless it is the label alone naming the email.
    range:
      (line.kind === "label" || line.kind === "heading") &&
      c.range.end > (line.label?.end ?? line.start) &&
      c.range.start <= line.body.start
        ? { start: line.start, end: line.end }
        : c.range,
  });
  d.ruledOut.push(...x.ruledOut);
  if (x.says) d.says.push(x.says);
  // What a request carries for the reader is a fact of the brief: "a 15% code at the end (PAWQUIZ15,
  // till end of month)", "eine Abfrage „Wo möchtest du helfen?“ mit den Optionen …".
  if (x.kind !== "avoid") {
    const inner = words.filter((w) => w.start >= c.range.start && w.end <= c.range.end);
    const carried =
      own.some((t) => t.kind === "percent") || cues.words.has(inner, ["offer.free", "offer.bogo"])
        ? offersOf(text, c.range, words, own, cues)
        : [];
    d.offers.push(...carried);
    const paned: Range[] = [];
    if (line.parent === undefined)
      x.techniques.forEach((t, i) => {
        if (!PANED.has(t.technique)) return;
        const list = paneList(ctx, c, t.range, x.techniques[i + 1]?.range.start ?? c.range.end);
        const parts = list ? splitOptions(text, list, words, cues) : [];
        if (parts.length < 2) return;
        const panes: Range[] = [];
        for (const p of alike(parts, words, cues)) {
          // 'mit den Namen „Auszeit“, „Zweisamkeit“': a quoted name is the pane's name.
          const quoted = own.find((q) => q.kind === "quoted" && q.start >= p.start && q.end <= p.end);
          const item = itemOf(text, quoted?.kind === "quoted" ? quoted.inner : p, words, own, cues, changeLikely);
          if (!item) continue;
          d.items.push(item);
          panes.push(item.name);
          if (item.price) paned.push(item.price);
        }
        d.techniques.push({ technique: t.technique, range: t.range, panes });
      });
    // "… plus a short survey: which time suits you — morning, noon or evening?": the question it asks.
    if (line.parent === undefined)
      for (const t of x.techniques) {
        if (PANED.has(t.technique)) continue;
        const colon = text.slice(t.range.end, c.range.end).search(/[:：]\s/u);
        const asked = colon >= 0 ? trim(text, { start: t.range.end + colon + 1, end: c.range.end }) : undefined;
        if (!asked || !/[?？]\s*$/u.test(text.slice(asked.start, asked.end))) continue;
        const q = questionOf(text, asked, asked.end, words, cues);
        d.questions.push(q);
        ctx.lastQuestion = q;
      }
    // The priced things it names besides its panes ("… with 10% off, the Starter kit at $29").
    d.items.push(...proseItems(text, c.range, words, own, cues, [...offerRanges(carried), ...paned]));
    const asked = quotedQuestions(ctx, c);
    if (asked === 0 && x.act === "ask" && x.says) {
      const q: QuestionRead = { text: x.says, options: [] };
      d.questions.push(q);
      ctx.lastQuestion = q;
    }
  }
  if (x.tone && !d.tone) d.tone = x.tone;
  if (x.length && !d.length) d.length = x.length;
  if (c.label === "audience" || x.kind === "audience") d.audience ??= trim(text, line.body);
  for (const t of x.techniques)
    if (!d.techniques.some((y) => y.range === t.range)) d.techniques.push({ technique: t.technique, range: t.range, panes: [] });
  // "pas besoin de le dire", "eso no va en el correo": what the sentence says before is ruled out.
  if (x.kind === "avoid" && x.ruledOut.length === 0) {
    const prev = d.message.length > 0 && d.message[d.message.length - 1].end >= c.range.start - 3 ? d.message.pop() : undefined;
    if (prev) d.ruledOut.push(prev);
  }
  const quoted = own.find((t) => t.kind === "quoted");
  if (
    quoted &&
    quoted.kind === "quoted" &&
    (cues.words.has(
      words.filter((w) => w.start >= c.range.start && w.end <= c.range.end),
      ["instruction.sign"],
    ) ||
      c.label === "signature")
  )
    d.signature ??= quoted.inner;
  // A button asked for in a sentence: "bouton « finaliser ma commande » vers https://…".
  if (
    cues.words.has(
      words.filter((w) => w.start >= c.range.start && w.end <= c.range.end),
      ["label.button"],
    )
  ) {
    const cta = ctaOf(text, c.range, words, own, cues);
    if (cta && (cta.url || own.some((t) => t.kind === "quoted"))) d.ctas.push(cta);
  }
}

/** A sentence of copy for the reader, and what it holds besides. */
export function carriedByCopy(ctx: FillContext, c: Clause): void {
  const { reading, cues, d } = ctx;
  const { text } = reading;
  const words = reading.tokens[c.line].words;
  const own = reading.tokens[c.line].tokens.filter((t) => t.start >= c.range.start && t.end <= c.range.end);

  // "they left the Smoky Lapsang tin (£9.50)": a priced thing named in a sentence of copy.
  d.items.push(...proseItems(text, c.range, words, own, cues, []));
  // A date in copy of an event: the event's when, and a place after it its where.
  const dates = own.filter((t) => t.kind === "date");
  if (EVENT_KINDS.has(ctx.kind) && dates.length > 0) {
    d.when ??= dates[0];
    d.where ??= placeIn(text, c.range, words, cues);
  }
  if (EVENT_KINDS.has(ctx.kind)) d.who.push(...peopleIn(text, c.range, words, cues, false));
  if (ctx.pendingFaq) {
    d.faq.push({ question: ctx.pendingFaq, answer: c.range });
    ctx.pendingFaq = undefined;
    return;
  }
  // "Si contestan 0-6, que salga "¿Qué deberíamos mejorar?"": a question quoted in a sentence is one to ask.
  if (quotedQuestions(ctx, c) > 0) return;
  // "Reservas al 91 555 12 34 o en https://…": a sentence that opens with an action and holds its link is a button.
  const url = own.find((t) => t.kind === "url" && !t.image);
  const action = cues.labels.at(
    words.filter((w) => w.start >= c.range.start && w.end <= c.range.end),
    0,
    ["action"],
  );
  if (action && url && url.kind === "url") {
    d.ctas.push({ label: { start: action.start, end: action.end }, url });
    return;
  }
  d.message.push(c.range);
}
