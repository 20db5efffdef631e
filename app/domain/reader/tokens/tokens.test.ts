// The brief's typed tokens (./index and its modules): money in the notations and currencies people
// write, percents, URLs (an image or a page) and email addresses, dates in each frame language
// (ranges read as one date, lengths of time and version numbers read as none), codes and quoted
// titles; a later kind never takes an earlier kind's characters.
import { describe, expect, it } from "vitest";
import { promptTokens } from "..";
import { cuesFor } from "../cues";
import { layoutOf } from "../layout";
import { readSource } from "../source";
import { lineTokens, type Token } from ".";
import { moneyTokens, parseMoney } from "./money";
import { hostOf, isImageUrl, linkTokens } from "./links";

/** Every token of a prompt read in `lang`, with its text as read. */
function tokensOf(prompt: string, lang = "en"): Array<Token & { slice: string }> {
  const text = readSource(prompt).text;
  const cues = cuesFor(lang).cues;
  return layoutOf(text, lang, cues).flatMap((line) =>
    lineTokens(text, line, lang, cues).tokens.map((t) => ({ ...t, slice: text.slice(t.start, t.end) })),
  );
}
const ofKind = <K extends Token["kind"]>(prompt: string, kind: K, lang = "en") =>
  tokensOf(prompt, lang).filter((t): t is Extract<Token, { kind: K }> & { slice: string } => t.kind === kind);

describe("money", () => {
  const rows: Array<{ written: string; prompt: string; minor: number; currency: string; instalments?: number }> = [
    { written: "$4.50", prompt: "Latte $4.50 today", minor: 450, currency: "USD" },
    { written: "$1,299", prompt: "The bike is $1,299 now", minor: 129_900, currency: "USD" },
    { written: "$1,299.00", prompt: "Total $1,299.00 incl. tax", minor: 129_900, currency: "USD" },
    { written: "US$ 20", prompt: "Shipping US$ 20 flat", minor: 2_000, currency: "USD" },
    { written: "€12", prompt: "Tote €12", minor: 1_200, currency: "EUR" },
    { written: "19,99 €", prompt: "Bougie 19,99 € seulement", minor: 1_999, currency: "EUR" },
    { written: "1.299,00 €", prompt: "Sofa 1.299,00 € statt mehr", minor: 129_900, currency: "EUR" },
    { written: "12 EUR", prompt: "Entry 12 EUR per person", minor: 1_200, currency: "EUR" },
    { written: "49,-", prompt: "Nur 49,- im Angebot", minor: 4_900, currency: "EUR" },
    { written: "CHF 20", prompt: "Eintritt CHF 20", minor: 2_000, currency: "CHF" },
    { written: "20 CHF", prompt: "Eintritt 20 CHF", minor: 2_000, currency: "CHF" },
    { written: "12.50 Fr.", prompt: "Kaffee 12.50 Fr. pro Sack", minor: 1_250, currency: "CHF" },
    { written: "Fr. 12.50", prompt: "Kaffee Fr. 12.50 pro Sack", minor: 1_250, currency: "CHF" },
    { written: "£8.50", prompt: "Bag £8.50", minor: 850, currency: "GBP" },
    { written: "10 pounds", prompt: "Only 10 pounds a month", minor: 1_000, currency: "GBP" },
    { written: "15 dollars", prompt: "Just 15 dollars", minor: 1_500, currency: "USD" },
    { written: "R$ 1.299,90", prompt: "Cafeteira R$ 1.299,90 à vista", minor: 129_990, currency: "BRL" },
    { written: "3x de R$ 165", prompt: "ou 3x de R$ 165 sem juros", minor: 16_500, currency: "BRL", instalments: 3 },
    { written: "¥5,500", prompt: "Tea set ¥5,500", minor: 5_500, currency: "JPY" },
    { written: "1 299 kr", prompt: "Jacka 1 299 kr nu", minor: 129_900, currency: "SEK" },
    { written: "99 zł", prompt: "Koszulka 99 zł", minor: 9_900, currency: "PLN" },
    { written: "250 Kč", prompt: "Vstupné 250 Kč", minor: 25_000, currency: "CZK" },
  ];
  for (const row of rows)
    it(`reads ${row.written} as ${row.minor} ${row.currency}`, () => {
      const money = ofKind(row.prompt, "money");
      expect(money).toHaveLength(1);
      expect(money[0].slice).toBe(row.written);
      expect(money[0].display).toBe(row.written);
      expect(money[0].minor).toBe(row.minor);
      expect(money[0].currency).toBe(row.currency);
      expect(money[0].instalments).toBe(row.instalments);
    });

  it("reads every amount of a line, in order", () => {
    const money = ofKind("Was £8.50 → now £9.25, or 19,99 € in the EU", "money");
    expect(money.map((m) => m.slice)).toEqual(["£8.50", "£9.25", "19,99 €"]);
  });

  it("reads no money in a URL, a percent or a bare number", () => {
    expect(ofKind("See https://bloom.example/items/12-eur today", "money")).toEqual([]);
    expect(ofKind("20% off 3 mugs", "money")).toEqual([]);
  });

  it("parseMoney reads a price typed into a form", () => {
    expect(parseMoney("24,90 €")).toEqual({ display: "24,90 €", minor: 2_490, currency: "EUR" });
    expect(parseMoney("no price here")).toBeUndefined();
  });

  it("moneyTokens gives offsets from the base it is given", () => {
    const [m] = moneyTokens("Mug $12", 100);
    expect([m.start, m.end]).toEqual([104, 107]);
  });
});

describe("percents", () => {
  const rows: Array<[string, string, string, number]> = [
    ["en", "Save 20% today", "20%", 20],
    ["fr", "Profitez de -15 % sur tout", "-15 %", 15],
    ["es", "Un 12,5 % de descuento", "12,5 %", 12.5],
    ["pt", "Taxa de 3,5 % ao mês", "3,5 %", 3.5],
    ["en", "Take 30 percent off", "30 percent", 30],
    ["de", "Jetzt 25 % Rabatt", "25 %", 25],
  ];
  it.each(rows)("(%s) %j reads %j as %d", (lang, prompt, written, value) => {
    const p = ofKind(prompt, "percent", lang);
    expect(p.map((x) => x.slice)).toEqual([written]);
    expect(p[0].value).toBe(value);
  });

  it("reads a percent as no money and no date", () => {
    const kinds = tokensOf("Save 20% today").map((t) => t.kind);
    expect(kinds).not.toContain("money");
    expect(tokensOf("Save 20% today").find((t) => t.kind === "date")?.slice).toBe("today");
  });
});

describe("URLs and email addresses", () => {
  const urls: Array<[string, string, string, boolean]> = [
    ["Shop at https://bloom.example/sale now", "https://bloom.example/sale", "https://bloom.example/sale", false],
    [
      "Hero: https://cdn.bloom.example/img/hero.png",
      "https://cdn.bloom.example/img/hero.png",
      "https://cdn.bloom.example/img/hero.png",
      true,
    ],
    [
      "Photo https://bloom.example/photo.JPG?w=600 here",
      "https://bloom.example/photo.JPG?w=600",
      "https://bloom.example/photo.JPG?w=600",
      true,
    ],
    ["Banner https://bloom.example/b.webp", "https://bloom.example/b.webp", "https://bloom.example/b.webp", true],
    ["Visit www.bloom.example today", "www.bloom.example", "https://www.bloom.example", false],
    ["More at https://bloom.example/a).", "https://bloom.example/a", "https://bloom.example/a", false],
    ["(see https://bloom.example/faq).", "https://bloom.example/faq", "https://bloom.example/faq", false],
  ];
  it.each(urls)("%j has the URL %j", (prompt, written, url, image) => {
    const found = ofKind(prompt, "url");
    expect(found).toHaveLength(1);
    expect(found[0].slice).toBe(written);
    expect(found[0].url).toBe(url);
    expect(found[0].image).toBe(image);
  });

  it("reads email addresses with their domain", () => {
    const emails = ofKind("Write to hello@bloom.example or mailto:info@shop.bloom.example", "email");
    expect(emails.map((e) => e.domain)).toEqual(["bloom.example", "shop.bloom.example"]);
    expect(emails[0].slice).toBe("hello@bloom.example");
  });

  it("reads an email address as no URL", () => {
    expect(ofKind("Write to hello@bloom.example", "url")).toEqual([]);
  });

  it("isImageUrl tells an image by its extension", () => {
    expect(isImageUrl("https://x.example/a.jpeg")).toBe(true);
    expect(isImageUrl("https://x.example/a.svg")).toBe(true);
    expect(isImageUrl("https://x.example/jpeg")).toBe(false);
    expect(isImageUrl("https://x.example/a.html")).toBe(false);
  });

  it("hostOf gives a host without www", () => {
    expect(hostOf("https://www.bloom.example/sale")).toBe("bloom.example");
    expect(hostOf("helpwise.example")).toBe("helpwise.example");
  });

  it("linkTokens gives offsets from the base it is given", () => {
    const [u] = linkTokens("See https://bloom.example", 10);
    expect([u.start, u.end]).toEqual([14, 35]);
  });
});

describe("dates", () => {
  const rows: Array<[string, string, string]> = [
    ["en", "The sale ends June 30.", "June 30"],
    ["en", "Join us Friday, June 14 at 7pm at the hall.", "Friday, June 14 at 7pm"],
    ["en", "Open day on 12/05/2026 at 19:00 in the hall.", "12/05/2026 at 19:00"],
    ["en", "Doors at 7pm sharp.", "7pm"],
    ["en", "The fair runs from May 3 to May 6.", "May 3 to May 6"],
    ["fr", "Le salon a lieu du 3 au 6 avril à Lyon.", "3 au 6 avril"],
    ["fr", "Rendez-vous le 3 mars à 19h devant la gare.", "3 mars à 19h"],
    ["fr", "Soldes jusqu'au 20 décembre seulement.", "20 décembre"],
    ["de", "Das Fest ist am 21. Juni ab 18 Uhr.", "21. Juni ab 18 Uhr"],
    ["de", "Angebot gültig bis 30. November.", "30. November"],
    ["es", "La feria es del 2 al 11 de mayo en Sevilla.", "del 2 al 11 de mayo"],
    ["es", "Abrimos el viernes 3 a las 20:00.", "viernes 3 a las 20:00"],
    ["es", "Oferta hasta el 15 de junio.", "15 de junio"],
    ["it", "La festa è il 12 luglio alle 21.", "12 luglio alle 21"],
    ["it", "Sconto valido fino al 30 settembre.", "30 settembre"],
    ["pt", "O evento é no dia 15 de março, às 19h.", "15 de março"],
    ["pt", "Promoção até 30 de novembro.", "30 de novembro"],
  ];
  it.each(rows)("(%s) %j has a date holding %j", (lang, prompt, written) => {
    const dates = ofKind(prompt, "date", lang).map((d) => d.slice);
    expect(dates.length, JSON.stringify(dates)).toBeGreaterThanOrEqual(1);
    expect(
      dates.some((d) => d.includes(written)),
      JSON.stringify(dates),
    ).toBe(true);
  });

  it("reads a range as one date", () => {
    expect(ofKind("Le salon a lieu du 3 au 6 avril à Lyon.", "date", "fr")).toHaveLength(1);
    expect(ofKind("La feria es del 2 al 11 de mayo en Sevilla.", "date", "es")).toHaveLength(1);
    expect(ofKind("The fair runs from May 3 to May 6.", "date", "en")).toHaveLength(1);
  });

  it("reads two dates a sentence apart as two", () => {
    expect(ofKind("Sale ends June 30. Starts May 3.", "date").map((d) => d.slice)).toEqual(["June 30", "May 3"]);
  });

  const notDates: Array<[string, string]> = [
    ["en", "Valid for 48 hours only."],
    ["en", "Version 3.0 ships soon."],
    ["en", "Stay 3 nights by the sea."],
    ["fr", "Livraison sous 48 heures. Version 3.0 disponible."],
    ["de", "Versand innerhalb von 48 Stunden."],
    ["pt", "Entrega em 48 horas."],
  ];
  it.each(notDates)("(%s) %j has no date", (lang, prompt) => {
    expect(ofKind(prompt, "date", lang)).toEqual([]);
  });

  it("reads a price as no date", () => {
    expect(ofKind("Nur 19,90 € statt 24,90 €", "date", "de")).toEqual([]);
  });
});

describe("codes", () => {
  const rows: Array<[string, string[]]> = [
    ["Use TRAIL10 at checkout", ["TRAIL10"]],
    ["Use code WELCOME at checkout", ["WELCOME"]],
    ["Use coupon BLOOMY or voucher XMAS24", ["BLOOMY", "XMAS24"]],
    ["Code promo HIVER20 jusqu'au 31 janvier", ["HIVER20"]],
    ["BIG SALE today, see the FAQ", []],
    ["Use code abc at checkout", []],
  ];
  it.each(rows)("%j has the codes %j", (prompt, codes) => {
    expect(ofKind(prompt, "code").map((c) => c.slice)).toEqual(codes);
  });
});

describe("quoted titles", () => {
  const rows: Array<[string, string]> = [
    ['Subject "Best day ever" please', "Best day ever"],
    ["Headline “Grow slow” in bold", "Grow slow"],
    ["Titre « Joyeux Noël » en haut", "Joyeux Noël"],
    ["Betreff „Frohe Weihnachten“ bitte", "Frohe Weihnachten"],
  ];
  it.each(rows)("%j quotes %j", (prompt, inner) => {
    const [q] = ofKind(prompt, "quoted");
    const text = readSource(prompt).text;
    expect(q).toBeDefined();
    expect(text.slice(q.inner.start, q.inner.end)).toBe(inner);
  });

  it("reads what a quotation holds beside it", () => {
    const kinds = tokensOf('Button "Shop the sale" to https://bloom.example').map((t) => t.kind);
    expect(kinds).toEqual(["quoted", "url"]);
  });
});

describe("tokens of one line", () => {
  it("never overlap, except a quotation around them", () => {
    const prompt =
      'Spring sale: 20% off with code BLOOM20 until May 3, from $49 at https://bloom.example/sale "Shop now" hello@bloom.example';
    const tokens = tokensOf(prompt).filter((t) => t.kind !== "quoted");
    for (let i = 1; i < tokens.length; i++) expect(tokens[i].start).toBeGreaterThanOrEqual(tokens[i - 1].end);
    expect(new Set(tokens.map((t) => t.kind))).toEqual(new Set(["percent", "code", "date", "money", "url", "email"]));
  });
});

describe("promptTokens", () => {
  it("gives each fact-like token of the prompt as written, with its span", () => {
    const prompt = "<p>Use code <b>TRAIL10</b> for 20% off</p>\r\nhttps://trail.example/shop and hi@trail.example, from $5 until June 30";
    const tokens = promptTokens(prompt);
    const kinds = tokens.map((t) => t.kind);
    for (const k of ["code", "percent", "url", "email", "money", "date"] as const) expect(kinds).toContain(k);
    for (const t of tokens) expect(prompt.slice(t.span.start, t.span.end)).toBe(t.text);
  });

  it("lists no numbers and no quoted titles", () => {
    const kinds = promptTokens('Three "lovely" mugs, 3 of them').map((t) => t.kind);
    expect(kinds).not.toContain("number");
    expect(kinds).not.toContain("quoted");
  });

  it("names runs of capitalised words", () => {
    const names = promptTokens("We meet Ana Ruiz at Harbour Lights on June 14.")
      .filter((t) => t.kind === "name")
      .map((t) => t.text);
    expect(names).toEqual(["Ana Ruiz", "Harbour Lights"]);
  });
});
