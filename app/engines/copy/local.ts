import { createHash } from "node:crypto";
import { CopyDocSchema, type CopyDoc, type CopyItem, type CopySection } from "~/domain/copy/schema";
import type { Technique } from "~/domain/blueprint/schema";
import { formatMoney } from "~/domain/blueprint/currency";
import { collapseWhitespace, type FactItem, type PromptFacts, type Tone } from "~/domain/prompt/facts";
import { estimateUsage } from "../prompts/usage";
import { formatOptions, formatQuizBody } from "./conventions";
import type { CopyEngine, CopyInput, CopyResult } from "./port";
import { cap, QUIZ_BANK, TYPE_COPY, type CopyContext, type TypeCopy } from "./templates";

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

function priceText(item: FactItem): string | undefined {
  return item.price?.display;
}

interface Plan {
  technique: Technique;
  items: CopyItem[];
  host: { headline: string; body: string; cta: string };
}

function label(name: string, max = 40): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return space > 8 ? cut.slice(0, space) : name.slice(0, max);
}

function contentItems(
  facts: PromptFacts,
  tpl: TypeCopy,
  ctx: CopyContext,
  picker: Picker,
  useFactItems: boolean,
  min: number,
  max: number,
  salt: string,
): CopyItem[] {
  const out: CopyItem[] = [];
  if (useFactItems) {
    facts.items.slice(0, max).forEach((it, i) => {
      const line = picker.pick(`${salt}-line-${i}`, tpl.itemLines)(it.name, ctx);
      const detail = it.detail ? ` ${cap(it.detail)}.` : "";
      out.push({
        // Item names keep the prompt's own spelling and case: they are the words the reader asked for.
        label: label(it.name),
        headline: it.price ? `${it.name} — ${it.price.display}` : it.name,
        body: `${line}${detail}`,
      });
    });
  }
  for (const t of tpl.themes(ctx)) {
    if (out.length >= min) break;
    if (!out.some((o) => o.label === t.label)) out.push({ label: t.label, headline: t.headline, body: t.body });
  }
  return out.slice(0, max);
}

function faqItems(facts: PromptFacts, tpl: TypeCopy, ctx: CopyContext, picker: Picker, useFactItems: boolean): CopyItem[] {
  if (useFactItems && facts.items.length >= 3) {
    return facts.items.slice(0, 6).map((it, i) => ({
      label: it.price ? `${it.name} — ${it.price.display}` : it.name,
      headline: "",
      body: `${picker.pick(`acc-line-${i}`, tpl.itemLines)(it.name, ctx)}${it.detail ? ` ${cap(it.detail)}.` : ""}`,
    }));
  }
  return tpl.faqs(ctx).map(([q, a]) => ({ label: q, headline: "", body: a }));
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

function surveyItems(tpl: TypeCopy, ctx: CopyContext, prompt: string): CopyItem[] {
  const own = promptSurveyQuestion(prompt);
  const questions = own ? [own, ...tpl.survey(ctx).slice(0, 2)] : tpl.survey(ctx);
  return questions.map(([q, options], i) => ({ label: `Question ${i + 1}`, headline: q, body: formatOptions(options) }));
}

function quizItems(facts: PromptFacts, prompt: string, ctx: CopyContext, picker: Picker): CopyItem[] {
  const questions: Array<[string, string[], number, string]> = [];
  const priced = facts.items.filter((i) => i.price);
  if (facts.offer?.percent) {
    const p = facts.offer.percent;
    const decoys = [p >= 15 ? p - 10 : p + 15, p + 10].filter((d) => d > 0 && d < 100 && d !== p);
    const opts = [p, ...decoys].map((d) => `${d}%`);
    const order = picker.index("quiz-offer", opts.length);
    const rotated = [...opts.slice(order), ...opts.slice(0, order)];
    questions.push([
      ctx.code ? `How much do you save with code ${ctx.code}?` : `How much do you save${ctx.hasBrand ? ` at ${ctx.brand}` : ""} right now?`,
      rotated,
      rotated.indexOf(`${p}%`),
      `It's ${facts.offer.text}${ctx.code && !facts.offer.text.includes(ctx.code) ? ` with code ${ctx.code}` : ""}${ctx.when ? `, until ${ctx.when}` : ""}.`,
    ]);
  }
  if (priced.length >= 2) {
    const opts = priced.slice(0, 4);
    const cheapest = opts.reduce((a, b) => (a.price!.minor <= b.price!.minor ? a : b));
    questions.push([
      "Which of these costs the least?",
      opts.map((o) => label(o.name, 80)),
      opts.indexOf(cheapest),
      `${cap(cheapest.name)} is just ${cheapest.price!.display}.`,
    ]);
  }
  const bank = QUIZ_BANK.find((b) => b.topic.test(prompt)) ?? QUIZ_BANK[QUIZ_BANK.length - 1];
  for (const q of bank.questions) {
    if (questions.length >= 3) break;
    questions.push(q);
  }
  return questions.slice(0, 3).map(([q, options, answer, explanation], i) => ({
    label: `Question ${i + 1}`,
    headline: q,
    body: formatQuizBody(options, answer, explanation),
  }));
}

function menuItems(facts: PromptFacts, tpl: TypeCopy, useFactItems: boolean): CopyItem[] {
  const labels = useFactItems && facts.items.length >= 3 ? facts.items.slice(0, 6).map((i) => label(i.name, 40)) : tpl.menu;
  const origin = facts.urls[0] ? safeOrigin(facts.urls[0]) : undefined;
  return labels.map((l, i) => ({
    label: l,
    headline: "",
    // Without a site in the prompt the blueprinter links to the hosted copy of the email.
    body: origin ? (i === 0 && facts.urls[0] ? facts.urls[0] : `${origin}/${slug(l)}`) : "",
  }));
}

function cartItems(facts: PromptFacts, tpl: TypeCopy, ctx: CopyContext, picker: Picker): CopyItem[] {
  const priced = facts.items.filter((i) => i.price);
  const currency = priced[0]?.price?.currency ?? "USD";
  if (priced.length >= 2) {
    return priced
      .filter((i) => i.price!.currency === currency)
      .slice(0, 6)
      .map((it, i) => ({
        label: label(it.name, 80),
        headline: it.price!.display,
        body: it.detail ? cap(it.detail) : picker.pick(`cart-line-${i}`, tpl.itemLines)(it.name, { ...ctx, priceOf: () => undefined }),
      }));
  }
  if (facts.items.length >= 2) {
    // The prompt names products without prices: price them from the type's catalogue, in order, so
    // the cart can total; the copy shows the price so a person proofing it sees and can change it.
    return facts.items.slice(0, 6).map((it, i) => {
      const ref = tpl.cart[i % tpl.cart.length];
      return { label: label(it.name, 80), headline: formatMoney(ref[2], "USD"), body: it.detail ? cap(it.detail) : ref[1] };
    });
  }
  return tpl.cart.map(([name, description, price]) => ({ label: name, headline: formatMoney(price, currency), body: description }));
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

const HOST_COPY: Record<Technique, (c: CopyContext) => Array<{ headline: string; body: string }>> = {
  tabs: (c) => [
    { headline: `Explore ${c.thing}`, body: "Tap a tab to switch between them." },
    { headline: "Take a closer look", body: `Everything ${c.brand} has lined up, one tab at a time.` },
  ],
  accordion: () => [
    { headline: "Good to know", body: "Tap a question to see the answer." },
    { headline: "Your questions, answered", body: "Open any panel for the details." },
  ],
  carousel: (c) => [
    { headline: `Swipe through ${c.thing}`, body: "Use the arrows to see each one." },
    { headline: "Take the tour", body: "Flip through the highlights one slide at a time." },
  ],
  survey: (c) => [
    { headline: "Got ten seconds?", body: `Answer a few quick questions — it helps ${c.brand} get better.` },
    { headline: "Tell us what you think", body: "Tap an answer to move to the next question." },
  ],
  quiz: (c) => [
    { headline: "Quick quiz", body: "Tap an answer to see if you got it right." },
    { headline: "Test yourself", body: `Three questions from ${c.brand}. How many can you get?` },
  ],
  menu: () => [{ headline: "", body: "" }],
  itemCart: () => [
    { headline: "Build your order", body: "Tap to add items — your total updates as you go." },
    { headline: "Pick your favourites", body: "Add what you like; the running total is at the bottom." },
  ],
};

const CHECKOUT_CTAS = ["Check out", "Go to checkout", "Complete your order"];

function plan(technique: Technique, facts: PromptFacts, prompt: string, tpl: TypeCopy, ctx: CopyContext, picker: Picker, useFactItems: boolean): Plan {
  const host = picker.pick(`host-${technique}`, HOST_COPY[technique](ctx));
  let items: CopyItem[];
  let cta = "";
  switch (technique) {
    case "tabs":
      items = contentItems(facts, tpl, ctx, picker, useFactItems, 3, 4, "tabs");
      break;
    case "carousel":
      // Slides show their headline, not a tab-style label; an unshown label would be copy that never reaches the reader.
      items = contentItems(facts, tpl, ctx, picker, useFactItems, 3, 5, "carousel").map((i) => ({ ...i, label: "" }));
      break;
    case "accordion":
      items = faqItems(facts, tpl, ctx, picker, useFactItems);
      break;
    case "survey":
      items = surveyItems(tpl, ctx, prompt);
      break;
    case "quiz":
      items = quizItems(facts, prompt, ctx, picker);
      break;
    case "menu":
      items = menuItems(facts, tpl, useFactItems);
      break;
    case "itemCart":
      items = cartItems(facts, tpl, ctx, picker);
      cta = picker.pick("checkout", CHECKOUT_CTAS);
      break;
  }
  return { technique, items, host: { ...host, cta } };
}

const CONTENT: ReadonlySet<Technique> = new Set(["tabs", "accordion", "carousel"]);

/** Which technique gets the prompt's listed items: a cart wants priced items, else the first that shows items. */
function itemOwner(techniques: Technique[], facts: PromptFacts): Technique | undefined {
  if (facts.items.length === 0) return undefined;
  if (techniques.includes("itemCart")) return "itemCart";
  return techniques.find((t) => CONTENT.has(t) || t === "menu");
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

export function writeLocalCopy(input: CopyInput): CopyDoc {
  const { facts, prompt } = input;
  const techniques = input.techniques.length > 0 ? input.techniques.slice(0, 2) : (["tabs"] as Technique[]);
  const tpl = TYPE_COPY[facts.emailType];
  const picker = new Picker(`${prompt}\u0000${techniques.join(",")}`);
  const priced = new Map(facts.items.map((i) => [i.name.toLowerCase(), priceText(i)]));
  const ctx: CopyContext = {
    brand: facts.brand ?? tpl.fallbackBrand,
    hasBrand: Boolean(facts.brand),
    team: facts.brand ? `the ${facts.brand} team` : "our team",
    kitchen: facts.brand ? `the ${facts.brand} kitchen` : "our kitchen",
    // A launch without a separate product name is about the brand's own thing ("Nimbus Notes 3.0").
    thing: facts.product ?? (facts.brand && facts.emailType === "announcement" ? facts.brand : tpl.fallbackThing),
    offer: facts.offer && !facts.offer.text.startsWith("code ") ? facts.offer.text : undefined,
    code: facts.offer?.code ?? facts.codes[0],
    when: facts.dates[0],
    audience: facts.audience ?? tpl.audience,
    priceOf: (name) => priced.get(name.toLowerCase()),
  };

  const owner = itemOwner(techniques, facts);
  // In a pair, the technique that does not get the main list shows the prompt's other list, if any.
  const other = facts.otherItems ?? [];
  const takesOther = (t: Technique) => owner !== undefined && t !== owner && other.length >= 2 && (CONTENT.has(t) || t === "menu");
  const plans = techniques.map((t) =>
    takesOther(t) ? plan(t, { ...facts, items: other }, prompt, tpl, ctx, picker, true) : plan(t, facts, prompt, tpl, ctx, picker, t === owner),
  );
  // Two content modules split CopyDoc.items at ⌈n/2⌉ (conventions.ts), so give them equal counts.
  if (plans.length === 2 && CONTENT.has(plans[0].technique) && CONTENT.has(plans[1].technique)) {
    const n = Math.min(plans[0].items.length, plans[1].items.length);
    plans[0].items = plans[0].items.slice(0, n);
    plans[1].items = plans[1].items.slice(0, n);
  }

  const opener = picker.pick("opener", TONE_OPENERS[facts.tone]);
  // When the brand is also the thing being announced, "X presents X" reads as a glitch.
  const subjects = tpl.subjects(ctx).filter((c) => c.split(ctx.brand).length <= 2);
  const subject = fitSubject(subjects.length > 0 ? subjects : tpl.subjects(ctx), picker, opener);
  const preheaderChoices = tpl.preheaders(ctx).filter((p) => p !== subject);
  const preheader = picker.pick("preheader", preheaderChoices.length > 0 ? preheaderChoices : [`${cap(ctx.thing)} from ${ctx.brand}.`]);
  const primaryCta = facts.cta ?? picker.pick("cta", tpl.ctas);

  const sections: CopySection[] = [];
  const menuPlan = plans.find((p) => p.technique === "menu");
  if (menuPlan) sections.push({ role: HOST_ROLE.menu, headline: "", body: "", cta: "" });

  const heroBodyParts = [picker.pick("hero-body", tpl.heroBodies(ctx))];
  if (facts.audience && !heroBodyParts[0].includes(facts.audience)) heroBodyParts.push(`Made for ${facts.audience}.`);
  sections.push({ role: "hero", headline: picker.pick("hero-headline", tpl.heroHeadlines(ctx)), body: heroBodyParts.join(" "), cta: primaryCta });

  if (ctx.offer || ctx.code) {
    const codeLine = ctx.code ? `Use code ${ctx.code} at checkout` : "No code needed";
    sections.push({
      role: "offer",
      headline: ctx.offer ? cap(ctx.offer) : `Code ${ctx.code}`,
      body: `${codeLine}${ctx.when ? ` — offer ends ${ctx.when}` : ""}.`,
      cta: "",
    });
  }

  for (const p of plans) {
    if (p.technique === "menu") continue;
    sections.push({ role: HOST_ROLE[p.technique], headline: p.host.headline, body: p.host.body, cta: p.host.cta });
  }
  if (plans.some((p) => p.technique === "survey")) {
    sections.push({ role: "thanks", headline: "Thank you!", body: `Your answers help ${ctx.brand} get better.`, cta: "" });
  }

  const closingCta = picker.pick("closing-cta", tpl.ctas.filter((c) => c !== primaryCta).concat(tpl.ctas.length === 1 ? tpl.ctas : []));
  sections.push({
    role: "closing",
    headline: picker.pick("closing-headline", tpl.closingHeadlines(ctx)),
    body: picker.pick("closing-body", tpl.closingBodies(ctx)),
    cta: facts.cta ? facts.cta : closingCta,
  });
  sections.push({
    role: "footer",
    headline: "",
    body: ctx.hasBrand
      ? `You are receiving this email because you signed up for updates from ${ctx.brand}.`
      : "You are receiving this email because you signed up for our updates.",
    cta: "",
  });

  return { subject, preheader, sections, items: plans.flatMap((p) => p.items) };
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
