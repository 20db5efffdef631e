import { createHash } from "node:crypto";
import { CopyDocSchema, type CopyDoc, type CopyItem, type CopySection } from "~/domain/copy/schema";
import type { Technique } from "~/domain/blueprint/schema";
import { formatMoney } from "~/domain/blueprint/currency";
import { phrasesFor } from "~/domain/copy/phrases";
import { collapseWhitespace, type EmailType, type FactItem, type FrameLanguage, type PromptFacts, type Tone } from "~/domain/prompt/facts";
import { estimateUsage } from "../prompts/usage";
import { formatOptions, formatQuizBody } from "./conventions";
import { productCase, sellableItems, withoutTechnique } from "./names";
import type { CopyEngine, CopyInput, CopyResult } from "./port";
import { cap, QUIZ_BANK, TYPE_COPY, type CopyContext, type TypeCopy } from "./templates";
import { frameCopy } from "./templates.i18n";
import { WORDS, type Words } from "./words";

export const SUBJECT_MAX = 60;

/** Deterministic variation: the same prompt always picks the same alternatives. */
class Picker {
  constructor(private readonly seed: string) {}
  index(salt: string, n: number): number {
    const digest = createHash("sha256").update(`${this.seed}\u0000${salt}`).digest();
    return digest.readUInt32BE(0) % n;
  }
  pick<T>(salt: string, list: readonly T[]): T {
    return list[this.index(salt, list.length)];
  }
}

const TONE_OPENERS: Record<Tone, string[]> = {
  friendly: ["", ""],
  playful: ["Psst! ", "Good news: "],
  formal: ["", ""],
  luxury: ["", ""],
  urgent: ["Last chance: ", "Hurry: "],
  warm: ["", ""],
  bold: ["", "Big news: "],
  minimal: ["", ""],
};

function fitSubject(candidates: string[], picker: Picker, opener: string): string {
  const withOpener = candidates.map((c) => `${opener}${c}`);
  const fitting = withOpener.filter((c) => c.length <= SUBJECT_MAX);
  const plain = candidates.filter((c) => c.length <= SUBJECT_MAX);
  if (fitting.length > 0) return picker.pick("subject", fitting);
  if (plain.length > 0) return picker.pick("subject", plain);
  // Nothing fits: cut the shortest at a word boundary rather than mid-word.
  const shortest = [...candidates].sort((a, b) => a.length - b.length)[0];
  const cut = shortest.slice(0, SUBJECT_MAX + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 20 ? cut.slice(0, space) : shortest.slice(0, SUBJECT_MAX)).replace(/[\s,:;—–-]+$/, "");
}

/** Everything the writers below share for one email. */
interface Writer {
  facts: PromptFacts;
  prompt: string;
  lang: FrameLanguage;
  words: Words;
  tpl: TypeCopy;
  ctx: CopyContext;
  picker: Picker;
}

/**
 * Without a brand in the prompt, candidates naming the type's stand-in ("our shop") are left out:
 * the email reads as if no brand was ever meant rather than as one with an invented name.
 */
function brandless(w: Writer, list: string[]): string[] {
  if (w.ctx.hasBrand || w.tpl.fallbackBrand === "") return list;
  const free = list.filter((c) => !namesStandIn(w, c));
  return free.length > 0 ? free : list;
}

/** "our shop" as a name, not inside "our shoppers". */
function namesStandIn(w: Writer, text: string): boolean {
  const stand = w.tpl.fallbackBrand.toLowerCase();
  if (w.ctx.hasBrand || stand === "") return false;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(stand); at >= 0; at = lower.indexOf(stand, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(lower[at + stand.length] ?? "")) return true;
  }
  return false;
}

function choose(w: Writer, salt: string, list: string[]): string {
  let usable = brandless(w, list);
  // When the brand is also the thing ("Join us at DevOps Summit"), a line naming it twice reads as a glitch.
  if (w.ctx.hasBrand && w.ctx.thing === w.ctx.brand) {
    const once = usable.filter((c) => c.split(w.ctx.brand).length <= 2);
    if (once.length > 0) usable = once;
  }
  return w.picker.pick(salt, usable);
}

/** Words that make a sentence of the prompt an instruction to us rather than news for the reader. */
const INSTRUCTION =
  /\b(?:e-?mails?|newsletters?|tabs?|tabbed|carousel|slider|slides?|slideshow|accordion|faqs?|quiz|trivia|survey|poll|questionnaire|menu|nav|cart|basket|button|cta|tone|use|include|add|show|make|create|write|ask|tell|invite|remind|link|send|courriel|correo|onglets?|carrousel|encuesta|sondage|umfrage|pesquisa|sondaggio|ton)\b/i;

/**
 * The prompt's own news sentences that carry a date ("Early bird tickets end February 1.",
 * "Reservations open every Saturday and Sunday from 9am."): a marketer would print them as they
 * are. Instructions to us ("Ask readers to donate before…") and repeats of the offer are left out.
 */
function promptNotes(w: Writer): string[] {
  const dates = w.facts.dates.filter((d) => d !== w.ctx.when);
  if (dates.length === 0) return [];
  const out: string[] = [];
  for (const raw of w.prompt.slice(0, 4000).split(/(?<=[.!?])\s+|\n+/)) {
    const s = raw.trim();
    if (s.length < 8 || s.length > 160 || INSTRUCTION.test(s)) continue;
    const lower = s.toLowerCase();
    if (!dates.some((d) => lower.includes(d.toLowerCase()))) continue;
    if ((w.ctx.offer && lower.includes(w.ctx.offer.toLowerCase())) || (w.ctx.code && s.includes(w.ctx.code))) continue;
    out.push(/[.!?]$/.test(s) ? cap(s) : `${cap(s)}.`);
    if (out.length === 2) break;
  }
  return out;
}

function label(name: string, max = 40): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return space > 8 ? cut.slice(0, space) : name.slice(0, max);
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n)));

/** Tiers ("Starter, Team, Business") read well as the cheapest and the fullest; dishes and trips do not. */
const RANKED_TYPES: ReadonlySet<EmailType> = new Set(["announcement", "onboarding", "education"]);

/**
 * What the price says about this item: its place in a list of tiers. The offer is never applied to
 * it: a price worked out by the copy ("$30, or $25.50 with 15% off") is a number the brief does not
 * give, and QA's fact trace fails it (docs/qa.md).
 */
function pricePhrase(w: Writer, item: FactItem, list: FactItem[], priceShown: boolean): string {
  const p = item.price!;
  const tiers = list.filter((x) => x.price && x.price.currency === p.currency);
  if (RANKED_TYPES.has(w.facts.emailType) && tiers.length >= 3) {
    const prices = tiers.map((x) => x.price!.minor);
    const only = (v: number) => prices.filter((m) => m === v).length === 1;
    if (p.minor === Math.min(...prices) && only(p.minor)) return w.words.lowest(p.display);
    if (p.minor === Math.max(...prices) && only(p.minor)) return w.words.highest(p.display);
  }
  return priceShown ? "" : w.words.yoursFor(p.display);
}

/**
 * One line about a listed item from what the prompt says of it — its detail, its price, the offer,
 * the occasion and the brand — never a sentence that would fit any product. The name itself is
 * the label or headline, so the line does not repeat it. An item the prompt says nothing about
 * gets the next unused fact of the email (`pool`), so no two items share a sentence; when the
 * facts run out the line stays empty rather than filled.
 */
function itemLine(w: Writer, item: FactItem, list: FactItem[], priceShown: boolean, pool: string[]): string {
  const parts: string[] = [];
  if (item.detail) parts.push(`${cap(item.detail.trim().replace(/[.\s]+$/, ""))}.`);
  if (item.price) {
    const said = pricePhrase(w, item, list, priceShown);
    if (said) parts.push(said);
  }
  if (parts.length === 0 && pool.length > 0) parts.push(pool.shift()!);
  return parts.join(" ");
}

/** The email's facts an item line may borrow, each once. */
function factPool(w: Writer): string[] {
  // Only a percentage offer says something about each item; "free shipping over $150" does not.
  const offer = w.facts.offer?.percent ? w.ctx.offer : undefined;
  const all = [w.words.itemContext(w.facts.emailType, w.ctx), ...w.words.itemExtras({ ...w.ctx, offer, audience: w.facts.audience ?? "" })];
  return [...new Set(all.filter((x): x is string => Boolean(x && x.trim())))];
}

function themeItems(w: Writer): CopyItem[] {
  return w.tpl
    .themes(w.ctx)
    .filter((t) => !namesStandIn(w, `${t.headline} ${t.body}`))
    .map((t) => ({ label: t.label, headline: t.headline, body: t.body }));
}

const CONTENT_MAX: Record<"tabs" | "carousel" | "accordion", number> = { tabs: 5, carousel: 6, accordion: 8 };

/** How many entries a module shows: the number the prompt asks for, else the number of items it names. */
function wanted(w: Writer, technique: "tabs" | "carousel" | "accordion", named: number): number {
  const count = w.facts.count;
  // Named items beat a larger count: padding three named roasts with two made-up slides is worse than three.
  if (count !== undefined && (named < 2 || count <= named)) return clamp(count, 2, CONTENT_MAX[technique]);
  return clamp(named > 0 ? named : 3, 2, CONTENT_MAX[technique]);
}

/**
 * "tabs for Sweet, Savory and Drinks. Dishes: ricotta pancakes $12, shakshuka $14, cold brew $5":
 * two lists of the same length, one of names without prices, are the tabs and what each holds.
 */
function tabLabels(list: FactItem[], other: FactItem[]): string[] | undefined {
  if (list.length < 2 || other.length !== list.length) return undefined;
  if (other.some((o) => o.price) || !list.some((i) => i.price)) return undefined;
  return other.map((o) => o.name);
}

function contentItems(w: Writer, list: FactItem[], technique: "tabs" | "carousel", labels?: string[]): CopyItem[] {
  const want = wanted(w, technique, list.length);
  const pool = factPool(w);
  const out: CopyItem[] = list.slice(0, want).map((it, i) => ({
    label: label(labels?.[i] ?? it.name),
    headline: it.price ? `${it.name} — ${it.price.display}` : it.name,
    body: itemLine(w, it, list, true, pool),
  }));
  for (const t of themeItems(w)) {
    if (out.length >= want) break;
    if (!out.some((o) => o.label === t.label)) out.push(t);
  }
  return out;
}

/** Four-letter stems, enough to pair "international shipping" with "Do you ship internationally?". */
function stems(s: string): Set<string> {
  return new Set(s.toLowerCase().split(/[^a-z]+/).filter((x) => x.length >= 4).map((x) => x.slice(0, 4)));
}

function accordionItems(w: Writer, list: FactItem[]): CopyItem[] {
  const faqs = w.tpl.faqs(w.ctx);
  if (list.length === 0) {
    const want = w.facts.count !== undefined ? clamp(w.facts.count, 2, CONTENT_MAX.accordion) : faqs.length;
    return faqs.slice(0, want).map(([q, a]) => ({ label: q, headline: "", body: a }));
  }
  // A topic the type's FAQ answers ("returns" → "Can I return something?") gets that answer; the
  // best-matching pairs are taken first, and a word of the question counts twice.
  const shown = list.slice(0, wanted(w, "accordion", list.length));
  const answerOf = new Map<number, string>();
  if (w.lang === "en") {
    const pairs: Array<[number, number, number]> = [];
    shown.forEach((it, ii) => {
      if (it.price || it.detail) return;
      const want = stems(it.name);
      faqs.forEach(([q, a], fi) => {
        const score = 2 * [...stems(q)].filter((x) => want.has(x)).length + [...stems(a)].filter((x) => want.has(x)).length;
        if (score > 0) pairs.push([score, ii, fi]);
      });
    });
    const usedFaq = new Set<number>();
    for (const [, ii, fi] of pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1])) {
      if (answerOf.has(ii) || usedFaq.has(fi)) continue;
      answerOf.set(ii, faqs[fi][1]);
      usedFaq.add(fi);
    }
  }
  const out: CopyItem[] = shown.map((it, ii) => ({
    label: label(it.name, 160),
    headline: "",
    body: answerOf.get(ii) || itemLine(w, it, list, false, []) || w.words.askAbout(it.name, w.ctx),
  }));
  for (const [q, a] of faqs) {
    if (out.length >= wanted(w, "accordion", list.length)) break;
    out.push({ label: q, headline: "", body: a });
  }
  return out;
}

const QUESTION_WORD = /^(?:which|what|where|when|who|how|would|will|do|does|did|are|is|should|could|can)\b/i;

/**
 * A question the prompt asks with its own answers, e.g. "which topic should we cover next —
 * Kubernetes, Rust or WebAssembly?" → "Which topic should we cover next?" with three options.
 */
export function promptSurveyQuestion(prompt: string): [string, string[]] | undefined {
  // Each clause that ends in "?". (Not matchAll(/[^?]+\?/g): without a "?" ahead, that scanned to
  // the end of the prompt from every position, quadratic in a long prompt without questions.)
  // Blanks collapsed first: the splits below pair \s+ with \s* and backtrack over long runs.
  const clauses = collapseWhitespace(prompt).split("?");
  clauses.pop();
  for (const clause of clauses) {
    if (clause === "") continue;
    const parts = clause.split(/\s+[—–]\s+|:\s+|\s+-\s+/);
    if (parts.length < 2) continue;
    const answers = parts[parts.length - 1]!.trim();
    if (!/\s+or\s+/i.test(answers)) continue;
    const options = answers
      .split(/\s*,\s*|\s+or\s+/i)
      .map((o) => o.trim().replace(/^(?:or|and)\s+/i, ""))
      .filter(Boolean);
    const question = parts[parts.length - 2]!.split(/[.!]\s+/).pop()!.trim();
    if (options.length < 2 || options.length > 5 || options.some((o) => o.split(/\s+/).length > 5 || o.includes("/"))) continue;
    if (!QUESTION_WORD.test(question) || question.length > 150) continue;
    return [`${cap(question)}?`, options];
  }
  return undefined;
}

// Letters end a word here, not \b: "pareció" ends in a letter \b does not know.
const LIKELY = /(?:how likely|recommend|recommanderiez|recomendar[ií]as?|weiterempfehlen|empfehlen|recomendaria|consiglieresti)(?!\p{L})/iu;
const YES_NO =
  /^(?:¿\s*)?(?:would|will|do|does|did|are|is|should|could|can|have|has|est-ce|seriez|viendrez|reviendrez|voudriez|aimeriez|volver[ií]as|vendr[ií]as|te gustar[ií]a|würden|werden|haben|sind|kommen|voltaria|você voltaria|gostaria|torneresti|verresti|ti piacerebbe)(?!\p{L})/iu;
const HOW =
  /^(?:¿\s*)?(?:how|comment|quel(?:le)? (?:a été|était)|que pensez|c[oó]mo|qu[eé] tal|qu[eé] te pareci[oó]|wie|como|o que (?:você )?achou|come|cosa ne pensi)(?!\p{L})/iu;

const ZERO_TO_TEN = /\bnps\b|net promoter|\b0\s*(?:-|–|to|à|a|bis)\s*10\b/i;
const ZERO_TO_TEN_OPTIONS = Array.from({ length: 11 }, (_, i) => String(i));

/** Options as given, at most five, or all eleven of a 0–10 scale. */
function keptOptions(options: string[]): string[] {
  return options.length === 11 && options.every((o, i) => o.trim() === String(i)) ? options : options.slice(0, 5);
}

/** Answers for a prompt's question that lists none; undefined when no neutral set fits ("which talk…?"). */
function defaultAnswers(w: Writer, question: string, previous?: string[]): string[] | undefined {
  const q = asQuestion(question);
  // "NPS", "net promoter" or a 0–10 scale: the eleven answers, so the score can be computed.
  if (LIKELY.test(q) && ZERO_TO_TEN.test(`${w.prompt} ${q}`)) return ZERO_TO_TEN_OPTIONS;
  if (LIKELY.test(q)) return w.words.answersLikely;
  if (YES_NO.test(q)) return w.words.answersYesNo;
  if (HOW.test(q)) return w.words.answersRating;
  // "¿cómo fue la limpieza?, ¿y el desayuno?": a follow-up asks the same way as the question before it.
  if (previous && CONTINUES.test(q)) return previous;
  return undefined;
}

const CONTINUES = /^(?:¿\s*)?(?:and|y|e|et|und|ou|o)\s/i;

function asQuestion(text: string): string {
  // ", ¿nos recomendarías?" → "¿Nos recomendarías?": list punctuation is not part of the question.
  const t = text.trim().replace(/^[\s,;:.—–-]+/, "").replace(/[\s.]+$/, "");
  const cased = t.startsWith("¿") ? `¿${cap(t.slice(1).trimStart())}` : cap(t);
  return /[?？]$/.test(cased) ? cased : `${cased}?`;
}

/** "How was the venue, which talk did you like best, and would you come again?" asks three things. */
function splitQuestions(questions: PromptFacts["questions"]): PromptFacts["questions"] {
  return questions.flatMap((q) => {
    if (q.options.length > 0 || q.text.length > 300) return [q];
    const parts = q.text.split(/,\s*(?:and\s+|or\s+)?(?=(?:how|which|what|would|will|do|did|are|is|should|could|can|where|when|who)\s)/i);
    return parts.length > 1 ? parts.map((text) => ({ text, options: [] })) : [q];
  });
}

function surveyItems(w: Writer): CopyItem[] {
  const own: Array<[string, string[]]> = [];
  for (const q of splitQuestions(w.facts.questions)) {
    const options = q.options.length >= 2 ? keptOptions(q.options) : defaultAnswers(w, q.text, own[own.length - 1]?.[1]);
    if (options && options.every((o) => o.length <= 60)) own.push([asQuestion(q.text), options]);
  }
  if (own.length === 0) {
    const legacy = promptSurveyQuestion(w.prompt);
    if (legacy) own.push(legacy);
  }
  const n = clamp(w.facts.count ?? (own.length > 0 ? own.length : 3), 1, 5);
  const defaults = w.tpl.survey(w.ctx).filter(([q]) => !namesStandIn(w, q));
  // An NPS survey opens with the recommend question: it is the one the score is made of.
  if (/\bnps\b|net promoter/i.test(w.prompt)) defaults.sort((a, b) => Number(LIKELY.test(b[0])) - Number(LIKELY.test(a[0])));
  const questions = [...own, ...defaults.filter(([q]) => !own.some(([o]) => o.toLowerCase() === q.toLowerCase()))].slice(0, n);
  return questions.map(([q, options], i) => ({ label: `Question ${i + 1}`, headline: q, body: formatOptions(options) }));
}

/** A quiz option the prompt marked as the right one: "Paris (correct)", "*Paris", "Paris ✓". */
const MARKED = /^\*\s*|\s*\((?:correct|right|answer|bonne réponse|correcta|richtig|correta|giusta)\)$|\s*[✓✔]$/i;

function quizItems(w: Writer, list: FactItem[]): CopyItem[] {
  const questions: Array<[string, string[], number, string]> = [];
  for (const q of w.facts.questions) {
    if (q.options.length < 2 || q.options.length > 4) continue;
    const marked = q.options.findIndex((o) => MARKED.test(o));
    const options = q.options.map((o) => o.replace(MARKED, "").trim());
    if (options.some((o) => o === "" || o.length > 80)) continue;
    const answer = Math.max(0, marked);
    // The prompt gives no explanation; "Answer: Jupiter." says all there is.
    questions.push([asQuestion(q.text), options, answer, ""]);
  }
  const { facts, ctx, words, picker } = w;
  if (facts.offer?.percent && ctx.offer) {
    const p = facts.offer.percent;
    const decoys = [p >= 15 ? p - 10 : p + 15, p + 10].filter((d) => d > 0 && d < 100 && d !== p);
    const opts = [p, ...decoys].map((d) => `${d}%`);
    const order = picker.index("quiz-offer", opts.length);
    const rotated = [...opts.slice(order), ...opts.slice(0, order)];
    questions.push([words.quizSave(ctx), rotated, rotated.indexOf(`${p}%`), words.quizSaveAnswer(facts.offer.text, ctx)]);
  }
  const priced = list.filter((i) => i.price);
  if (priced.length >= 2) {
    const opts = priced.slice(0, 4);
    const cheapest = opts.reduce((a, b) => (a.price!.minor <= b.price!.minor ? a : b));
    questions.push([words.quizCheapest, opts.map((o) => label(o.name, 80)), opts.indexOf(cheapest), words.quizCheapestAnswer(cheapest.name, cheapest.price!.display)]);
  }
  // The topic banks are English trivia; another frame language gets its own last-resort questions.
  const bank = w.lang === "en" ? (QUIZ_BANK.find((b) => b.topic.test(w.prompt)) ?? QUIZ_BANK[QUIZ_BANK.length - 1]).questions : words.quizFallback;
  for (const q of bank) questions.push(q);
  const n = clamp(facts.count ?? 3, 1, 5);
  return questions.slice(0, n).map(([q, options, answer, explanation], i) => ({
    label: `Question ${i + 1}`,
    headline: q,
    body: formatQuizBody(options, answer, explanation),
  }));
}

function menuItems(w: Writer, list: FactItem[]): CopyItem[] {
  const labels = list.length >= 3 ? list.slice(0, 6).map((i) => label(i.name, 40)) : w.tpl.menu;
  const origin = w.facts.urls[0] ? safeOrigin(w.facts.urls[0]) : undefined;
  return labels.map((l, i) => ({
    label: l,
    headline: "",
    // Without a site in the prompt the blueprinter links to the hosted copy of the email.
    body: origin ? (i === 0 && w.facts.urls[0] ? w.facts.urls[0] : `${origin}/${slug(l)}`) : "",
  }));
}

function cartItems(w: Writer, list: FactItem[]): CopyItem[] {
  const max = clamp(w.facts.count ?? 8, 2, 8);
  const priced = list.filter((i) => i.price);
  const currency = priced[0]?.price?.currency ?? "USD";
  if (priced.length >= 2) {
    const same = priced.filter((i) => i.price!.currency === currency);
    const pool = factPool(w);
    return same.slice(0, max).map((it) => ({ label: label(it.name, 80), headline: it.price!.display, body: itemLine(w, it, same, true, pool) }));
  }
  if (list.length >= 2) {
    // The prompt names products without prices: price them from the type's catalogue, in order, so
    // the cart can total; the copy shows the price so a person proofing it sees and can change it.
    return list.slice(0, max).map((it, i) => {
      const ref = w.tpl.cart[i % w.tpl.cart.length];
      return { label: label(it.name, 80), headline: formatMoney(ref[2], "USD"), body: it.detail ? cap(it.detail) : ref[1] };
    });
  }
  return w.tpl.cart.map(([name, description, price]) => ({ label: name, headline: formatMoney(price, currency), body: description }));
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function slug(s: string): string {
  return s.toLowerCase().replace(/&/g, "and").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "home";
}

const CHECKOUT_CTAS = ["Check out", "Go to checkout", "Complete your order"];

interface Plan {
  technique: Technique;
  items: CopyItem[];
}

function plan(w: Writer, technique: Technique, list: FactItem[], other: FactItem[] = []): Plan {
  switch (technique) {
    case "tabs":
      return { technique, items: contentItems(w, list, "tabs", tabLabels(list, other)) };
    case "carousel":
      // Slides show their headline, not a tab-style label; an unshown label would be copy that never reaches the reader.
      return { technique, items: contentItems(w, list, "carousel").map((i) => ({ ...i, label: "" })) };
    case "accordion":
      return { technique, items: accordionItems(w, list) };
    case "survey":
      return { technique, items: surveyItems(w) };
    case "quiz":
      return { technique, items: quizItems(w, list) };
    case "menu":
      return { technique, items: menuItems(w, list) };
    case "itemCart":
      return { technique, items: cartItems(w, list) };
  }
}

const CONTENT: ReadonlySet<Technique> = new Set(["tabs", "accordion", "carousel"]);

const LISTS_ARE_THE_THING: ReadonlySet<EmailType> = new Set(["ecommerce", "restaurant", "travel", "announcement", "transactional"]);

/** Which technique gets the prompt's listed items: a cart wants priced items, else the first that shows items. */
function itemOwner(techniques: Technique[], items: FactItem[]): Technique | undefined {
  if (items.length === 0) return undefined;
  if (techniques.includes("itemCart")) return "itemCart";
  return techniques.find((t) => CONTENT.has(t) || t === "menu" || t === "quiz");
}

const HOST_ROLE: Record<Technique, string> = {
  tabs: "tabs",
  accordion: "accordion",
  carousel: "carousel",
  survey: "survey",
  quiz: "quiz",
  menu: "menu",
  itemCart: "cart",
};

/** "Free returns" reads "free returns" mid-sentence ("Enjoy free returns"); headlines capitalise it again. */
function offerInSentence(offer: string): string {
  return /^(?:Free|Buy|Get|Save|Up to|Extra|Early)\b/.test(offer) ? offer[0].toLowerCase() + offer.slice(1) : offer;
}

/** The English opening of a quiz email: the questions are the point. */
const QUIZ_OPENING = (tpl: TypeCopy): TypeCopy => ({
  ...tpl,
  subjects: (c) => [`${c.hasBrand ? `${c.brand}: ` : ""}how much do you know?`, `Quick quiz${c.hasBrand ? ` from ${c.brand}` : ""}: can you get them all?`],
  preheaders: () => ["A few quick questions — the answer comes as soon as you tap.", "Tap an answer and find out straight away."],
  heroHeadlines: () => ["How much do you know?", "Think you know the answers?"],
  heroBodies: (c) => [`${c.hasBrand ? `${c.brand} has` : "Here are"} a few quick questions for you. Tap an answer to see if you got it right.`],
  ctas: ["Take the quiz", "Test yourself"],
  closingHeadlines: () => ["Thanks for playing"],
  closingBodies: (c) => [`Tell a friend how you did${c.hasBrand ? ` — ${c.brand} will have more questions soon` : ""}.`],
});

/** The occasion as a headline names it: "black friday" → "Black Friday". */
function occasionName(occasion: string | undefined, lang: FrameLanguage): string | undefined {
  const o = occasion?.trim();
  if (!o) return undefined;
  return lang === "en" ? productCase(o) : cap(o);
}

/** True when a line names the occasion more than once ("Black Friday: Black Friday sale"). */
function repeatsOccasion(line: string, occasion: string): boolean {
  return line.toLowerCase().split(occasion.toLowerCase()).length > 2;
}

/**
 * The name at the top of the email when the prompt gives no brand: the occasion, else a plain
 * heading for the type in the email's language — never an invented brand ("Our shop").
 */
export function masthead(facts: PromptFacts, techniques: readonly Technique[] = []): string {
  const lang = facts.language?.frame ?? "en";
  // An event email with a survey is the follow-up: "Your feedback", not "You're invited".
  const type = facts.emailType === "event" && techniques.includes("survey") ? "feedback" : facts.emailType;
  return facts.brand ?? occasionName(facts.occasion, lang) ?? WORDS[lang].masthead[type];
}

export function writeLocalCopy(input: CopyInput): CopyDoc {
  const { facts, prompt } = input;
  const lang: FrameLanguage = facts.language?.frame ?? "en";
  const words = WORDS[lang];
  const phrases = phrasesFor(lang);
  const techniques = input.techniques.length > 0 ? input.techniques.slice(0, 2) : (["tabs"] as Technique[]);
  const tpl = lang === "en" ? TYPE_COPY[facts.emailType] : frameCopy(lang, facts.emailType, techniques);
  const picker = new Picker(`${prompt}\u0000${techniques.join(",")}`);
  const product = facts.product ? withoutTechnique(facts.product) : "";
  const occasion = occasionName(facts.occasion, lang);
  const conditions = (facts.conditions ?? []).map((c) => c.trim()).filter(Boolean);
  const ctx: CopyContext = {
    brand: facts.brand ?? tpl.fallbackBrand,
    hasBrand: Boolean(facts.brand),
    team: facts.brand ? `the ${facts.brand} team` : "our team",
    kitchen: facts.brand ? `the ${facts.brand} kitchen` : "our kitchen",
    // A launch without a separate product name is about the brand's own thing ("Nimbus Notes 3.0").
    // An event's name is often the only name in the prompt ("the DevOps Summit"): it is the brand and the thing.
    thing: product || (facts.brand && (facts.emailType === "announcement" || facts.emailType === "event") ? facts.brand : tpl.fallbackThing),
    // An offer the prompt states with its condition ("free shipping" of "free shipping over $100") is the condition.
    offer: facts.offer && !facts.offer.text.startsWith("code ") ? offerInSentence(conditions.find((c) => c.toLowerCase().includes(facts.offer!.text.toLowerCase())) ?? facts.offer.text) : undefined,
    code: facts.offer?.code ?? facts.codes[0],
    // A date inside the occasion's name ("Friday" of "Black Friday") is not a deadline.
    // Nor is "this month" or "weekend" a date to print after "until".
    when: facts.dates.find(
      (d) =>
        !/^\p{L}{1,3}\.?$|^(?:weekends?|today|tonight|tomorrow|now)$|^(?:this|within|in|questo|questa|ce|cette|este|esta|diese[nmrs]?|neste|nesta)\s/iu.test(d) &&
        (!occasion || !occasion.toLowerCase().includes(d.toLowerCase())),
    ),
    audience: facts.audience ?? tpl.audience,
    occasion,
  };
  const w: Writer = { facts, prompt, lang, words, tpl, ctx, picker };
  // An event email that asks for feedback comes after the event: it opens as a survey, not an invitation.
  // A quiz email about a subject ("solar system trivia") is a game, not "your next lesson".
  const opening =
    lang === "en" && facts.emailType === "event" && techniques.includes("survey")
      ? TYPE_COPY.feedback
      : lang === "en" && facts.emailType === "education" && techniques.includes("quiz") && !product
        ? QUIZ_OPENING(tpl)
        : tpl;

  const items = sellableItems(facts.items, facts, lang);
  const other = sellableItems(facts.otherItems ?? [], facts, lang);
  const owner = itemOwner(techniques, items);
  let listThing: string | undefined;
  // Without a product name, what a shop, a kitchen or a trip offers is the items it lists.
  // (Priced, or shown as products: FAQ topics "bookings, allergies" are not what the email offers.)
  const shownAsProducts = items.filter((i) => i.price).length >= 2 || ((owner === "tabs" || owner === "carousel" || owner === "itemCart") && facts.emailType !== "restaurant");
  if (!product && LISTS_ARE_THE_THING.has(facts.emailType) && shownAsProducts && items.length >= 2 && items.length <= 3) {
    const names = items.map((i) => i.name);
    const joined = `${names.slice(0, -1).join(", ")} ${words.and} ${names[names.length - 1]}`;
    if (joined.length <= 60) {
      ctx.thing = joined;
      listThing = names[0];
    }
  }
  // In a pair, the technique that does not get the main list shows the prompt's other list, if any.
  const takesOther = (t: Technique) => owner !== undefined && t !== owner && other.length >= 2 && (CONTENT.has(t) || t === "menu");
  const plans = techniques.map((t) => plan(w, t, takesOther(t) ? other : t === owner ? items : [], techniques.length === 1 ? other : []));
  // Two content modules split CopyDoc.items at ⌈n/2⌉ (conventions.ts), so give them equal counts.
  if (plans.length === 2 && CONTENT.has(plans[0].technique) && CONTENT.has(plans[1].technique)) {
    const n = Math.min(plans[0].items.length, plans[1].items.length);
    plans[0].items = plans[0].items.slice(0, n);
    plans[1].items = plans[1].items.slice(0, n);
  }
  ctx.quizCount = plans.find((p) => p.technique === "quiz")?.items.length;

  // A subject that cannot fit the whole list names its first item rather than cutting a name in half.
  const fits = (xs: string[]) => xs.some((x) => x.length <= SUBJECT_MAX);
  const subjectCtx = listThing && !fits(opening.subjects(ctx)) ? { ...ctx, thing: listThing } : ctx;
  let subject: string;
  if (occasion) {
    // The occasion leads: it is why the email is sent today.
    const led = brandless(w, words.occasionSubject(occasion, subjectCtx)).filter((c) => !repeatsOccasion(c, occasion));
    subject = fitSubject(led.length > 0 ? led : [`${occasion}: ${subjectCtx.thing}`], picker, "");
  } else {
    const opener = lang === "en" ? picker.pick("opener", TONE_OPENERS[facts.tone]) : "";
    // When the brand is also the thing being announced, "X presents X" reads as a glitch.
    const all = brandless(w, opening.subjects(subjectCtx));
    const subjects = all.filter((c) => c.split(ctx.brand).length <= 2);
    subject = fitSubject(subjects.length > 0 ? subjects : all, picker, opener);
  }
  const preheaderChoices = brandless(w, opening.preheaders(ctx)).filter((p) => p !== subject);
  const preheader = picker.pick("preheader", preheaderChoices.length > 0 ? preheaderChoices : [`${cap(ctx.thing)}.`]);
  const primaryCta = facts.cta ?? choose(w, "cta", opening.ctas);

  const sections: CopySection[] = [];
  if (plans.some((p) => p.technique === "menu")) sections.push({ role: HOST_ROLE.menu, headline: "", body: "", cta: "" });

  const heroBody = [choose(w, "hero-body", opening.heroBodies(ctx))];
  if (facts.audience && !heroBody[0].includes(facts.audience)) heroBody.push(words.madeFor(facts.audience));
  const heroHeadlines = occasion ? words.occasionHero(occasion, ctx).filter((c) => !repeatsOccasion(c, occasion)) : [];
  sections.push({
    role: "hero",
    headline: heroHeadlines.length > 0 ? choose(w, "hero-headline", heroHeadlines) : choose(w, "hero-headline", opening.heroHeadlines(ctx)),
    body: heroBody.join(" "),
    cta: primaryCta,
  });

  // Conditions ("free shipping over €150", "while stocks last") belong on the offer banner, never in the list.
  const bannerConditions = conditions.filter((c) => !ctx.offer || !ctx.offer.toLowerCase().includes(c.toLowerCase()));
  // The hero already says the offer when the occasion leads it (its body gives the end date): the
  // banner then names the code, and without a code or a condition it would only repeat the hero.
  const heroSaysOffer = Boolean(ctx.offer && sections[sections.length - 1].headline.toLowerCase().includes(ctx.offer.toLowerCase()));
  const heroSaysAll = heroSaysOffer && !ctx.code && bannerConditions.length === 0 && (!ctx.when || sections[sections.length - 1].body.includes(ctx.when));
  if ((ctx.offer || ctx.code || bannerConditions.length > 0) && !heroSaysAll) {
    const headline = ctx.offer && !(heroSaysOffer && ctx.code) ? cap(ctx.offer) : ctx.code ? words.codeHeadline(ctx.code) : cap(bannerConditions[0]);
    const rest = ctx.offer || ctx.code ? bannerConditions : bannerConditions.slice(1);
    const codeLine = `${ctx.code ? words.useCode(ctx.code) : words.noCode}${ctx.when ? words.offerEnds(ctx.when) : ""}.`;
    sections.push({ role: "offer", headline, body: [codeLine, ...rest.map((c) => words.conditionsNote(cap(c)))].join(" "), cta: "" });
  }

  for (const p of plans) {
    if (p.technique === "menu") continue;
    // The hero already lists the items; the module's heading need not list them again.
    const hosts = words.hosts[p.technique](ctx);
    const unlisted = listThing ? hosts.filter((h) => !h.headline.includes(ctx.thing)) : hosts;
    const host = choose2(w, `host-${p.technique}`, unlisted.length > 0 ? unlisted : hosts);
    const cta = p.technique === "itemCart" ? (lang === "en" ? picker.pick("checkout", CHECKOUT_CTAS) : phrases.checkout) : "";
    // The cart repeats the conditions where the reader adds things up.
    const body = p.technique === "itemCart" && conditions.length > 0 ? `${host.body} ${conditions.map((c) => words.conditionsNote(cap(c))).join(" ")}` : host.body;
    sections.push({ role: HOST_ROLE[p.technique], headline: host.headline, body, cta });
  }
  if (plans.some((p) => p.technique === "survey")) sections.push({ role: "thanks", ...words.thanks(ctx), cta: "" });

  const closingCtas = opening.ctas.filter((c) => c !== primaryCta);
  sections.push({
    role: "closing",
    headline: choose(w, "closing-headline", opening.closingHeadlines(ctx)),
    body: [...promptNotes(w), choose(w, "closing-body", opening.closingBodies(ctx))].join(" "),
    cta: facts.cta ? facts.cta : choose(w, "closing-cta", closingCtas.length > 0 ? closingCtas : opening.ctas),
  });
  sections.push({ role: "footer", headline: "", body: phrases.whyYouGetThis(facts.brand), cta: "" });

  // "Starter, Team and Business is here" → "are here": the templates were written for one thing.
  const agree = (t: string) => (lang === "en" && listThing ? t.split(`${ctx.thing} is `).join(`${ctx.thing} are `).split(`${ctx.thing} has `).join(`${ctx.thing} have `) : t);
  return {
    subject: agree(subject),
    preheader: agree(preheader),
    sections: sections.map((sec) => ({ ...sec, headline: agree(sec.headline), body: agree(sec.body) })),
    items: plans.flatMap((p) => p.items),
  };
}

/** `choose` for a headline/body pair: pairs naming the stand-in brand are left out, as in `brandless`. */
function choose2(w: Writer, salt: string, list: Array<{ headline: string; body: string }>): { headline: string; body: string } {
  const keep = brandless(w, list.map((h) => `${h.headline}\n${h.body}`));
  const usable = list.filter((h) => keep.includes(`${h.headline}\n${h.body}`));
  return w.picker.pick(salt, usable.length > 0 ? usable : list);
}

export class LocalCopyEngine implements CopyEngine {
  readonly kind = "local" as const;
  async write(input: CopyInput): Promise<CopyResult> {
    const copyDoc = writeLocalCopy(input);
    const parsed = CopyDocSchema.safeParse(copyDoc);
    const usage = estimateUsage(input.prompt, JSON.stringify(copyDoc));
    if (!parsed.success) return { ok: false, error: `Local copy failed its own schema: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`, usage };
    return { ok: true, copyDoc: parsed.data, usage };
  }
}
