// A correct email for a prompt of the set, built from the set's facts alone (docs/generation.md, "The mutation check"):
// the original every mutant is compared with. It is built, not generated, because the local
// pipeline's output is not correct today (the fact trace exists to find that): measuring checks against
// emails that already hold invented claims would blur what a check catches. Every word of it is a
// fact in the prompt's own words, the brand, or a fixed phrase that asserts nothing ("Learn more");
// it is rendered by the real renderer, so it has the structure, modules and fallbacks of a
// generated email.
import type { Blueprint, Module, Section } from "../../app/domain/blueprint/schema";
import { STYLE_PRESETS } from "../../app/domain/blueprint/styles";
import { phrasesFor } from "../../app/domain/copy/phrases";
import type { MutationTargets } from "../../app/domain/eval/mutations";
import { render } from "../../app/domain/render";
import { type PromptEntry, type PromptFactsSpec, scaleOptions } from "../../app/domain/eval/prompt-set";

export interface CorrectEmail {
  id: string;
  prompt: string;
  emailType?: string;
  html: string;
  blueprint: Blueprint;
  targets: MutationTargets;
}

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max).trim() : s);

/** The set's facts as mutation targets: items with prices, offers with conditions, questions with every option. */
export function targetsOf(f: PromptFactsSpec): MutationTargets {
  return {
    language: f.language,
    brand: f.brand,
    items: (f.items ?? []).map((i) => (typeof i === "string" ? { name: i } : { name: i.name, price: i.price })),
    offers: (f.offers ?? []).map((o) => ({ text: o.text, conditions: o.conditions ?? [] })),
    questions: (f.questions ?? []).map((q) => ({
      text: q.text,
      options: [...(q.options ?? []), ...(q.scale ? scaleOptions(q.scale) : [])],
    })),
    links: f.links ?? [],
  };
}

const CURRENCY: [RegExp, string][] = [
  [/R\$/, "BRL"],
  [/€/, "EUR"],
  [/£/, "GBP"],
  [/\$/, "USD"],
];

/** Cart lines from priced items, when all are priced in one currency. */
function cartOf(items: MutationTargets["items"]): { currency: string; items: { label: string; price: number }[] } | undefined {
  const lines = items.map((i) => {
    const currency = i.price ? CURRENCY.find(([re]) => re.test(i.price!))?.[1] : undefined;
    const m = i.price ? /(\d+)(?:[.,](\d{2}))?/.exec(i.price) : null;
    return currency && m ? { currency, label: i.name, price: Number(m[1]) * 100 + Number(m[2] ?? 0) } : undefined;
  });
  if (lines.length < 2 || lines.some((l) => !l) || new Set(lines.map((l) => l!.currency)).size !== 1) return undefined;
  return { currency: lines[0]!.currency, items: lines.map((l) => ({ label: l!.label.slice(0, 80), price: l!.price })) };
}

/**
 * The email, or why the prompt's facts cannot make one: a brand and at least two entries (items,
 * offers, questions, lines) are needed for a module and for a brand to lose.
 */
export function correctEmail(entry: PromptEntry): { ok: true; email: CorrectEmail } | { ok: false; reason: string } {
  const f = entry.facts;
  if (!f?.brand) return { ok: false, reason: "no brand in the facts" };
  const phrases = phrasesFor(f.language);
  const t = targetsOf(f);
  const link = t.links[0];
  const cta = link ? { label: phrases.learnMore, url: link } : undefined;

  // Entries a module can hold, each a name and the words that go with it.
  const entries: { label: string; body: string }[] = [
    ...t.items.map((i) => ({ label: i.name, body: i.price ? `${i.name} — ${i.price}` : i.name })),
    ...t.offers.map((o) => ({ label: o.text, body: o.conditions.length ? `${o.text}: ${o.conditions.join(", ")}` : o.text })),
  ];
  // With fewer than two items and offers, the prompt's other words are the entries (tab names, topics).
  let lines = [...(f.text ?? []), ...(f.dates ?? []), ...(f.prices ?? []), ...(f.codes ?? [])];
  if (entries.length < 2 && (f.text?.length ?? 0) >= 2) {
    entries.push(...f.text!.map((w) => ({ label: w, body: w })));
    lines = lines.filter((l) => !f.text!.includes(l));
  }
  const expected = Array.isArray(entry.expectTechniques) ? entry.expectTechniques.map(String) : [];
  const wanted = expected[0] ?? "";
  // A quiz needs answers and explanations, a menu links, a pair two modules: the facts do not give
  // them, and an email without the technique the prompt asks for is not a correct one.
  if (expected.length > 1) return { ok: false, reason: "two techniques" };
  if (wanted === "quiz" || wanted === "menu") return { ok: false, reason: `a ${wanted} needs more than the facts give` };
  const choice = t.questions.filter((q) => q.options.length >= 2 && q.options.length <= 5 && q.options.every((o) => o.length <= 60));
  const written = t.questions.filter((q) => !choice.includes(q));

  let module: Module;
  let sectionsFromEntries = false;
  const cart = wanted === "itemCart" ? cartOf(t.items) : undefined;
  if (wanted === "survey" && !choice.length) return { ok: false, reason: "a survey without a question with 2–5 named options" };
  if (wanted === "itemCart" && !cart) return { ok: false, reason: "a cart needs two or more items priced in one currency" };
  if (cart) {
    module = {
      technique: "itemCart",
      currency: cart.currency,
      items: cart.items,
      checkout: { label: phrases.checkout, url: link ?? "{{VIB_URL}}" },
    };
    if (!link) return { ok: false, reason: "a cart needs a checkout link" };
  } else if (choice.length) {
    module = {
      technique: "survey",
      questions: choice.map((q) => ({
        question: cut(q.text, 200),
        options: q.options.map((o) => ({ label: o, ...(link ? { url: link } : {}) })),
      })),
      thanks: { headline: f.brand },
    };
    sectionsFromEntries = true;
  } else if (entries.length >= 2 && wanted === "tabs" && entries.length <= 5 && entries.every((e) => e.label.length <= 40)) {
    module = { technique: "tabs", items: entries.map((e) => ({ label: e.label, body: cut(e.body, 2000) })) };
  } else if (entries.length >= 2 && wanted === "carousel" && entries.length <= 6) {
    module = { technique: "carousel", items: entries.map((e) => ({ headline: cut(e.body, 200) })) };
  } else if (entries.length >= 2) {
    // Quizzes need answers and carts need a currency the set does not give: an accordion shows the same facts.
    module = { technique: "accordion", items: entries.slice(0, 8).map((e) => ({ label: cut(e.label, 160), body: cut(e.body, 2000) })) };
  } else {
    return { ok: false, reason: "fewer than two items, offers or questions" };
  }

  const sections: Section[] = [
    {
      id: "hero",
      role: "hero",
      headline: f.occasion ? `${f.occasion} · ${f.brand}` : f.brand,
      // One paragraph per fact: words side by side in one line read as belonging together.
      ...(lines.length ? { body: lines.join("\n\n") } : {}),
      ...(cta ? { cta } : {}),
      moduleIndex: 0,
    },
  ];
  if (sectionsFromEntries) entries.forEach((e, i) => sections.push({ id: `entry-${i}`, role: "body", body: e.body }));
  written.forEach((q, i) => sections.push({ id: `question-${i}`, role: "body", headline: cut(q.text, 200), body: q.options.join(" · ") }));

  const blueprint: Blueprint = {
    subject: cut(f.occasion ? `${f.occasion} · ${f.brand}` : f.brand, 200),
    preheader: cut(entries.map((e) => e.label).join(" · "), 300),
    lang: phrases.lang === f.language ? f.language : "en",
    dir: "ltr",
    brandName: cut(f.brand, 80),
    technique: module.technique,
    design: structuredClone(STYLE_PRESETS.minimal),
    sections: sections.slice(0, 20),
    interactiveConfig: { modules: [module] },
    footer: { address: f.brand, unsubscribeText: phrases.unsubscribe },
  };
  const r = render(blueprint);
  if (!r.ok) return { ok: false, reason: `render: ${JSON.stringify(r).slice(0, 200)}` };
  return { ok: true, email: { id: entry.id, prompt: entry.prompt, emailType: entry.emailType, html: r.html, blueprint, targets: t } };
}
