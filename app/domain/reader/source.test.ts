// The prompt as the reader reads it (./source): markup read as the text it shows, blanks folded
// with the layout kept (a blank line "\n\n", a line break, a tab), CRLF as "\n", and every range
// of the read text mapped back to the prompt as written.
import { describe, expect, it } from "vitest";
import { rawSpan, readIndex, readSource } from "./source";

describe("readSource: the text read", () => {
  const rows: Array<[string, string, string]> = [
    ["plain text stays as it is", "Spring sale at Bloom", "Spring sale at Bloom"],
    ["a run of spaces is one space", "Spring     sale", "Spring sale"],
    ["a no-break space is a space", "20\u00a0% off", "20 % off"],
    ["the prompt is trimmed", "  \n Spring sale \n\n ", "Spring sale"],
    ["a blank line is one blank line", "One\n\nTwo", "One\n\nTwo"],
    ["several blank lines are one blank line", "One\n\n\n\n\nTwo", "One\n\nTwo"],
    ["a blank line holding spaces and tabs is a blank line", "One\n \t \nTwo", "One\n\nTwo"],
    ["a line break stays a line break", "One\nTwo", "One\nTwo"],
    ["blanks around a line break fold into it", "One  \n   Two", "One\nTwo"],
    ["a tab stays a tab (a pasted table's column)", "Mug\t$12", "Mug\t$12"],
    ["tabs in a row are one tab", "Mug\t\t\t$12", "Mug\t$12"],
    ["spaces around a tab fold into the tab", "Mug  \t  $12", "Mug\t$12"],
    ["CRLF line breaks are line breaks", "One\r\nTwo\r\nThree", "One\nTwo\nThree"],
    ["a CRLF blank line is a blank line", "One\r\n\r\nTwo", "One\n\nTwo"],
    ["a lone CR is a line break", "One\rTwo", "One\nTwo"],
    ["inline tags are read as the text they show", "Sale <b>today</b> <i>only</i>", "Sale today only"],
    ["a tag with attributes is read as nothing", '<span class="x" style="color:red">Hi</span> there', "Hi there"],
    ["a line-break tag is a line break", "One<br>Two<br/>Three<br />Four", "One\nTwo\nThree\nFour"],
    ["paragraphs are blocks", "<p>Hello</p><p>World</p>", "Hello\n\nWorld"],
    ["a heading tag is a block", "<h2>Menu</h2>Soup of the day", "Menu\nSoup of the day"],
    ["a less-than sign that opens no tag is text", "x < y and y > z", "x < y and y > z"],
  ];
  it.each(rows)("%s", (_name, raw, text) => {
    expect(readSource(raw).text).toBe(text);
  });

  it("reads list items of markup as bullet lines", () => {
    const text = readSource("<ul><li>Linen dress $89</li><li>Straw hat $35</li></ul>").text;
    const lines = text.split("\n").filter((l) => l.trim() !== "");
    expect(lines).toEqual(["- Linen dress $89", "- Straw hat $35"]);
  });

  it("keeps the raw prompt as written", () => {
    const raw = "<p>Hi</p>\r\n";
    expect(readSource(raw).raw).toBe(raw);
  });

  it("reads an empty or blank prompt as empty text", () => {
    expect(readSource("").text).toBe("");
    expect(readSource(" \n\t \r\n ").text).toBe("");
  });
});

describe("readSource: the map back to the prompt", () => {
  const prompts = [
    "Spring sale at Bloom",
    "  Spring   sale \n\n\n  at Bloom  ",
    "Mug\t\t$12\r\nTee  \t $20\r\n",
    "<p>Spring <b>sale</b></p>\r\n\r\n<ul><li>Mug $12</li><li>Tee $20</li></ul>",
    "Préstamo a 3,5 %\u00a0— ¡solo hoy! <br> Código: <i>HOY35</i>",
  ];

  it.each(prompts)("has one offset per character, increasing, inside the prompt: %j", (raw) => {
    const src = readSource(raw);
    expect(src.map).toHaveLength(src.text.length + 1);
    for (let i = 0; i < src.text.length; i++) {
      expect(src.map[i]).toBeGreaterThanOrEqual(0);
      expect(src.map[i]).toBeLessThan(raw.length);
      if (i > 0) expect(src.map[i]).toBeGreaterThanOrEqual(src.map[i - 1]);
    }
    expect(src.map[src.text.length]).toBeLessThanOrEqual(raw.length);
  });

  it.each(prompts)("maps every character that is not a blank to the same character: %j", (raw) => {
    const src = readSource(raw);
    for (let i = 0; i < src.text.length; i++) if (!/\s|-/.test(src.text[i])) expect(raw[src.map[i]], `char ${i}`).toBe(src.text[i]);
  });

  const words: Array<[string, string]> = [
    ["Spring   sale \n\n\n  at Bloom", "Bloom"],
    ["Mug\t\t$12\r\nTee  \t $20\r\n", "$20"],
    ["<p>Spring <b>sale</b></p>\r\n\r\n<ul><li>Mug $12</li></ul>", "sale"],
    ["<p>Spring <b>sale</b></p>\r\n\r\n<ul><li>Mug $12</li></ul>", "Mug $12"],
    ["Sale <b>today</b> <i>only</i>", "today only"],
    ["One\r\nTwo\r\n\r\nThree four", "Three four"],
  ];
  it.each(words)("rawSpan gives back the written words: %j → %j", (raw, word) => {
    const src = readSource(raw);
    const at = src.text.indexOf(word);
    expect(at).toBeGreaterThanOrEqual(0);
    const span = rawSpan(src, at, at + word.length);
    const written = raw.slice(span.start, span.end);
    // Markup and blanks inside a span stay as written; the words are the same.
    expect(written.replace(/<[^>]*>/g, "").replace(/\s+/g, " ")).toBe(word);
    expect(span.start).toBe(raw.indexOf(word.split(" ")[0]));
  });

  it("gives an empty range an empty span", () => {
    const src = readSource("  Spring sale");
    const span = rawSpan(src, 3, 3);
    expect(span.end).toBe(span.start);
  });

  it("keeps spans inside the prompt for ranges past the text's end", () => {
    const raw = "Spring sale  \n\n";
    const src = readSource(raw);
    const span = rawSpan(src, 0, src.text.length + 50);
    expect(span.start).toBe(0);
    expect(span.end).toBeLessThanOrEqual(raw.length);
    expect(raw.slice(span.start, span.end)).toBe("Spring sale");
  });

  it("readIndex finds where a span of the prompt starts in the read text", () => {
    const raw = "<p>Spring <b>sale</b></p>\r\n\r\n<ul><li>Mug $12</li></ul>";
    const src = readSource(raw);
    for (const word of ["Spring", "sale", "Mug", "$12"]) {
      const at = src.text.indexOf(word);
      expect(readIndex(src, rawSpan(src, at, at + word.length).start)).toBe(at);
    }
  });
});
