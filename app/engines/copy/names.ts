/**
 * The prompt's words made fit to print: item names cased as products, the technique's own words
 * ("carousel of", "tabs for") kept out of the content. Pure string work over short phrases, so every
 * function here is linear in its input.
 */

/** "cedar candle" → "Cedar candle": the first character upper-cased, the rest as written. */
export function cap(s: string): string {
  return s.length > 0 ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Joining words that stay lowercase inside a product name, in the six frame languages. */
const SMALL_WORDS = new Set([
  "a",
  "an",
  "and",
  "or",
  "of",
  "with",
  "the",
  "for",
  "in",
  "on",
  "to",
  "at",
  "by",
  "from",
  "per",
  "de",
  "du",
  "des",
  "la",
  "le",
  "les",
  "et",
  "au",
  "aux",
  "à",
  "en",
  "sur",
  "y",
  "con",
  "del",
  "el",
  "los",
  "las",
  "sin",
  "und",
  "mit",
  "von",
  "der",
  "die",
  "das",
  "im",
  "zum",
  "zur",
  "e",
  "da",
  "do",
  "dos",
  "das",
  "com",
  "di",
  "della",
  "del",
  "al",
  "il",
  "lo",
  "con",
]);

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
const TECHNIQUE_LEAD = new RegExp(
  String.raw`^(?:an?\s+|the\s+|une?\s+|un[ao]?\s+|ein(?:e[nm]?)?\s+)?${TECHNIQUE_WORDS}\s+(?:of|for|with|about|featuring|showing|de[s]?|du|con|mit|von|über|com|di|sur|sobre)\s+`,
  "i",
);
const TECHNIQUE_ONLY = new RegExp(String.raw`^(?:(?:plus|and|also|with)\s+)?(?:an?\s+|the\s+)?${TECHNIQUE_WORDS}$`, "i");

/** "carousel of three roasts" → "three roasts"; a phrase that is only a technique word → "". */
export function withoutTechnique(phrase: string): string {
  let out = phrase.trim();
  for (let i = 0; i < 2; i++) out = out.replace(TECHNIQUE_LEAD, "").trim();
  return TECHNIQUE_ONLY.test(out) ? "" : out;
}
