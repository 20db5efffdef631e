import { franc, francAll } from "franc-min";
import { ISO_639_1 } from "~/domain/reader/language";
import { FRAME_LANGUAGES, type FrameLanguage, type PromptLanguage } from "./types";

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
    "i",
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
    "de",
    "vous",
    "ou",
    "à",
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
    "a",
    "de",
    "tu",
    "tus",
    "e",
    "o",
    "qué",
    "nos",
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
    "oder",
    "ihr",
    "sie",
    "es",
    "euch",
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
    "a",
    "de",
    "você",
    "qual",
    "ou",
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
    "di",
    "a",
    "ci",
    "tu",
    "i",
    "o",
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

/** The languages a terse prompt that shows signs of not being English is told apart among. */
const TERSE_CANDIDATES = ["fra", "spa", "deu", "por", "ita"];

/**
 * On a terse prompt, spelling habits break franc's near-ties: Portuguese writes "nh" and "lh"
 * ("pinheiro", "trabalho") where Spanish writes "ñ" and "ll"; Italian words end in a vowel.
 */
function terseSpellingVotes(words: string[]): Record<string, number> {
  const vowelEnded = words.filter((w) => /[aeiouàèéìòù]$/u.test(w)).length;
  return {
    pt: words.filter((w) => /[nl]h/u.test(w)).length * 0.5,
    it: words.length >= 3 && vowelEnded === words.length ? 0.5 : 0,
  };
}

/**
 * Letters and typography only one or two of the languages use count as votes like function words:
 * "¿" and "ñ" are Spanish, "ã" Portuguese, "ß" and umlauts German, a blank before ":" or "?" French.
 */
const SPELLING_HINTS: [string, RegExp][] = [
  ["es", /[¿¡ñ]/gu],
  ["pt", /[ãõ]/gu],
  ["de", /[ßäöü]/gu],
  ["fr", /[œ]|\p{L} [:?!;](?=\s|$)/gu],
  ["it", /[òì]/gu],
];

/** A continental price ("12,50 €", "€1,20"): English writes "$12.50" or "€12.50". */
const DECIMAL_COMMA_PRICE = /\d,\d\d(?!\d)\s?€|€\s?\d{1,6},\d\d(?!\d)/u;

/** Text franc reads; trigram counts settle long before this. */
const LANGUAGE_SAMPLE_CHARS = 2_000;
/** Below this many words function words decide alone: franc's trigrams need prose to read. */
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
  const nonLatin = (prose.match(/[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}]/gu) ?? [])
    .length;
  const guess = words.length >= MIN_WORDS ? ISO_639_1[franc(prose, { minLength: 10 })] : undefined;
  if (nonLatin > prose.length / 4 && guess) return languageOf(guess);
  const normalised = words.map((w) => w.replace(/’/g, "'"));
  const counts = countFunctionWords(normalised);
  // French elisions ("d'hiver", "l'hôtel", "qu'il") are function words too.
  counts.fr += normalised.filter((w) => /^(?:d|l|qu|j|n|s|c)'\p{L}/u.test(w)).length;
  const foreignWord = Object.entries(counts).some(([lang, n]) => lang !== "en" && n > 0);
  for (const [lang, hint] of SPELLING_HINTS) counts[lang] += (prose.match(hint) ?? []).length;
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  // franc's guess stands when the prompt's function words agree with it at least as much as with
  // English; otherwise the language whose function words the prompt uses most (English on a tie).
  // On a short prompt whose votes tie between languages ("o" is Spanish, Italian and Portuguese),
  // franc's unrestricted guess is no better than a coin: the terse reading below decides.
  const tied = Object.values(counts).filter((n) => n === best[1]).length > 1;
  const guessAgrees = (counts[guess ?? ""] ?? 0) > 0 && counts[guess ?? ""] >= best[1] && counts[guess ?? ""] > counts.en;
  if (guess && guess !== "en" && guessAgrees && !(tied && counts.en === 0 && words.length < 2 * MIN_WORDS)) return languageOf(guess);
  if (counts.en > 0 || words.length < 2) return languageOf(best[1] > counts.en ? best[0] : "en");
  // No English function word: a terse prompt ("carrossel 3 sandálias, loja maré alta"). It leaves
  // English only on a sign of another language (a function word, letters outside English, a
  // continental price); then votes decide and franc's trigrams break ties among those languages.
  const signed = foreignWord || DECIMAL_COMMA_PRICE.test(prompt.slice(0, LANGUAGE_SAMPLE_CHARS));
  // Letters alone are a weak sign (English writes "café", "piñata", names like "Lumière"): it takes
  // two such lowercase words or a prompt long enough for trigrams, and English stays in the running.
  const accented = (prose.match(/(?<![\p{L}'’])\p{Ll}*[à-ÿœ][\p{L}'’]*/gu) ?? []).length;
  if (!signed && (accented === 0 || (accented < 2 && words.length < MIN_WORDS))) return languageOf("en");
  const trigrams = new Map(francAll(prose, { minLength: 3, only: signed ? TERSE_CANDIDATES : ["eng", ...TERSE_CANDIDATES] }));
  if (!signed && trigrams.get("eng") === 1) return languageOf("en");
  const spelling = terseSpellingVotes(words);
  // German never writes these letters; franc's trigrams on a few nouns sometimes think it does.
  const candidates = /[áíóúàèìòùñãõç]/iu.test(prose) ? TERSE_CANDIDATES.filter((iso) => iso !== "deu") : TERSE_CANDIDATES;
  const scored = candidates
    .map((iso) => {
      const code = ISO_639_1[iso];
      return [code, (counts[code] ?? 0) + (spelling[code] ?? 0) + (trigrams.get(iso) ?? 0)] as const;
    })
    .sort((a, b) => b[1] - a[1]);
  return languageOf(scored[0][1] > 0 ? scored[0][0] : "en");
}
