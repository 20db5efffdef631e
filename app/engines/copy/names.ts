/**
 * The prompt's words made fit to print: item names cased as products, the technique's own words
 * ("carousel of", "tabs for") kept out of the content, and conditions ("free shipping over €150")
 * told apart from things to buy. Pure string work over short phrases (each fact is capped in
 * facts.ts), so every function here is linear in its input.
 */
import type { FactItem, PromptFacts } from "~/domain/prompt/facts";
import { cap } from "./templates";

/** Joining words that stay lowercase inside a product name, in the six frame languages. */
const SMALL_WORDS = new Set(
  [
    "a", "an", "and", "or", "of", "with", "the", "for", "in", "on", "to", "at", "by", "from", "per",
    "de", "du", "des", "la", "le", "les", "et", "au", "aux", "à", "en", "sur",
    "y", "con", "del", "el", "los", "las", "sin",
    "und", "mit", "von", "der", "die", "das", "im", "zum", "zur",
    "e", "da", "do", "dos", "das", "com", "di", "della", "del", "al", "il", "lo", "con",
  ],
);

/**
 * "ricotta pancakes" → "Ricotta Pancakes", "al pastor taco" → "Al Pastor Taco"; a name the prompt
 * already cased ("iPhone 15", "SQL for Analysts", "Volt Runner") keeps its own spelling.
 */
export function productCase(name: string): string {
  const trimmed = name.trim();
  if (/\p{Lu}/u.test(trimmed)) return trimmed;
  return trimmed
    .split(/(\s+)/)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w : cap(w)))
    .join("");
}

/**
 * The technique's own words, which say how the email is built, not what it is about: "carousel of
 * three roasts" is about "three roasts". Also the French, Spanish, German, Portuguese and Italian
 * names of the modules.
 */
const TECHNIQUE_WORDS = String.raw`(?:image\s+|product\s+|photo\s+|swipeable\s+|interactive\s+|mobile\s+|hamburger\s+|nav(?:igation)?\s+)?(?:carousel|carrousel|carrusel|karussell|carrossel|caroselli?|slider|slideshow|slides?|tabs?|tabbed\s+layout|onglets?|pestañas?|reiter|abas?|schede|accordion|accordéon|acordeón|akkordeon|acordeão|fisarmonica|collapsible\s+sections?|expandable\s+sections?|faq|quiz|trivia|survey|poll|sondage|encuesta|umfrage|pesquisa|sondaggio|questionnaire|menu|nav(?:igation)?\s+bar|item\s*cart|cart|basket|panier|carrito|warenkorb|carrinho|carrello)`;
const TECHNIQUE_LEAD = new RegExp(String.raw`^(?:an?\s+|the\s+|une?\s+|un[ao]?\s+|ein(?:e[nm]?)?\s+)?${TECHNIQUE_WORDS}\s+(?:of|for|with|about|featuring|showing|de[s]?|du|con|mit|von|über|com|di|sur|sobre)\s+`, "i");
const TECHNIQUE_ONLY = new RegExp(String.raw`^(?:(?:plus|and|also|with)\s+)?(?:an?\s+|the\s+)?${TECHNIQUE_WORDS}$`, "i");

/** "carousel of three roasts" → "three roasts"; a phrase that is only a technique word → "". */
export function withoutTechnique(phrase: string): string {
  let out = phrase.trim();
  for (let i = 0; i < 2; i++) out = out.replace(TECHNIQUE_LEAD, "").trim();
  return TECHNIQUE_ONLY.test(out) ? "" : out;
}

/** "tap to add roses" → "roses", "peonies to your basket" → "peonies": the cart's instructions are not the name. */
function cleanItemName(name: string): string {
  return withoutTechnique(
    name
      .replace(/^(?:tap|click|swipe)\s+to\s+(?:add|see|open|pick)\s+/i, "")
      .replace(/\s+(?:to|into|in)\s+(?:your|the)\s+(?:basket|cart|bag|order)$/i, "")
      .trim(),
  );
}

/** Words that make a phrase a condition of the offer rather than a thing to buy. */
const CONDITION =
  /\b(?:free\s+(?:shipping|delivery|returns?)|orders?\s+(?:over|above|of)|over\s+[$€£]|minimum\s+(?:order|spend)|while\s+(?:stocks?|supplies)\s+last|until\s+sold\s+out|ends?\s+|valid\s+(?:until|through|on)|code\s+[A-Z0-9]|livraison\s+(?:gratuite|offerte)|envío\s+gratis|versandkostenfrei|kostenloser\s+versand|frete\s+grátis|spedizione\s+gratuita)/i;

/** True when an "item" is really a condition of the offer ("free shipping over €150"). */
export function isCondition(item: FactItem, facts: Pick<PromptFacts, "conditions" | "offer" | "codes">): boolean {
  const name = item.name.toLowerCase();
  if (facts.conditions.some((c) => c.toLowerCase().includes(name) || name.includes(c.toLowerCase()))) return true;
  if (facts.offer && name.includes(facts.offer.text.toLowerCase())) return true;
  if (facts.codes.some((code) => name.includes(code.toLowerCase()))) return true;
  return CONDITION.test(item.name) || /^(?:\d{1,2}\s?%|up to)|\d\s?%\s?(?:off|rabatt|de descuento|di sconto|de réduction)|\buntil\b/i.test(item.name);
}

/** The prompt's items as the email lists them: conditions out, instructions stripped, names cased, no repeats. */
export function sellableItems(items: FactItem[], facts: Pick<PromptFacts, "conditions" | "offer" | "codes">, lang = "en"): FactItem[] {
  const out: FactItem[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (isCondition(item, facts)) continue;
    // English names products in title case; French, Spanish, German… capitalise the first word only ("Bougie figue").
    const cleaned = cleanItemName(item.name);
    const name = lang === "en" ? productCase(cleaned) : cap(cleaned);
    if (name === "" || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ ...item, name });
  }
  return out;
}
