/**
 * How many items, slides or questions the prompt asks for: "three roasts", "2 questions",
 * "5 slides", "trois questions", "drei Fragen", "cinco productos". A number followed (within one
 * word) by a noun that is not a unit of time, money or a percentage.
 */
import { NUMBER_WORDS } from "../number-words";

/** Nouns a count never counts: time, money, percentages, people's ages, repetitions. */
const NOT_COUNTED = new RegExp(
  String.raw`^(?:%|percent|per|off|for|x|times?|days?|hours?|hrs?|minutes?|mins?|seconds?|weeks?|months?|years?|yrs?|nights?|am|pm|dollars?|euros?|pounds|cents?|usd|eur|gbp|chf|people|persons?|guests?|kids?|ages?|jours?|heures?|semaines?|mois|ans|días|dias|horas?|semanas?|meses|años|anos|tage?n?|stunden|wochen|monate|jahre|giorni|ore|settimane|mesi|anni|dagen|uur|weken|maanden|jaar|dni|godzin|tygodni|lat|of|de|du|des|del|di|von|or|and|et|y|e|und|o|oder|to|à|a|bis|al|hasta|fino)$`,
  "i",
);
/** Nouns that name what an interactive email counts; one of these wins over an earlier loose count. */
const COUNTED =
  /^(?:questions?|slides?|items?|products?|roasts?|steps?|tips?|tabs?|cards?|panels?|sections?|dishes|recipes?|courses?|options?|choices?|picks?|plans?|tiers?|offers?|deals?|stories|articles?|posts?|reasons?|ways?|ideas?|looks?|styles?|flavou?rs?|beans?|wines?|books?|events?|sessions?|speakers?|destinations?|rooms?|tours?|classes|lessons?|modules?|features?|benefits?|faqs?|hotspots?|images?|photos?|questions|fragen|produkte|artikel|schritte|tipps|folien|perguntas|preguntas|productos|pasos|consejos|diapositivas|domande|prodotti|passi|consigli|produits|étapes|conseils|diapositives|produtos|passos|dicas|vragen|producten|stappen|pytania|produkty)$/i;

const MAX_COUNT = 50;
const COUNT_SAMPLE_CHARS = 4_000;

const CANDIDATE = /(?<![\d.,$€£¥₹#-])\b(\d{1,2}|\p{L}{3,7})\s+(?:(\p{L}[\p{L}'’-]{0,30})\s+)?(\p{L}[\p{L}'’-]{0,30}|%)/gu;

export function extractCount(prompt: string): number | undefined {
  const text = prompt.slice(0, COUNT_SAMPLE_CHARS);
  let loose: number | undefined;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
    const word = m[1].toLowerCase();
    // "one" is as often a pronoun as a count: counts in words start at two.
    const n = /^\d/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? 0) >= 2 ? NUMBER_WORDS[word] : undefined;
    // Only the number word itself moves on: the words after it may start the next candidate.
    CANDIDATE.lastIndex = m.index + m[1].length;
    if (n === undefined || n < 1 || n > MAX_COUNT) continue;
    const after = text.slice(m.index + m[1].length, m.index + m[1].length + 2);
    if (/^\s?[%$€£:.,/]/.test(after) && !/^\s?[.,]\s/.test(after)) continue;
    const nouns = [m[2], m[3]].filter((w): w is string => Boolean(w));
    if (NOT_COUNTED.test(nouns[0])) continue;
    if (nouns.some((w) => COUNTED.test(w))) return n;
    const noun = nouns.find((w) => !NOT_COUNTED.test(w) && /(?:s|x|en|i|e)$/i.test(w));
    if (loose === undefined && n >= 2 && noun) loose = n;
  }
  return loose;
}
