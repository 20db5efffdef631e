import { parseContentInstruction, splitOnConjunctions, type ContentEdit } from "./grammar";

const edit = (text: string, lang: "en" | "fr" | "es" | "de" | "pt" | "it" = "en"): ContentEdit | string | null => {
  const r = parseContentInstruction(text, lang);
  return r === null ? null : "error" in r ? r.error : r.edit;
};

const usd = (display: string, minor: number) => ({ display, minor, currency: "USD" });
const eur = (display: string, minor: number) => ({ display, minor, currency: "EUR" });

describe("content grammar, per language", () => {
  it.each([
    // add an item
    ["en", "add Oolong tea $12", { kind: "addItem", name: "Oolong tea", price: usd("$12", 1200) }],
    ["fr", "ajoute le thé Oolong à 12,50 €", { kind: "addItem", name: "Thé Oolong", price: eur("12,50 €", 1250) }],
    ["es", "añade el té Oolong por 12,50 €", { kind: "addItem", name: "Té Oolong", price: eur("12,50 €", 1250) }],
    ["de", "füge Oolong-Tee für 12,50 € hinzu", { kind: "addItem", name: "Oolong-Tee", price: eur("12,50 €", 1250) }],
    ["pt", "adiciona o chá Oolong por 12,50 €", { kind: "addItem", name: "Chá Oolong", price: eur("12,50 €", 1250) }],
    ["it", "aggiungi il tè Oolong a 12,50 €", { kind: "addItem", name: "Tè Oolong", price: eur("12,50 €", 1250) }],
    // remove an item
    ["en", "remove the Spruce candle", { kind: "removeItem", item: "Spruce candle" }],
    ["fr", "supprime la bougie Sapin", { kind: "removeItem", item: "bougie Sapin" }],
    ["es", "elimina la vela Abeto", { kind: "removeItem", item: "vela Abeto" }],
    ["de", "entferne die Kerze", { kind: "removeItem", item: "Kerze" }],
    ["pt", "remova a vela Abeto", { kind: "removeItem", item: "vela Abeto" }],
    ["it", "togli la candela Abete", { kind: "removeItem", item: "candela Abete" }],
    // edit an item (its name)
    ["en", "rename the Spruce candle to Fir candle", { kind: "renameItem", item: "Spruce candle", to: "Fir candle" }],
    ["fr", "renomme la bougie Sapin en Bougie Pin", { kind: "renameItem", item: "bougie Sapin", to: "Bougie Pin" }],
    ["es", "renombra la vela Abeto a Vela Pino", { kind: "renameItem", item: "vela Abeto", to: "Vela Pino" }],
    ["de", "benenne die Kerze Tanne in Kerze Kiefer um", { kind: "renameItem", item: "Kerze Tanne", to: "Kerze Kiefer" }],
    ["pt", "renomeia a vela Abeto para Vela Pinho", { kind: "renameItem", item: "vela Abeto", to: "Vela Pinho" }],
    ["it", "rinomina la candela Abete in Candela Pino", { kind: "renameItem", item: "candela Abete", to: "Candela Pino" }],
    // a price
    ["en", "change the price of Spruce to $28", { kind: "itemPrice", item: "Spruce", price: usd("$28", 2800) }],
    ["fr", "le prix du Sapin passe à 14,50 €", { kind: "itemPrice", item: "Sapin", price: eur("14,50 €", 1450) }],
    ["es", "cambia el precio de Abeto a 14,50 €", { kind: "itemPrice", item: "Abeto", price: eur("14,50 €", 1450) }],
    ["de", "der Preis von Tanne ist jetzt 14,50 €", { kind: "itemPrice", item: "Tanne", price: eur("14,50 €", 1450) }],
    ["pt", "o preço do Abeto passa a 14,50 €", { kind: "itemPrice", item: "Abeto", price: eur("14,50 €", 1450) }],
    ["it", "il prezzo di Abete passa a 14,50 €", { kind: "itemPrice", item: "Abete", price: eur("14,50 €", 1450) }],
    // an option
    ["en", "add option 'Never' to question 2", { kind: "addOption", question: { index: 2 }, option: "Never" }],
    ["fr", "ajoute l'option « Jamais » à la question 2", { kind: "addOption", question: { index: 2 }, option: "Jamais" }],
    ["es", "añade la opción «Nunca» a la pregunta 2", { kind: "addOption", question: { index: 2 }, option: "Nunca" }],
    ["de", "füge die Option „Nie“ zu Frage 2 hinzu", { kind: "addOption", question: { index: 2 }, option: "Nie" }],
    ["pt", 'adiciona a opção "Nunca" à pergunta 2', { kind: "addOption", question: { index: 2 }, option: "Nunca" }],
    ["it", 'aggiungi l\'opzione "Mai" alla domanda 2', { kind: "addOption", question: { index: 2 }, option: "Mai" }],
    // a link
    [
      "en",
      "the Spruce item links to https://shop.example.com/spruce",
      { kind: "itemLink", item: "Spruce", url: "https://shop.example.com/spruce" },
    ],
    [
      "fr",
      "l'article Sapin renvoie vers https://shop.example.com/sapin",
      { kind: "itemLink", item: "Sapin", url: "https://shop.example.com/sapin" },
    ],
    [
      "es",
      "el artículo Abeto enlaza a https://shop.example.com/abeto",
      { kind: "itemLink", item: "Abeto", url: "https://shop.example.com/abeto" },
    ],
    [
      "de",
      "der Artikel Tanne verlinkt auf https://shop.example.com/tanne",
      { kind: "itemLink", item: "Tanne", url: "https://shop.example.com/tanne" },
    ],
    [
      "pt",
      "o item Abeto leva a https://shop.example.com/abeto",
      { kind: "itemLink", item: "Abeto", url: "https://shop.example.com/abeto" },
    ],
    [
      "it",
      "l'articolo Abete porta a https://shop.example.com/abete",
      { kind: "itemLink", item: "Abete", url: "https://shop.example.com/abete" },
    ],
    ["en", "link the button to https://shop.example.com/sale", { kind: "buttonLink", url: "https://shop.example.com/sale" }],
    ["de", "der Button führt zu https://shop.example.com/sale", { kind: "buttonLink", url: "https://shop.example.com/sale" }],
    // an offer's condition
    ["en", "the 15% code ends on Dec 20", { kind: "offerDeadline", offer: "15%", date: "Dec 20" }],
    ["fr", "le code 15 % se termine le 20 décembre", { kind: "offerDeadline", offer: "15%", date: "20 décembre" }],
    ["es", "el código del 15 % termina el 20 de diciembre", { kind: "offerDeadline", offer: "15%", date: "20 de diciembre" }],
    ["de", "der 15 %-Code endet am 20. Dezember", { kind: "offerDeadline", offer: "15%", date: "20. Dezember" }],
    ["pt", "o código de 15% termina em 20 de dezembro", { kind: "offerDeadline", offer: "15%", date: "20 de dezembro" }],
    ["it", "il codice del 15% scade il 20 dicembre", { kind: "offerDeadline", offer: "15%", date: "20 dicembre" }],
    ["en", "free gift wrap over $60", { kind: "offerThreshold", offer: "free gift wrap", price: usd("$60", 6000) }],
    ["fr", "livraison offerte dès 60 €", { kind: "offerThreshold", offer: "livraison offerte", price: eur("60 €", 6000) }],
    ["es", "envío gratis a partir de 60 €", { kind: "offerThreshold", offer: "envío gratis", price: eur("60 €", 6000) }],
    ["de", "Gratis-Versand ab 60 €", { kind: "offerThreshold", offer: "Gratis-Versand", price: eur("60 €", 6000) }],
    ["pt", "frete grátis acima de 60 €", { kind: "offerThreshold", offer: "frete grátis", price: eur("60 €", 6000) }],
    ["it", "spedizione gratuita oltre 60 €", { kind: "offerThreshold", offer: "spedizione gratuita", price: eur("60 €", 6000) }],
  ] as const)("%s: %s", (lang, text, expected) => {
    expect(edit(text, lang)).toEqual(expected);
  });

  it("reads questions: add, remove, edit", () => {
    expect(edit('add question "How did you find us?" with options "Friends", "Search", "Ads"')).toEqual({
      kind: "addQuestion",
      question: "How did you find us?",
      options: ["Friends", "Search", "Ads"],
    });
    expect(edit("remove question 2")).toEqual({ kind: "removeQuestion", question: { index: 2 } });
    expect(edit('change question 1 to "How often do you visit?"')).toEqual({
      kind: "editQuestion",
      question: { index: 1 },
      to: "How often do you visit?",
    });
    expect(edit("entferne Frage 1", "de")).toEqual({ kind: "removeQuestion", question: { index: 1 } });
    expect(edit("retire l'option « Jamais » de la question 2", "fr")).toEqual({
      kind: "removeOption",
      question: { index: 2 },
      option: "Jamais",
    });
  });

  it.each([
    ["en", "Spruce now costs $28", { kind: "itemPrice", item: "Spruce", price: usd("$28", 2800) }],
    ["fr", "le Sapin coûte 14,50 €", { kind: "itemPrice", item: "Sapin", price: eur("14,50 €", 1450) }],
    ["de", "Tanne kostet 14,50 €", { kind: "itemPrice", item: "Tanne", price: eur("14,50 €", 1450) }],
    ["fr", "le bouton mène vers https://s.example/a", { kind: "buttonLink", url: "https://s.example/a" }],
    ["es", "el botón lleva a https://s.example/a", { kind: "buttonLink", url: "https://s.example/a" }],
    ["pt", "o botão leva a https://s.example/a", { kind: "buttonLink", url: "https://s.example/a" }],
    ["it", "il pulsante porta a https://s.example/a", { kind: "buttonLink", url: "https://s.example/a" }],
    ["fr", "supprime la question 2", { kind: "removeQuestion", question: { index: 2 } }],
    ["es", "elimina la pregunta 2", { kind: "removeQuestion", question: { index: 2 } }],
    ["pt", "remove a pergunta 2", { kind: "removeQuestion", question: { index: 2 } }],
    ["it", "rimuovi la domanda 2", { kind: "removeQuestion", question: { index: 2 } }],
    [
      "fr",
      "ajoute la question « Vous venez souvent ? » avec les options « Oui », « Non »",
      { kind: "addQuestion", question: "Vous venez souvent ?", options: ["Oui", "Non"] },
    ],
  ] as const)("also %s: %s", (lang, text, expected) => {
    expect(edit(text, lang)).toEqual(expected);
  });

  it("a decimal-comma price is a price, never a date", () => {
    expect(edit("le prix du Sapin passe à 20,12 €", "fr")).toEqual({ kind: "itemPrice", item: "Sapin", price: eur("20,12 €", 2012) });
  });

  it("leaves what is not a content edit to the HTML grammar", () => {
    expect(edit("make the button green")).toBeNull();
    expect(edit("make it pop")).toBeNull();
    expect(edit('change the headline to "Hi"')).toBeNull();
  });

  it("splits at and / et / und / y / e only before a verb", () => {
    expect(splitOnConjunctions("add Oolong tea $12 and remove the Spruce candle")).toEqual([
      "add Oolong tea $12",
      "remove the Spruce candle",
    ]);
    expect(splitOnConjunctions("ajoute le thé Oolong à 12,50 € et entferne die Kerze")).toEqual([
      "ajoute le thé Oolong à 12,50 €",
      "entferne die Kerze",
    ]);
    expect(splitOnConjunctions("füge Tee hinzu und entferne die Kerze")).toEqual(["füge Tee hinzu", "entferne die Kerze"]);
    expect(splitOnConjunctions("añade té y quita la vela")).toEqual(["añade té", "quita la vela"]);
    expect(splitOnConjunctions("adiciona chá e remove a vela")).toEqual(["adiciona chá", "remove a vela"]);
    expect(splitOnConjunctions("add Salt and Pepper crisps $3")).toEqual(["add Salt and Pepper crisps $3"]);
    expect(splitOnConjunctions('add "Tea and remove" $3')).toEqual(['add "Tea and remove" $3']);
  });
});
