// Whether a sentence of a brief is addressed to Kinetic or is copy for the reader (./instruction),
// in the six frame languages: tone and length lines, what not to mention, "no discount this time",
// what to say, remind of or thank for, modules asked for, the line naming the email; and copy that
// is no instruction however imperative it sounds.
import { describe, expect, it } from "vitest";
import { readBrief } from ".";
import { cuesFor } from "./cues";
import { instructionOf, type Instruction, type InstructionKind } from "./instruction";
import { layoutOf } from "./layout";
import { readSource } from "./source";
import { lineTokens } from "./tokens";

/** A one-line sentence read as a whole clause, the way the roles read a sentence. */
function read(sentence: string, lang: string, first = false) {
  const text = readSource(sentence).text;
  const cues = cuesFor(lang);
  const [line] = layoutOf(text, lang, cues.cues);
  const { words, tokens } = lineTokens(text, line, lang, cues.cues);
  const hasValues = tokens.some((t) => t.kind === "money" || t.kind === "percent" || t.kind === "code");
  const x = instructionOf({ range: { start: line.start, end: line.end }, words, text, first, hasValues, whole: true }, cues);
  const slice = (r: { start: number; end: number } | undefined) => (r ? text.slice(r.start, r.end) : undefined);
  return { x, slice };
}

interface Row {
  lang: string;
  sentence: string;
  /** The kind, or "any" when only what it carries is the point. */
  kind: InstructionKind | "any";
  first?: boolean;
  tone?: string;
  length?: "short" | "long";
  /** What it rules out, each as written or holding these words. */
  ruledOut?: string[];
  says?: string;
  act?: Instruction["act"];
  technique?: string;
}

const ROWS: Row[] = [
  // English
  { lang: "en", sentence: "Tone: playful.", kind: "tone", tone: "playful" },
  { lang: "en", sentence: "Warm and a bit cheerful, not preachy.", kind: "tone", tone: "warm" },
  { lang: "en", sentence: "Keep it short and friendly.", kind: "any", tone: "friendly", length: "short" },
  { lang: "en", sentence: "Keep it under 100 words.", kind: "any", length: "short" },
  { lang: "en", sentence: "Do not mention free shipping or discounts.", kind: "avoid", ruledOut: ["free shipping", "discounts"] },
  { lang: "en", sentence: "Don't mention the price increase.", kind: "avoid", ruledOut: ["price increase"] },
  { lang: "en", sentence: "Avoid jargon.", kind: "avoid", ruledOut: ["jargon"] },
  { lang: "en", sentence: "No discount this time.", kind: "avoid", ruledOut: ["discount"] },
  { lang: "en", sentence: "Say it takes under a minute.", kind: "say", says: "it takes under a minute" },
  { lang: "en", sentence: "Please mention that shipping is free over $50.", kind: "say", says: "shipping is free over $50" },
  { lang: "en", sentence: "Let them know we are closed on Monday.", kind: "say", says: "we are closed on Monday" },
  { lang: "en", sentence: "Remind them the sale ends Sunday.", kind: "request", act: "remind", says: "the sale ends Sunday" },
  { lang: "en", sentence: "Thank them for their support.", kind: "request", act: "thank" },
  { lang: "en", sentence: "Ask them to rate their visit.", kind: "request", act: "ask", says: "to rate their visit" },
  { lang: "en", sentence: "Please show the products in a carousel.", kind: "any", technique: "carousel" },
  { lang: "en", sentence: "FAQ as an accordion.", kind: "technique", technique: "accordion" },
  { lang: "en", sentence: "Can you write a welcome email for new members?", kind: "request" },
  { lang: "en", sentence: "Welcome email for new Bloom members", kind: "naming", first: true },
  // French
  { lang: "fr", sentence: "Ton chaleureux et complice.", kind: "tone", tone: "warm" },
  { lang: "fr", sentence: "Fais court, ton sympa.", kind: "tone", tone: "friendly", length: "short" },
  { lang: "fr", sentence: "Ne mentionne pas la livraison gratuite.", kind: "avoid", ruledOut: ["livraison gratuite"] },
  { lang: "fr", sentence: "Pas de remise cette fois.", kind: "avoid", ruledOut: ["remise"] },
  { lang: "fr", sentence: "Dis que ça prend 2 minutes.", kind: "say", says: "ça prend 2 minutes" },
  {
    lang: "fr",
    sentence: "Rappelle-leur que les soldes finissent dimanche.",
    kind: "request",
    act: "remind",
    says: "les soldes finissent dimanche",
  },
  { lang: "fr", sentence: "Remercie-les pour leur fidélité.", kind: "request", act: "thank" },
  { lang: "fr", sentence: "Mets les produits dans un carrousel.", kind: "any", technique: "carousel" },
  { lang: "fr", sentence: "Mail soldes d'hiver pour La Fabrique à Bougies", kind: "naming", first: true },
  // German
  { lang: "de", sentence: "Ton: locker und herzlich.", kind: "tone", tone: "friendly" },
  { lang: "de", sentence: "Bitte kurz halten.", kind: "any", length: "short" },
  { lang: "de", sentence: "Keine Rabatte diesmal.", kind: "avoid", ruledOut: ["Rabatte"] },
  { lang: "de", sentence: "Keine Altersgrenze nennen.", kind: "avoid", ruledOut: ["Altersgrenze"] },
  {
    lang: "de",
    sentence: "Sag ihnen, dass die Anmeldung nur eine Minute dauert.",
    kind: "say",
    says: "die Anmeldung nur eine Minute dauert",
  },
  { lang: "de", sentence: "Erinnere sie an den Termin am Freitag.", kind: "request", act: "remind", says: "Termin am Freitag" },
  { lang: "de", sentence: "Zeig die Produkte bitte als Karussell.", kind: "any", technique: "carousel" },
  { lang: "de", sentence: "Newsletter für den Sportverein Grünwald, Ausgabe Mai", kind: "naming", first: true },
  // Spanish
  { lang: "es", sentence: "Tono cercano y divertido.", kind: "tone" },
  { lang: "es", sentence: "Que sea corto, por favor.", kind: "any", length: "short" },
  { lang: "es", sentence: "No menciones el envío gratis.", kind: "avoid", ruledOut: ["envío gratis"] },
  { lang: "es", sentence: "Nada de descuentos esta vez.", kind: "avoid", ruledOut: ["descuentos"] },
  { lang: "es", sentence: "Diles que la inscripción tarda un minuto.", kind: "say", says: "la inscripción tarda un minuto" },
  { lang: "es", sentence: "Agradéceles su apoyo.", kind: "request", act: "thank" },
  { lang: "es", sentence: "Pon los productos en un carrusel.", kind: "any", technique: "carousel" },
  { lang: "es", sentence: "Email de rebajas para Alpargatas Lola", kind: "naming", first: true },
  // Italian
  { lang: "it", sentence: "Tono caldo e amichevole.", kind: "tone", tone: "warm" },
  { lang: "it", sentence: "Fallo breve, per favore.", kind: "any", length: "short" },
  { lang: "it", sentence: "Non menzionare la spedizione gratuita.", kind: "avoid", ruledOut: ["spedizione gratuita"] },
  { lang: "it", sentence: "Niente sconti questa volta.", kind: "avoid", ruledOut: ["sconti"] },
  { lang: "it", sentence: "Dì che ci vuole un minuto.", kind: "say", says: "ci vuole un minuto" },
  { lang: "it", sentence: "Ricorda loro che l'offerta scade domenica.", kind: "request", act: "remind", says: "l'offerta scade domenica" },
  { lang: "it", sentence: "Metti i prodotti in un carosello.", kind: "any", technique: "carousel" },
  { lang: "it", sentence: "Newsletter di maggio per la Trattoria Nonna Pia", kind: "naming", first: true },
  // Portuguese
  { lang: "pt", sentence: "Tom descontraído e próximo.", kind: "tone" },
  { lang: "pt", sentence: "Mantenha o texto curto, por favor.", kind: "any", length: "short" },
  { lang: "pt", sentence: "Não mencione o frete grátis.", kind: "avoid", ruledOut: ["frete grátis"] },
  { lang: "pt", sentence: "Sem desconto desta vez.", kind: "avoid", ruledOut: ["desconto"] },
  { lang: "pt", sentence: "Diga que leva só um minuto.", kind: "say", says: "leva só um minuto" },
  { lang: "pt", sentence: "Lembre-os de que a promoção acaba domingo.", kind: "request", act: "remind", says: "a promoção acaba domingo" },
  { lang: "pt", sentence: "Coloque os produtos num carrossel.", kind: "any", technique: "carousel" },
  { lang: "pt", sentence: "E-mail de boas-vindas para a loja Casa Verde", kind: "naming", first: true },
];

describe("instructionOf: sentences addressed to Kinetic", () => {
  for (const row of ROWS)
    it(`(${row.lang}) ${JSON.stringify(row.sentence)} is ${row.kind === "any" ? "an instruction" : `a ${row.kind} instruction`}`, () => {
      const { x, slice } = read(row.sentence, row.lang, row.first);
      expect(x, "read as copy").toBeDefined();
      if (row.kind !== "any") expect(x!.kind).toBe(row.kind);
      if (row.tone) expect(x!.tone?.tone).toBe(row.tone);
      if (row.length) expect(x!.length?.value).toBe(row.length);
      if (row.ruledOut) {
        const out = x!.ruledOut.map(slice);
        expect(out).toHaveLength(row.ruledOut.length);
        row.ruledOut.forEach((w, i) => expect(out[i]).toContain(w));
      }
      if (row.says) expect(slice(x!.says)).toContain(row.says);
      if (row.act) expect(x!.act).toBe(row.act);
      if (row.technique) expect(x!.techniques.map((t) => t.technique)).toContain(row.technique);
    });

  it("gives the tone and length with the words that say them", () => {
    const { x, slice } = read("Fais court, ton sympa.", "fr");
    expect(slice(x!.tone!.range)).toBe("sympa");
    expect(slice(x!.length!.range)).toContain("court");
  });

  it("reads a line naming the email as naming only when it is the brief's first", () => {
    expect(read("Welcome email for new Bloom members", "en", true).x?.kind).toBe("naming");
    expect(read("Welcome email for new Bloom members", "en", false).x?.kind).not.toBe("naming");
  });
});

const COPY: Array<[string, string]> = [
  ["en", "Shop the new collection today."],
  ["en", "Join us on Saturday."],
  ["en", "We can't wait to see you."],
  ["en", "Our bakery opens at 7 every morning."],
  ["fr", "Découvrez nos nouveautés."],
  ["fr", "Rejoignez-nous samedi au marché."],
  ["de", "Entdecke unsere neue Kollektion."],
  ["de", "Wir freuen uns auf euch!"],
  ["es", "¡Te esperamos!"],
  ["es", "Descubre la nueva colección."],
  ["it", "Scopri la nuova collezione."],
  ["it", "Ti aspettiamo sabato!"],
  ["pt", "Conheça a nova coleção."],
  ["pt", "Esperamos por você!"],
];

describe("instructionOf: copy for the reader", () => {
  it.each(COPY)("(%s) %j is no instruction", (lang, sentence) => {
    expect(read(sentence, lang).x).toBeUndefined();
  });
});

/** A first line naming the email in each language, so the sentence after it is read in that language. */
const NAMING: Record<string, string> = {
  en: "Newsletter for Bloom, June edition.",
  fr: "Newsletter de juin pour la boutique Bloom.",
  de: "Newsletter für den Laden Bloom im Juni.",
  es: "Newsletter de junio para la tienda Bloom.",
  it: "Newsletter di giugno per il negozio Bloom.",
  pt: "Newsletter de junho para a loja Bloom.",
};

/** A last line of copy in each language, so the sentence before it is not read as the writer's sign-off. */
const CLOSING: Record<string, string> = {
  en: "See you soon at the shop, the whole team is looking forward to it.",
  fr: "Toute l'équipe a hâte de vous retrouver à la boutique.",
  de: "Bis bald im Laden, das ganze Team freut sich schon auf euch.",
  es: "Hasta pronto en la tienda, todo el equipo tiene muchas ganas de veros.",
  it: "A presto in negozio, tutto il team non vede l'ora di vedervi.",
  pt: "Até logo na loja, toda a equipe quer muito ver você.",
};

describe("readBrief: instructions and copy in a brief", () => {
  it.each(COPY)("(%s) keeps %j as copy", (lang, sentence) => {
    const head = `${NAMING[lang]}\n\n`;
    const brief = readBrief(`${head}${sentence}\n${CLOSING[lang]}`);
    expect(brief.language.code).toBe(lang);
    expect(brief.instructions.filter((i) => i.text.span.start >= head.length)).toEqual([]);
    expect(brief.message.map((m) => m.value)).toContain(sentence);
  });

  const asked = ROWS.filter((r) => !r.first);
  for (const row of asked)
    it(`(${row.lang}) lists ${JSON.stringify(row.sentence)} as an instruction, never as copy`, () => {
      const head = `${NAMING[row.lang]}\n\n`;
      const brief = readBrief(`${head}${row.sentence}`);
      expect(brief.language.code).toBe(row.lang);
      const own = brief.instructions.filter((i) => i.text.span.start >= head.length);
      expect(own.length).toBeGreaterThanOrEqual(1);
      if (row.kind !== "any" && row.kind !== "request") expect(own.map((i) => i.kind)).toContain(row.kind);
      expect(brief.message.filter((m) => m.span.start >= head.length)).toEqual([]);
      for (const w of row.ruledOut ?? []) expect(brief.ruledOut.some((r) => r.value.includes(w))).toBe(true);
      if (row.says) expect(brief.says.some((s) => s.value.includes(row.says!))).toBe(true);
      if (row.tone) expect(brief.tone.value).toBe(row.tone);
      if (row.length) expect(brief.length?.value).toBe(row.length);
    });
});
