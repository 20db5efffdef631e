import { franc } from "franc-min";
import { FRAME_LANGUAGES, type FrameLanguage, type PromptLanguage } from "./types";

/** franc's ISO 639-3 codes for the languages franc-min knows that prompts are likely written in. */
const ISO_639_1: Record<string, string> = {
  eng: "en",
  fra: "fr",
  spa: "es",
  deu: "de",
  por: "pt",
  ita: "it",
  nld: "nl",
  pol: "pl",
  swe: "sv",
  dan: "da",
  nob: "no",
  nno: "no",
  fin: "fi",
  ces: "cs",
  slk: "sk",
  ron: "ro",
  hun: "hu",
  tur: "tr",
  rus: "ru",
  ukr: "uk",
  bul: "bg",
  srp: "sr",
  hrv: "hr",
  bos: "bs",
  slv: "sl",
  ell: "el",
  cat: "ca",
  glg: "gl",
  lit: "lt",
  lav: "lv",
  est: "et",
  ind: "id",
  zlm: "ms",
  vie: "vi",
  tgl: "tl",
  arb: "ar",
  pes: "fa",
  heb: "he",
  hin: "hi",
  ben: "bn",
  tha: "th",
  cmn: "zh",
  jpn: "ja",
  kor: "ko",
  swh: "sw",
  afr: "af",
};

/**
 * Function words of the languages we tell apart on short prompts. franc reads letter trigrams,
 * which brand names and English tech words ("newsletter", "email") skew; these words only come
 * from sentences written in the language, so they confirm or overrule franc's guess.
 */
const FUNCTION_WORDS: Record<string, string[]> = {
  en: [
    "the",
    "and",
    "for",
    "with",
    "our",
    "your",
    "to",
    "of",
    "a",
    "an",
    "is",
    "are",
    "this",
    "that",
    "from",
    "on",
    "in",
    "by",
    "all",
    "new",
    "until",
    "off",
    "please",
    "make",
    "about",
    "who",
    "which",
    "how",
    "do",
    "you",
    "we",
    "it",
    "at",
    "or",
  ],
  fr: [
    "le",
    "la",
    "les",
    "des",
    "et",
    "pour",
    "avec",
    "nos",
    "notre",
    "votre",
    "vos",
    "du",
    "une",
    "un",
    "sur",
    "dans",
    "est",
    "chez",
    "jusqu'au",
    "au",
    "aux",
    "qui",
    "ce",
    "cette",
    "nouveaux",
    "nouvelle",
    "dès",
  ],
  es: [
    "el",
    "la",
    "los",
    "las",
    "y",
    "para",
    "con",
    "nuestro",
    "nuestra",
    "nuestros",
    "su",
    "sus",
    "del",
    "una",
    "un",
    "en",
    "es",
    "por",
    "hasta",
    "que",
    "al",
    "este",
    "esta",
    "nuevo",
    "nueva",
  ],
  de: [
    "der",
    "die",
    "das",
    "und",
    "für",
    "mit",
    "unsere",
    "unser",
    "ihre",
    "den",
    "dem",
    "ein",
    "eine",
    "auf",
    "im",
    "ist",
    "von",
    "bis",
    "zum",
    "zur",
    "neue",
    "neuen",
    "alle",
    "bei",
    "aus",
    "zu",
    "dir",
    "du",
    "ich",
    "wir",
    "welcher",
    "welche",
    "nicht",
  ],
  pt: [
    "o",
    "os",
    "as",
    "e",
    "para",
    "com",
    "nosso",
    "nossa",
    "nossos",
    "seu",
    "sua",
    "do",
    "da",
    "dos",
    "das",
    "uma",
    "um",
    "em",
    "no",
    "na",
    "até",
    "que",
    "por",
    "novo",
    "nova",
  ],
  it: [
    "il",
    "lo",
    "gli",
    "le",
    "e",
    "per",
    "con",
    "nostro",
    "nostra",
    "nostri",
    "del",
    "della",
    "dei",
    "una",
    "un",
    "in",
    "è",
    "da",
    "fino",
    "che",
    "al",
    "alla",
    "nuovo",
    "nuova",
  ],
  nl: [
    "het",
    "een",
    "voor",
    "met",
    "onze",
    "ons",
    "jullie",
    "van",
    "op",
    "tot",
    "bij",
    "nieuwe",
    "alle",
    "naar",
    "uw",
    "wij",
    "leden",
    "klanten",
  ],
  pl: [
    "na",
    "dla",
    "nasz",
    "nasza",
    "nasze",
    "się",
    "jest",
    "od",
    "oraz",
    "nowy",
    "nowa",
    "wszystkie",
    "przez",
    "klientów",
    "nad",
    "pod",
    "po",
    "ze",
    "trzy",
    "nowości",
  ],
  sv: ["och", "för", "med", "ett", "till", "att", "är", "på", "av", "hos", "vår", "våra", "nya", "från", "om", "det", "som", "kunderna"],
};

/** The languages a terse prompt without function words is told apart among. */
const TERSE_CANDIDATES = ["eng", "fra", "spa", "deu", "por", "ita", "nld", "pol"];

/** Text franc reads; trigram counts settle long before this. */
const LANGUAGE_SAMPLE_CHARS = 2_000;
/** Below this many words a prompt is too short to tell its language: it is English, the default. */
const MIN_WORDS = 6;

const FUNCTION_WORD_SETS = Object.entries(FUNCTION_WORDS).map(([lang, list]) => [lang, new Set(list)] as const);

function countFunctionWords(words: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [lang, set] of FUNCTION_WORD_SETS) counts[lang] = words.filter((w) => set.has(w)).length;
  return counts;
}

function languageOf(code: string): PromptLanguage {
  const frame = (FRAME_LANGUAGES as readonly string[]).includes(code) ? (code as FrameLanguage) : "en";
  return { code, frame, supported: frame === code };
}

/**
 * The prompt's language: franc's guess over the prose (no links, prices or codes), checked against
 * function words so brand names and English loanwords cannot turn a short English prompt French.
 */
export function detectLanguage(prompt: string): PromptLanguage {
  const prose = prompt
    .slice(0, LANGUAGE_SAMPLE_CHARS)
    // An address's local part is bounded: an unbounded \S+@ rescanned a long run without blanks from every position in it.
    .replace(/\bhttps?:\/\/\S+|\bwww\.\S+|[^\s@]{1,64}@\S+/gi, " ")
    .replace(/[$€£¥₹]?\d[\d.,:%/-]*\s?[$€£¥₹%]?/g, " ")
    .replace(/\b[A-Z0-9]{3,}\b/g, " ");
  // Scripts without blanks between words (Japanese, Chinese, Thai) are told by their letters.
  const unspaced = (prose.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu) ?? []).length;
  if (unspaced >= 6) return languageOf(ISO_639_1[franc(prose, { minLength: 3 })] ?? "und");
  const words = prose.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  if (words.length < MIN_WORDS) return languageOf("en");
  const nonLatin = (prose.match(/[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}]/gu) ?? [])
    .length;
  const guess = ISO_639_1[franc(prose, { minLength: 10 })];
  if (nonLatin > prose.length / 4 && guess) return languageOf(guess);
  const normalised = words.map((w) => w.replace(/’/g, "'"));
  const counts = countFunctionWords(normalised);
  // French elisions ("d'hiver", "l'hôtel", "qu'il") are function words too.
  counts.fr += normalised.filter((w) => /^(?:d|l|qu|j|n|s|c)'\p{L}/u.test(w)).length;
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  // franc's guess stands when the prompt's function words agree with it at least as much as with
  // English; otherwise the language whose function words the prompt uses most (English on a tie).
  if (guess && guess !== "en" && (counts[guess] ?? 0) > 0 && (counts[guess] ?? 0) >= best[1] && (counts[guess] ?? 0) > counts.en)
    return languageOf(guess);
  if (best[1] > 0) return languageOf(counts.en >= best[1] ? "en" : best[0]);
  // No function word at all: a terse prompt ("carrossel 3 sandálias, loja maré alta"). Letters
  // outside English (accents, ß) point to the language franc finds among the ones we expect.
  if (/[à-ÿœßąćęłńśźż]/i.test(prose)) return languageOf(ISO_639_1[franc(prose, { minLength: 3, only: TERSE_CANDIDATES })] ?? "en");
  return languageOf("en");
}
