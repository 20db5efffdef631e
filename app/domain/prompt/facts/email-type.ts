import { EMAIL_TYPES, type EmailType } from "./types";

/** The kind of email a prompt asks for, from its vocabulary (English and the five other frame languages). */

const EMAIL_TYPE_SYNONYMS: Record<EmailType, RegExp> = {
  ecommerce:
    /\b(?:e-?commerce|shop|store|sale|sales|discount|% off|collection|products?|retail|checkout|buy|deal|deals|promo(?:tion)?|coupon|boutique|apparel|sneakers?|merch|soldes|promotion|boutique|rebajas|ofertas?|tienda|angebot|rabatt|sale|saldi|negozio|promo[cç][aã]o|loja|uitverkoop|aanbieding|korting|wyprzedaż)\b/g,
  newsletter:
    /\b(?:newsletter|digest|weekly|monthly|roundup|round-up|bulletin|edition|issue|what's new|updates|lettre d'information|boletín|boletim|notiziario|nieuwsbrief)\b/g,
  event:
    /\b(?:event|webinar|conference|workshop|rsvp|register|registration|summit|meetup|meet-up|festival|concert|gala|launch party|tickets?|speakers?|agenda|venue|événement|soirée|evento|veranstaltung|einladung|inscripción|anmeldung|evenement)\b/g,
  onboarding:
    /\b(?:welcome|onboarding|getting started|get started|new users?|new members?|sign(?:ed)? ?up|set ?up|first steps|account|bienvenue|bienvenid[oa]|willkommen|benvenut[oa]|bem-vind[oa]|welkom)\b/g,
  announcement: /\b(?:announce|announcing|announcement|introducing|launch(?:ing|es)?|release|new feature|now available|unveil)\b/g,
  restaurant:
    /\b(?:restaurant|cafe|café|coffee|bakery|brunch|lunch|dinner|chef|pizza|bistro|menu items|dishes|dish|burger|tacos?|sushi|bar|kitchen|reservations?|table|carte|plats|comida|cena|speisekarte|essen|ristorante|cena|restaurante|cardápio)\b/g,
  education:
    /\b(?:course|courses|lesson|lessons|learn|learning|students?|class|classes|school|university|tutorial|quiz|trivia|training|cours|formation|curso|kurs|corso|cursus|quiz)\b/g,
  feedback:
    /\b(?:feedback|survey|poll|nps|questionnaire|review|how did we do|satisfaction|sondage|avis|encuesta|opinión|umfrage|bewertung|sondaggio|pesquisa|opinião|enquête|ankieta)\b/g,
  travel:
    /\b(?:travel|trip|flights?|hotel|destinations?|vacation|holiday package|resort|getaway|tour|booking|voyage|viaje|reise|viaggio|viagem|reis|hôtel|hotel)\b/g,
  nonprofit:
    /\b(?:nonprofit|non-profit|charity|donate|donation|donors?|fundrais\w*|volunteers?|cause|campaign for|donación|spende|donazione|doação|donatie)\b/g,
  transactional: /\b(?:order confirmation|receipt|invoice|shipping confirmation|password reset|your order has|order #)\b/g,
};

const TYPE_ALIASES: Record<string, EmailType> = {
  ecommerce: "ecommerce",
  "e-commerce": "ecommerce",
  retail: "ecommerce",
  promotional: "ecommerce",
  promo: "ecommerce",
  promotion: "ecommerce",
  sale: "ecommerce",
  product: "ecommerce",
  shop: "ecommerce",
  newsletter: "newsletter",
  digest: "newsletter",
  content: "newsletter",
  event: "event",
  events: "event",
  webinar: "event",
  invitation: "event",
  invite: "event",
  onboarding: "onboarding",
  welcome: "onboarding",
  announcement: "announcement",
  launch: "announcement",
  "product launch": "announcement",
  update: "announcement",
  restaurant: "restaurant",
  food: "restaurant",
  hospitality: "restaurant",
  education: "education",
  course: "education",
  learning: "education",
  feedback: "feedback",
  survey: "feedback",
  travel: "travel",
  nonprofit: "nonprofit",
  "non-profit": "nonprofit",
  charity: "nonprofit",
  fundraising: "nonprofit",
  transactional: "transactional",
  receipt: "transactional",
  confirmation: "transactional",
};

/** Maps a caller's email-type hint to one we write templates for; unknown hints are ignored. */
export function normaliseEmailType(hint: string | undefined | null): EmailType | undefined {
  if (!hint) return undefined;
  const key = hint.trim().toLowerCase().replace(/[_]/g, " ");
  return TYPE_ALIASES[key] ?? TYPE_ALIASES[key.replace(/\s+email$/, "")];
}

export function detectEmailType(prompt: string): EmailType | undefined {
  const lower = prompt.toLowerCase();
  let best: EmailType | undefined;
  let bestScore = 0;
  for (const type of EMAIL_TYPES) {
    const pattern = EMAIL_TYPE_SYNONYMS[type];
    pattern.lastIndex = 0;
    const hits = lower.match(pattern)?.length ?? 0;
    // An explicit "<type> email" is worth more than incidental vocabulary.
    const named = new RegExp(`\\b${type === "ecommerce" ? "e-?commerce" : type}\\b`).test(lower) ? 3 : 0;
    const score = hits + named;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}
