import { NAME } from "./brand";
import { extractDates } from "./dates";
import { cleanPhrase, MONTHS, titleCase, WEEKDAYS } from "./text";

/** The product or event the email is about: "introducing X", "our new X", "product: X", "DevOps Summit". A quoted name keeps its casing. */
export function extractProduct(prompt: string, brand: string | undefined, lowercase = false): string | undefined {
  // The lazy phrases are bounded ({1,160}?, far past the six words a product name may have): an
  // unbounded one read on to the end of the sentence from every "introducing" when no closing
  // delimiter came, quadratic in a prompt of repeated triggers.
  const patterns = [
    /\bproduct(?:\s+name)?\s*(?:is|:|=|called|named)\s*["“]?([^"”.,;\n]+)["”]?/i,
    /\b(?:introducing|launching|launch (?:of|for)|announcing|unveiling|release of|releasing)\s+(?:our|the|a|their|its)?\s*(?:new|all-new|brand-new)?\s*["“]?([^"”.,;!\n]{1,160}?)["”]?(?=[.,;!\n]|\s+(?:with|for|at|on|in|to|and|from|by)\b|$)/i,
    /\b(?:our|the|their|its)\s+new\s+["“]?([^"”.,;!\n]{1,160}?)["”]?(?=[.,;!\n]|\s+(?:with|for|at|on|in|to|and|that|which|from|by)\b|$)/i,
    new RegExp(
      String.raw`\b${NAME}\s+(?:Summit|Conference|Festival|Meetup|Workshop|Webinar|Gala|Expo|Fair|Week|Day|Awards|Retreat|Hackathon|Launch)\b`,
    ),
  ];
  for (const [i, p] of patterns.entries()) {
    const m = p.exec(prompt);
    if (m) {
      // The event-name pattern's whole match is the name ("DevOps Summit"), not just its first words;
      // it stays the product when it is also the brand (an event named for itself).
      const phrase = cleanPhrase(i === patterns.length - 1 ? m[0] : m[1]);
      const words = phrase.split(/\s+/);
      const isDate =
        extractDates(phrase).join(" ") === phrase ||
        new RegExp(`^(?:${MONTHS}|${WEEKDAYS}|today|tomorrow|soon|next|this)\\b`, "i").test(phrase);
      if (
        phrase &&
        words.length <= 6 &&
        !isDate &&
        (i === patterns.length - 1 || phrase.toLowerCase() !== brand?.toLowerCase()) &&
        !/\bemail\b/i.test(phrase)
      )
        return lowercase && !/["“]/.test(m[0]) ? titleCase(phrase) : phrase;
    }
  }
  return topicOf(prompt, brand, lowercase);
}

/**
 * What the email is about when no product is named (the brief's topic): a quoted talk title, "for
 * the Everest Base Camp trek", "a carousel of three new dinosaur exhibits", and in a terse prompt
 * the thing its few words are about ("Tabs email for a shoe store", "Customer satisfaction survey").
 * Every phrase is bounded and each pattern is tried once.
 */
const TOPIC_PATTERNS: RegExp[] = [
  /\b(?:webinar|workshop|talk|session|course|class|atelier|conférence|cours|curso|taller|seminario|seminar|séminaire|vortrag|corso|palestra)\b[^"“«.\n]{0,60}?[«"“]\s?([^"”»\n]{2,80}?)\s?[»"”]/i,
  /\bfor the ((?:[A-Z][\p{L}'-]{0,30}\s+){1,4})(?:trek|tour|trip|course|class|cruise|retreat)\b/u,
  // "version 4.2 adds …", "April edition": what a release or an issue is.
  /\b((?:version|versión|versione|versão)\s\d{1,3}(?:\.\d{1,3}){1,2})(?![\d.]\d)/iu,
  new RegExp(String.raw`\b((?:${MONTHS}|spring|summer|autumn|fall|winter|holiday)\s+(?:edition|issue))\b`, "i"),
  /\b(?:carousel|slider|slideshow|gallery) of (?:(?:two|three|four|five|six|\d{1,2})\s+)?(?:new\s+)?(\p{L}[\p{L}'-]{0,30}(?:\s\p{L}[\p{L}'-]{0,30}){0,3}?)(?=\s+(?:followed|and|then|with|for|from|plus|that|to)\b|[.,;:!?(]|$)/iu,
  // "for students of Intro to Data Science at Riverside College": the course, with its small words.
  /\b(?:students|learners|participants) (?:of|in) (\p{Lu}[\p{L}'-]{0,30}(?:\s+(?:to|of|and|for|the|\p{Lu}[\p{L}'-]{0,30})){0,5})(?=\s+(?:at|from|with|by)\b|[.,;:!?]|$)/u,
];
/** Patterns read only in a prompt of a few words. */
const TERSE_TOPIC: RegExp[] = [
  /\b(?:for|pour|para|für|per)\s+(?:a|an|the|our|un|une|una|um|uma|ein|eine|einen|einem)\s+(\p{L}[\p{L}'-]{0,30}(?:\s\p{L}[\p{L}'-]{0,30}){0,2})\s*[.!]?$/iu,
  /^(\p{L}[\p{L}'-]{0,30}(?:\s\p{L}[\p{L}'-]{0,30}){0,2}?)\s+(?:trivia\s+)?(?:survey|quiz|poll|questionnaire)\s*[.!]?$/iu,
  /^(?:trivia\s+)?(?:quiz|survey|poll)\s+([\p{L}\d][\p{L}\d'-]{0,30}(?:\s\p{L}[\p{L}'-]{0,30}){0,2})(?=,)/iu,
  // "faq envíos y devoluciones para tienda nube verde": what the questions are about.
  /^(?:faq|faqs)\s+(?:(?:on|about|sur|sobre|zu|su)\s+)?(\p{L}[\p{L}'-]{0,30}(?:\s\p{L}[\p{L}'-]{0,30}){0,3}?)(?=\s+(?:for|pour|para|für|per|von|de|from)\s|[.,;:!?]|$)/iu,
];
const TERSE_WORDS = 12;
/** Words that open no topic: they say what the email is, or how big. */
const NOT_A_TOPIC =
  /^(?:quick|short|simple|new|nps|email|e-mail|newsletter|our|my|the|a|an|this|weekly|monthly|one|two|three|rsvp|vip|tabs?|faq|carousel|accordion|menu|nav|survey|quiz|poll|trivia|personality)$/i;

function topicOf(prompt: string, brand: string | undefined, lowercase: boolean): string | undefined {
  const head = prompt.slice(0, 400);
  const terse = head.trim().split(/\s+/).length <= TERSE_WORDS;
  for (const p of terse ? [...TOPIC_PATTERNS, ...TERSE_TOPIC] : TOPIC_PATTERNS) {
    const m = p.exec(head);
    const phrase = m ? cleanPhrase(m[1]!) : "";
    if (!phrase || NOT_A_TOPIC.test(phrase.split(/\s+/)[0]!) || phrase.toLowerCase() === brand?.toLowerCase()) continue;
    return lowercase && !/[«"“]/.test(m![0]) ? titleCase(phrase) : phrase;
  }
  return undefined;
}
