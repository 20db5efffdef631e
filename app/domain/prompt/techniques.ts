/**
 * Technique extraction (step 3 of docs/generation.md "The pipeline"): which CSS interactive modules the prompt asks for.
 * At most two; an explicit list of three or more is the caller's mistake, not ours to trim.
 */

import { TECHNIQUES, type Technique } from "~/domain/blueprint/schema";

export type { Technique };
/** The CSS modules; amp4email is an output format and is reported separately. */
export const CSS_TECHNIQUES = TECHNIQUES;

export function isTechnique(value: unknown): value is Technique {
  return typeof value === "string" && (CSS_TECHNIQUES as readonly string[]).includes(value);
}

export const MAX_TECHNIQUES = 2;

export type TechniqueSource = "prompt" | "hint" | "inferred";

export type ExtractTechniquesResult =
  | {
      ok: true;
      techniques: Technique[];
      /** amp4email is a second output format, not a CSS module; the caller decides what to do with it. */
      ampRequested: boolean;
      source: TechniqueSource;
    }
  | { ok: false; error: string; mentioned: Technique[] };

/**
 * Phrases per technique. Order within the prompt decides the order of the result, so the
 * patterns only need to find where a technique is named. Plain "menu" is deliberately absent:
 * in "our new lunch menu" it means food, not a hamburger overlay.
 */
const SYNONYMS: Record<Technique, RegExp[]> = {
  tabs: [/\btab(?:s|bed)?\b/g, /\btab[- ]?(?:interface|navigation|layout|panel)s?\b/g],
  accordion: [
    /\baccordions?\b/g,
    /\bfaqs?\b/g,
    /\bfrequently asked questions\b/g,
    /\bexpandable\b/g,
    /\bcollapsible\b/g,
    /\bexpand(?:\/|\s+(?:and|or|\/)\s+)collapse\b/g,
    /\bshow[- ]more sections?\b/g,
    /\btoggle sections?\b/g,
  ],
  carousel: [/\bcarousels?\b/g, /\bsliders?\b/g, /\bslide ?shows?\b/g, /\bimage (?:rotator|gallery)\b/g, /\bswipeable\b/g, /\bslides\b/g],
  survey: [
    /\bsurveys?\b/g,
    /\bpolls?\b/g,
    /\bfeedback form\b/g,
    /\bquestionnaires?\b/g,
    /\bnps\b/g,
    /\bnet promoter\b/g,
    /\bstar rating\b/g,
    /\brate (?:us|your|their|our)\b/g,
  ],
  quiz: [/\bquiz(?:zes)?\b/g, /\btrivia\b/g, /\btest your knowledge\b/g, /\bpersonality test\b/g, /\bknowledge check\b/g],
  menu: [
    /\bhamburger(?: menu)?\b/g,
    /\bnav(?:igation)?(?: menu| bar)?\b/g,
    /\bmenu overlay\b/g,
    /\b(?:dropdown|drop-down|mobile|site) menu\b/g,
    /\bmenu (?:toggle|button|icon)\b/g,
  ],
  itemCart: [
    /\bitem ?cart\b/g,
    /\b(?:shopping )?(?:cart|basket)s?\b/g,
    /\bshopping bag\b/g,
    /\badd[- ]to[- ](?:cart|basket|bag|order)\b/g,
    /\btap[- ]to[- ]add\b/g,
    /\brunning totals?\b/g,
    /\border form\b/g,
  ],
};

/**
 * A word or phrase in the other frame languages (fr, es, de, pt, it). JavaScript's `\b` only knows
 * ASCII letters, so "menú" or "carrossel" need Unicode letter boundaries.
 */
const word = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, "gu");

/** The techniques as marketers name them in French, Spanish, German, Portuguese and Italian. */
const FOREIGN_SYNONYMS: Record<Technique, RegExp[]> = {
  tabs: [word("onglets?|pestañas?|registerkarten?|reiter|abas|schede")],
  accordion: [
    word("accordéons?|acordeón|acordeones|akkordeons?|acordeão|acordeões|fisarmonica"),
    word("questions fréquentes|preguntas frecuentes|häufige fragen|perguntas frequentes|domande frequenti"),
    word("aufklappbare?[nr]?|dépliables?|desplegables?|expansíve(?:l|is)|espandibil[ei]"),
  ],
  carousel: [word("carrousels?|diaporamas?|carrusel(?:es)?|karussells?|carross[eé]is|carrossel|carosell[oi]")],
  survey: [
    word(
      "sondages?|enquêtes?|encuestas?|sondeos?|umfragen?|fragebogen|pesquisas? de satisfação|enquetes?|sondaggi|sondaggio|questionari[oi]?|questionnaires?|questionários?",
    ),
  ],
  quiz: [word("quizz|cuestionario de trivia|preguntas de trivia|wissensquiz|rätsel")],
  menu: [word("menu de navigation|menú de navegación|menú hamburguesa|navigationsmenü|menu de navegação|menu di navigazione")],
  itemCart: [
    word("carritos?|cestas? de la compra|warenkorbs?|einkaufswagen|carrinhos?(?: de compras)?|carrell[oi]"),
    // A French "panier" is as often a basket of vegetables ("3 paniers de légumes") as a cart.
    word("(?:ajouter |mettre )?au panier|paniers? d['’]achats?|panier (?:interactif|en ligne)|avec (?:un |le )?panier(?! d)"),
  ],
};

// Bare "amp" is left out on purpose: "amp up your sales" is not a request for AMP4Email.
const AMP_PATTERN = /\bamp4email\b|\bamp for email\b|\bamp (?:email|version|variant|html|output|part)\b|\bamp-html\b/;

/** A mention right after one of these is a request to leave the technique out. */
const NEGATION =
  /\b(?:no|not|without|never|avoid|skip|don'?t (?:use|want|need|include)|instead of|rather than)\s+(?:an?\s+|the\s+|any\s+)?(?:[\w-]+\s+)?$/;
/** The same in the other frame languages: "sans", "sin", "ohne", "sem", "senza" (+ an article). */
const FOREIGN_NEGATION =
  /(?<![\p{L}])(?:sans|pas de|sin|ohne|kein(?:e[nmrs]?)?|sem|senza)\s+(?:(?:un|une|le|la|les|de|el|los|las|einen?|ein|den|das|die|um|uma|o|a|il|lo|l')\s*)?$/u;

interface Mention {
  technique: Technique;
  index: number;
}

/** Idioms that contain a technique word without asking for the technique; blanked before matching. */
const FALSE_FRIENDS = [
  /\bkeep(?:s|ing)? tabs on\b/g,
  /\b(?:pick(?:s|ing)? up|picked up|on) the tab\b/g,
  /\b(?:bar|browser|open|new) tabs?\b/g,
  /\b(?:golf|food|coffee|dessert) carts?\b/g,
  /\bwater ?slides?\b/g,
  /\bpresentation slides\b/g,
];

function findMentions(text: string): Mention[] {
  // Same-length blanks keep every other match's index, so mention order is unchanged.
  const lower = FALSE_FRIENDS.reduce((t, re) => t.replace(re, (m) => " ".repeat(m.length)), text.toLowerCase());
  const first = new Map<Technique, number>();
  for (const technique of CSS_TECHNIQUES) {
    for (const pattern of [...SYNONYMS[technique], ...FOREIGN_SYNONYMS[technique]]) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(lower); m; m = pattern.exec(lower)) {
        const before = lower.slice(Math.max(0, m.index - 40), m.index);
        if (NEGATION.test(before) || FOREIGN_NEGATION.test(before)) continue;
        const prev = first.get(technique);
        if (prev === undefined || m.index < prev) first.set(technique, m.index);
        break;
      }
    }
  }
  return [...first.entries()].map(([technique, index]) => ({ technique, index })).sort((a, b) => a.index - b.index);
}

function normaliseHint(hint: string): { techniques: Technique[]; amp: boolean } {
  const parts = hint
    .split(/[,+&/|]|\band\b/)
    .map((p) => p.trim())
    .filter(Boolean);
  const techniques: Technique[] = [];
  let amp = false;
  for (const part of parts) {
    const exact = CSS_TECHNIQUES.find((t) => t.toLowerCase() === part.toLowerCase().replace(/[\s_-]/g, ""));
    const found = exact ? [exact] : findMentions(part).map((m) => m.technique);
    for (const t of found) if (!techniques.includes(t)) techniques.push(t);
    if (AMP_PATTERN.test(part.toLowerCase())) amp = true;
  }
  return { techniques, amp };
}

/** Deterministic choice when nothing is named: what the email is about decides. */
export function inferTechnique(prompt: string, emailType: string | undefined): Technique {
  const lower = prompt.toLowerCase();
  if (/\b(?:common|your) questions\b|\bquestions (?:answered|about)\b|\bhelp cent(?:er|re)\b/.test(lower)) return "accordion";
  if (/\b(?:feedback|opinion|rate|review|satisfaction|how did we do)\b/.test(lower)) return "survey";
  if (/\b(?:learn|lesson|fact|did you know|challenge|guess)\b/.test(lower) && emailType === "education") return "quiz";
  switch (emailType) {
    case "ecommerce":
      return /(?:[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars|euros))/.test(lower) ? "itemCart" : "carousel";
    case "restaurant":
      return "tabs";
    case "event":
      return "accordion";
    case "onboarding":
      return "tabs";
    case "newsletter":
      return "accordion";
    case "announcement":
      return "carousel";
    case "education":
      return "quiz";
    case "feedback":
      return "survey";
    case "travel":
      return "carousel";
    case "nonprofit":
      return "tabs";
    case "transactional":
      return "accordion";
    default:
      return "tabs";
  }
}

/**
 * Techniques named in the prompt win; the hint (e.g. the builder's feature picker) is used when
 * the prompt names none; otherwise one is inferred from the email type.
 */
export function extractTechniques(prompt: string, hint?: string | null, emailType?: string): ExtractTechniquesResult {
  const mentioned = findMentions(prompt).map((m) => m.technique);
  const ampRequested = AMP_PATTERN.test(prompt.toLowerCase()) || (hint ? normaliseHint(hint).amp : false);
  if (mentioned.length > MAX_TECHNIQUES) {
    return {
      ok: false,
      error: `At most ${MAX_TECHNIQUES} interactive techniques per email; the prompt asks for ${mentioned.length} (${mentioned.join(", ")}).`,
      mentioned,
    };
  }
  if (mentioned.length > 0) return { ok: true, techniques: mentioned, ampRequested, source: "prompt" };
  if (hint) {
    const fromHint = normaliseHint(hint).techniques;
    if (fromHint.length > MAX_TECHNIQUES) {
      return {
        ok: false,
        error: `At most ${MAX_TECHNIQUES} interactive techniques per email; the hint names ${fromHint.length} (${fromHint.join(", ")}).`,
        mentioned: fromHint,
      };
    }
    if (fromHint.length > 0) return { ok: true, techniques: fromHint, ampRequested, source: "hint" };
  }
  return { ok: true, techniques: [inferTechnique(prompt, emailType)], ampRequested, source: "inferred" };
}

/** Whether a piece of text names a technique ("Warenkorb zum Zusammenstellen"): an instruction, not copy. */
export function mentionsTechnique(text: string): boolean {
  return findMentions(text).length > 0;
}
