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
    new RegExp(String.raw`\b${NAME}\s+(?:Summit|Conference|Festival|Meetup|Workshop|Webinar|Gala|Expo|Fair|Week|Day|Awards|Retreat|Hackathon|Launch)\b`),
  ];
  for (const [i, p] of patterns.entries()) {
    const m = p.exec(prompt);
    if (m) {
      // The event-name pattern's whole match is the name ("DevOps Summit"), not just its first words;
      // it stays the product when it is also the brand (an event named for itself).
      const phrase = cleanPhrase(i === patterns.length - 1 ? m[0] : m[1]);
      const words = phrase.split(/\s+/);
      const isDate = extractDates(phrase).join(" ") === phrase || new RegExp(`^(?:${MONTHS}|${WEEKDAYS}|today|tomorrow|soon|next|this)\\b`, "i").test(phrase);
      if (phrase && words.length <= 6 && !isDate && (i === patterns.length - 1 || phrase.toLowerCase() !== brand?.toLowerCase()) && !/\bemail\b/i.test(phrase)) return lowercase && !/["“]/.test(m[0]) ? titleCase(phrase) : phrase;
    }
  }
  return undefined;
}
