import { FRAME_LANGUAGES } from "../prompt/facts";
import { formatMoney } from "../blueprint/currency";
import { PHRASES, type Phrases, languageWarnings, phrasesFor } from "./phrases";

/** Every phrase of a table as text: strings as they are, functions called with sample arguments. */
function texts(p: Phrases): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) {
    if (k === "lang" || k === "dir" || k === "englishName") continue;
    out[k] =
      typeof v === "function"
        ? (v as (...a: unknown[]) => string)(...(k === "questionOf" ? [2, 3] : k === "slide" ? [2] : ["Acme"]))
        : String(v);
  }
  out.whyYouGetThisNoBrand = p.whyYouGetThis();
  return out;
}

// Words that are the same in English and the language, so they may be equal to the English phrase.
const SHARED_WITH_ENGLISH: Record<string, string[]> = {
  menu: ["fr", "it", "pt"],
  total: ["fr", "es", "pt"],
  slide: ["pt"], // "Slide 2" is how Brazilian Portuguese says it
};

// English words none of the other tables may contain.
const ENGLISH_WORDS = new Set(
  "the your you add remove next previous close answer correct sorry please view unsubscribe items shop learn more submit check show results receiving because of go to not quite was saved try again choose worked out there now signed news".split(
    " ",
  ),
);

describe("the phrase table", () => {
  it("has a table for each frame language, with every key", () => {
    expect(Object.keys(PHRASES).sort()).toEqual([...FRAME_LANGUAGES].sort());
    const keys = Object.keys(PHRASES.en).sort();
    for (const lang of FRAME_LANGUAGES) {
      expect(Object.keys(PHRASES[lang]).sort(), lang).toEqual(keys);
      expect(PHRASES[lang].lang).toBe(lang);
      for (const [k, v] of Object.entries(texts(PHRASES[lang]))) expect(v.trim(), `${lang}.${k}`).not.toBe("");
    }
  });

  it.each(FRAME_LANGUAGES.filter((l) => l !== "en").map((l) => [l]))("%s leaks no English", (lang) => {
    const en = texts(PHRASES.en);
    for (const [k, v] of Object.entries(texts(PHRASES[lang]))) {
      if (!SHARED_WITH_ENGLISH[k]?.includes(lang)) expect(v, `${lang}.${k}`).not.toBe(en[k]);
      const english = v
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => ENGLISH_WORDS.has(w));
      expect(english, `${lang}.${k}: "${v}"`).toEqual([]);
    }
  });

  it("says what marketers write", () => {
    expect(PHRASES.fr.addToCart).toBe("Ajouter au panier");
    expect(PHRASES.de.addToCart).toBe("In den Warenkorb");
    expect(PHRASES.es.addToCart).toBe("Añadir al carrito");
    expect(PHRASES.pt.addToCart).toBe("Adicionar ao carrinho");
    expect(PHRASES.it.addToCart).toBe("Aggiungi al carrello");
    expect(PHRASES.fr.questionOf(1, 3)).toBe("Question 1 sur 3");
    expect(PHRASES.de.notQuite("Brasilien")).toBe("Nicht ganz — richtig ist Brasilien.");
  });

  it("uses the words of the cart summary in the static cart's note (QA compares the two)", () => {
    for (const lang of FRAME_LANGUAGES) {
      const p = PHRASES[lang];
      const note = p.cartFallbackNote.toLowerCase();
      for (const w of `${p.items} ${p.total}`
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((x) => x.length >= 3))
        expect(note, `${lang}: ${w}`).toContain(w);
    }
  });
});

describe("phrasesFor", () => {
  it("reads the primary subtag of a language tag", () => {
    expect(phrasesFor("fr").lang).toBe("fr");
    expect(phrasesFor("fr-CA").lang).toBe("fr");
    expect(phrasesFor("PT-br").lang).toBe("pt");
    expect(phrasesFor("de-AT").unsubscribe).toBe("Abmelden");
  });

  it("falls back on English for languages without a frame, unknown tags and none", () => {
    for (const tag of ["nl", "ja", "und", "", "toString", "__proto__", undefined]) expect(phrasesFor(tag).lang, String(tag)).toBe("en");
  });
});

describe("languageWarnings", () => {
  it("says nothing for a frame language", () => {
    expect(languageWarnings({ code: "fr", frame: "fr", supported: true })).toEqual([]);
    expect(languageWarnings(undefined)).toEqual([]);
  });

  it("says the frame is English for a language without one", () => {
    expect(languageWarnings({ code: "nl", frame: "en", supported: false })).toEqual([
      "Prompt language nl has no local frame; fixed phrases are English.",
    ]);
  });
});

describe("formatMoney by language", () => {
  it("writes $19.99 in English and 19,99 € in the other frame languages", () => {
    expect(formatMoney(1999, "USD")).toBe("$19.99");
    expect(formatMoney(1999, "USD", "en")).toBe("$19.99");
    expect(formatMoney(1999, "EUR", "en")).toBe("€19.99");
    for (const lang of ["fr", "de", "es", "it", "pt", "fr-CA"]) expect(formatMoney(1999, "EUR", lang), lang).toBe("19,99\u00a0€");
    expect(formatMoney(1999, "USD", "fr")).toBe("19,99\u00a0$");
    expect(formatMoney(4500, "CHF", "de")).toBe("45,00\u00a0CHF");
    expect(formatMoney(1999, "JPY", "fr")).toBe("1999\u00a0¥");
    expect(formatMoney(1999, "EUR", "nl")).toBe("€19.99");
  });
});
