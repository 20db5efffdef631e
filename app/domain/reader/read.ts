// The brief from the roles: each clause fills the field its role says, with what sits on its own
// line (./fields); then the brief's spans in the prompt as written, and every part of the prompt
// that filled no field listed under `unused` with the reason.
import { EMAIL_TYPES, type EmailType } from "~/domain/brief/kinds";
import type { Brief } from "~/domain/brief/schema";
import { brandOf } from "./brand";
import { cuesFor } from "./cues";
import type { TechniqueKey } from "./cues/types";
import { ctaOf, type CtaRead } from "./fields/ctas";
import { peopleIn, placeIn } from "./fields/event";
import { itemOf, itemsOf, proseItems, trim } from "./fields/items";
import type { OfferRead } from "./fields/offers";
import { offersOf } from "./fields/offers";
import { tableOf } from "./fields/table";
import { addListedOptions, looksLikeOptions } from "./fields/options";
import { addOptions, optionOf, questionOf, scaleOf, splitOptions, type QuestionRead } from "./fields/questions";
import { kindOf, EMAIL_TYPE_OF_KIND } from "./kind";
import { detectLanguage } from "./language";
import { layoutOf, type Range } from "./layout";
import { rolesOf, type Clause, type Reading } from "./roles";
import { readSource } from "./source";
import { lineTokens, type Token } from "./tokens";
import { toBrief, type Draft } from "./assemble";

const EVENT_KINDS = new Set(["event", "invitation", "webinar", "course", "travel", "volunteer"]);
const QUESTION_KINDS = new Set(["survey", "nps", "quiz"]);

function wordsOfClause(reading: Reading, c: Clause) {
  return reading.tokens[c.line].words;
}
function tokensOfClause(reading: Reading, c: Clause): Token[] {
  return reading.tokens[c.line].tokens;
}

/** What an offer's own values hold: its amount off and its minimum spend are no item's price. */
const offerRanges = (offers: OfferRead[]) =>
  offers.flatMap((o) => [o.text, ...(o.amount ? [o.amount] : []), ...(o.threshold ? [o.threshold.text, o.threshold.price] : [])]);

export function readPromptBrief(prompt: string, emailType?: string | null): Brief {
  const src = readSource(prompt);
  const text = src.text;
  const language = detectLanguage(text);
  const cues = cuesFor(language.code);
  const lines = layoutOf(text, language.code, cues.cues);
  const tokens = lines.map((l) => lineTokens(text, l, language.code, cues.cues));
  const clauses = rolesOf({ text, lines, tokens }, cues);
  const reading: Reading = { text, lines, tokens, clauses };

  const instructionTechniques = clauses.flatMap((c) => c.instruction?.techniques.map((t) => t.technique) ?? []);
  const headingTechniques = clauses.flatMap((c) => (c.technique ? [c.technique] : []));
  const kind = kindOf(reading, cues, [...instructionTechniques, ...headingTechniques]);
  const changeLikely = kind.kind === "pricing-change";
  const d: Draft = {
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
    used: [],
    quoted: [],
  };
  const use = (r: Range | undefined) => r && d.used.push(r);

  let lastQuestion: QuestionRead | undefined;
  // Clauses a question took as its options.
  const consumed = new Set<number>();
  /** The options written after the question at clause k: on its line, then on the lines under it. */
  const takeOptions = (k: number, q: QuestionRead): number => {
    const c = clauses[k];
    const line = lines[c.line];
    let j = k + 1;
    for (; j < clauses.length; j++) {
      const n = clauses[j];
      const nl = lines[n.line];
      const w = tokens[n.line].words;
      const listLine = nl.kind === "bullet" || nl.kind === "numbered" || n.role === "option";
      const near =
        n.line === c.line ||
        (nl.paragraph === line.paragraph && n.line <= (clauses[j - 1]?.line ?? c.line) + 1) ||
        (j === k + 1 && listLine && nl.paragraph === line.paragraph + 1);
      if (!near || n.role === "question" || n.role === "heading" || n.role === "instruction") break;
      if (listLine && n.line !== c.line) {
        if (looksLikeOptions(text, n.range, w, cues) && /[a-hA-H][).]\s/.test(text.slice(n.range.start, n.range.end)))
          addListedOptions(q, text, n.range, w, cues);
        else addOptions(q, text, [n.range], w, cues);
      } else if (
        q.options.length > 0 &&
        q.correct === undefined &&
        w.filter((x) => x.start >= n.range.start && x.end <= n.range.end).length <= 8
      ) {
        // "(its every 3-4 weeks)": the right answer said after the options.
        const said = text.slice(n.range.start, n.range.end).toLowerCase();
        const right = q.options.findIndex((o) => said.includes(text.slice(o.start, o.end).toLowerCase()));
        if (right < 0) break;
        q.correct = right;
      } else if (looksLikeOptions(text, n.range, w, cues)) addListedOptions(q, text, n.range, w, cues);
      else if (
        !q.scale &&
        q.options.length === 0 &&
        w.filter((x) => x.start >= n.range.start && x.end <= n.range.end).length <= 6 &&
        scaleOf(text, w, n.range, cues)
      )
        // "Skala 0 bis 10" on the line under the question.
        q.scale = scaleOf(text, w, n.range, cues);
      else break;
      consumed.add(j);
    }
    return j - k - 1;
  };
  let pendingFaq: Range | undefined;
  for (let k = 0; k < clauses.length; k++) {
    if (consumed.has(k)) continue;
    const c = clauses[k];
    const words = wordsOfClause(reading, c);
    const own = tokensOfClause(reading, c).filter((t) => t.start >= c.range.start && t.end <= c.range.end);
    const line = lines[c.line];
    if (c.role !== "option" && c.role !== "faq-a" && c.role !== "content" && c.role !== "question") pendingFaq = undefined;
    switch (c.role) {
      case "instruction": {
        const x = c.instruction!;
        d.instructions.push({
          kind: x.kind,
          range: line.kind === "label" || line.kind === "heading" ? { start: line.start, end: line.end } : c.range,
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
          d.items.push(...proseItems(text, c.range, words, own, cues, offerRanges(carried)));
          // "A carousel of our 4 class types with a photo each: Slow Flow (https://…), Vinyasa (https://…)": its panes.
          const colon = text.slice(c.range.start, c.range.end).indexOf(":");
          if (x.techniques.length > 0 && colon > 0 && line.parent === undefined) {
            const list = trim(text, { start: c.range.start + colon + 1, end: c.range.end });
            const parts = list ? splitOptions(text, list, words, cues) : [];
            if (parts.length >= 2) {
              const t = d.techniques.find((y) => y.technique === x.techniques[0].technique);
              for (const p of parts) {
                const item = itemOf(text, p, words, own, cues, changeLikely);
                if (!item) continue;
                d.items.push(item);
                t?.panes.push(item.name);
              }
            }
          }
          const asked = own.filter((t) => t.kind === "quoted" && /[?？]\s*$/.test(t.text));
          for (const a of asked) {
            if (a.kind !== "quoted") continue;
            const asked = a;
            const q = questionOf(text, asked.inner, asked.inner.end, words, cues);
            const after = trim(text, { start: asked.end, end: c.range.end });
            const rest = after ? words.filter((w) => w.start >= after.start && w.end <= after.end) : [];
            const label = rest.findIndex((_, i) => cues.words.at(rest, i, ["question.options"]));
            if (label >= 0 && after)
              addOptions(q, text, splitOptions(text, { start: rest[label].end, end: after.end }, words, cues), words, cues);
            d.questions.push(q);
            lastQuestion = q;
          }
          if (asked.length === 0 && x.act === "ask" && x.says) {
            const q: QuestionRead = { text: x.says, options: [] };
            d.questions.push(q);
            lastQuestion = q;
          }
        }
        if (x.tone && !d.tone) d.tone = x.tone;
        if (x.length && !d.length) d.length = x.length;
        if (c.label === "audience" || x.kind === "audience") d.audience ??= trim(text, line.body);
        for (const t of x.techniques) d.techniques.push({ technique: t.technique, range: t.range, panes: [] });
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
        break;
      }
      case "heading": {
        if (c.instruction) d.instructions.push({ kind: c.instruction.kind, range: c.range });
        if (c.technique) d.techniques.push({ technique: c.technique, range: c.range, panes: [] });
        if (!c.instruction) d.headings.push(c.range);
        break;
      }
      case "pane": {
        // "Tabs: Programme (keynote at 9h30), Accès (tram 1)": each pane with what its brackets hold.
        const body = line.body.start > c.range.start ? line.body : c.range;
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
        const panes = line.kind === "label" ? splitOptions(text, body, words, cues) : [body];
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
        use(line.label);
        break;
      }
      case "item": {
        if (line.kind === "row") {
          // A table is read whole at its first row.
          if (lines[line.index - 1]?.kind === "row") break;
          let end = line.index;
          while (lines[end + 1]?.kind === "row") end++;
          const table = tableOf(text, lines.slice(line.index, end + 1), tokens, cues, changeLikely);
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
        const found = c.role === "offer" ? offersOf(text, c.range, words, own, cues) : [];
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
            use(c.range);
          } else if (c.role === "offer") d.message.push(c.range);
          else use(c.range);
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
        else if (q.rest && !QUESTION_KINDS.has(kind.kind)) {
          // "Dois-je venir avec un partenaire ? Non, le bloc se grimpe seul.": a question and its answer on one line.
          d.faq.push({ question: q.text, answer: q.rest });
          break;
        }
        // "Q: … A: …": an answer, not options.
        const taken = clauses[k + 1]?.role === "faq-a" || c.label === "faq" ? 0 : takeOptions(k, q);
        const next = clauses[k + 1 + taken];
        const answerNext =
          taken === 0 &&
          next &&
          (next.role === "faq-a" ||
            (next.role === "content" &&
              lines[next.line].kind !== "bullet" &&
              !QUESTION_KINDS.has(kind.kind) &&
              !instructionTechniques.includes("survey") &&
              !instructionTechniques.includes("quiz")));
        if ((c.label === "faq" || answerNext) && q.options.length === 0 && !q.scale) {
          pendingFaq = q.text;
          break;
        }
        d.questions.push(q);
        lastQuestion = q;
        break;
      }
      case "faq-q": {
        // "Q: Do you ship? A: Yes" or "Dois-je venir avec un partenaire ? Non, …": the answer on the same line.
        const q = text.slice(c.range.start, c.range.end).search(/[?？]/u);
        const answer = q >= 0 ? trim(text, { start: c.range.start + q + 1, end: c.range.end }) : undefined;
        if (answer) d.faq.push({ question: { start: c.range.start, end: c.range.start + q + 1 }, answer });
        else pendingFaq = c.range;
        break;
      }
      case "faq-a":
      case "option": {
        if (c.role === "faq-a" && pendingFaq) {
          d.faq.push({ question: pendingFaq, answer: c.range });
          pendingFaq = undefined;
        } else if (lastQuestion && c.role === "option") {
          addOptions(
            lastQuestion,
            text,
            splitOptions(text, c.range, words, cues).length > 1 && line.kind === "label"
              ? splitOptions(text, c.range, words, cues)
              : [c.range],
            words,
            cues,
          );
        } else if (c.role === "faq-a" && lastQuestion && lastQuestion.options.length > 0) {
          // "A: Saturn" after a quiz question: its right answer.
          const o = optionOf(text, c.range, words, cues);
          const match =
            o &&
            lastQuestion.options.findIndex(
              (r) => text.slice(r.start, r.end).toLowerCase() === text.slice(o.range.start, o.range.end).toLowerCase(),
            );
          if (match !== undefined && match >= 0) lastQuestion.correct = match;
          use(c.range);
        } else d.message.push(c.range);
        break;
      }
      case "when":
        d.when ??= c.range;
        if (line.kind === "label") use({ start: line.start, end: line.end });
        break;
      case "where":
        d.where ??= c.range;
        if (line.kind === "label") use({ start: line.start, end: line.end });
        break;
      case "who":
        if (line.kind === "label") use({ start: line.start, end: line.end });
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
          else use(c.range);
        } else if (line.kind === "label" && url && url.kind === "url") {
          // "RSVP link: https://…", "Link de registro: https://…": a button named by what the label adds to "link".
          const rest = labelWords.filter(
            (w) => !cues.labels.is([w], ["link"]) && !cues.cues.determiners.includes(w.folded) && !cues.cues.nameJoiners.includes(w.folded),
          );
          if (rest.length > 0 && rest.length <= 3) d.ctas.push({ label: { start: rest[0].start, end: rest[rest.length - 1].end }, url });
          use({ start: line.start, end: line.end });
        } else {
          // "Reservas al 91 555 12 34 o en https://…", "Book now: https://…": the action the line opens with names the button.
          const clauseWords = words.filter((w) => w.start >= c.range.start && w.end <= c.range.end);
          const action = cues.labels.at(clauseWords, 0, ["action"]);
          if (action && url && url.kind === "url") d.ctas.push({ label: { start: action.start, end: action.end }, url });
          use(c.range);
        }
        break;
      }
      case "image":
      case "subject":
      case "preheader":
      case "brand":
        if (c.role === "subject") d.subject ??= trim(text, c.range);
        if (c.role === "preheader") d.preheader ??= trim(text, c.range);
        use(c.range);
        break;
      case "content": {
        // "they left the Smoky Lapsang tin (£9.50)": a priced thing named in a sentence of copy.
        d.items.push(...proseItems(text, c.range, words, own, cues, []));
        // A date in copy of an event: the event's when, and a place after it its where.
        const dates = own.filter((t) => t.kind === "date");
        if (EVENT_KINDS.has(kind.kind) && dates.length > 0) {
          d.when ??= dates[0];
          d.where ??= placeIn(text, c.range, words, cues);
        }
        if (EVENT_KINDS.has(kind.kind)) d.who.push(...peopleIn(text, c.range, words, cues, false));
        if (pendingFaq) {
          d.faq.push({ question: pendingFaq, answer: c.range });
          pendingFaq = undefined;
          break;
        }
        // "Si contestan 0-6, que salga "¿Qué deberíamos mejorar?"": a question quoted in a sentence is one to ask.
        const quotedQuestions = own.filter((t) => t.kind === "quoted" && /[?？]\s*$/.test(t.text));
        if (quotedQuestions.length > 0) {
          for (const t of quotedQuestions)
            if (t.kind === "quoted") {
              const q = questionOf(text, t.inner, t.inner.end, words, cues);
              d.questions.push(q);
              lastQuestion = q;
            }
          use(c.range);
          break;
        }
        // "Reservas al 91 555 12 34 o en https://…": a sentence that opens with an action and holds its link is a button.
        const url = own.find((t) => t.kind === "url" && !t.image);
        const action = cues.labels.at(
          words.filter((w) => w.start >= c.range.start && w.end <= c.range.end),
          0,
          ["action"],
        );
        if (action && url && url.kind === "url") {
          d.ctas.push({ label: { start: action.start, end: action.end }, url });
          use(c.range);
          break;
        }
        d.message.push(c.range);
        break;
      }
      default:
        break;
    }
  }

  // An NPS question ("How likely are you to recommend us?") is asked on its 0–10 scale when the brief gives none.
  if (kind.kind === "nps")
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
  const excluded: Range[] = [...d.items.map((i) => i.name), ...d.who];
  const brand = brandOf(reading, cues, excluded);
  const hinted = EMAIL_TYPES.find((t) => t === emailType) as EmailType | undefined;
  return toBrief(src, reading, cues, d, {
    language,
    brand,
    kind: kind.kind,
    kindAt: kind.at,
    emailType: hinted
      ? { value: hinted, source: "hint" }
      : { value: EMAIL_TYPE_OF_KIND[kind.kind], source: kind.kind === "general" ? "default" : "prompt" },
    techniques: [...new Set([...headingTechniques, ...instructionTechniques])] as TechniqueKey[],
  });
}
