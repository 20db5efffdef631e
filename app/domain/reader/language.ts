// The brief's language: franc's trigram guess (franc-min), checked by function words (./cues):
// franc is thrown by brand names and English tech words ("newsletter", "CTA"), function words
// only come from sentences written in the language.
import { francAll } from "franc-min";
import { FRAME_LANGUAGES, type FrameLanguage } from "~/domain/brief/kinds";
import { CUES } from "./cues";
import { OTHER_FUNCTION_WORDS } from "./cues/other";
import { wordsOf } from "./tokens/words";

export interface BriefLanguage {
  /** ISO 639-1 code ("en", "fr", "nl"…), or "und" when undetermined. */
  code: string;
  /** The language of the email's fixed phrases: `code` when Kinetic has it, else English. */
  frame: FrameLanguage;
  /** False when the brief's language has no frame, so the frame is English (a warning says so). */
  supported: boolean;
}

/** franc's ISO 639-3 codes for the languages franc-min knows that briefs are likely written in, as ISO 639-1. */
export const ISO_639_1: Readonly<Record<string, string>> = {
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
  fin: "fi",
  ces: "cs",
  ron: "ro",
  hun: "hu",
  tur: "tr",
  rus: "ru",
  ukr: "uk",
  cat: "ca",
  glg: "gl",
  ell: "el",
  ind: "id",
  vie: "vi",
  jpn: "ja",
  cmn: "zh",
  kor: "ko",
  arb: "ar",
  heb: "he",
  nno: "no",
  slk: "sk",
  bul: "bg",
  srp: "sr",
  hrv: "hr",
  bos: "bs",
  slv: "sl",
  lit: "lt",
  lav: "lv",
  est: "et",
  zlm: "ms",
  tgl: "tl",
  pes: "fa",
  hin: "hi",
  ben: "bn",
  tha: "th",
  swh: "sw",
  afr: "af",
};

/** Text franc reads: the language shows in the first lines, and trigram counting grows with the text. */
const SAMPLE_CHARS = 3_000;

const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = Object.fromEntries([
  ...Object.entries(CUES).map(([lang, cues]) => [lang, new Set(cues.functionWords)]),
  ...Object.entries(OTHER_FUNCTION_WORDS).map(([lang, words]) => [lang, new Set(words)]),
]);

export function languageOf(code: string): BriefLanguage {
  const frame = (FRAME_LANGUAGES as readonly string[]).includes(code) ? (code as FrameLanguage) : "en";
  return { code, frame, supported: frame === code };
}

export function detectLanguage(text: string): BriefLanguage {
  const sample = text.slice(0, SAMPLE_CHARS);
  const words = wordsOf(sample).map((w) => w.folded);
  const votes: Record<string, number> = {};
  // A word several languages share counts for each in part: the words only one language has decide.
  for (const w of words) {
    const langs = Object.entries(FUNCTION_WORDS).filter(([, set]) => set.has(w));
    for (const [lang] of langs) votes[lang] = (votes[lang] ?? 0) + 1 / langs.length;
  }
  const ranked = Object.entries(votes).sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return languageOf(words.length === 0 ? "und" : "en");
  const all = francAll(sample, { minLength: 8 }).map(([iso, score]) => [ISO_639_1[iso], score] as const);
  // A language franc-min does not know (Catalan) is the votes' call when they put it first.
  if (!all.some(([code]) => code === ranked[0][0])) return languageOf(ranked[0][0]);
  const franc = all.slice(0, 4).filter(([code]) => Boolean(code));
  // franc's best guess among the languages with votes close to the most voted; else the votes.
  const top = ranked[0][1];
  const close = new Set(ranked.filter(([, n]) => n >= top * 0.6).map(([lang]) => lang));
  const pick = franc.find(([code]) => close.has(code))?.[0] ?? ranked[0][0];
  return languageOf(pick);
}
