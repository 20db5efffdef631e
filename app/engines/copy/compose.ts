// The local copywriter: a CopyDoc composed from the brief alone (docs/decisions/018). Every sentence is a fact
// of the brief — an item with its price as written and its detail, an offer with its own code,
// threshold, deadline and scope, a question with every option, a date, the audience — framed by
// phrases that assert nothing (./wording). With too little in the brief the email says less: a
// module with nothing of the brief to show gets no items, and the blueprint leaves it out. Pure.
import type { Technique } from "~/domain/blueprint/schema";
import type { Brief, BriefItem, BriefOffer, BriefQuestion } from "~/domain/brief/schema";
import { phrasesFor } from "~/domain/copy/phrases";
import { CopyHrefSchema, type CopyDoc, type CopyItem, type CopySection } from "~/domain/copy/schema";
import { formatOptions, formatQuizBody } from "./conventions";
import { cap, withoutTechnique } from "./names";
import { FAMILY, WORDING, type Wording } from "./wording";

export const SUBJECT_MAX = 60;

const CONTENT: ReadonlySet<Technique> = new Set(["tabs", "accordion", "carousel"]);
const MAX_ITEMS: Record<Technique, number> = { tabs: 5, accordion: 8, carousel: 6, survey: 5, quiz: 5, menu: 8, itemCart: 8 };
const HOST_ROLE: Record<Technique, string> = {
  tabs: "tabs",
  accordion: "accordion",
  carousel: "carousel",
  survey: "survey",
  quiz: "quiz",
  menu: "menu",
  itemCart: "cart",
};
/** CopyDoc holds at most twelve items: two modules share them. */
const ITEMS_MAX = 12;

const href = (v: string | undefined): string | undefined => (v && CopyHrefSchema.safeParse(v).success ? v : undefined);
const sentence = (s: string): string => (/[.!?…]$/.test(s.trim()) ? cap(s.trim()) : `${cap(s.trim())}.`);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function clipLabel(name: string, max: number): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return space > 8 ? cut.slice(0, space) : name.slice(0, max);
}

/** What the brief says of an item besides its name: its price as written, its detail. */
function itemLine(item: BriefItem): string {
  const detail = item.detail && !same(item.detail.value, item.name.value) ? cap(item.detail.value.replace(/[.\s]+$/, "")) : "";
  return [item.price?.display, detail].filter(Boolean).join(" — ");
}

/** A scope read up to a joining word ("sur tout avec le" of "sur tout avec le code NOEL15") ends before it. */
const TRAILING_SMALL_WORDS = /(?:\s+(?:with|and|the|a|on|avec|le|la|les|de|et|con|el|la|y|mit|und|der|die|das|com|o|e|di|il|con))+$/i;

/** Whether the prompt ends a sentence between two spans ("Free shipping over $150. Sale ends November 28."). */
function apartInPrompt(prompt: string | undefined, a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  if (!prompt) return false;
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  if (second.start > prompt.length || second.start - first.end > 2_000) return false;
  return /[.!?;](?:\s|$)|\n/.test(prompt.slice(first.end, second.start));
}

/**
 * An offer's own conditions, and no other offer's: scope, threshold and deadline in one sentence
 * ("On orders over $50, until December 20."), then its code. A deadline the user wrote in another
 * sentence than the minimum or scope gets a sentence of its own: written together, the email would
 * tie them where the user did not.
 */
/** The words the user wrote right before a span, when `re` (anchored at its end) reads them: looks back a bounded stretch only. */
function wordsBefore(prompt: string | undefined, span: { start: number }, re: RegExp): string | undefined {
  if (!prompt || span.start > prompt.length) return undefined;
  return re.exec(prompt.slice(Math.max(0, span.start - 32), span.start))?.[1];
}

/** A place right after an event's date (and the rest of its range or month): a preposition, then up to six capitalised words or numbers ("at Pier 27, San Francisco", "en el Parque de María Luisa", "alle OGR"). */
const PLACE =
  /^(?:\s?[–-]\s?\d{1,2}|\s+(?:de|di)\s+\p{Ll}+)?\s+((?:at|in|en el|en la|en|alle|allo|al|a|à la|à|au|im|in der|am|no|na|nel|nella|presso)\s+(?:the\s+)?[\p{Lu}\d][\p{L}\d'’-]*(?:(?:,\s+|\s+(?:(?:de|del|di|des|du|da|do|der|la|le|los)\s+)?)[\p{Lu}\d][\p{L}\d'’-]*){0,5})(?=[.,;:!?]|\s*$)/u;

function placeAfter(prompt: string | undefined, span: { end: number }): string | undefined {
  if (!prompt || span.end > prompt.length) return undefined;
  return PLACE.exec(prompt.slice(span.end, span.end + 80))?.[1];
}

/** An order's number as the user wrote it ("order #48213", "commande n° 1234", "Bestellung Nr. 5521"). */
const ORDER_NUMBER =
  /(?<!\p{L})(?:order|commande|pedido|bestellung|encomenda|ordine)\s?(?:#|n[°ºo.]\s?|nr\.?\s?|no\.\s?|number\s|numéro\s|número\s|nummer\s|numero\s)\s?\d{3,12}(?!\d)/iu;

function orderNumber(prompt: string | undefined): string | undefined {
  return prompt ? ORDER_NUMBER.exec(prompt.slice(0, 4_000))?.[0] : undefined;
}

/** A deadline's own opening word in the prompt ("bis zum 20. Dezember", "through April 30"). */
const DEADLINE_WORDS =
  /(?<![\p{L}'])(until|till|through|by|before|jusqu'(?:au|à)|avant le|hasta(?: el)?|antes del?|bis(?: zum)?|vor dem|até|fino al?|entro il)\s+$/iu;
/** The word the user called a code by ("cupom NATAL10", "Group code TEAM5"). */
const CODE_WORDS =
  /(?<![\p{L}])((?:group |promo |discount |coupon )?(?:code|c[óo]digo|codice|cupom|cup[óo]n|coupon|gutscheincode|rabattcode|gutschein)(?: promo| promocional| sconto)?)\s*:?\s*["“«]?\s*$/iu;

function offerTerms(offer: BriefOffer, w: Wording, prompt?: string): string {
  const own = offer.text.value.toLowerCase();
  const mine = (value: string | undefined): value is string => Boolean(value) && !own.includes(value!.toLowerCase());
  const scope = offer.scope?.value.replace(TRAILING_SMALL_WORDS, "");
  // The user's own word before the deadline, when the frame's language opens a deadline with it too.
  const lead = offer.deadline ? wordsBefore(prompt, offer.deadline.span, DEADLINE_WORDS) : undefined;
  const deadline =
    lead && w.deadlineLead.test(lead) && !w.deadlineLead.test(offer.deadline!.value)
      ? `${lead} ${offer.deadline!.value}`
      : offer.deadline?.value;
  const conditions = [mine(scope) ? scope : "", mine(offer.threshold?.text.value) ? offer.threshold!.text.value : ""];
  const terms = [mine(scope) ? offer.scope : undefined, mine(offer.threshold?.text.value) ? offer.threshold!.text : undefined].filter(
    (t) => t !== undefined,
  );
  const apart = mine(deadline) && terms.some((t) => apartInPrompt(prompt, t.span, offer.deadline!.span));
  // The frame's "Until …" is lower-cased inside the sentence; the user's words stay as written.
  if (mine(deadline) && !apart) conditions.push(w.deadlineLead.test(deadline) ? deadline : lowerFirst(w.until(deadline)));
  const parts = conditions.filter(Boolean);
  const out = parts.length > 0 ? [sentence(parts.join(", "))] : [];
  if (apart) out.push(sentence(w.deadlineLead.test(deadline!) ? cap(deadline!) : w.until(deadline!)));
  if (mine(offer.code?.value)) {
    const word = wordsBefore(prompt, offer.code!.span, CODE_WORDS);
    out.push(sentence(word ? `${cap(word)} ${offer.code!.value}` : w.code(offer.code!.value)));
  }
  return out.join(" ");
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

function asQuestion(text: string, lang?: string): string {
  // ", ¿nos recomendarías?" → "¿Nos recomendarías?": list punctuation is not part of the question.
  const t = text
    .trim()
    .replace(/^[\s,;:.—–-]+/, "")
    .replace(/[\s.]+$/, "");
  const cased = t.startsWith("¿") ? `¿${cap(t.slice(1).trimStart())}` : cap(t);
  // French sets its "?" apart with a no-break space, as the frame's own questions do.
  if (lang === "fr") return `${cased.replace(/[\s\u00a0\u202f]*[?？]$/, "")}\u00a0?`;
  return /[?？]$/.test(cased) ? cased : `${cased}?`;
}

// Letters end a word here, not \b: "pareció" ends in a letter \b does not know.
const LIKELY =
  /(?:how likely|recommend|recommanderiez|recommandiez|recomendar[ií]as?|recomiende|recomiendes|weiterempfehlen|empfehlen|recomendaria|recomendar|consiglieresti|raccomanderesti)(?!\p{L})/iu;
const YES_NO =
  /^(?:¿\s*)?(?:would|will|do|does|did|are|is|should|could|can|have|has|est-ce|seriez|viendrez|reviendrez|voudriez|aimeriez|volver[ií]as|vendr[ií]as|te gustar[ií]a|würden|werden|haben|sind|kommen|voltaria|você voltaria|gostaria|torneresti|verresti|ti piacerebbe)(?!\p{L})/iu;
const HOW =
  /^(?:¿\s*)?(?:how|comment|quel(?:le)? (?:a été|était)|que pensez|c[oó]mo|qu[eé] tal|qu[eé] te pareci[oó]|wie|como|o que (?:você )?achou|come|cosa ne pensi)(?!\p{L})/iu;
const CONTINUES = /^(?:¿\s*)?(?:and|y|e|et|und|ou|o)\s/i;
const ZERO_TO_TEN = Array.from({ length: 11 }, (_, i) => String(i));

/** A quiz option the prompt marked as the right one: "Paris (correct)", "*Paris", "Paris ✓". */
const MARKED = /^\*\s*|\s*\((?:correct|right|answer|bonne réponse|correcta|richtig|correta|giusta)\)$|\s*[✓✔]$/i;

/** "How was the venue, which talk did you like best, and would you come again?" asks three things. */
function splitQuestion(q: BriefQuestion): string[] {
  if (q.options.length > 0 || q.text.value.length > 300) return [q.text.value];
  const parts = q.text.value.split(
    /,\s*(?:and\s+|or\s+)?(?=(?:how|which|what|would|will|do|did|are|is|should|could|can|where|when|who)\s)/i,
  );
  return parts.length > 1 ? parts : [q.text.value];
}

/** Answers for a question the brief lists none for: words that assert nothing; undefined when no neutral set fits ("which talk…?"). */
function neutralAnswers(question: string, brief: Brief, scaled: boolean, w: Wording, previous?: string[]): string[] | undefined {
  if (LIKELY.test(question) && (scaled || brief.occasion.kind === "nps" || /\b0\s?(?:-|–|to|à|a|bis)\s?10\b/.test(question)))
    return ZERO_TO_TEN;
  if (LIKELY.test(question)) return w.answersLikely;
  if (YES_NO.test(question)) return w.answersYesNo;
  if (HOW.test(question)) return w.answersRating;
  if (previous && CONTINUES.test(question)) return previous;
  return undefined;
}

interface Asked {
  question: string;
  options: string[];
}

/** The brief's questions with their answers; those no neutral set fits are left to be listed. */
function surveyQuestions(brief: Brief, w: Wording): { asked: Asked[]; unasked: BriefQuestion[] } {
  const asked: Asked[] = [];
  const unasked: BriefQuestion[] = [];
  for (const q of brief.questions) {
    const parts = splitQuestion(q);
    let taken = false;
    for (const part of parts) {
      const question = asQuestion(part, brief.language.frame);
      const options =
        q.options.length >= 2
          ? q.options.map((o) => o.value)
          : neutralAnswers(
              question,
              brief,
              Boolean(q.scale && q.scale.min === 0 && q.scale.max === 10),
              w,
              asked[asked.length - 1]?.options,
            );
      if (!options || options.some((o) => o.length > 60)) continue;
      asked.push({ question, options });
      taken = true;
    }
    if (!taken) unasked.push(q);
  }
  // An NPS email asks the NPS question, whether or not the brief words it.
  if (brief.occasion.kind === "nps" && !asked.some((a) => a.options.length === 11))
    asked.unshift({ question: w.npsQuestion(brief.brand?.value), options: ZERO_TO_TEN });
  return { asked, unasked };
}

/** "The right answer is Brazil", "La risposta giusta è Brasile": the prompt names the right option after the question. */
const ANSWER_IS =
  /\b(?:the )?(?:right|correct) answer(?: is|:)\s*|\bla bonne réponse (?:est|:)\s*|\bla respuesta correcta (?:es|:)\s*|\bdie richtige antwort (?:ist|lautet|:)\s*|\ba resposta (?:certa|correta) (?:é|:)\s*|\bla risposta (?:giusta|corretta) (?:è|:)\s*/giu;

/** The option the prompt names as right after the question (and before the next one), or -1. */
function statedAnswer(q: BriefQuestion, options: string[], prompt: string | undefined, next: BriefQuestion | undefined): number {
  if (!prompt) return -1;
  const end = next ? next.text.span.start : prompt.length;
  ANSWER_IS.lastIndex = q.text.span.start;
  for (let m = ANSWER_IS.exec(prompt); m && m.index < end; m = ANSWER_IS.exec(prompt)) {
    const said = prompt.slice(m.index + m[0].length, m.index + m[0].length + 100).toLowerCase();
    const k = options.findIndex((o) => said.startsWith(o.toLowerCase()) && !/^\p{L}/u.test(said.slice(o.length)));
    if (k >= 0) return k;
  }
  return -1;
}

/** Questions with two to four options, one of them marked right (in the option or in a sentence after it). */
function quizQuestions(
  brief: Brief,
  prompt?: string,
): { asked: Array<{ question: string; options: string[]; answer: number }>; unasked: BriefQuestion[] } {
  const asked: Array<{ question: string; options: string[]; answer: number }> = [];
  const unasked: BriefQuestion[] = [];
  brief.questions.forEach((q, n) => {
    const options = q.options.map((o) => o.value.replace(MARKED, "").trim());
    const marked = q.options.findIndex((o) => MARKED.test(o.value));
    // The brief's own mark first: the reader takes "(correct)" out of the option and notes which it was.
    const answer =
      q.correct !== undefined && q.correct < options.length
        ? q.correct
        : marked >= 0
          ? marked
          : statedAnswer(q, options, prompt, brief.questions[n + 1]);
    if (answer < 0 || options.length < 2 || options.length > 4 || options.some((o) => o === "" || o.length > 80)) unasked.push(q);
    else asked.push({ question: asQuestion(q.text.value, brief.language.frame), options, answer });
  });
  return { asked, unasked };
}

/** "Which one is $28?": a quiz made of the brief's own names and prices, when its prices differ. */
function priceQuestions(list: BriefItem[], w: Wording, n: number): CopyItem[] {
  const priced = list.filter((i) => i.price).slice(0, 4);
  if (priced.length < 2 || new Set(priced.map((i) => i.price!.display)).size < priced.length) return [];
  const options = priced.map((i) => clipLabel(cap(i.name.value), 80));
  return priced
    .slice(0, n)
    .map((item, k) => ({ label: "", headline: w.quizPrice(item.price!.display), body: formatQuizBody(options, k, "") }));
}

/** A panel, slide or tab: a brief item or offer and what the brief says of it. */
interface Unit {
  name: string;
  body: string;
  href?: string;
  item?: BriefItem;
  offer?: number;
}

function contentItems(technique: Technique, units: Unit[], labels?: string[]): CopyItem[] {
  return units.map((u, i) => {
    const link = href(u.href);
    const base = { ...(link ? { href: link } : {}) };
    if (technique === "carousel") return { ...base, label: "", headline: u.name, body: u.body };
    if (technique === "accordion") return { ...base, label: clipLabel(u.name, 160), headline: "", body: u.body };
    const label = labels?.[i] ?? clipLabel(u.name, 40);
    // The tab's label is its heading; the name is written again only when the label is not the name.
    return { ...base, label, headline: same(label, u.name) ? "" : u.name, body: u.body };
  });
}

/** "tabs for Sweet, Savory and Drinks" with three priced dishes: the names are the tabs' labels. */
function pairedLabels(list: BriefItem[], other: BriefItem[]): string[] | undefined {
  if (list.length < 2 || other.length !== list.length) return undefined;
  if (other.some((o) => o.price || o.detail) || !list.some((i) => i.price)) return undefined;
  return other.map((o) => clipLabel(cap(o.name.value), 40));
}

/** Sentences of the prompt that carry a date no offer governs ("Early bird tickets end February 1."): the user's own words. */
const INSTRUCTION =
  /\b(?:e-?mails?|newsletters?|tabs?|tabbed|carousel|slider|slides?|slideshow|accordion|faqs?|quiz|trivia|survey|poll|questionnaire|menu|nav|cart|basket|button|cta|tone|use|include|add|show|make|create|write|ask|tell|invite|remind|link|send|courriel|correo|onglets?|carrousel|encuesta|sondage|umfrage|pesquisa|sondaggio|ton)\b/i;

function dateNotes(brief: Brief, prompt: string | undefined, shown: string): string[] {
  if (!prompt) return [];
  const out: string[] = [];
  for (const d of brief.dates) {
    if (d.governs.kind === "offer" || shown.includes(d.value) || d.span.end > prompt.length) continue;
    const before = prompt.slice(Math.max(0, d.span.start - 160), d.span.start);
    const after = prompt.slice(d.span.end, d.span.end + 160);
    const start = Math.max(before.lastIndexOf(". "), before.lastIndexOf("! "), before.lastIndexOf("? "), before.lastIndexOf("\n"));
    const endRel = after.search(/[.!?](?:\s|$)|\n/);
    if (endRel < 0 && d.span.end + 160 < prompt.length) continue;
    const s = `${before.slice(start + 1)}${d.value}${endRel < 0 ? after : after.slice(0, endRel)}`.trim();
    if (s.length < 8 || s.length > 160 || INSTRUCTION.test(s) || /[<>{}]/.test(s)) continue;
    if (brief.offers.some((o) => s.toLowerCase().includes(o.text.value.toLowerCase()))) continue;
    const line = sentence(s);
    if (!out.includes(line) && !shown.includes(line)) out.push(line);
    if (out.length === 3) break;
  }
  return out;
}

function fitSubject(w: Wording, lead: string, brand: string | undefined, facts: string[]): { subject: string; fact?: string } {
  for (const fact of [...facts, undefined]) {
    for (const b of [brand, undefined]) {
      const s = w.subject(lead, b, fact);
      if (s.length <= SUBJECT_MAX) return { subject: s, fact };
    }
  }
  const cut = lead.slice(0, SUBJECT_MAX + 1);
  const space = cut.lastIndexOf(" ");
  return { subject: space > 20 ? cut.slice(0, space) : lead.slice(0, SUBJECT_MAX) };
}

/** A date without a number that still names a day or month ("ships friday", "ends sunday"), in the six frame languages. */
const NAMED_DAY =
  /^(?:(?:this|next|on|ce|le|este|el|diesen|am|nächsten|neste|na|questo|il)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|segunda(?:-feira)?|terça(?:-feira)?|quarta(?:-feira)?|quinta(?:-feira)?|sexta(?:-feira)?|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)$/i;

/**
 * A day named without a number is a date to show unless it is a choice: inside a question, or one
 * of two days offered with "or" ("which night suits you — Thursday or Friday").
 */
function namedDay(brief: Brief, d: Brief["dates"][number], prompt: string | undefined): boolean {
  if (!NAMED_DAY.test(d.value.trim()) || !prompt) return false;
  const within = (s: { start: number; end: number }) => d.span.start >= s.start && d.span.end <= s.end;
  if (brief.questions.some((q) => within(q.text.span) || q.options.some((o) => within(o.span)))) return false;
  const around = `${prompt.slice(Math.max(0, d.span.start - 5), d.span.start)} ${prompt.slice(d.span.end, d.span.end + 5)}`;
  return !/(?:^|\s)(?:or|ou|o|oder|od)(?:\s|$)/i.test(around);
}

/** Occasions a named day says all of: "Black Friday", not "Sale — Black Friday". */
const NAMED_ALONE: ReadonlySet<string> = new Set(["sale", "general", "announcement", "newsletter"]);

export interface ComposeOptions {
  /** The prompt the brief was read from: sentences of it that carry a date are quoted as written. */
  prompt?: string;
}

/** The email's words, from the brief and the techniques asked for (at most two). */
export function composeCopy(brief: Brief, requested: Technique[], options: ComposeOptions = {}): CopyDoc {
  const lang = brief.language.frame;
  const w = WORDING[lang];
  const phrases = phrasesFor(lang);
  const family = FAMILY[brief.occasion.kind];
  const brand = brief.brand?.value;
  const techniques = requested.slice(0, 2);
  const perModule = techniques.length > 1 ? ITEMS_MAX / 2 : ITEMS_MAX;
  const max = (t: Technique) => Math.min(MAX_ITEMS[t], perModule);

  // ── who shows what: each list, offer and question goes to one module, or is written out ──
  const seen = new Set<string>();
  // A piece of a date read as an item ("Thursday" of "Thursday, March 6 at 11:00 ET") is the date, written as one.
  // A name that is a whole date ("Midnight", a colourway chrono reads as a time) stays an item.
  const dated = (i: BriefItem) =>
    !i.price && brief.dates.some((d) => d.value.length > i.name.value.length && d.value.toLowerCase().includes(i.name.value.toLowerCase()));
  const dedupe = (list: BriefItem[]) =>
    list.filter((i) => !dated(i) && !seen.has(i.name.value.toLowerCase()) && (seen.add(i.name.value.toLowerCase()), true));
  const lists = [dedupe(brief.items), dedupe(brief.otherItems)];
  const listTaken = [false, false];
  const leftover: BriefItem[] = [];
  const offerTaken = brief.offers.map(() => false);
  let questionsUsed = false;
  let unasked: BriefQuestion[] = brief.questions;
  const planned = new Map<Technique, CopyItem[]>();
  const freeList = (ok: (l: BriefItem[]) => boolean) => lists.findIndex((l, i) => !listTaken[i] && l.length >= 2 && ok(l));

  const pair = techniques.length === 2 && techniques.every((t) => CONTENT.has(t));
  // Carts and quizzes want particular content; they choose first.
  const order = pair ? [] : [...techniques].sort((a, b) => rank(a) - rank(b));
  for (const t of order) {
    let items: CopyItem[] = [];
    if (t === "itemCart") {
      const li = freeList((l) => l.filter((i) => i.price).length >= 2);
      if (li >= 0) {
        listTaken[li] = true;
        const currency = lists[li].find((i) => i.price)!.price!.currency;
        const cart = lists[li].filter((i) => i.price?.currency === currency).slice(0, max(t));
        leftover.push(...lists[li].filter((i) => !cart.includes(i)));
        items = cart.map((i) => {
          const link = href(i.link?.value);
          const detail = i.detail && !same(i.detail.value, i.name.value) ? cap(i.detail.value) : "";
          return { ...(link ? { href: link } : {}), label: clipLabel(cap(i.name.value), 80), headline: i.price!.display, body: detail };
        });
      }
    } else if (t === "menu") {
      // Navigation wants names, not priced products: a list of bare names, or any list no panel or cart wants.
      let li = freeList((l) => l.every((i) => !i.price && !i.detail));
      if (li < 0 && techniques.every((x) => x === "menu" || x === "survey" || x === "quiz")) li = freeList(() => true);
      if (li >= 0) {
        listTaken[li] = true;
        const shown = lists[li].slice(0, max(t));
        leftover.push(...lists[li].slice(shown.length));
        items = shown.map((i) => {
          const link = href(i.link?.value);
          return { ...(link ? { href: link } : {}), label: clipLabel(cap(i.name.value), 40), headline: "", body: link ?? "" };
        });
      }
    } else if (t === "survey" && !questionsUsed) {
      const s = surveyQuestions(brief, w);
      if (s.asked.length > 0) {
        questionsUsed = true;
        unasked = s.unasked;
        // More questions than the module shows are listed, not dropped.
        unasked = [
          ...unasked,
          ...brief.questions.filter((q) => s.asked.slice(max(t)).some((a) => a.question === asQuestion(q.text.value, lang))),
        ];
        items = s.asked.slice(0, max(t)).map((a) => ({ label: "", headline: a.question, body: formatOptions(a.options) }));
      }
    } else if (t === "quiz") {
      const q = quizQuestions(brief, options.prompt);
      items = q.asked.slice(0, max(t)).map((a) => ({ label: "", headline: a.question, body: formatQuizBody(a.options, a.answer, "") }));
      if (q.asked.length > 0 && !questionsUsed) {
        questionsUsed = true;
        unasked = q.unasked;
      }
      if (items.length < 3) {
        const li = lists.findIndex((l) => l.filter((i) => i.price).length >= 2);
        if (li >= 0) items.push(...priceQuestions(lists[li], w, Math.min(3, max(t)) - items.length));
      }
    } else if (CONTENT.has(t)) {
      const li = freeList((l) => t === "carousel" || l.filter((i) => itemLine(i)).length >= 2);
      const units: Unit[] = [];
      let labels: string[] | undefined;
      if (li >= 0) {
        const list = lists[li];
        const usable = list.filter((i) => t === "carousel" || itemLine(i));
        for (const i of usable) units.push({ name: cap(i.name.value), body: itemLine(i), href: i.link?.value, item: i });
        if (t === "tabs" && li === 0) {
          labels = pairedLabels(list, lists[1]);
          if (labels && !listTaken[1]) listTaken[1] = true;
          else labels = undefined;
        }
      }
      // Offers make panels too when the items are too few: an offer and its own conditions.
      if (units.length < 2) {
        brief.offers.forEach((o, k) => {
          if (!offerTaken[k]) units.push({ name: cap(o.text.value), body: offerTerms(o, w, options.prompt), offer: k });
        });
      }
      const usableUnits = units.filter((u) => t === "carousel" || u.body);
      if (usableUnits.length >= 2) {
        const shown = usableUnits.slice(0, max(t));
        if (li >= 0 && shown.some((u) => u.item)) {
          listTaken[li] = true;
          leftover.push(...lists[li].filter((i) => !shown.some((u) => u.item === i)));
        }
        for (const u of shown) if (u.offer !== undefined) offerTaken[u.offer] = true;
        items = contentItems(t, shown, labels?.slice(0, shown.length));
      }
    }
    planned.set(t, items);
  }

  // Two content modules split CopyDoc.items in half (conventions.ts): each gets half of what the
  // brief has for panels, in equal numbers, or neither gets any and it is written out below.
  if (pair) {
    const units: Unit[] = [];
    lists.forEach((l, li) => {
      for (const i of l) if (itemLine(i)) units.push({ name: cap(i.name.value), body: itemLine(i), href: i.link?.value, item: i });
      listTaken[li] = true;
    });
    brief.offers.forEach((o, k) => {
      const body = offerTerms(o, w, options.prompt);
      if (body) units.push({ name: cap(o.text.value), body, offer: k });
    });
    const k = Math.min(Math.floor(units.length / 2), ...techniques.map(max));
    const shown = k >= 2 ? units.slice(0, 2 * k) : [];
    for (const u of shown) if (u.offer !== undefined) offerTaken[u.offer] = true;
    leftover.push(...lists.flat().filter((i) => !shown.some((u) => u.item === i)));
    techniques.forEach((t, n) => planned.set(t, contentItems(t, shown.slice(n * k, (n + 1) * k))));
  }

  // ── the words ──
  const items = techniques.flatMap((t) => planned.get(t) ?? []);
  const shownNames = new Set(items.flatMap((i) => [i.label, i.headline]).map((s) => s.toLowerCase()));
  // A question's options are written with the question; an "item" that is one of them is not listed again.
  const optionNames = new Set(brief.questions.flatMap((q) => q.options.map((o) => o.value.replace(MARKED, "").trim().toLowerCase())));
  const unlisted = [...lists.flatMap((l, i) => (listTaken[i] ? [] : l)), ...leftover].filter(
    (i) =>
      !(shownNames.has(cap(i.name.value).toLowerCase()) || optionNames.has(i.name.value.replace(MARKED, "").trim().toLowerCase())) ||
      itemLine(i),
  );
  const looseOffers = brief.offers.filter((_, k) => !offerTaken[k]);
  const eventDay = brief.dates.find((d) => d.governs.kind === "event");
  const eventDate = eventDay?.value;
  // Where the event is, when the user wrote it right after its date ("October 9–10 at Pier 27, San Francisco").
  const place = eventDay ? placeAfter(options.prompt, eventDay.span) : undefined;
  const kind = w.kind[brief.occasion.kind];
  const named = brief.occasion.named ? cap(brief.occasion.named.value) : undefined;
  // A named day leads ("Black Friday"); a gift guide or a launch for it still says what it is.
  const lead = !named
    ? kind
    : NAMED_ALONE.has(brief.occasion.kind) || named.toLowerCase().includes(kind.toLowerCase())
      ? named
      : `${kind} — ${named}`;
  const product = brief.product ? withoutTechnique(brief.product.value) : "";

  const facts: string[] = [];
  if (brief.offers[0]) facts.push(cap(brief.offers[0].text.value));
  if (product && !same(product, brand ?? "")) facts.push(cap(product));
  // In a sentence, names after the first stay as the user wrote them: "Velouté de potiron, confit de canard et tarte Tatin".
  const names = [...lists[0], ...lists[1]].slice(0, 3).map((i, n) => (n === 0 ? cap(i.name.value) : i.name.value));
  if (names.length > 0) facts.push(names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} ${w.and} ${names[names.length - 1]}`);
  if (brief.questions[0]) facts.push(asQuestion(brief.questions[0].text.value, lang));
  if (eventDate) facts.push(eventDate);
  const { subject, fact } = fitSubject(w, lead, brand, facts);
  const rest = facts.filter((f) => f !== fact && !(fact && fact.includes(f)) && !subject.includes(f));
  const preheader = rest[0] && rest[0].length <= 300 ? rest[0] : w.preheader[family];

  const cta = brief.cta?.value ?? w.cta[family];
  const mainHref = href(brief.links[0]?.value);
  const withHref = (s: CopySection): CopySection => (mainHref ? { ...s, href: mainHref } : s);

  const sections: CopySection[] = [];
  if ((planned.get("menu") ?? []).length > 0) sections.push({ role: "menu", headline: "", body: "", cta: "" });

  // The user's own sentences to the reader, as written (only the first letter and the full stop are the frame's).
  // A place the user wrote right after the event's date belongs in its "When:" line, not in a sentence of its own.
  const message = brief.message
    .map((m) => sentence(m.value))
    .filter((m) => !place || m.replace(/[.\s]+$/, "").toLowerCase() !== place.toLowerCase());
  const inMessage = (s: string) => message.some((m) => m.toLowerCase().includes(s.toLowerCase()));
  const heroBody: string[] = [];
  if (product && !same(product, lead) && !same(product, brand ?? "") && !inMessage(product)) heroBody.push(sentence(product));
  heroBody.push(...message);
  if (eventDate && !inMessage(eventDate)) heroBody.push(w.when(place && !inMessage(place) ? `${eventDate}, ${place}` : eventDate));
  const orderNo = orderNumber(options.prompt);
  if (orderNo && !inMessage(orderNo)) heroBody.push(sentence(cap(orderNo)));
  if (brief.audience) heroBody.push(w.forAudience(brief.audience.value));
  sections.push(withHref({ role: "hero", headline: lead, body: heroBody.join(" "), cta }));

  for (const o of looseOffers)
    sections.push({ role: "offer", headline: cap(o.text.value), body: offerTerms(o, w, options.prompt), cta: "" });

  if (unlisted.length > 0) {
    const lines = unlisted.map((i) => {
      const line = itemLine(i);
      return line ? `${cap(i.name.value)} — ${line}` : cap(i.name.value);
    });
    sections.push({ role: "items", headline: w.itemsHeading[family], body: lines.join("\n"), cta: "" });
  }
  if (unasked.length > 0) {
    const lines = unasked.map((q) => {
      const opts = q.options.map((o) => o.value.replace(MARKED, "").trim()).filter(Boolean);
      return opts.length > 0 ? `${asQuestion(q.text.value, lang)} ${formatOptions(opts)}` : asQuestion(q.text.value, lang);
    });
    sections.push({ role: "questions", headline: w.questionsHeading, body: lines.join("\n"), cta: "" });
  }

  for (const t of techniques) {
    if (t === "menu" || (planned.get(t) ?? []).length === 0) continue;
    sections.push({ role: HOST_ROLE[t], headline: w.host[t], body: "", cta: t === "itemCart" ? phrases.checkout : "" });
  }
  if ((planned.get("survey") ?? []).length > 0) sections.push({ role: "thanks", headline: w.thanks, body: "", cta: "" });

  const shownText = JSON.stringify(sections);
  const notes = dateNotes(brief, options.prompt, shownText);
  // A date the prompt gives in an instruction ("donate before December 31") is still shown, as a date.
  const dates = brief.dates.filter(
    (d) =>
      d.governs.kind !== "offer" &&
      (/\d/.test(d.value) || namedDay(brief, d, options.prompt)) &&
      !shownText.includes(d.value) &&
      !notes.some((n) => n.includes(d.value)),
  );
  const closingBody = [...notes, ...dates.slice(0, 3).map((d) => w.date(d.value)), ...brief.conditions.map((c) => sentence(c.value))];
  sections.push(withHref({ role: "closing", headline: w.closing[family], body: closingBody.join(" "), cta }));
  sections.push({ role: "footer", headline: "", body: phrases.whyYouGetThis(brand), cta: "" });

  return { subject, preheader, sections, items };
}

/** Modules that need particular content (priced items, marked answers, bare names) choose before those that take anything. */
function rank(t: Technique): number {
  return t === "itemCart" ? 0 : t === "quiz" || t === "survey" ? 1 : t === "menu" ? 2 : 3;
}
