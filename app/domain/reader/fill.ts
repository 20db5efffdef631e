// The brief's fields filled clause by clause: each clause fills what its role says, with what sits
// on its own line (./fields). What a request or a sentence of copy carries besides is ./carried.
import type { OccasionKind } from "~/domain/brief/schema";
import type { Draft } from "./assemble";
import { carriedByCopy, carriedByRequest, type FillContext } from "./carried";
import type { CueSet } from "./cues";
import type { TechniqueKey } from "./cues/types";
import { takeOptions } from "./fields/after-question";
import { ctaOf, type CtaRead } from "./fields/ctas";
import { peopleIn } from "./fields/event";
import { itemOf, itemsOf, proseItems, trim } from "./fields/items";
import { offersOf, type OfferRead } from "./fields/offers";
import { addListedOptions, looksLikeOptions } from "./fields/options";
import { addOptions, optionOf, questionOf, splitOptions } from "./fields/questions";
import { tableOf } from "./fields/table";
import type { Reading } from "./roles";

export const QUESTION_KINDS = new Set(["survey", "nps", "quiz"]);

/** What an offer's own values hold: its amount off and its minimum spend are no item's price. */
export const offerRanges = (offers: OfferRead[]) =>
  offers.flatMap((o) => [o.text, ...(o.amount ? [o.amount] : []), ...(o.threshold ? [o.threshold.text, o.threshold.price] : [])]);

export function emptyDraft(): Draft {
  return {
    headings: [],
    items: [],
    offers: [],
    questions: [],
    faq: [],
    ctas: [],
    who: [],
    agenda: [],
    message: [],
    says: [],
    ruledOut: [],
    instructions: [],
    techniques: [],
    quoted: [],
  };
}

export function fillDraft(reading: Reading, cues: CueSet, kind: OccasionKind, instructionTechniques: readonly TechniqueKey[]): Draft {
  const { text, lines, tokens, clauses } = reading;
  const ctx: FillContext = { reading, cues, d: emptyDraft(), kind, changeLikely: kind === "pricing-change", consumed: new Set() };
  const d = ctx.d;
  const changeLikely = ctx.changeLikely;
  for (let k = 0; k < clauses.length; k++) {
    if (ctx.consumed.has(k)) continue;
    const c = clauses[k];
    const words = tokens[c.line].words;
    const own = tokens[c.line].tokens.filter((t) => t.start >= c.range.start && t.end <= c.range.end);
    const line = lines[c.line];
    if (c.role !== "option" && c.role !== "faq-a" && c.role !== "content" && c.role !== "question") ctx.pendingFaq = undefined;
    switch (c.role) {
      case "instruction":
        carriedByRequest(ctx, c);
        break;
      case "heading": {
        if (c.instruction) d.instructions.push({ kind: c.instruction.kind, range: c.range });
        if (c.technique) d.techniques.push({ technique: c.technique, range: c.range, panes: [] });
        if (!c.instruction) d.headings.push(c.range);
        break;
      }
      case "pane": {
        // "Tabs: Programme (keynote at 9h30), Accès (tram 1)": each pane with what its brackets hold.
        const body = c.body ?? (line.body.start > c.range.start ? line.body : c.range);
        // A label's value lists the panes ("Tabs: A, B, C"); a line under a heading is one pane, a label line
        // under it a pane titled by its label ("Obras: del 2 al 11 de mayo…").
        const governed = line.parent !== undefined && line.kind === "label" && line.label;
        if (governed) {
          const t = d.techniques.find((x) => x.technique === c.technique) ?? { technique: c.technique!, range: line.label!, panes: [] };
          if (!d.techniques.includes(t)) d.techniques.push(t);
          t.panes.push(line.label!);
          d.items.push({ name: line.label!, detail: line.body });
          break;
        }
        const panes = line.kind === "label" || c.body ? splitOptions(text, body, words, cues) : [body];
        const t = d.techniques.find((x) => x.technique === c.technique) ?? {
          technique: c.technique!,
          range: line.label ?? c.range,
          panes: [],
        };
        if (!d.techniques.includes(t)) d.techniques.push(t);
        for (const p of panes.length > 0 ? panes : [body]) {
          const item = itemOf(text, p, words, own, cues, changeLikely);
          if (item) {
            t.panes.push(item.name);
            d.items.push(item);
          }
        }
        break;
      }
      case "item": {
        if (line.kind === "row") {
          // A table is read whole at its first row.
          // (A separator row, "|---|---|", lies inside it.)
          const inTable = (i: number) =>
            lines[i]?.kind === "row" || (lines[i]?.kind === "rule" && lines[i - 1]?.kind === "row" && lines[i + 1]?.kind === "row");
          if (inTable(line.index - 1)) break;
          let end = line.index;
          while (inTable(end + 1)) end++;
          const table = tableOf(
            text,
            lines.slice(line.index, end + 1).filter((l) => l.kind === "row"),
            tokens,
            cues,
            changeLikely,
          );
          d.items.push(...table.items);
          d.questions.push(...table.questions);
          if (table.header !== undefined) d.headings.push({ start: lines[table.header].start, end: lines[table.header].end });
          break;
        }
        const found = itemsOf(text, c.range, words, own, cues, changeLikely);
        d.items.push(...found);
        if (c.technique) {
          const t = d.techniques.find((x) => x.technique === c.technique);
          if (t) t.panes.push(...found.map((i) => i.name));
        }
        if (found.length === 0) d.message.push(c.range);
        break;
      }
      case "offer":
      case "code":
      case "deadline":
      case "threshold": {
        // "Code RETOUR10 : -10 % valable jusqu'au dimanche": a code or deadline line that states its own offer.
        const states =
          own.some((t) => t.kind === "percent") ||
          cues.words.has(
            words.filter((w) => w.start >= c.range.start && w.end <= c.range.end),
            ["offer.off", "offer.free", "offer.bogo"],
          );
        const found = c.role === "offer" || states ? offersOf(text, c.range, words, own, cues) : [];
        const last = d.offers[d.offers.length - 1];
        if (found.length === 0) {
          // "Code: SUMMER20", "Valid until June 30", a code sentence after the offer's: the offer before's.
          const code = own.find((t) => t.kind === "code");
          const date = own.find((t) => t.kind === "date");
          const money = own.find((t) => t.kind === "money");
          if (last) {
            if (code && code.kind === "code" && !last.code) last.code = code;
            if (date && date.kind === "date" && !last.deadline) last.deadline = date;
            if (money && money.kind === "money" && c.role === "threshold" && !last.threshold)
              last.threshold = { text: c.range, price: money };
          } else if (c.role === "offer") d.message.push(c.range);

          break;
        }
        // An offer sentence holding another thing's price ("Entrée 15 €, remboursée dès 50 €"): that thing is an item.
        d.items.push(...proseItems(text, c.range, words, own, cues, offerRanges(found)));
        d.offers.push(...found);
        break;
      }
      case "question": {
        const q = questionOf(text, c.range, c.range.end, words, cues);
        if (q.rest && looksLikeOptions(text, q.rest, words, cues)) addListedOptions(q, text, q.rest, words, cues);
        else if (q.rest && !QUESTION_KINDS.has(ctx.kind)) {
          // "Dois-je venir avec un partenaire ? Non, le bloc se grimpe seul.": a question and its answer on one line.
          d.faq.push({ question: q.text, answer: q.rest });
          break;
        }
        // "Q: … A: …": an answer, not options.
        const taken = clauses[k + 1]?.role === "faq-a" || c.label === "faq" ? 0 : takeOptions(reading, cues, k, q, ctx.consumed);
        const next = clauses[k + 1 + taken];
        const answerNext =
          taken === 0 &&
          next &&
          (next.role === "faq-a" ||
            (next.role === "content" &&
              lines[next.line].kind !== "bullet" &&
              !QUESTION_KINDS.has(ctx.kind) &&
              !instructionTechniques.includes("survey") &&
              !instructionTechniques.includes("quiz")));
        if ((c.label === "faq" || answerNext) && q.options.length === 0 && !q.scale) {
          ctx.pendingFaq = q.text;
          break;
        }
        d.questions.push(q);
        ctx.lastQuestion = q;
        break;
      }
      case "faq-q": {
        // "Q: Do you ship? A: Yes" or "Dois-je venir avec un partenaire ? Non, …": the answer on the same line.
        const q = text.slice(c.range.start, c.range.end).search(/[?？]/u);
        const answer = q >= 0 ? trim(text, { start: c.range.start + q + 1, end: c.range.end }) : undefined;
        if (answer) d.faq.push({ question: { start: c.range.start, end: c.range.start + q + 1 }, answer });
        else ctx.pendingFaq = c.range;
        break;
      }
      case "faq-a":
      case "option": {
        if (c.role === "faq-a" && ctx.pendingFaq) {
          d.faq.push({ question: ctx.pendingFaq, answer: c.range });
          ctx.pendingFaq = undefined;
        } else if (ctx.lastQuestion && c.role === "option") {
          addOptions(
            ctx.lastQuestion,
            text,
            splitOptions(text, c.range, words, cues).length > 1 && line.kind === "label"
              ? splitOptions(text, c.range, words, cues)
              : [c.range],
            words,
            cues,
          );
        } else if (c.role === "faq-a" && ctx.lastQuestion && ctx.lastQuestion.options.length > 0) {
          // "A: Saturn" after a quiz question: its right answer.
          const o = optionOf(text, c.range, words, cues);
          const match =
            o &&
            ctx.lastQuestion.options.findIndex(
              (r) => text.slice(r.start, r.end).toLowerCase() === text.slice(o.range.start, o.range.end).toLowerCase(),
            );
          // "Answer: b": the option by its letter.
          const said = o ? text.slice(o.range.start, o.range.end).trim().toLowerCase() : "";
          const byLetter = said.length === 1 && said >= "a" && said <= "h" ? said.charCodeAt(0) - 97 : -1;
          if (match !== undefined && match >= 0) ctx.lastQuestion.correct = match;
          else if (byLetter >= 0 && byLetter < ctx.lastQuestion.options.length) ctx.lastQuestion.correct = byLetter;
        } else d.message.push(c.range);
        break;
      }
      case "when":
        d.when ??= c.range;
        break;
      case "where":
        d.where ??= c.range;
        break;
      case "who":
        d.who.push(...(peopleIn(text, c.range, words, cues, true).length > 0 ? peopleIn(text, c.range, words, cues, true) : [c.range]));
        break;
      case "agenda":
        d.agenda.push(...(line.kind === "label" ? splitOptions(text, c.range, words, cues) : [c.range]));
        break;
      case "cta":
      case "link": {
        const labelWords = line.label ? words.filter((w) => w.start >= line.label!.start && w.end <= line.label!.end) : [];
        const url = own.find((t) => t.kind === "url" && !t.image);
        if (c.role === "cta") {
          const cta: CtaRead | undefined = ctaOf(text, c.range, words, own, cues, line.kind === "label" ? line.label : undefined);
          if (cta) d.ctas.push(cta);
          break;
        }
        // "RSVP link: https://…", "Link de registro: https://…": a button named by what the label adds to "link".
        const rest = labelWords.filter(
          (w) => !cues.labels.is([w], ["link"]) && !cues.cues.determiners.includes(w.folded) && !cues.cues.nameJoiners.includes(w.folded),
        );
        // (A link on a label line names a button only by its label: "Shop at …" after "Holiday sale for
        // Northwind Coffee:" is the sale's link, and the email's own button leads to it in its language.)
        if (line.kind === "label" && url && url.kind === "url") {
          if (rest.length > 0 && rest.length <= 3) d.ctas.push({ label: { start: rest[0].start, end: rest[rest.length - 1].end }, url });
        } else {
          const clauseWords = words.filter((w) => w.start >= c.range.start && w.end <= c.range.end);
          // "Book a table button -> https://…", "bouton « finaliser ma commande » vers https://…".
          const asked = cues.labels.has(clauseWords, ["button"]) ? ctaOf(text, c.range, words, own, cues) : undefined;
          // "Reservas al 91 555 12 34 o en https://…", "Book now: https://…": the action the line opens with names the button.
          const action = cues.labels.at(clauseWords, 0, ["action"]);
          if (asked?.url) d.ctas.push(asked);
          else if (action && url && url.kind === "url") d.ctas.push({ label: { start: action.start, end: action.end }, url });
        }
        break;
      }
      case "image":
      case "subject":
      case "preheader":
      case "brand":
        if (c.role === "subject") d.subject ??= trim(text, c.range);
        if (c.role === "preheader") d.preheader ??= trim(text, c.range);
        break;
      case "content":
        carriedByCopy(ctx, c);
        break;
      default:
        break;
    }
  }

  // An NPS question ("How likely are you to recommend us?") is asked on its 0–10 scale when the brief gives none.
  if (ctx.kind === "nps")
    for (const q of d.questions) {
      if (q.scale || q.options.length > 0) continue;
      const line = lines.find((l) => l.start <= q.text.start && q.text.end <= l.end);
      const cue =
        line &&
        cues.kinds.all(
          tokens[line.index].words.filter((w) => w.start >= q.text.start && w.end <= q.text.end),
          ["nps"],
        )[0];
      if (cue) q.scale = { min: 0, max: 10, range: { start: cue.start, end: cue.end } };
    }
  return d;
}
