// Whole briefs through readBrief (./index): items with their prices, former prices, links and
// images, a pasted table, offers each with its own conditions, questions with their options, a
// quiz's right answer, an FAQ, an event's details, buttons and the brand — in the six frame
// languages. For every prompt: the brief is schema-valid, every span lies inside the prompt and
// holds its value's words, and every line of the prompt is used or listed under `unused`.
import { describe, expect, it } from "vitest";
import { droppedLines } from "~/domain/eval/brief-score";
import { type Brief, BriefSchema, briefSpans } from "~/domain/brief/schema";
import { readBrief } from ".";

/** The words of a value, folded. */
const words = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Every value of the brief with its span, less the values that name a choice rather than quote the prompt. */
function valuesWithSpans(brief: Brief): Array<{ path: string; value: string; span: { start: number; end: number } }> {
  const out: Array<{ path: string; value: string; span: { start: number; end: number } }> = [];
  const walk = (v: unknown, path: string) => {
    if (!v || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}.${i}`));
    const o = v as Record<string, unknown>;
    const text = typeof o.value === "string" ? o.value : typeof o.display === "string" ? o.display : undefined;
    if (text !== undefined && o.span && typeof o.span === "object")
      out.push({ path, value: text, span: o.span as { start: number; end: number } });
    for (const [k, x] of Object.entries(o)) if (k !== "span") walk(x, path ? `${path}.${k}` : k);
  };
  walk(brief, "");
  // A tone, a length, an email type or an occasion is a choice; a scale's steps share the scale's span.
  const scaled = new Set(brief.questions.flatMap((q, i) => (q.scale ? [`questions.${i}.options`] : [])));
  return out.filter((x) => !/^(tone|length|emailType|occasion)\b/.test(x.path) && ![...scaled].some((s) => x.path.startsWith(s)));
}

function expectSound(prompt: string, brief: Brief) {
  expect(() => BriefSchema.parse(brief)).not.toThrow();
  for (const { path, span } of briefSpans(brief)) {
    expect(span.start, path).toBeGreaterThanOrEqual(0);
    expect(span.end, path).toBeGreaterThanOrEqual(span.start);
    expect(span.end, path).toBeLessThanOrEqual(prompt.length);
  }
  for (const { path, value, span } of valuesWithSpans(brief)) {
    const slice = ` ${words(prompt.slice(span.start, span.end)).join(" ")} `;
    const own = words(
      /^https?:\/\//.test(value) && !/^https?:/.test(prompt.slice(span.start, span.end)) ? value.replace(/^https?:\/\//, "") : value,
    );
    for (const w of own) expect(slice, `${path}: “${value}” not in “${prompt.slice(span.start, span.end)}”`).toContain(w);
  }
  expect(droppedLines(prompt, brief), "lines neither used nor listed as unused").toEqual([]);
}

const item = (i: Brief["items"][number]) => ({
  name: i.name.value,
  price: i.price?.display,
  was: i.was?.display,
  link: i.link?.value,
  image: i.image?.value,
});
const offer = (o: Brief["offers"][number]) => ({
  text: o.text.value,
  kind: o.kind,
  percent: o.percent,
  code: o.code?.value,
  threshold: o.threshold?.price.display,
  deadline: o.deadline?.value,
});
const question = (q: Brief["questions"][number]) => ({
  text: q.text.value,
  options: q.scale ? undefined : q.options.map((o) => o.value),
  scale: q.scale ? [q.scale.min, q.scale.max] : undefined,
  correct: q.correct,
});
const cta = (c: Brief["ctas"][number]) => [c.label.value, c.url?.value];

interface Row {
  name: string;
  prompt: string;
  want: (b: Brief) => void;
}

const ROWS: Row[] = [
  {
    name: "items on bullet lines with a price, a former price, a link and an image (en)",
    prompt: [
      "Spring sale email for Bloom & Co.",
      "",
      "Products:",
      "- Linen dress — $89 (was $120) https://bloom.example/dress",
      "- Straw hat: $35 https://bloom.example/img/hat.jpg",
      "- Canvas tote $19",
      "",
      "Button: Shop the sale -> https://bloom.example/sale",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("en");
      expect(b.brand?.value).toBe("Bloom & Co");
      expect(b.occasion.kind).toBe("sale");
      expect(b.items.map(item)).toEqual([
        { name: "Linen dress", price: "$89", was: "$120", link: "https://bloom.example/dress" },
        { name: "Straw hat", price: "$35", image: "https://bloom.example/img/hat.jpg" },
        { name: "Canvas tote", price: "$19" },
      ]);
      expect(b.items[0].price).toMatchObject({ minor: 8_900, currency: "USD" });
      expect(b.images.map((i) => i.value)).toContain("https://bloom.example/img/hat.jpg");
      expect(b.links.map((l) => l.value)).not.toContain("https://bloom.example/img/hat.jpg");
      expect(b.headings.map((h) => h.value)).toEqual(["Products"]);
      expect(b.ctas.map(cta)).toEqual([["Shop the sale", "https://bloom.example/sale"]]);
    },
  },
  {
    name: "items with « au lieu de », an image, an offer with code and deadline, a button (fr)",
    prompt: [
      "Soldes d'hiver pour La Fabrique à Bougies.",
      "",
      "- Bougie Figue & Cèdre 220 g – 24,90 € au lieu de 32 € https://fabrique.example/figue",
      "- Coffret Trio Hiver : 49 € https://fabrique.example/img/trio.jpg",
      "-20 % sur tout le site avec le code HIVER20 jusqu'au 31 janvier.",
      "Bouton : Je découvre les soldes -> https://fabrique.example/soldes",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("fr");
      expect(b.brand?.value).toBe("La Fabrique à Bougies");
      expect(b.items.map(item)).toEqual([
        { name: "Bougie Figue & Cèdre 220 g", price: "24,90 €", was: "32 €", link: "https://fabrique.example/figue" },
        { name: "Coffret Trio Hiver", price: "49 €", image: "https://fabrique.example/img/trio.jpg" },
      ]);
      expect(b.offers.map(offer)).toEqual([{ text: "-20 %", kind: "percent", percent: 20, code: "HIVER20", deadline: "31 janvier" }]);
      expect(b.offers[0].scope?.value).toBe("sur tout le site");
      expect(b.ctas.map(cta)).toEqual([["Je découvre les soldes", "https://fabrique.example/soldes"]]);
    },
  },
  {
    name: "a tab-separated table with a header: price, former price and link by column (de)",
    prompt: [
      "Newsletter für den Laden Pfotenglück.",
      "",
      "Produkt\tPreis\tVorher\tLink",
      "Kauknochen\t4,90 €\t6,50 €\thttps://pfotenglueck.example/knochen",
      "Leine\t19,90 €\t24,90 €\thttps://pfotenglueck.example/leine",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("de");
      expect(b.brand?.value).toContain("Pfotenglück");
      expect(b.items.map(item)).toEqual([
        { name: "Kauknochen", price: "4,90 €", was: "6,50 €", link: "https://pfotenglueck.example/knochen" },
        { name: "Leine", price: "19,90 €", was: "24,90 €", link: "https://pfotenglueck.example/leine" },
      ]);
      expect(b.headings).toHaveLength(1);
      expect(b.headings[0].value).toContain("Produkt");
    },
  },
  {
    name: "a pipe table with a header (es)",
    prompt: ["Menú de la semana para el Bistró Sol.", "", "| Plato | Precio |", "| Gazpacho | 6,50 € |", "| Paella | 14 € |"].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("es");
      expect(b.occasion.kind).toBe("menu");
      expect(b.items.map(item)).toEqual([
        { name: "Gazpacho", price: "6,50 €" },
        { name: "Paella", price: "14 €" },
      ]);
      expect(b.items.map((i) => i.name.value)).not.toContain("Plato");
    },
  },
  {
    name: "items on a menu heading with a former price and an image (it)",
    prompt: [
      "Newsletter di maggio per la Trattoria Nonna Pia.",
      "",
      "Menu della settimana:",
      "- Lasagne al forno 12 €",
      "- Tiramisù 6 € (prima 8 €)",
      "- Vino della casa: 4 € https://nonnapia.example/img/vino.jpg",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("it");
      expect(b.brand?.value).toBe("Trattoria Nonna Pia");
      expect(b.items.map(item)).toEqual([
        { name: "Lasagne al forno", price: "12 €" },
        { name: "Tiramisù", price: "6 €", was: "8 €" },
        { name: "Vino della casa", price: "4 €", image: "https://nonnapia.example/img/vino.jpg" },
      ]);
    },
  },
  {
    name: "two offers, each with its own code, threshold and deadline (en)",
    prompt: [
      "Black Friday email for Trailhead Outfitters.",
      "",
      "Offer 1: 20% off all boots with code BOOTS20, ends November 30.",
      "Offer 2: free shipping on orders over $75 until December 2.",
    ].join("\n"),
    want: (b) => {
      expect(b.brand?.value).toBe("Trailhead Outfitters");
      expect(b.occasion.kind).toBe("sale");
      expect(b.offers.map(offer)).toEqual([
        { text: "20% off", kind: "percent", percent: 20, code: "BOOTS20", deadline: "November 30" },
        { text: expect.stringContaining("free shipping"), kind: "free", threshold: "$75", deadline: "December 2" },
      ]);
      expect(b.offers[0].scope?.value).toBe("all boots");
      expect(b.offers[1].threshold?.price).toMatchObject({ minor: 7_500, currency: "USD" });
      const governs = Object.fromEntries(b.dates.map((d) => [d.value, d.governs]));
      expect(governs["November 30"]).toEqual({ kind: "offer", offer: 0 });
      expect(governs["December 2"]).toEqual({ kind: "offer", offer: 1 });
      expect(b.codes.map((c) => c.value)).toEqual(["BOOTS20"]);
    },
  },
  {
    name: "two offers in one sentence, each with its own conditions (en)",
    prompt: [
      "Summer sale email for Trailhead Outfitters.",
      "",
      "Get 20% off boots with code BOOTS20, and free shipping on orders over $50 until June 30.",
    ].join("\n"),
    want: (b) => {
      expect(b.offers.map(offer)).toEqual([
        { text: "20% off", kind: "percent", percent: 20, code: "BOOTS20" },
        { text: expect.stringContaining("free shipping"), kind: "free", threshold: "$50", deadline: "June 30" },
      ]);
    },
  },
  {
    name: "an offer's code and deadline on bullet label lines of their own (en)",
    prompt: ["Summer sale email for Trailhead Outfitters.", "", "- Offer: 20% off all tents", "- Code: TENT20", "- Ends: July 4"].join(
      "\n",
    ),
    want: (b) => {
      expect(b.offers.map(offer)).toEqual([{ text: "20% off", kind: "percent", percent: 20, code: "TENT20", deadline: "July 4" }]);
      expect(b.offers[0].scope?.value).toBe("all tents");
    },
  },
  {
    name: "a module heading and its panes (en)",
    prompt: ["Tabs for the Ledgerly newsletter:", "- Budgeting", "- Investing", "- Taxes"].join("\n"),
    want: (b) => {
      expect(b.techniques.map((t) => [t.technique, t.panes.map((p) => p.value)])).toEqual([["tabs", ["Budgeting", "Investing", "Taxes"]]]);
      expect(b.items.map((i) => i.name.value)).toEqual(["Budgeting", "Investing", "Taxes"]);
    },
  },
  {
    name: "two offers on bullet lines (it)",
    prompt: [
      "Promo per la Pasticceria Dolce Vita.",
      "",
      "- Offerta 1: 15% di sconto con il codice DOLCE15 fino al 30 settembre",
      "- Offerta 2: spedizione gratuita per ordini sopra i 40 €",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("it");
      expect(b.brand?.value).toBe("Pasticceria Dolce Vita");
      expect(b.offers.map(offer)).toEqual([
        { text: "15% di sconto", kind: "percent", percent: 15, code: "DOLCE15", deadline: "30 settembre" },
        { text: "spedizione gratuita", kind: "free", threshold: "40 €" },
      ]);
    },
  },
  {
    name: "an offer with a code and a deadline, and a button (pt)",
    prompt: [
      "Boas-vindas da loja Casa Verde.",
      "",
      "Use o código BEMVINDO10 para 10% de desconto até 30 de junho.",
      "Botão: Ver a coleção -> https://casaverde.example/colecao",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("pt");
      expect(b.brand?.value).toBe("Casa Verde");
      expect(b.occasion.kind).toBe("onboarding");
      expect(b.offers.map(offer)).toEqual([
        { text: "10% de desconto", kind: "percent", percent: 10, code: "BEMVINDO10", deadline: "30 de junho" },
      ]);
      expect(b.ctas.map(cta)).toEqual([["Ver a coleção", "https://casaverde.example/colecao"]]);
    },
  },
  {
    name: "questions with options in brackets, lettered, under the question, and a 0–10 scale (en)",
    prompt: [
      "Client: Casa Verde",
      "Survey for our customers.",
      "",
      "How did you hear about us? (Instagram / a friend / Google)",
      "Which days do you shop? a) Monday b) Saturday c) Sunday",
      "What should we stock more of?",
      "- Plants",
      "- Pots",
      "- Seeds",
      "How likely are you to recommend us, 0-10?",
    ].join("\n"),
    want: (b) => {
      expect(b.brand?.value).toBe("Casa Verde");
      expect(b.questions.map(question)).toEqual([
        { text: "How did you hear about us?", options: ["Instagram", "a friend", "Google"] },
        { text: "Which days do you shop?", options: ["Monday", "Saturday", "Sunday"] },
        { text: "What should we stock more of?", options: ["Plants", "Pots", "Seeds"] },
        { text: "How likely are you to recommend us, 0-10?", scale: [0, 10] },
      ]);
      expect(b.questions[3].options.map((o) => o.value)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
      expect(b.techniques.map((t) => t.technique)).toContain("survey");
    },
  },
  {
    name: "questions with options in brackets and under the question, and a scale « de 0 a 10 » (es)",
    prompt: [
      "Encuesta para los clientes de Librería Quijote.",
      "",
      "¿Cómo nos conociste? (Instagram / un amigo / Google)",
      "¿Qué día prefieres venir?",
      "- Lunes",
      "- Sábado",
      "¿Qué probabilidad hay de que nos recomiendes, de 0 a 10?",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("es");
      expect(b.brand?.value).toBe("Librería Quijote");
      expect(b.occasion.kind).toBe("survey");
      expect(b.questions.map(question)).toEqual([
        { text: "¿Cómo nos conociste?", options: ["Instagram", "un amigo", "Google"] },
        { text: "¿Qué día prefieres venir?", options: ["Lunes", "Sábado"] },
        { text: "¿Qué probabilidad hay de que nos recomiendes, de 0 a 10?", scale: [0, 10] },
      ]);
    },
  },
  {
    name: "lettered options and a scale (pt)",
    prompt: [
      "Pesquisa para os clientes da Padaria Pão Quente.",
      "",
      "Como nos conheceu? a) Instagram b) Amigos c) Google",
      "De 0 a 10, quanto recomendaria a padaria?",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("pt");
      expect(b.brand?.value).toBe("Padaria Pão Quente");
      expect(b.questions.map(question)).toEqual([
        { text: "Como nos conheceu?", options: ["Instagram", "Amigos", "Google"] },
        { text: "De 0 a 10, quanto recomendaria a padaria?", scale: [0, 10] },
      ]);
    },
  },
  {
    name: "options in brackets on the question's line and under it (fr)",
    prompt: [
      "Sondage pour les clients de la Librairie du Port.",
      "",
      "Avez-vous trouvé ce que vous cherchiez ? (oui / non / en partie)",
      "Quel rayon visitez-vous le plus ?",
      "- Romans",
      "- BD",
      "- Jeunesse",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("fr");
      expect(b.brand?.value).toBe("Librairie du Port");
      expect(b.occasion.kind).toBe("survey");
      expect(b.questions.map(question)).toEqual([
        { text: "Avez-vous trouvé ce que vous cherchiez ?", options: ["oui", "non", "en partie"] },
        { text: "Quel rayon visitez-vous le plus ?", options: ["Romans", "BD", "Jeunesse"] },
      ]);
    },
  },
  {
    name: "a quiz's right answer: « (richtig) » under the question, « Lösung: b » after lettered options (de)",
    prompt: [
      "Quiz für den Newsletter der Sternwarte Hochberg.",
      "",
      "Wann wurde die Sternwarte gegründet?",
      "- 1843 (richtig)",
      "- 1901",
      "- 1955",
      "Welcher Planet ist der größte? a) Mars b) Jupiter c) Venus, Lösung: b",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("de");
      expect(b.occasion.kind).toBe("quiz");
      expect(b.questions.map(question)).toEqual([
        { text: "Wann wurde die Sternwarte gegründet?", options: ["1843", "1901", "1955"], correct: 0 },
        { text: "Welcher Planet ist der größte?", options: ["Mars", "Jupiter", "Venus"], correct: 1 },
      ]);
    },
  },
  {
    name: "a quiz's right answer: « answer b », « (correct) », and an FAQ pair (en)",
    prompt: [
      "Quiz email for Astro Club.",
      "",
      "Which planet has the most moons? a) Earth b) Saturn c) Mars, answer b",
      "Which planet is red?",
      "- Venus",
      "- Mars (correct)",
      "- Jupiter",
      "Q: When is the club open?",
      "A: Every Friday from 7pm.",
    ].join("\n"),
    want: (b) => {
      expect(b.brand?.value).toBe("Astro Club");
      expect(b.occasion.kind).toBe("quiz");
      expect(b.questions.map(question)).toEqual([
        { text: "Which planet has the most moons?", options: ["Earth", "Saturn", "Mars"], correct: 1 },
        { text: "Which planet is red?", options: ["Venus", "Mars", "Jupiter"], correct: 1 },
      ]);
      expect(b.faq.map((f) => [f.question.value, f.answer.value])).toEqual([["When is the club open?", "Every Friday from 7pm."]]);
      expect(b.techniques.map((t) => t.technique)).toEqual(["quiz"]);
    },
  },
  {
    name: "a quiz's right answer: options under the question and « A: » after them (en)",
    prompt: ["Quiz email for Astro Club.", "", "Which planet has the most moons?", "- Earth", "- Saturn", "- Mars", "A: Saturn"].join("\n"),
    want: (b) => {
      expect(b.questions.map(question)).toEqual([
        { text: "Which planet has the most moons?", options: ["Earth", "Saturn", "Mars"], correct: 1 },
      ]);
      expect(b.faq).toEqual([]);
    },
  },
  {
    name: "a quiz's right answer marked inside the brackets (en)",
    prompt: ["Quiz for the Astro Club newsletter.", "", "Which planet has rings? (Saturn is correct; Mars; Venus)"].join("\n"),
    want: (b) => {
      expect(b.questions.map(question)).toEqual([{ text: "Which planet has rings?", options: ["Saturn", "Mars", "Venus"], correct: 0 }]);
    },
  },
  {
    name: "an FAQ of Q:/A: lines and a button with an arrow (en)",
    prompt: [
      "FAQ for the Helpwise onboarding email.",
      "",
      "Q: How do I reset my password?",
      "A: Use the link on the sign-in page.",
      "Q: Can I invite my team?",
      "A: Yes, from Settings > Team.",
      "",
      "Button: Open Helpwise -> https://app.helpwise.example/start",
    ].join("\n"),
    want: (b) => {
      expect(b.brand?.value).toBe("Helpwise");
      expect(b.faq.map((f) => [f.question.value, f.answer.value])).toEqual([
        ["How do I reset my password?", "Use the link on the sign-in page."],
        ["Can I invite my team?", "Yes, from Settings > Team."],
      ]);
      expect(b.questions).toEqual([]);
      expect(b.ctas.map(cta)).toEqual([["Open Helpwise", "https://app.helpwise.example/start"]]);
      expect(b.cta?.value).toBe("Open Helpwise");
    },
  },
  {
    name: "an event's when, where, who and agenda, and an RSVP link (en)",
    prompt: [
      "Invitation to the Harbour Lights summer party.",
      "",
      "When: Saturday, June 14 at 7pm",
      "Where: The Old Brickyard, 12 Mill Lane",
      "Speakers: Ana Ruiz and Tom Becker",
      "Agenda:",
      "- 7pm Welcome drinks",
      "- 8pm Dinner",
      "- 10pm Live band",
      "RSVP link: https://harbourlights.example/rsvp",
    ].join("\n"),
    want: (b) => {
      expect(b.brand?.value).toBe("Harbour Lights");
      expect(b.occasion.kind).toBe("invitation");
      expect(b.event?.when?.value).toBe("Saturday, June 14 at 7pm");
      expect(b.event?.where?.value).toBe("The Old Brickyard, 12 Mill Lane");
      expect(b.event?.who.map((w) => w.value)).toEqual(["Ana Ruiz", "Tom Becker"]);
      expect(b.event?.agenda.map((a) => a.value)).toEqual(["7pm Welcome drinks", "8pm Dinner", "10pm Live band"]);
      expect(b.ctas.map(cta)).toEqual([["RSVP", "https://harbourlights.example/rsvp"]]);
      expect(b.dates.find((d) => d.value === "Saturday, June 14 at 7pm")?.governs).toEqual({ kind: "event" });
    },
  },
  {
    name: "an event's Quand / Où / Avec / Programme and a booking link (fr)",
    prompt: [
      "Invitation au vernissage de la Galerie Lumière.",
      "",
      "Quand : samedi 14 juin à 18h30",
      "Où : 12 rue des Arts, Lyon",
      "Avec : Claire Martin et Paul Dubois",
      "Programme : accueil, visite guidée, cocktail",
      "Réservation : https://galerie-lumiere.example/rsvp",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("fr");
      expect(b.brand?.value).toBe("Galerie Lumière");
      expect(b.event?.when?.value).toBe("samedi 14 juin à 18h30");
      expect(b.event?.where?.value).toBe("12 rue des Arts, Lyon");
      expect(b.event?.who.map((w) => w.value)).toEqual(["Claire Martin", "Paul Dubois"]);
      expect(b.event?.agenda.map((a) => a.value)).toEqual(["accueil", "visite guidée", "cocktail"]);
      expect(b.ctas.map(cta)).toEqual([["Réservation", "https://galerie-lumiere.example/rsvp"]]);
    },
  },
  {
    name: "an event's Wann / Wo and a sign-up link (de)",
    prompt: [
      "Einladung zum Sommerfest der Kita Sonnenschein.",
      "",
      "Wann: Samstag, 21. Juni, 15 Uhr",
      "Wo: Gartenstraße 5, Freiburg",
      "Anmeldung: https://kita-sonnenschein.example/fest",
    ].join("\n"),
    want: (b) => {
      expect(b.language.code).toBe("de");
      expect(b.brand?.value).toBe("Kita Sonnenschein");
      expect(b.event?.when?.value).toBe("Samstag, 21. Juni, 15 Uhr");
      expect(b.event?.where?.value).toBe("Gartenstraße 5, Freiburg");
      expect(b.ctas.map(cta)).toEqual([["Anmeldung", "https://kita-sonnenschein.example/fest"]]);
    },
  },
  {
    name: "the brand from a « Kunde: » line (de)",
    prompt: "Kunde: Tierheim Pfotenglück\nSpendenaufruf für den Winter.",
    want: (b) => {
      expect(b.brand?.value).toBe("Tierheim Pfotenglück");
      expect(b.occasion.kind).toBe("fundraising");
    },
  },
  {
    name: "the brand from a « Cliente: » line (es)",
    prompt: "Cliente: Bodega Los Olivos\nNewsletter de octubre.",
    want: (b) => expect(b.brand?.value).toBe("Bodega Los Olivos"),
  },
  {
    name: "the brand from « … para X » (es)",
    prompt: "Email de rebajas para Alpargatas Lola.\n\nTodo al 30% hasta el 15 de enero.",
    want: (b) => {
      expect(b.brand?.value).toBe("Alpargatas Lola");
      expect(b.offers.map(offer)).toEqual([{ text: "30%", kind: "percent", percent: 30, deadline: "15 de enero" }]);
    },
  },
  {
    name: "the brand from the links' domain (helpwise.example → Helpwise)",
    prompt: "Write a thank-you email. Links: https://helpwise.example/blog and https://helpwise.example/help",
    want: (b) => {
      expect(b.brand?.value).toBe("Helpwise");
      expect(b.occasion.kind).toBe("thank-you");
      expect(b.links.map((l) => l.value)).toEqual(["https://helpwise.example/blog", "https://helpwise.example/help"]);
    },
  },
  {
    name: "the brand from a hyphenated domain (papeterie-lune.example → Papeterie Lune)",
    prompt: "Please draft our autumn newsletter. More at https://papeterie-lune.example/automne",
    want: (b) => expect(b.brand?.value).toBe("Papeterie Lune"),
  },
  {
    name: "no brand from a month (en)",
    prompt: "Newsletter for June.\n\nThree new recipes from our kitchen this month.",
    want: (b) => expect(b.brand).toBeUndefined(),
  },
  {
    name: "no brand from a weekday (en)",
    prompt: "Sale email for Friday. 20% off all shoes.",
    want: (b) => {
      expect(b.brand).toBeUndefined();
      expect(b.offers.map(offer)).toEqual([{ text: "20% off", kind: "percent", percent: 20 }]);
    },
  },
  {
    name: "no brand from a common word (en)",
    prompt: "Write an email for Everyone who bought last year.",
    want: (b) => expect(b.brand).toBeUndefined(),
  },
  {
    name: "no brand from a month (fr)",
    prompt: "Newsletter pour Juin.\n\nTrois recettes et un coup de cœur.",
    want: (b) => expect(b.brand).toBeUndefined(),
  },
  {
    name: "no brand from a month (de)",
    prompt: "Newsletter für Mai.\n\nDrei Rezepte und ein Tipp der Woche.",
    want: (b) => expect(b.brand).toBeUndefined(),
  },
  {
    name: "no brand from a holiday (es)",
    prompt: "Email para Navidad.\n\nTres recetas nuevas para la cena.",
    want: (b) => expect(b.brand).toBeUndefined(),
  },
  {
    name: "no brand from a month or a common word (it)",
    prompt: "Newsletter di Maggio per tutti.\n\nTre ricette nuove.",
    want: (b) => expect(b.brand).toBeUndefined(),
  },
  {
    name: "markup and CRLF line breaks: spans still point at the prompt as written",
    prompt:
      "<p>Spring sale email for <b>Bloom</b>.</p>\r\n\r\n<p>Products:</p>\r\n- Linen dress $89\r\n- Straw hat $35\r\n\r\nUse code BLOOM20 for 20% off until May 3.",
    want: (b) => {
      expect(b.brand?.value).toBe("Bloom");
      expect(b.items.map(item)).toEqual([
        { name: "Linen dress", price: "$89" },
        { name: "Straw hat", price: "$35" },
      ]);
      expect(b.offers.map(offer)).toEqual([{ text: "20% off", kind: "percent", percent: 20, code: "BLOOM20", deadline: "May 3" }]);
    },
  },
];

describe("readBrief: whole briefs", () => {
  for (const row of ROWS) {
    it(row.name, () => row.want(readBrief(row.prompt)));
    it(`${row.name}: schema-valid, spans in the prompt holding their values, no line dropped`, () =>
      expectSound(row.prompt, readBrief(row.prompt)));
  }
});

describe("readBrief: options", () => {
  it("takes the caller's email type as a hint", () => {
    const prompt = ROWS[0].prompt;
    expect(readBrief(prompt).emailType).toEqual({ value: "ecommerce", source: "prompt" });
    expect(readBrief(prompt, { emailType: "newsletter" }).emailType).toEqual({ value: "newsletter", source: "hint" });
  });

  it("ignores an email type it does not know, and a null one", () => {
    const prompt = ROWS[0].prompt;
    expect(readBrief(prompt, { emailType: "nonsense" }).emailType.source).toBe("prompt");
    expect(readBrief(prompt, { emailType: null }).emailType.source).toBe("prompt");
  });

  it("reads a brief with no occasion as the default email type", () => {
    const brief = readBrief("Hello there, a short note about the garden.");
    expect(brief.occasion.kind).toBe("general");
    expect(brief.emailType.source).toBe("default");
    expectSound("Hello there, a short note about the garden.", brief);
  });

  it("reads an empty prompt as an empty, valid brief", () => {
    const brief = readBrief("");
    expect(() => BriefSchema.parse(brief)).not.toThrow();
    expect(brief.items).toEqual([]);
    expect(brief.unused).toEqual([]);
  });

  it("reads the same prompt the same way twice", () => {
    for (const row of ROWS.slice(0, 5)) expect(readBrief(row.prompt)).toEqual(readBrief(row.prompt));
  });
});

describe("one-line prompts, read as the copy needs them", () => {
  const read = (prompt: string) => {
    const brief = readBrief(prompt);
    expectSound(prompt, brief);
    return brief;
  };

  it("names the occasion as the brief names it: a day as a name, a season as written", () => {
    expect(read("black friday at Ember Roasters: 25% off all beans").occasion.named?.value).toBe("Black Friday");
    expect(read("Holiday gift guide from Juniper & Pine: Cedar candle $28, Wool throw $85.").occasion.named?.value).toBe(
      "Holiday gift guide",
    );
    expect(read("Soldes d'hiver chez Maison Lavande : -20 % avec le code HIVER20.").occasion.named?.value).toBe("Soldes d'hiver");
    expect(read("Oferta de día de la madre en Flores Sol: rosas 20 €.").occasion.named?.value).toBe("Día de la Madre");
    expect(read("Spring newsletter for Fern & Co with three stories.").occasion.named).toBeUndefined();
  });

  it("reads a sentence with a price as a sentence, not an item named by its first words", () => {
    const b = read("Launch email for Tasklane. Available on the Pro plan at $12 per user per month.");
    expect(b.items).toEqual([]);
    expect(b.message.map((m) => m.value)).toContain("Available on the Pro plan at $12 per user per month.");
    // The words that lead to the first amount are no part of an item's name.
    const change = read(
      "Equipo, a partir del 1 de abril los planes suben:\nPlan Básico pasa de $49.000 a $59.000 COP/mes\nPlan Pyme pasa de $119.000 a $139.000 COP/mes",
    );
    expect(change.items.map((i) => i.name.value)).toEqual(["Plan Básico", "Plan Pyme"]);
  });

  it("takes no sender from a common word that opens the brief", () => {
    expect(read("Plant sale email with 30% off all plants this weekend. Items: fern $20, monstera $45.").brand).toBeUndefined();
    expect(read("Orbit Books newsletter with staff picks.").brand?.value).toBe("Orbit Books");
  });

  it("ends the words naming an invitation before the event's date: the rest is its when and where", () => {
    const b = read(
      "Invitation to Northlight Design Summit, October 9–10 at Pier 27, San Francisco. Early-bird tickets $299 until August 31.",
    );
    expect(b.instructions.map((i) => [i.kind, i.text.value])).toEqual([["naming", "Invitation to Northlight Design Summit"]]);
    expect(b.message.map((m) => m.value)).toContain("October 9–10 at Pier 27, San Francisco.");
    expect(b.event?.where?.value).toBe("Pier 27, San Francisco");
    const fair = read("Invitation to the Northside Makers Fair by Brickyard Studios on Saturday, June 14, 10am–5pm at the Old Brickyard.");
    expect(fair.event?.when?.value).toBe("Saturday, June 14, 10am–5pm");
    // (Where, past the article: "at the Old Brickyard".)
    expect(fair.event?.where?.value).toBe("Old Brickyard");
    // A month in a newsletter's name is no event's date.
    expect(read("Resident newsletter, December – Calderbrook Town Council. Bin days change.").instructions[0]?.text.value).toMatch(
      /December/,
    );
  });

  it("reads a navigation menu's links as its panes, and no restaurant in its name", () => {
    const b = read("Hamburger menu email for Oak & Ash home store with links to Candles, Diffusers, Gifts and Sale");
    expect(b.techniques.find((t) => t.technique === "menu")?.panes.map((p) => p.value)).toEqual(["Candles", "Diffusers", "Gifts", "Sale"]);
    expect(b.occasion.kind).not.toBe("menu");
    // A lone "for" further on names the sender, not the panes.
    expect(read("Second cart reminder for Juniper & Ash (candles and home fragrance).").brand?.value).toBe("Juniper & Ash");
  });

  it("reads a quiz's label line as its question, and a cart's label line as its list, then the offers after it", () => {
    const quiz = read("Space quiz: which planet is largest — Saturn, Jupiter (correct) or Mars?");
    expect(quiz.questions.map((q) => [q.text.value, q.options.map((o) => o.value), q.correct])).toEqual([
      ["which planet is largest", ["Saturn", "Jupiter", "Mars"], 1],
    ]);
    const cart = read(
      "Ember Roasters cart: Ethiopia Guji $19, Colombia Huila $16. 25% off everything with code EMBER25. Free shipping over $150.",
    );
    expect(cart.items.map((i) => i.name.value)).toEqual(["Ethiopia Guji", "Colombia Huila"]);
    expect(cart.offers.map((o) => [o.text.value, o.code?.value, o.threshold?.price.display])).toEqual([
      ["25% off", "EMBER25", undefined],
      ["Free shipping", undefined, "$150"],
    ]);
    // "… 6,50 €. -20 % sur tout": the sentence ends after the amount.
    const fr = read("Soldes d'hiver pour Maison Lavande : bougie figue à 24,00 €, savon à 6,50 €. -20 % sur tout avec le code HIVER20.");
    expect(fr.items.map((i) => [i.name.value, i.price?.display])).toEqual([
      ["bougie figue", "24,00 €"],
      ["savon", "6,50 €"],
    ]);
    expect(fr.instructions[0]?.text.value).toBe("Soldes d'hiver pour Maison Lavande");
  });

  it("ends a sentence at the day after its month; a compound's verb and a dated fact ask Kinetic nothing", () => {
    const b = read(
      "Fundraising appeal for Clearwater Trust: help us. Our year-end campaign closes December 31. Donate at https://clear.example/give",
    );
    expect(b.message.map((m) => m.value)).toContain("Our year-end campaign closes December 31.");
    expect(b.instructions.map((i) => i.text.value)).toEqual(["Fundraising appeal for Clearwater Trust"]);
    // ("am 21. Juni" goes on: the day comes before its month.)
    const de = read("Sommerfest am 21. Juni im Hof der Brauerei Hagen. Eintritt frei.");
    expect(de.message.map((m) => m.value)).toContain("am 21. Juni im Hof der Brauerei Hagen.");
  });

  it("names the email from a line whose word for it comes a few words in, and the sender after its cue", () => {
    const b = read("A short customer satisfaction survey email after a hotel stay");
    expect(b.instructions.map((i) => i.kind)).toEqual(["naming"]);
    expect(b.techniques.map((t) => t.technique)).toEqual(["survey"]);
    const cart = read("Morning Crumb Bakery weekend breakfast box email with a tap-to-add cart: sourdough loaf $6.50, cold brew $4.00.");
    expect(cart.techniques.map((t) => t.technique)).toEqual(["itemCart"]);
    expect(cart.items.map((i) => i.name.value)).toEqual(["sourdough loaf", "cold brew"]);
    expect(read("Pour Roue Libre (Grenoble) : annonce retour en stock des vélos cargo.").brand?.value).toBe("Roue Libre");
  });

  it("takes the sender's name without the word naming the email, and past the readers it is for", () => {
    expect(read("Sondage de la Médiathèque des Tilleuls : Quel créneau préférez-vous ?").brand?.value).toBe("Médiathèque des Tilleuls");
    expect(read("Encuesta de Gimnasio Vértice: ¿Qué clase prefieres?").brand?.value).toBe("Gimnasio Vértice");
    expect(read("FAQ-Akkordeon für Kunden der Alpina Versicherung: Schadensmeldung, Vertragswechsel, Kündigung.").brand?.value).toBe(
      "Alpina Versicherung",
    );
    expect(read("NPS-Umfrage für Kundinnen und Kunden von Rechnix: Wie wahrscheinlich ist es (0–10)?").brand?.value).toBe("Rechnix");
    expect(read("Produkt-Update von Taskwerk: neue Funktionen Zeiterfassung und Kundenportal.").brand?.value).toBe("Taskwerk");
  });

  it("reads a price that stays as the item's price, named before 'stays'", () => {
    expect(
      read("Launch email for Notebase 5: offline mode. Pro stays $8/month; 20% off annual plans with code NOTE20.").items.map((i) => [
        i.name.value,
        i.price?.display,
      ]),
    ).toEqual([["Pro", "$8"]]);
    expect(read("Release notes from Tidewave. Tidewave Pro stays $12/month.").items.map((i) => i.name.value)).toEqual(["Tidewave Pro"]);
  });

  it("reads a count before a dash as the list's lead, the first thing named after it; a hyphened name whole", () => {
    const de = read(
      "Frühjahrsaktion von Radhaus Berger: Slider mit drei E-Bikes – Stadtflitzer 1.499 €, Trekking Pro 2.199 €, Cargo Max 3.299 €.",
    );
    expect(de.items.map((i) => i.name.value)).toEqual(["Stadtflitzer", "Trekking Pro", "Cargo Max"]);
    const fr = read("Lettre du mois de la Cave Saint-Roch : trois vins — Chinon 2020 à 16,80 €, Sancerre 2022 à 24,00 €.");
    expect(fr.items.map((i) => i.name.value)).toEqual(["Chinon 2020", "Sancerre 2022"]);
    expect(fr.brand?.value).toBe("Cave Saint-Roch");
    // (An article leads one too: "the headliners — The Lanterns, Mira Sol and Velvet Static".)
    const lineup = read(
      "Lineup announcement for the Harborlights Music Festival: carousel of the headliners — The Lanterns, Mira Sol and Velvet Static.",
    );
    expect(lineup.items.map((i) => i.name.value)).toEqual(["The Lanterns", "Mira Sol", "Velvet Static"]);
  });

  it("reads a label listing priced things as the list, the sentences after it on; words with a comma before a colon head the list", () => {
    const es = read("Planes de Tareo: Básico 7,99 € al mes, Pro 19,99 € al mes. Primer mes gratis con el código PRUEBA30.");
    expect(es.items.map((i) => [i.name.value, i.price?.display])).toEqual([
      ["Básico", "7,99 €"],
      ["Pro", "19,99 €"],
    ]);
    expect(es.offers.map((o) => o.code?.value)).toEqual(["PRUEBA30"]);
    // (One thing's change of price is one item named by the label.)
    expect(read("Comunicado cambio de cuotas:\n- Cuota mensual: de 39 € a 42 €").items.map((i) => i.name.value)).toEqual(["Cuota mensual"]);
    expect(read("corsi, scuola lingue roma: inglese 99,00 €, tedesco 89,50 €").items.map((i) => i.name.value)).toEqual([
      "inglese",
      "tedesco",
    ]);
  });

  it("takes no link for a question's options, and no emoji into a pane's name", () => {
    const b = read("NPS-Umfrage der Stadtwerke: Was ist der wichtigste Grund für Ihre Bewertung? https://stadtwerke.example/nps");
    expect(b.questions.map((q) => [q.text.value, q.options.map((o) => o.value)])).toEqual([
      ["Was ist der wichtigste Grund für Ihre Bewertung?", []],
    ]);
    const tabs = read("✈️ Summer escapes from Blue Horizon Travel — tabs: 🏖️ Beach, 🏔️ Mountains, 🏙️ City.");
    expect(tabs.techniques.find((t) => t.technique === "tabs")?.panes.map((p) => p.value)).toEqual(["Beach", "Mountains", "City"]);
  });

  it("keeps a date's range opener only: 'on' goes, 'from' of a range stays; a name after the colon only when it follows the colon", () => {
    expect(read("Open house for Harbor Realty. Viewings on Saturday, April 12 from 10am.").dates.map((d) => d.value)).toEqual([
      "Saturday, April 12 from 10am",
    ]);
    expect(read("Onboarding checklist for new Ledgerly users: connect your bank. Expandable steps, friendly tone.").brand).toBeUndefined();
  });

  it("reads a list's panes alike: the first named after its last small word when the others are names", () => {
    const b = read(
      "Introducing the Tidewater Coffee spring lineup: a slideshow of our new single-origin beans from Ethiopia, Colombia and Guatemala.",
    );
    expect(b.techniques.find((t) => t.technique === "carousel")?.panes.map((p) => p.value)).toEqual(["Ethiopia", "Colombia", "Guatemala"]);
  });

  it("names no item by the words that only lead to a price, and ends a module's panes before an offer", () => {
    const hotel = read(
      "Carrousel de trois chambres pour l'Hôtel des Dunes : chambre océan, suite familiale et studio jardin. À partir de 120 € la nuit.",
    );
    expect(hotel.items.map((i) => i.name.value)).toEqual(["chambre océan", "suite familiale", "studio jardin"]);
    const knit = read("Winter sale at Nordic Knit: tabs for Sweaters, Scarves and Hats, everything 25% off until January 15.");
    expect(knit.techniques.find((t) => t.technique === "tabs")?.panes.map((p) => p.value)).toEqual(["Sweaters", "Scarves", "Hats"]);
    expect(knit.offers.map((o) => [o.text.value, o.scope?.value])).toEqual([["25% off", "everything"]]);
  });

  it("ends a free thing's words at its condition", () => {
    const b = read("Free gift wrap on orders over $50 until December 20. Separately, 15% off everything with code GIFT15.");
    expect(b.offers.map((o) => o.text.value)).toEqual(["Free gift wrap", "15% off"]);
    expect(b.offers[0].threshold?.text.value).toBe("on orders over $50");
  });
});
