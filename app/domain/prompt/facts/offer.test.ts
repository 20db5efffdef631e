// Codes read from a prompt: the word before a code is never part of it, and a shouted word with
// a number after a percent is a code even without the word "code".
import { codeMentions, extractCodes } from "./offer";

const CODES: Array<[string, string, string[]]> = [
  ["it: 'Codice' before a code starting with EST", "Saldi estivi di Bottega Verdi. Codice ESTATE20 per il 20% di sconto.", ["ESTATE20"]],
  ["fr: 'code est' still reads the code after it", "Le code est NOEL10.", ["NOEL10"]],
  ["en: 'code is' still reads the code after it", "The code is SPRING20 for everyone.", ["SPRING20"]],
  ["en: a code starting with IS", "Use code ISLAND15 today.", ["ISLAND15"]],
  ["es: a percent with a code and no code word", "te echamos de menos, librería faro: novela 17,90 €, 15 % con VUELVE15", ["VUELVE15"]],
  ["en: a percent off with a code and no code word", "20% off with SPRING20 until May.", ["SPRING20"]],
  ["en: 'with' after a percent and a word that is no code", "20% off with LOVE from us.", []],
  ["en: prose after 'code' is no code", "Send a code for the app.", []],
];

describe("codeMentions", () => {
  it.each(CODES)("%s", (_name, prompt, want) => {
    expect(extractCodes(prompt)).toEqual(want);
    for (const c of codeMentions(prompt)) expect(prompt.slice(c.index, c.index + c.text.length)).toBe(c.text);
  });
});
