// The local copy is made of the brief's facts and phrases that assert nothing (docs/generation.md "The local copywriter"):
// read each prompt into a brief, compose, and check that every item, price, offer with its own
// conditions, question and option is there, and that nothing traces to nothing.
import type { Technique } from "~/domain/blueprint/schema";
import { readPrompt } from "~/domain/brief/read";
import type { Brief } from "~/domain/brief/schema";
import { copyToText, CopyDocSchema, type CopyDoc } from "~/domain/copy/schema";
import { describeUntraced, traceCopy } from "~/domain/qa/trace";
import { extractTechniques } from "~/domain/prompt/techniques";
import { composeCopy } from "./compose";
import { parseCartItem, parseQuizItem, parseSurveyItem } from "./conventions";

// [what it is, prompt, techniques (undefined: as the prompt asks)]
const TABLE: Array<[string, string, Technique[]?]> = [
  [
    "sale en",
    "Black Friday at Ember Roasters: 25% off all beans with code EMBER25 until November 30. Ethiopia Guji $19, Colombia Huila $16, Kenya AA $21.",
    ["carousel"],
  ],
  [
    "gift guide, two offers",
    "Holiday gift guide from Juniper & Pine: Cedar candle $28, Wool throw $85, Ceramic mug set $42. Free gift wrap on orders over $50 until December 20. Separately, 15% off everything with code GIFT15.",
    ["itemCart"],
  ],
  [
    "gift guide tabs",
    "Holiday gift guide from Juniper & Pine with tabs: Cedar candle $28, Wool throw $85, Ceramic mug set $42. Free gift wrap on orders over $50 until December 20. Separately, 15% off everything with code GIFT15.",
    ["tabs"],
  ],
  [
    "launch",
    "Launch email for the Orbit Desk by Workwell: Orbit Desk $599, Orbit Lamp $89, Orbit Shelf $129. Carousel of the three.",
    ["carousel"],
  ],
  [
    "newsletter",
    "Monthly newsletter for Orbit Books readers with expandable sections: Staff picks, Author interview, Upcoming signings.",
    ["accordion"],
  ],
  [
    "survey",
    "Course feedback survey for Brightline Academy: How would you rate the course? Which module helped most: Budgeting, Investing or Taxes?",
    ["survey"],
  ],
  [
    "nps en",
    "NPS survey for Ledgerly users: How likely are you to recommend Ledgerly to a colleague (0–10)? Link: https://ledgerly.example/nps",
    ["survey"],
  ],
  ["nps without its question", "quick nps survey for Gridline Fitness members", ["survey"]],
  ["quiz", "Trivia quiz for Lumen Coffee Roasters: which country grows the most coffee — Brazil (correct), Vietnam or Colombia?", ["quiz"]],
  ["quiz from prices", "Coffee quiz for Lumen Coffee Roasters. Beans: Huila $16, Sidamo $19 and Kona $42.", ["quiz"]],
  [
    "event",
    'Invitation to the DevOps Summit on March 14, 2027 in Austin with an FAQ: Keynote, Platform track, Security track. Early bird tickets end February 1. CTA: "Register now".',
    ["accordion"],
  ],
  [
    "onboarding",
    "Welcome email for new users of Pixel & Pine with tabs: Import — drag a whole folder, Edit — one-tap presets, Share — export to any size.",
    ["tabs"],
  ],
  [
    "announcement",
    "Announcement from Lumen Labs with tabs for our plans: Starter $9/month, Team $29/month and Business $79/month.",
    ["tabs"],
  ],
  [
    "re-engagement",
    "We miss you email from Osteria Lupa: 20% off your next dinner with code CIAO20 until March 31. Carousel: Cacio e pepe $18, Tiramisu $9.",
    ["carousel"],
  ],
  [
    "menu",
    "Spring email for Juniper & Co with a hamburger menu linking to Women, Men, Kids, Sale and Stores. Visit https://juniper.example",
    ["menu"],
  ],
  ["cart", "Flash sale at Bloom Florist: roses $25, tulips $18, peonies $30. Add them to your cart.", ["itemCart"]],
  ["no content", "Tabs email for a shoe store.", ["tabs"]],
  ["survey without questions", "Customer satisfaction survey.", ["survey"]],
  [
    "fr soldes",
    "Soldes d'hiver chez Maison Lavande : -20 % avec le code HIVER20 jusqu'au 31 janvier. Bougie figue à 24,00 €, bougie ambre à 28,50 €. Livraison offerte dès 50 €.",
    ["carousel"],
  ],
  [
    "fr guide cadeaux",
    "Guide cadeaux de Noël pour La Maison Lune : bougie Cèdre à 14,50 €, plaid en laine à 59,90 €, tasse émaillée à 12,50 €. Emballage cadeau offert dès 50 € d'achat jusqu'au 20 décembre. Et séparément, -15 % sur tout avec le code NOEL15.",
    ["carousel"],
  ],
  [
    "fr nps",
    "Enquête NPS pour les clients de Factureo : Quelle est la probabilité que vous recommandiez Factureo (0–10) ? Lien : https://factureo.example/avis",
    ["survey"],
  ],
  [
    "fr panier",
    "Fromagerie Duval, panier interactif : comté 18 mois à 12,90 €, brie de Meaux à 8,50 €, tomme de Savoie à 9,80 €. Livraison offerte dès 40 €.",
    ["itemCart"],
  ],
  [
    "es rebajas",
    "Rebajas de invierno de Casa Olivo: manta de lino 34,90 €, jarrón de barro 22,50 €, cojín bordado 18,00 €. Envoltorio de regalo gratis en pedidos desde 40 € hasta el 6 de enero. Aparte, 10 % de descuento con el código OLIVO10.",
    ["carousel"],
  ],
  ["es encuesta", "Encuesta para los clientes del Hotel Brisa: ¿Cómo fue su estancia? ¿Volvería a alojarse con nosotros?", ["survey"]],
  ["es carrito", "Panadería Sol, carrito: barra de pan 1,20 €, croissant 1,50 €, empanada 3,80 €.", ["itemCart"]],
  [
    "de geschenkideen",
    "Weihnachts-Geschenkideen von Lindenhof Manufaktur: Bienenwachskerze 14,50 €, Leinenschürze 39,90 €, Honigset 24,00 €. Kostenlose Geschenkverpackung ab 40 € bis zum 20. Dezember. Außerdem 15 % Rabatt mit dem Code WINTER15.",
    ["carousel"],
  ],
  ["de nps", "NPS-Umfrage für Kunden von Wolkenwerk: Wie wahrscheinlich ist es, dass Sie Wolkenwerk weiterempfehlen (0–10)?", ["survey"]],
  [
    "de warenkorb",
    "Metzgerei Huber, Warenkorb: Bratwurst 3,50 €, Leberkäse 4,20 €, Schinken 6,90 €. Kostenloser Versand ab 40 €.",
    ["itemCart"],
  ],
  [
    "pt natal",
    "Guia de presentes de Natal da Casa Aroma: vela de cedro R$ 49,90, manta de lã R$ 189,90, caneca R$ 39,90. Embrulho para presente grátis em compras acima de R$ 150 até 20 de dezembro. Além disso, 10% de desconto com o cupom NATAL10.",
    ["itemCart"],
  ],
  ["pt pesquisa", "Pesquisa para os pacientes da Clínica Vida: Como foi o seu atendimento? Você voltaria?", ["survey"]],
  ["pt abas", "Lançamento da Café Serra com abas: Bourbon Amarelo R$ 42,00, Catuaí R$ 38,00, Mundo Novo R$ 36,00.", ["tabs"]],
  [
    "it natale",
    "Guida ai regali di Natale di Bottega Lume: candela al fico 18,50 €, plaid di lana 64,00 €, tazza smaltata 14,00 €. Confezione regalo gratuita per ordini da 40 € fino al 20 dicembre. Inoltre 10% di sconto con il codice NATALE10.",
    ["carousel"],
  ],
  ["it sondaggio", "Sondaggio per i clienti della Gelateria Neve: Come ti è sembrato il nuovo gusto? Torneresti a trovarci?", ["survey"]],
  ["it carrello", "Bar Centrale, carrello: cornetto 1,30 €, cappuccino 1,60 €, spremuta 3,00 €.", ["itemCart"]],
  [
    "it quiz, answer in a sentence",
    "Quiz per gli iscritti di Caffè Aurora: quale paese produce più caffè al mondo? Opzioni: Brasile, Vietnam, Colombia. La risposta giusta è Brasile.",
    ["quiz"],
  ],
  [
    "webinar",
    "B2B webinar invitation from Stackwise: 'Cutting cloud costs without slowing down', Thursday, March 6 at 11:00 ET, 45 minutes, with Priya Shah, Head of Platform at Stackwise. Register at https://stackwise.example/webinar",
    ["accordion"],
  ],
  [
    "pt reengajamento",
    "E-mail de reengajamento da Casa Lume: sentimos sua falta! 10% de desconto com o cupom VOLTA10 até 30 de setembro. Acesse https://casalume.example/volta",
    ["tabs"],
  ],
  [
    "pair tabs + cart",
    "Meal-kit email for Green Fork with tabs for Monday pasta — fresh tagliatelle, Wednesday curry — red lentils, Friday tacos — corn tortillas, plus a cart for extras: sourdough $5, dessert $7 and wine $15.",
    undefined,
  ],
  [
    "pair quiz + survey",
    "Quiz and poll for Arcade Club: Which console came first? Atari 2600 (correct), NES, Sega Genesis. Which night suits you: Friday, Saturday or Sunday?",
    ["quiz", "survey"],
  ],
];

function composed(prompt: string, techniques?: Technique[]): { brief: Brief; copy: CopyDoc; techniques: Technique[] } {
  const { brief } = readPrompt(prompt);
  let t = techniques;
  if (!t) {
    const x = extractTechniques(prompt, null, brief.emailType.value);
    if (!x.ok) throw new Error(x.error);
    t = x.techniques;
  }
  return { brief, copy: composeCopy(brief, t, { prompt }), techniques: t };
}

const lower = (s: string) => s.toLowerCase();

describe("the local copy writes only what the brief holds", () => {
  it.each(TABLE)("%s", (_name, prompt, techniques) => {
    const { brief, copy } = composed(prompt, techniques);
    expect(CopyDocSchema.safeParse(copy).success).toBe(true);
    const text = lower(copyToText(copy));

    // Every item, with its price as written.
    for (const item of [...brief.items, ...brief.otherItems]) {
      expect(text).toContain(lower(item.name.value));
      if (item.price) expect(text).toContain(lower(item.price.display));
    }
    // Every question and every option.
    for (const q of brief.questions) {
      expect(text).toContain(lower(q.text.value.replace(/\?$/, "")));
      for (const o of q.options) expect(text).toContain(lower(o.value.replace(/\s*\(correct\)$/i, "")));
    }
    // Every offer, with its own conditions in its own block, and no other offer's.
    const blocks = [
      ...copy.sections.map((s) => `${s.headline}\n${s.body}`),
      ...copy.items.map((i) => `${i.label}\n${i.headline}\n${i.body}`),
    ].map(lower);
    brief.offers.forEach((offer, k) => {
      const block = blocks.find((b) => b.startsWith(lower(offer.text.value)) || b.includes(`\n${lower(offer.text.value)}\n`));
      expect(block, `offer “${offer.text.value}”`).toBeDefined();
      for (const c of [offer.code?.value, offer.threshold?.text.value, offer.deadline?.value]) if (c) expect(block).toContain(lower(c));
      brief.offers.forEach((other, j) => {
        if (j === k) return;
        for (const c of [other.code?.value, other.threshold?.text.value, other.deadline?.value])
          if (c && !offer.text.value.toLowerCase().includes(lower(c))) expect(block).not.toContain(lower(c));
      });
    });

    // Nothing the brief or the prompt does not hold: no promise, price, number, date or code of its own.
    const trace = traceCopy(copy, { brief, userText: [prompt] });
    expect(trace.untraced.map(describeUntraced)).toEqual([]);

    // No line repeats its heading; no item is empty.
    for (const s of copy.sections) if (s.headline) expect(lower(s.body)).not.toBe(lower(s.headline));
    for (const i of copy.items) {
      expect(Boolean(i.label || i.headline)).toBe(true);
      if (i.body) expect([lower(i.label), lower(i.headline)]).not.toContain(lower(i.body));
      if (i.label && i.headline) expect(lower(i.label)).not.toBe(lower(i.headline));
    }

    // The brand only when the brief has one; a link only from the brief.
    if (!brief.brand) expect(copy.subject).not.toMatch(/our shop|our team/i);
    const links = brief.links.map((l) => l.value);
    for (const h of [...copy.sections, ...copy.items].map((x) => x.href).filter(Boolean))
      expect([...links, ...brief.items.flatMap((i) => (i.link ? [i.link.value] : []))]).toContain(h);
  });

  it("keeps the gift wrap's threshold and date with the gift wrap, and the code with the 15% (the user's report)", () => {
    const { copy } = composed(TABLE[1][1], ["itemCart"]);
    const wrap = copy.sections.find((s) => s.headline === "Free gift wrap")!;
    const pct = copy.sections.find((s) => s.headline.startsWith("15% off"))!;
    expect(wrap.body).toContain("$50");
    expect(wrap.body).toContain("December 20");
    expect(wrap.body).not.toContain("GIFT15");
    expect(`${pct.headline} ${pct.body}`).toContain("GIFT15");
    expect(`${pct.headline} ${pct.body}`).not.toMatch(/\$50|December 20/);
  });

  it("writes a gift guide as a gift guide, with no filler promise", () => {
    const { copy } = composed(TABLE[1][1], ["itemCart"]);
    const text = copyToText(copy);
    // The user named the occasion ("Holiday gift guide"): the email leads with the name.
    expect(text).toMatch(/Holiday gift guide/);
    expect(text).not.toMatch(/returns|support|new collection|shopping with us|delivery|guarantee/i);
    expect(copy.items.map(parseCartItem).map((c) => c?.price.minor)).toEqual([2800, 8500, 4200]);
  });

  it("shows a French price as written and no empty tab", () => {
    const { copy } = composed(TABLE[19][1], ["carousel"]);
    expect(copy.items.map((i) => [i.headline, i.body])).toEqual([
      ["Bougie Cèdre", "14,50 €"],
      ["Plaid en laine", "59,90 €"],
      ["Tasse émaillée", "12,50 €"],
    ]);
    expect(copy.sections.find((s) => s.role === "footer")?.body).toContain("Vous recevez");
  });

  it("shows a day named without a number, but not a day offered as a choice", () => {
    const shipping = copyToText(composed("order confirmation w/ faq, order #48213, ships friday, brand tidy threads", ["accordion"]).copy);
    expect(shipping).toMatch(/friday/i);
    const choice = copyToText(
      composed("Trivia night at Retro Arcade Bar: a poll asking which night suits you — Thursday or Friday.", ["survey"]).copy,
    );
    expect(choice).not.toMatch(/Date: (?:Thursday|Friday)/);
  });

  it("shows a lone priced plan beside the list of features", () => {
    const text = copyToText(
      composed(
        "Launch email for Notebase 5: offline mode, shared templates and AI search. Pro stays $8/month; 20% off annual plans with code NOTE20.",
        ["tabs"],
      ).copy,
    );
    expect(text).toContain("$8");
    expect(text).toMatch(/offline mode/i);
  });

  it("asks an NPS question with all eleven options, 0 to 10", () => {
    for (const [, prompt] of TABLE.filter(([name]) => /nps/.test(name))) {
      const steps = composed(prompt, ["survey"]).copy.items.map(parseSurveyItem);
      expect(steps[0]?.options).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    }
  });

  it("writes a survey as a survey: no shop words", () => {
    const text = copyToText(composed(TABLE[5][1], ["survey"]).copy);
    expect(text).not.toMatch(/shop|order|purchase|cart|checkout|selection/i);
    expect(text).toMatch(/Budgeting/);
  });

  it("never writes the price twice or a price worked out from the offer", () => {
    const { copy } = composed(TABLE[13][1], ["carousel"]);
    for (const i of copy.items) expect(`${i.headline} ${i.body}`.split("$").length).toBeLessThanOrEqual(2);
    expect(copyToText(copy)).not.toMatch(/\$14\.40|\$7\.20/);
  });

  it("says less when the brief has nothing for the module: no invented items", () => {
    expect(composed("Tabs email for a shoe store.", ["tabs"]).copy.items).toEqual([]);
    expect(composed("Customer satisfaction survey.", ["survey"]).copy.items).toEqual([]);
    expect(composed("A playful coffee quiz for Brewhaus subscribers", ["quiz"]).copy.items).toEqual([]);
    const cart = composed("Cart for Bloom Florist: roses, tulips", ["itemCart"]).copy;
    expect(cart.items).toEqual([]);
    expect(copyToText(cart)).toMatch(/Roses/);
  });

  it("asks the quiz's own marked answer, and quizzes from the brief's own prices", () => {
    const q = composed(TABLE[8][1], ["quiz"]).copy.items.map(parseQuizItem);
    expect(q[0]).toMatchObject({ options: ["Brazil", "Vietnam", "Colombia"], answer: 0 });
    const priced = composed(TABLE[9][1], ["quiz"]).copy.items.map(parseQuizItem);
    expect(priced[0]).toMatchObject({ question: "Which one is $16?", options: ["Huila", "Sidamo", "Kona"], answer: 0 });
  });

  it("writes a deadline the user wrote in another sentence than the minimum in a sentence of its own", () => {
    const rows: Array<[string, string, string]> = [
      [
        "Black Friday email for Ember Audio: Ember Mini $79, Ember Go $129. Free shipping over $150. Use code EMBERBF at checkout. Sale ends November 28.",
        "Free shipping",
        "November 28",
      ],
      [
        "Panier de Noël de la Fromagerie Dupont : comté 18,90 €, brie 12,50 €. Livraison offerte dès 50 €. Commandez avant le 20 décembre.",
        "Livraison offerte",
        "20 décembre",
      ],
    ];
    for (const [prompt, offer, deadline] of rows) {
      const { brief, copy } = composed(prompt, ["itemCart"]);
      const text = copyToText(copy);
      expect(text).toContain(deadline);
      const body = copy.sections.find((s) => s.headline === offer)?.body ?? text;
      expect(body).not.toMatch(new RegExp(`(?:150|50 €)[^.]*${deadline}`));
      expect(traceCopy(copy, { brief, userText: [prompt] }).untraced.map(describeUntraced)).toEqual([]);
    }
  });

  it("asks a French question with the no-break space before its mark, and every option", () => {
    const { copy } = composed(
      "Sondage de l'Atelier Céramique Nord : quel créneau préférez-vous ? mardi soir, jeudi soir ou samedi matin.",
      ["survey"],
    );
    const q = copy.items.map(parseSurveyItem).find((x) => x?.question.startsWith("Quel créneau"));
    expect(q).toMatchObject({ question: "Quel créneau préférez-vous\u00a0?", options: ["mardi soir", "jeudi soir", "samedi matin"] });
  });

  it("writes an offer's conditions as one sentence, then its code", () => {
    const { copy } = composed(TABLE[2][1], ["tabs"]);
    expect(copy.sections.find((s) => s.headline === "Free gift wrap")?.body).toBe("On orders over $50, until December 20.");
    const pt = composed(TABLE.find(([name]) => name === "pt reengajamento")![1], ["tabs"]).copy;
    // The user's own word for the code ("cupom"), not the frame's.
    expect(pt.sections.find((s) => s.headline === "10% de desconto")?.body).toBe("Até 30 de setembro. Cupom VOLTA10.");
  });

  it("writes where an event is when the user wrote it right after its date", () => {
    const rows: Array<[string, string]> = [
      [
        "Invitation to Northlight Design Summit, October 9–10 at Pier 27, San Francisco. Early-bird tickets $299 until August 31.",
        "at Pier 27, San Francisco.",
      ],
      ["Invito alla Settimana del Design di Torino, dal 3 al 6 ottobre alle OGR. Biglietto giornaliero 15,00 €.", "alle OGR."],
      ["Festival de Jazz de Sevilla del 12 al 15 de junio en el Parque de María Luisa. Abono 65,00 €.", "en el Parque de María Luisa."],
    ];
    for (const [prompt, words] of rows) {
      const { brief, copy } = composed(prompt, ["accordion"]);
      expect(copyToText(copy), prompt).toContain(words);
      expect(traceCopy(copy, { brief, userText: [prompt] }).untraced.map(describeUntraced)).toEqual([]);
    }
    // A lower-case word after the date is no place.
    expect(copyToText(composed("Invitation to our open day, October 9 at noon, with tours of the lab.", ["accordion"]).copy)).not.toMatch(
      /October 9, at/,
    );
  });

  it("writes an order's number as the user wrote it", () => {
    for (const [prompt, words] of [
      ["order confirmation w/ faq, order #48213, ships friday, brand tidy threads", "Order #48213."],
      ["Order confirmation for Maple & Main, order #10492: walnut desk $420, oak shelf $180.", "Order #10492."],
      ["Confirmation de commande n° 5521 pour la Fromagerie Dupont : comté 18,90 €.", "Commande n° 5521."],
    ]) {
      const { brief, copy } = composed(prompt, ["accordion"]);
      expect(copyToText(copy), prompt).toContain(words);
      expect(traceCopy(copy, { brief, userText: [prompt] }).untraced.map(describeUntraced)).toEqual([]);
    }
    expect(copyToText(composed("Thanks for your order! 20% off your next one.", ["accordion"]).copy)).not.toMatch(/Order #/);
  });

  it("keeps the user's words before a deadline and a code", () => {
    const rows: Array<[string, string]> = [
      [
        "Frühlingsaktion von Gartenwerk: kostenloser Versand ab 60 € bis zum 30. April. Außerdem 10 % auf Rosen mit dem Code ROSE10.",
        "Ab 60 €, bis zum 30. April.",
      ],
      ["Invitation to Northlight Design Summit, October 9–10. Group code TEAM5 gives 10% off for five or more.", "Group code TEAM5."],
      [
        "Guia de presentes da Casa Ipê: vela R$ 29,90. Frete grátis até 20 de dezembro. Além disso, 10% de desconto com o cupom NATAL10.",
        "Cupom NATAL10.",
      ],
    ];
    for (const [prompt, words] of rows) {
      const { brief, copy } = composed(prompt, ["tabs"]);
      expect(copyToText(copy), prompt).toContain(words);
      expect(traceCopy(copy, { brief, userText: [prompt] }).untraced.map(describeUntraced)).toEqual([]);
    }
  });

  it("takes the quiz's right answer from the sentence that names it", () => {
    const q = composed(TABLE.find(([name]) => name === "it quiz, answer in a sentence")![1], ["quiz"]).copy.items.map(parseQuizItem);
    expect(q[0]).toMatchObject({ options: ["Brasile", "Vietnam", "Colombia"], answer: 0 });
  });

  it("writes a date once, as a date: its pieces are not listed, a length of time is not a date", () => {
    const { copy } = composed(TABLE.find(([name]) => name === "webinar")![1], ["accordion"]);
    const text = copyToText(copy);
    expect(copy.sections.filter((s) => s.body.includes("March 6")).map((s) => s.role)).toEqual(["hero"]);
    expect(text).not.toMatch(/^Thursday$/m);
    expect(text).not.toMatch(/Date: 45 minutes/);
  });

  it("leads to the brief's links, and to nothing else", () => {
    const nps = composed(TABLE[6][1], ["survey"]).copy;
    expect(nps.sections.find((s) => s.role === "hero")?.href).toBe("https://ledgerly.example/nps");
    const none = composed(TABLE[0][1], ["carousel"]).copy;
    expect([...none.sections, ...none.items].every((x) => x.href === undefined)).toBe(true);
  });

  it("names the brand only when the brief has one", () => {
    const copy = composed("Plant sale email with 30% off all plants this weekend. Items: fern $20, monstera $45.", ["carousel"]).copy;
    expect(copy.sections.find((s) => s.role === "footer")?.body).toBe("You're receiving this email because you signed up for our news.");
    expect(copy.subject).toMatch(/^Sale|30% off/);
  });
});

describe("the brief's message in the local copy", () => {
  const CASES: Array<[string, string, Technique[], string[]]> = [
    [
      "fundraising",
      "Fundraising appeal for Clearwater Trust: help us bring clean water to 40 villages in northern Kenya. $25 funds a water filter for one family; $100 helps repair a community well. Our year-end campaign closes December 31. Donate at https://clearwatertrust.example/give",
      ["accordion"],
      [
        "Help us bring clean water to 40 villages in northern Kenya.",
        "$25 funds a water filter for one family; $100 helps repair a community well.",
        "Our year-end campaign closes December 31.",
      ],
    ],
    [
      "event",
      "Invitation to the Northside Makers Fair by Brickyard Studios on Saturday, June 14, 10am–5pm at the Old Brickyard, 12 Mill Street, Portland. Over 60 local makers, live music and workshops. Free entry, RSVP at https://brickyard.example/fair",
      ["accordion"],
      ["at the Old Brickyard, 12 Mill Street, Portland.", "Over 60 local makers, live music and workshops.", "Free entry."],
    ],
    [
      "launch",
      "Product launch email for Tasklane: we're launching Tasklane Automations, which lets teams build rules that move tasks between boards automatically. Available on the Pro plan at $12 per user per month. Read more at https://tasklane.example/automations",
      ["carousel"],
      [
        "We're launching Tasklane Automations, which lets teams build rules that move tasks between boards automatically.",
        "Available on the Pro plan at $12 per user per month.",
      ],
    ],
    [
      "es newsletter",
      "Boletín de mayo de Huerta Viva con tres historias: cómo plantar tomates en macetas, la nueva huerta comunitaria de Valencia y entrevista con la agricultora Marta Ruiz. Lee más en https://huertaviva.example/boletin",
      ["accordion"],
      ["Cómo plantar tomates en macetas, la nueva huerta comunitaria de Valencia y entrevista con la agricultora Marta Ruiz."],
    ],
  ];
  for (const [name, prompt, techniques, said] of CASES) {
    it(`says the user's sentences as written, before the items and offers, and they trace to the brief: ${name}`, () => {
      const { brief } = readPrompt(prompt);
      const copy = composeCopy(brief, techniques, { prompt });
      const hero = copy.sections.find((s) => s.role === "hero")!;
      for (const s of said) expect(hero.body).toContain(s);
      // Said once: not again in the closing or elsewhere.
      const text = copyToText(copy);
      for (const s of said) expect(text.split(s).length - 1, s).toBe(1);
      // The brief alone (not the prompt) accounts for every claim in them ("$25", "40", "Free entry").
      expect(traceCopy(copy, { brief }).untraced.map(describeUntraced)).toEqual([]);
    });
  }
});
