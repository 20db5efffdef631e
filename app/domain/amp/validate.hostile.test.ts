// The validator runs on API input: its regex work must grow linearly with the document, whatever
// the document holds (countRegexWork counts the characters regexes read; no timing).
import { countRegexWork } from "../../../test/helpers/regex-work";
import { VALID_AMP } from "../../../test/fixtures/amp-corpus";
import { validateAmp } from "./validate";

function charsRead(html: string): number {
  const work = countRegexWork();
  try {
    validateAmp(html);
    return work.chars;
  } finally {
    work.stop();
  }
}

const inBody = (s: string) => VALID_AMP.replace("<h1>", `${s}<h1>`);
const inTemplate = (attrs: string) => VALID_AMP.replace("<p>Thanks, {{name}}!</p>", `<p>Thanks, {{name}}!</p><a ${attrs}>x</a>`);

const HOSTILE: [string, (n: number) => string][] = [
  ["unclosed tag starts", (n) => inBody("<a".repeat(n))],
  ["opened mustache in a template href, never closed", (n) => inTemplate(`href="${"{{".repeat(n)}"`)],
  ["reserved id prefixes", (n) => inBody(`<p id="${"__amp_".repeat(n)}">x</p>`)],
  ["long href of mustache-like text", (n) => inBody(`<a href="https://x.example/${"}}{{".repeat(n)}">x</a>`)],
  ["many attributes", (n) => inBody(`<p ${Array.from({ length: n / 10 }, (_, i) => `data-a${i}="${i}"`).join(" ")}>x</p>`)],
  ["long inline style", (n) => inBody(`<p style="${"transition: opacity 1s, ".repeat(n / 10)}x">x</p>`)],
];

describe("validateAmp on hostile input", () => {
  it.each(HOSTILE)("%s: regex work grows linearly", (_name, make) => {
    const small = make(2_000);
    const big = make(16_000);
    const perCharSmall = charsRead(small) / small.length;
    const perCharBig = charsRead(big) / big.length;
    // 8× the input may cost 8× the work, not 64×: the work per input character stays flat
    expect(perCharBig).toBeLessThan(perCharSmall * 2 + 5);
    expect(perCharBig).toBeLessThan(200);
  });
});
