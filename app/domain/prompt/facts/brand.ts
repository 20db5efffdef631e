import type { TaggedSentence } from "./nlp";
import { cleanPhrase, MONTHS, NOT_A_NAME, titleCase } from "./text";
import { FACT_MAX_CHARS } from "./types";

/**
 * The brand, wherever the prompt puts it: "brand Leafly Loft", "a shop called X", "X newsletter",
 * "for/from/at/chez/von X", "X's", a proper noun compromise tags mid-sentence ("new Ledgerly
 * accounting users"), and in a lowercase prompt the owner of the audience ("gridline fitness
 * members" → "Gridline Fitness").
 */

// Letters after the first may be accented ("Bistro Lumière"): \w alone stops at "è".
// Each word is at most 40 characters: an unbounded `*` rescanned a long run of name
// characters ("A.A.A.…") from every word boundary in it, quadratic in the run.
const NAME_WORD = String.raw`[A-Z0-9À-Ý][\w\u00C0-\u024F&'’.+-]{0,39}`;
const CONNECTOR = String.raw`(?:&|of|and|the|de|la|des|du|del|da|di|do|dos|el|von|van|der|den)`;
// After a connector comes a word, not a number: "Feria del Libro Sevilla del 2 al 11 de mayo" ends before "del 2".
// "Jardins d'Elise": an elided connector is glued to the word after it.
export const NAME = String.raw`(${NAME_WORD}(?:(?:\s+(?:${CONNECTOR}\s+(?=[A-ZÀ-Ý]))?|\s+[dl]['’](?=[A-ZÀ-Ý]))${NAME_WORD}){0,3})`;

function isNameLike(phrase: string): boolean {
  const words = phrase.split(/\s+/);
  // "Festival de Jazz de Sevilla": the connectors inside a name do not count toward its four words.
  const connector = new RegExp(`^${CONNECTOR}$`);
  if (words.length === 0 || words.length > 7 || words.filter((w) => !connector.test(w)).length > 4) return false;
  if (NOT_A_NAME.has(phrase.toLowerCase())) return false;
  if (NOT_A_NAME.has(words[0].toLowerCase())) return false;
  return words.every((w) => /^(?:[dl]['’])?[A-Z0-9À-Ý][\w\u00C0-\u024F&'’.+-]*$/.test(w) || connector.test(w));
}

/** "The Sunday Ledger newsletter …", "Harvest Table restaurant …": a name that opens a sentence and owns the email. */
const OWNER_NOUN = String.raw`(?:newsletter|digest|bulletin|email|restaurant|bakery|caf[eé]|store|shop|app)\b`;

/** Where a lowercase name stops: a clause word, a number or the end of the phrase. */
const PHRASE_STOP = new Set([
  "with",
  "for",
  "about",
  "to",
  "on",
  "in",
  "and",
  "or",
  "that",
  "which",
  "who",
  "asking",
  "using",
  "featuring",
  "including",
  "members",
  "customers",
  "subscribers",
  "users",
  "clients",
  "guests",
  "fans",
  "readers",
  "students",
  "shoppers",
  "community",
  "email",
  "newsletter",
  "survey",
  "quiz",
  "sale",
  "promo",
  "announcement",
  "is",
  "are",
  "has",
  "have",
  "will",
  "this",
  "next",
  "ends",
  "until",
  "by",
  "at",
  "from",
]);
/** Words that are never the first word of a brand typed lowercase. */
const NOT_OWNER = new Set([
  "the",
  "a",
  "an",
  "our",
  "my",
  "your",
  "their",
  "all",
  "new",
  "existing",
  "loyal",
  "returning",
  "lapsed",
  "vip",
  "premium",
  "first-time",
  "active",
  "inactive",
  "free",
  "paid",
  "trial",
  "young",
  "local",
  "busy",
  "former",
  "recent",
  "potential",
  "beta",
  "email",
  "newsletter",
  "app",
  "mobile",
  "us",
  "you",
  "them",
  "me",
  "scratch",
  "home",
  "work",
  "school",
  "gym",
  "club",
  "store",
  "shop",
  "team",
  "company",
  "nps",
  "quick",
  "short",
  "weekly",
  "monthly",
  "each",
  "every",
  "both",
  "some",
  "many",
  "two",
  "three",
  "four",
  "five",
  "which",
  "what",
  "how",
  "who",
  "it",
  "this",
  "that",
  "beginners",
  "everyone",
  "kids",
  "families",
  "teachers",
  "teams",
  "developers",
  "designers",
  "marketers",
  "women",
  "men",
  "clientes",
  "clients",
  "client",
  "cliente",
  "kunden",
  "mitglieder",
  "membres",
  "socios",
  "miembros",
  "leden",
  "klanten",
  "klientów",
  "clienti",
  "soci",
  "membros",
  "alunos",
  "students",
  "votre",
  "notre",
  "nos",
  "vos",
  "su",
  "sus",
  "nuestro",
  "nuestra",
  "nuestros",
  "unsere",
  "unser",
  "ihre",
  "il",
  "la",
  "le",
  "el",
  "los",
  "las",
  "les",
  "o",
  "os",
  "as",
  "uma",
  "um",
  "un",
  "une",
  "una",
  "ein",
  "eine",
  "support",
  "after",
  "before",
  "under",
  "over",
  "orders",
  "order",
  "less",
  "more",
]);
/** Prepositions that name an owner in a lowercase prompt: "from wick & willow", "para tienda nube verde". */
const LOWER_PREPOSITION =
  /^(?:from|at|by|brand|for|chez|pour|von|bei|vom|für|para|de|da|di|della|dalla|voor|van|bij|dla|od|hos|från|ao|au|aux)$/;
const LOWER_CONNECTOR = /^(?:&|de|del|da|di|do|dos|des|du|el|la|le|von|van|der|den|of|and|y|e|et)$/;
const GENERIC_TAIL = new Set(["app", "store", "shop", "website", "site", "platform", "account"]);
const AUDIENCE_NOUN =
  /^(?:members|customers|subscribers|users|clients|guests|fans|readers|students|shoppers|community|patrons|donors|athletes|runners|parents|patients|diners|buyers|visitors|volunteers|employees|staff|partners|investors|attendees|travell?ers|listeners|players|riders|owners|homeowners|clientes|clients|kunden|mitglieder|membres|socios|leden|klanten|klientów|clienti|soci|membros|alunos|hóspedes|huéspedes|ospiti)$/;

/** A run of lowercase words from `words[start]`, up to three, stopped by a clause word; undefined when generic. */
function lowercaseName(words: string[], start: number): string | undefined {
  const run: string[] = [];
  // "the daily brew": a leading "the" belongs to a title of two words or more.
  const the = words[start] === "the" ? 1 : 0;
  for (let i = start + the; i < words.length && run.length < 4; i++) {
    const w = words[i];
    // "kettle & crane", "taquería el sol": a connector inside a name, never at its ends.
    if (run.length > 0 && LOWER_CONNECTOR.test(w) && /^\p{Ll}/u.test(words[i + 1] ?? "") && !PHRASE_STOP.has(words[i + 1])) {
      run.push(w);
      continue;
    }
    if (!/^[\p{Ll}][\p{Ll}\p{N}'’-]*$/u.test(w) || PHRASE_STOP.has(w) || AUDIENCE_NOUN.test(w) || (run.length > 0 && NOT_A_NAME.has(w)))
      break;
    run.push(w);
  }
  while (run.length > 0 && LOWER_CONNECTOR.test(run[run.length - 1])) run.pop();
  if (the && run.length >= 2) run.unshift("the");
  // "pebble app members": the generic word after the name is not part of it.
  while (run.length > 1 && GENERIC_TAIL.has(run[run.length - 1])) run.pop();
  if (run.length === 0 || (NOT_OWNER.has(run[0]) && !(the && run.length >= 3)) || (!the && NOT_A_NAME.has(run[0])) || /^\d/.test(run[0]))
    return undefined;
  if (run.some((w) => BRIEF_WORD.has(w))) return undefined;
  return titleCase(run.join(" "));
}

/** Words that say what an email is or does, which a terse prompt's brand segment never holds. */
const BRIEF_WORD = new Set([
  "email",
  "newsletter",
  "digest",
  "survey",
  "quiz",
  "poll",
  "cart",
  "tabs",
  "tab",
  "carousel",
  "slider",
  "slideshow",
  "faq",
  "faqs",
  "accordion",
  "menu",
  "nav",
  "hamburger",
  "collapsible",
  "links",
  "sale",
  "sales",
  "off",
  "questions",
  "question",
  "preview",
  "ends",
  "ending",
  "shipping",
  "delivery",
  "free",
  "returns",
  "order",
  "confirmation",
  "update",
  "schedule",
  "agenda",
  "webinar",
  "launch",
  "new",
  "arrivals",
  "gift",
  "guide",
  "private",
  "deals",
  "promo",
  "offer",
  "plans",
  "tiers",
  "form",
  "feedback",
  "welcome",
  "onboarding",
  "rsvp",
  "countdown",
  "grid",
  "cards",
  "catalog",
  "class",
  "w",
  "vs",
  "encuesta",
  "rápida",
  "sondage",
  "rapide",
  "umfrage",
  "kurze",
  "pesquisa",
  "sondaggio",
  "enquête",
  "korte",
  "ankieta",
  "carrito",
  "carrello",
  "panier",
  "warenkorb",
  "carrinho",
  "koszyk",
  "soldes",
  "rebajas",
  "saldi",
  "carrousel",
  "carrossel",
  "karuzela",
  "frete",
  "grátis",
  "gratis",
  "envío",
  "livraison",
  "versand",
  "spedizione",
  "quick",
  "short",
  "weekly",
  "monthly",
  "express",
  "lampo",
  "flash",
  "blitz",
  "relámpago",
  "relâmpago",
]);

/**
 * A terse prompt names its brand just before the colon that opens its list: "te echamos de menos,
 * librería faro: novela 17,90 €", "curso online de fotografía, estudio lente: …", "sondage express
 * café lune : thé, café ou chocolat ?". The words before the colon, after its last comma and without
 * the brief words that open it, are the brand when they are one to four plain lowercase words.
 */
function beforeColonBrand(prompt: string): string | undefined {
  const colon = /^([^:.!?\n]{1,120}?)\s?:\s/.exec(prompt.slice(0, 200));
  if (!colon) return undefined;
  const head = colon[1]!;
  const lastComma = head.lastIndexOf(",");
  let words = head
    .slice(lastComma + 1)
    .trim()
    .split(/\s+/);
  const opened = lastComma >= 0;
  const all = words.length === head.trim().split(/\s+/).length;
  // "nps-umfrage für taskwerk": the name after the word that says whose email it is.
  const owner = words.findLastIndex((w) => OWNER_PREPOSITION.test(w));
  if (owner >= 0 && owner < words.length - 1) words = words.slice(owner + 1);
  while (words.length > 1 && (BRIEF_WORD.has(words[0]!) || NPS_WORD.test(words[0]!))) words.shift();
  // "draftly poll": the brief word after the name.
  let trailing = false;
  while (words.length > 1 && BRIEF_WORD.has(words[words.length - 1]!)) {
    words.pop();
    trailing = true;
  }
  if (trailing && words.length === 1 && TOPIC_WORD.test(words[0]!)) return undefined;
  // "pantry pal app": the generic word after the name is not part of it.
  while (words.length > 1 && GENERIC_TAIL.has(words[words.length - 1]!)) words.pop();
  // "app rutamax": the kind of product before a name is not part of it.
  if (words.length > 1 && APP_WORD.test(words[0]!)) words.shift();
  // "boulangerie pain doré", "club runners": a kind of business opens its name.
  const business = words.length >= 2 && BUSINESS_NOUN.has(words[0]!);
  if (!opened && !business && !trailing && owner < 0 && words.length === head.trim().split(/\s+/).length && all) return undefined;
  const rest = business ? words.slice(1) : words;
  if (
    !words.length ||
    words.length > 4 ||
    (!business && NOT_OWNER.has(words[0]!)) ||
    rest.some((w) => BRIEF_WORD.has(w) || PHRASE_STOP.has(w) || NOT_A_NAME.has(w) || (!business && AUDIENCE_NOUN.test(w)))
  )
    return undefined;
  if (!words.every((w) => /^\p{Ll}[\p{Ll}'’-]*$/u.test(w) || w === "&" || LOWER_CONNECTOR.test(w))) return undefined;
  // "yoga, hiit: …" is a list, not a topic and a brand ("webinar, ledgerwise: …" is a brief word and a brand).
  const before = head.slice(0, lastComma).trim();
  if (opened && words.length === 1 && /^\p{L}+$/u.test(before) && !BRIEF_WORD.has(before)) return undefined;
  return titleCase(words.join(" "));
}

/** Words after which a terse prompt names whose email it is: "nps-umfrage für taskwerk:". */
const OWNER_PREPOSITION = /^(?:for|from|für|von|pour|para|per|de|da|di)$/;
/** Words that say what a quiz or poll is about, not whose it is: "personality quiz". */
const TOPIC_WORD =
  /^(?:personality|trivia|style|product|customer|feedback|satisfaction|movie|music|team|staff|employee|skincare|fashion|holiday|christmas|travel|food|wine|coffee|tea|book|beer|fitness|pub|quick|fun)$/;
const NPS_WORD = /^nps(?:-\p{L}+)?$/u;
const APP_WORD = /^(?:app|appli|application|aplicación|aplicativo|applicazione)$/;
/** Kinds of business whose name starts with them in a terse prompt: "boulangerie pain doré", "café la esquina". */
const BUSINESS_NOUN = new Set([
  "boulangerie",
  "pâtisserie",
  "bäckerei",
  "padaria",
  "panadería",
  "panetteria",
  "gelateria",
  "heladería",
  "café",
  "cafe",
  "caffè",
  "club",
  "librería",
  "libreria",
  "livraria",
  "librairie",
  "pizzeria",
  "restaurant",
  "restaurante",
  "ristorante",
  "trattoria",
  "bistro",
  "hotel",
  "hôtel",
  "tienda",
  "loja",
  "negozio",
  "boutique",
  "studio",
  "estudio",
  "scuola",
  "escola",
  "escuela",
  "école",
  "fromagerie",
  "cave",
  "épicerie",
  "floristería",
  "fioreria",
  "sklep",
  "sklepu",
]);

/**
 * A terse prompt's brand is often a segment of its own: "webinar agenda accordion, dataforge, nov 12",
 * "rate your stay survey, hotel marisol", "… — corefit studio". A segment qualifies when it is one to
 * four plain words, none of them a brief word, it is not the prompt's opening, and it is not one of a
 * run of one-word segments (that is a list: "yoga, hiit, spin").
 */
function segmentBrand(prompt: string): string | undefined {
  // Split with the separators kept (odd indexes), so a sentence end is told from a list comma.
  const parts = prompt.slice(0, 1_000).split(/(\s*(?:[,;!?]|\.\s|\s[—–-]\s|—|\n)\s*)/);
  const segments = parts.filter((_, n) => n % 2 === 0).map((s) => s.trim());
  const separators = parts.filter((_, n) => n % 2 === 1);
  const oneWord = (s: string | undefined) => s !== undefined && /^\p{L}+$/u.test(s);
  const endsSentence = (sep: string | undefined) => sep !== undefined && /[.!?\n—]/.test(sep);
  // Whether the sentence so far has had a colon: what follows one is a list ("links: tents, packs").
  let colonBefore = segments[0].includes(":");
  for (let i = 1; i < segments.length; i++) {
    if (endsSentence(separators[i - 1]) && !/[?—–]/.test(separators[i - 1])) colonBefore = false;
    const afterColon = colonBefore && !/[?—–.]/.test(separators[i - 1] ?? "");
    if (segments[i].includes(":")) colonBefore = true;
    if (/[\d$€£%:/+]/.test(segments[i])) continue;
    const words = segments[i].replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "").split(/\s+/);
    // "clientes banco pinheiro", "parcelpoint returns": audience words before a name and brief words after it are not part of it.
    while (words.length > 1 && (NOT_OWNER.has(words[0]) || AUDIENCE_NOUN.test(words[0]))) words.shift();
    while (words.length > 1 && BRIEF_WORD.has(words[words.length - 1])) words.pop();
    const segment = words.join(" ");
    if (!segment || words.length > 4) continue;
    if (NOT_OWNER.has(words[0]) || words.some((w) => BRIEF_WORD.has(w) || PHRASE_STOP.has(w) || NOT_A_NAME.has(w))) continue;
    if (!words.every((w) => /^\p{Ll}[\p{Ll}'’-]*$/u.test(w) || w === "&" || LOWER_CONNECTOR.test(w))) continue;
    const listed =
      (!endsSentence(separators[i - 1]) && oneWord(segments[i - 1])) || (!endsSentence(separators[i]) && oneWord(segments[i + 1]));
    if (words.length === 1 && listed) continue;
    if (afterColon) continue;
    return titleCase(segment);
  }
  return undefined;
}

/** The brand of a prompt typed all lowercase: "gridline fitness members", "quiz from starlight planetarium". */
function lowercaseBrand(prompt: string): string | undefined {
  for (const clause of prompt.slice(0, 2_000).split(/[,.;:!?\n]+/)) {
    const words = clause.trim().split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      // "gridline fitness members": two or more words before an audience noun.
      if (AUDIENCE_NOUN.test(words[i]) && i >= 2) {
        const from = Math.max(0, i - 3);
        for (let s = from; s <= i - 2; s++) {
          const span = words.slice(s, i);
          const name = span.every((w) => /^\p{Ll}[\p{Ll}'’&-]*$/u.test(w) && !PHRASE_STOP.has(w))
            ? lowercaseName(words.slice(0, i), s)
            : undefined;
          if (name) return name;
        }
      }
      // "sondage rapide clients boulangerie pain doré": a kind of business after its audience opens its name.
      if (i > 0 && BUSINESS_NOUN.has(words[i]) && (AUDIENCE_NOUN.test(words[i - 1]) || LOWER_PREPOSITION.test(words[i - 1]))) {
        const run = words
          .slice(i, i + 4)
          .filter((w, k) => k === 0 || (/^\p{Ll}[\p{Ll}'’-]*$/u.test(w) && !PHRASE_STOP.has(w) && !BRIEF_WORD.has(w)));
        if (run.length >= 2 && run.length === Math.min(4, words.length - i)) return titleCase(run.join(" "));
      }
      if (LOWER_PREPOSITION.test(words[i])) {
        // "for the daily brew newsletter": an article before the name is part of a title only after "the".
        const skip = /^(?:die|der|dem|den|la|le|el|il)$/.test(words[i + 1] ?? "") ? 1 : 0;
        const name = lowercaseName(words, i + 1 + skip);
        // After "for" a single word is as often an audience or a topic ("for beginners"): two words, or a brand-like one.
        if (name && (!/^(?:for|para|pour|für|per|voor|dla)$/.test(words[i]) || name.includes(" ") || /^(?:for)$/.test(words[i])))
          return name;
      }
    }
  }
  return undefined;
}

/** Tags that a word of a brand never carries. */
const NOT_NAME_TAGS = [
  "Place",
  "City",
  "Country",
  "Region",
  "Date",
  "Month",
  "WeekDay",
  "Holiday",
  "Value",
  "Verb",
  "Pronoun",
  "Determiner",
  "Preposition",
  "Conjunction",
  "QuestionWord",
];

const NAMED_EVENT = new RegExp(
  String.raw`\b(${NAME_WORD}(?:\s+${NAME_WORD}){0,2}\s+(?:Summit|Conference|Meetup|Festival|Expo|Hackathon|Gala))\b`,
);
const EVENT_NOUN = /\b(?:Summit|Conference|Festival|Meetup|Workshop|Webinar|Gala|Expo|Fair|Week|Day|Awards|Retreat|Hackathon|Launch)$/;

/**
 * The first run of proper nouns compromise tags. A sentence's first word is capitalised anyway,
 * so it counts only when compromise tags it a proper noun or a capitalised name follows it.
 */
function properNounBrand(tagged: TaggedSentence[]): string | undefined {
  for (const sentence of tagged) {
    // A sentence that follows a colon lists content ("agenda: Keynote, Platform Engineering track").
    if (sentence.listAfterColon) continue;
    for (let i = 0; i < sentence.length; i++) {
      const t = sentence[i];
      if (!t.tags.has("ProperNoun") || NOT_NAME_TAGS.some((tag) => t.tags.has(tag))) continue;
      let start = i;
      // Capitalised words just before it belong to the name ("Gridline" in "Gridline Fitness").
      while (
        start > 0 &&
        /^[A-ZÀ-Ý]/.test(sentence[start - 1].text) &&
        !/[,.;:!?]/.test(sentence[start - 1].post) &&
        !NOT_NAME_TAGS.some((tag) => sentence[start - 1].tags.has(tag))
      )
        start--;
      let end = i;
      while (
        end + 1 < sentence.length &&
        !/[,.;:!?]/.test(sentence[end].post) &&
        (sentence[end + 1].tags.has("ProperNoun") || /^[A-ZÀ-Ý&]/.test(sentence[end + 1].text)) &&
        !NOT_NAME_TAGS.some((tag) => sentence[end + 1].tags.has(tag))
      )
        end++;
      const words = sentence.slice(start, end + 1).map((w) => w.text.replace(/[^\p{L}\p{N}&'’.+-]+$/u, ""));
      // "The Green Thumb Gazette" keeps its "The"; "Our Weekly …" and "… FAQ" lose their filler.
      const keepThe = words[0] === "The" && words.length >= 3;
      while (words.length > 0 && NOT_A_NAME.has(words[0].toLowerCase()) && !(keepThe && words[0] === "The")) words.shift();
      while (words.length > 1 && NOT_A_NAME.has(words[words.length - 1].toLowerCase())) words.pop();
      // "(Shop, Deals, Help)": a name followed by a comma and another name is one of a list.
      const following = sentence[end + 1]?.text ?? "";
      if (
        /,/.test(sentence[end].post) &&
        /^[A-ZÀ-Ý]/.test(following) &&
        !NOT_A_NAME.has(following.toLowerCase().replace(/[^\p{L}]+$/u, ""))
      ) {
        i = end;
        continue;
      }
      const next = sentence[end + 1];
      if (next && /^(?:and|or|y|et|e|und|en)$/i.test(next.text) && /^[A-ZÀ-Ý]/.test(sentence[end + 2]?.text ?? "")) {
        i = end;
        continue;
      }
      const name = cleanPhrase(words.join(" ").replace(/(?:'s|’s)$/, ""));
      // An event's name ("DevOps Summit") is the product, not its owner.
      if (name && isNameLike(name) && !EVENT_NOUN.test(name) && name.length <= FACT_MAX_CHARS.brand) return name;
      i = end;
    }
  }
  return undefined;
}

/** "brand Leafly Loft", "marque : Maison Lumière", "brand is leafly loft". */
const EXPLICIT =
  /\b(?:brand(?:\s+name)?|marque|marca|marke|merk|nom de marque)\s*(?:is|est|es|ist|é|è|:|=|called|named)?\s*["“]?([^"”.,;:!?()\n]{1,80})/i;
/** Words after which an explicit brand's name has ended. */
const AFTER_NAME =
  /\s+(?:with|for|and|to|that|who|which|in|on|at|from|by|voice|colou?rs?|guidelines?|tone|style|palette|fonts?|logo)\b.*$/i;

function explicitBrand(prompt: string, lowercase: boolean): string | undefined {
  const m = EXPLICIT.exec(prompt);
  if (!m) return undefined;
  // "on-brand", "brand voice", "brand colours": not the brand's name.
  if (/^\s*(?:voice|colou?rs?|guidelines?|tone|style|palette|fonts?|logo|new|awareness|story|values|identity)\b/i.test(m[1]))
    return undefined;
  const name = cleanPhrase(m[1].replace(AFTER_NAME, ""));
  if (!name || name.split(/\s+/).length > 5 || name.length > FACT_MAX_CHARS.brand) return undefined;
  if (/^[\p{Ll}]/u.test(name)) return lowercase ? titleCase(name) : undefined;
  return name;
}

const GERMAN_GENITIVE = new RegExp(String.raw`\b(?:der|des)\s+${NAME}`);

/** Prepositions before an owner, most telling first ("at Riverside College" over "of Intro to Data Science"). */
const ARTICLE = String.raw`(?:(?:the|la|le|les|el|il|lo|der|die|dem|den)\s+|l['’])?`;
// "Newsletter dell'Orto di Marta": an elided preposition and article before the owner.
const STRONG_OWNER = new RegExp(
  String.raw`(?:\b(?:for|from|by|at|chez|pour|von|bei|vom|para|por|da|di|dalla|della|voor|van|bij|dla|od|de|du|des|del|hos|från|fra|för)\s+${ARTICLE}|\b(?:dell|dall|all|d)['’](?=[A-ZÀ-Ý]))["“]?${NAME}(?:["”])?(?:'s|’s)?`,
  "g",
);
const WEAK_OWNER = new RegExp(String.raw`\b(?:with|of|per)\s+${ARTICLE}["“]?${NAME}(?:["”])?(?:'s|’s)?`, "g");
const POSSESSIVE_OPENING = new RegExp(String.raw`(?:^|[.!?]\s+)${NAME}(?:'s|’s)\s`, "g");

/** A version after a name is the release's, not the brand's: "Planibox 3.0", "Relay v2". */
const VERSION_TAIL = /\s+v?\d+(?:\.\d+)+$|\s+v\d+$/i;

export function extractBrand(
  prompt: string,
  quoted: string[],
  tagged: () => TaggedSentence[],
  options: { lowercase: boolean; language: string },
): string | undefined {
  const brand = findBrand(prompt, quoted, tagged, options);
  const bare = brand?.replace(VERSION_TAIL, "");
  return bare || brand;
}

const OUR_TITLE = new RegExp(String.raw`\b(?:our|the)\s+${NAME}\s+(?:newsletter|digest|bulletin|podcast|magazine)\b`);
const JA_OWNER = /^([\p{sc=Katakana}ー・][\p{sc=Katakana}\p{sc=Han}ー・]{1,19})の/u;
const JA_TRAILING = /\s([\p{sc=Han}\p{sc=Katakana}][\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー・]{1,15})$/u;
const ARTICLE_A_NAME = new RegExp(String.raw`\b(?:de|chez|pour)\s+((?:La|Le|Les)\s+${NAME_WORD}\s+à\s+${NAME_WORD})`);
const NAMED_DIGEST =
  /^([A-Z][a-z]{2,30})\s+(?:(?!(?:a|an|the|our|my|your|un|una|une|uno|ein|eine|um|uma|la|le|el|il|lo|de|di|da)\s)[a-z]+\s+)?(?:newsletter|digest|bulletin)\b/;
/** Words that open a prompt before "newsletter" without being anyone's name. */
const GENERIC_OPENER =
  /^(?:Crea|Cree|Crée|Créez|Erstelle|Crie|Escribe|Schreibe|Scrivi|Escreva|Redacta|Send|Draft|Company|Team|Internal|Customer|Member|Members|School|Church|Community|Travel|Product|Tech|Family|Staff|Employee|Parent|Club|Local|Student|Investor|Partner|Donor|Volunteer|Alumni|Health|Food|Fashion|Book|Music|Sports?|Business|Marketing|Sales|Event|Holiday|Seasonal|Special|Short|Long|Final|First|Last|Next|Big|Little|Small)$/;
/**
 * "Einladung zur Fachmesse Holzbau Süd", "Convite do Festival Sabores do Sul": an event named by its
 * kind and its capitalised words (connectors between them), never by a number after them.
 */
const EVENT_TITLE = new RegExp(
  String.raw`(?<![\p{L}])((?:(?:Fach)?(?:[Mm]esse|[Kk]onferenz|[Kk]ongress)|Festival|Feria|Fiera|Foire|Salon|Salão|Settimana|Semana|Sagra|Mostra)\s+(?:(?:de|del|della|di|do|da|des|du|la)\s+)?[\p{Lu}][\p{L}'’-]{0,39}(?:\s+(?:(?:de|del|della|di|do|da|des|du|of|the|la|le)\s+)?[\p{Lu}][\p{L}'’-]{0,39}){0,3})`,
  "u",
);

/** "The Green Thumb Gazette, April edition: …": a title of two words or more that opens the prompt and is set off by a comma or colon. */
const OPENING_TITLE = new RegExp(String.raw`^(The\s+)?${NAME}\s?[,:]\s`);

function findBrand(
  prompt: string,
  quoted: string[],
  tagged: () => TaggedSentence[],
  options: { lowercase: boolean; language: string },
): string | undefined {
  const explicit = explicitBrand(prompt, options.lowercase);
  if (explicit) return explicit;
  // Japanese names the owner first: "カフェ・ソラの新メニュー", "ホテル海風のお客様アンケート"; or last, after a blank: "… 茶房みどり".
  if (options.language === "ja") {
    const ja = JA_OWNER.exec(prompt.slice(0, 200)) ?? JA_TRAILING.exec(prompt.slice(-40));
    if (ja) return ja[1];
  }
  const called = new RegExp(
    String.raw`\b(?:company|store|shop|brand|startup|restaurant|cafe|café|bakery|business|studio|app|newsletter|charity|nonprofit|team)\s+(?:called|named)\s+["“]?${NAME}`,
  ).exec(prompt);
  if (called && isNameLike(called[1])) return cleanPhrase(called[1]);
  // One capitalised word here is too often an adjective ("Weekly newsletter"): two words, or "The …".
  const owner = new RegExp(String.raw`(?:^|[.!?]\s+)(The\s+)?${NAME}\s+${OWNER_NOUN}`).exec(prompt);
  // After "The" calendar words are part of the title ("The Sunday Ledger").
  const titled = (n: string) => n.split(/\s+/).every((w) => /^[A-Z0-9]/.test(w) || /^(?:&|of|and|the)$/.test(w));
  // …and no word of it may be one we never take for a name ("Shipping FAQ email").
  const plain = (n: string) => !n.split(/\s+/).some((w) => NOT_A_NAME.has(w.toLowerCase()) && !/^(?:&|of|and|the)$/i.test(w));
  if (owner && (owner[1] ? titled(owner[2]) : isNameLike(owner[2]) && plain(owner[2]) && owner[2].split(/\s+/).length >= 2))
    return cleanPhrase(`${owner[1] ?? ""}${owner[2]}`);
  const opening = OPENING_TITLE.exec(prompt);
  if (
    opening &&
    titled(opening[2]!) &&
    (opening[1] || (isNameLike(opening[2]!) && plain(opening[2]!))) &&
    opening[2]!.split(/\s+/).length >= 2
  )
    return cleanPhrase(`${opening[1] ?? ""}${opening[2]}`);
  // "in our Weekly Stack newsletter": the title the user calls theirs, its calendar words included.
  const ours = OUR_TITLE.exec(prompt);
  if (ours && titled(ours[1]!) && ours[1]!.split(/\s+/).length >= 2) return cleanPhrase(ours[1]!);
  // "Wanderly travel digest with …": one name opening the prompt before a kind of newsletter.
  const digest = NAMED_DIGEST.exec(prompt);
  if (digest && !NOT_A_NAME.has(digest[1]!.toLowerCase()) && !GENERIC_OPENER.test(digest[1]!)) return digest[1]!;
  // "Apéro box de La Cave à Manon": a name opened by its article may hold "à" ("l'Hôtel des Dunes à Biarritz" is a place after a name).
  const withA = ARTICLE_A_NAME.exec(prompt);
  if (withA) return cleanPhrase(withA[1]!);
  // "Invitación a la Feria del Libro Sevilla del 2 al 11 de mayo": a fair or festival is named for itself.
  const event = EVENT_TITLE.exec(prompt);
  if (event && isNameLike(event[1]!)) return cleanPhrase(event[1]!);
  // German capitalises every noun ("für Kunden"), so one capitalised word after "für" is no name there.
  const german = options.language === "de";
  // "Newsletter der Stadtbibliothek Ulm", "Kunden der Alpina Versicherung": a genitive owner of two words or more.
  const genitive = german ? GERMAN_GENITIVE.exec(prompt) : null;
  if (genitive && genitive[1]!.split(/\s+/).length >= 2 && isNameLike(genitive[1]!)) return cleanPhrase(genitive[1]!);
  for (const pattern of [STRONG_OWNER, WEAK_OWNER, POSSESSIVE_OPENING]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(prompt); m; m = pattern.exec(prompt)) {
      // NAME allows dots for "Node.js"; a dot followed by a space ends the sentence, not the name.
      let candidate = cleanPhrase(m[1].split(/\.\s/)[0]).replace(/(?:'s|’s)$/, "");
      // "Maya's Bakery": capitalised words after the possessive are the rest of the name.
      const possessed = /^(?:'s|’s)((?:\s+[A-ZÀ-Ý][\p{L}&'’-]{0,39}){1,2})\b/u.exec(
        prompt.slice(m.index + m[0].indexOf(m[1]) + m[1].length, m.index + m[0].length + 90),
      );
      if (
        possessed &&
        !possessed[1]
          .trim()
          .split(/\s+/)
          .some((w) => NOT_A_NAME.has(w.toLowerCase()))
      )
        candidate = `${candidate}'s${possessed[1]}`;
      if (german && !/^(?:von|bei|vom)\b/i.test(m[0]) && candidate.split(/\s+/).length < 2) continue;
      const after = prompt.slice(m.index + m[0].length, m.index + m[0].length + 80);
      // "from Ethiopia, Colombia and Guatemala": a list of names is content, not the owner ("…, August 22" is a date).
      if (/^\s*(?:,|and|y|et|e|und|en|i|or|ou|o)\s+[A-ZÀ-Ý]/.test(after) && !new RegExp(`^\\s*,\\s+(?:${MONTHS})\\b`, "i").test(after))
        continue;
      // "de Natal da Casa Ipê": past a word that is no name, the name after its connector.
      if (!isNameLike(candidate)) {
        const rest = new RegExp(String.raw`^\S+\s+${CONNECTOR}\s+(.+)$`).exec(candidate)?.[1];
        if (rest && isNameLike(rest)) candidate = rest;
      }
      // "at Pier 27": a place with a number is an address, not an owner.
      if (
        candidate.length < 2 ||
        (/^at\b/i.test(m[0]) && (/\s\d/.test(m[1]!) || /^\s*\d/.test(prompt.slice(m.index + m[0].length, m.index + m[0].length + 4))))
      )
        continue;
      // "the Orbit Desk by Workwell": the maker after "by" owns the product.
      const maker = new RegExp(String.raw`^\s+by\s+${NAME}`).exec(after);
      if (maker && isNameLike(cleanPhrase(maker[1]))) return cleanPhrase(maker[1]);
      if (isNameLike(candidate) && !/^\d/.test(candidate) && !/^[A-Z]{2,}\d+$/.test(candidate)) return candidate;
      // "for The Night Owls": a leading "The" with at least two title-case words is part of the name.
      const titledRest = /^The\s+(.+)$/.exec(candidate)?.[1];
      if (titledRest && titledRest.split(/\s+/).length >= 2 && isNameLike(titledRest)) return candidate;
    }
  }
  // "Invitation to Northlight Design Summit": with no owner named, the event is named for itself.
  const named = NAMED_EVENT.exec(prompt);
  if (named && isNameLike(named[1]!) && !NOT_A_NAME.has(named[1]!.split(/\s+/)[0]!.toLowerCase())) return cleanPhrase(named[1]!);
  if (!german) {
    const proper = properNounBrand(tagged());
    if (proper) return proper;
  }
  if (options.lowercase) {
    const lower = beforeColonBrand(prompt) ?? lowercaseBrand(prompt) ?? segmentBrand(prompt);
    if (lower) return lower;
  }
  return quoted.find((q) => isNameLike(q) && q.split(/\s+/).length <= 3);
}
