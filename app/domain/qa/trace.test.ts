// The fact trace (docs/qa.md), folded into copy-verbatim: every price, percentage, date,
// code, number, link and promise phrase in the email must trace to the brief or the user's words;
// a condition written onto another offer fails; either caps the score below "Ready to send".
import { describe, expect, it } from "vitest";
import { readBrief } from "~/domain/brief/read";
import { parseEmail } from "~/domain/html/parse";
import { goodEmail } from "../../../test/fixtures/emails";
import { countRegexWork } from "../../../test/helpers/regex-work";
import { qa, qaDoc, qaRun, READY_TO_SEND_MIN_SCORE, UNTRACED_CLAIM_MAX_SCORE } from "./qa";
import { createTracer, traceFacts, userSectionText } from "./trace";

const PROMPT =
  "Spring menu email for Ledgerly Bistro: Pea soup $6.50, Lamb shoulder 24,00 €. 10% off with code SPRING10 until May 3. Book at https://ledgerly.example/book";

/** The contract email with lines (HTML) after its hero paragraph. */
function emailWith(...lines: string[]): string {
  const body = lines.map((l) => `<p style="font-size:16px;color:#1a1a1a">${l}</p>`).join("");
  return goodEmail([]).replace(
    "Fresh produce from local farms, cooked simply.</p>",
    `Fresh produce from local farms, cooked simply.</p>${body}`,
  );
}

function check(html: string, prompt = PROMPT, extra: { ampHtml?: string } = {}) {
  const r = qa(html, { brief: readBrief(prompt), userText: [prompt], ...extra });
  return { result: r, check: r.checks.find((c) => c.id === "copy-verbatim")! };
}

describe("the fact trace", () => {
  it("passes an email whose every claim is in the brief, and it scores 100", () => {
    const { result, check: c } = check(
      emailWith(
        "Ledgerly Bistro",
        "Pea soup $6.50 and Lamb shoulder €24.",
        "10% off with code SPRING10 until 3rd May.",
        '<a href="https://ledgerly.example/book">Book</a>',
      ),
    );
    expect(c.passed, c.message).toBe(true);
    expect(c.message).toMatch(/claims trace to the brief/);
    expect(result.score).toBe(100);
    expect(result.checks).toHaveLength(28);
  });

  // [what the email says, traced?, the claim named when not]
  const TABLE: Array<[string, string, boolean, string?]> = [
    ["price", "Pea soup $6.50", true],
    ["price in the other decimal convention", "Pea soup 6,50 $", true],
    ["price written with a decimal comma in the brief, a point in the email", "Lamb shoulder 24.00 €", true],
    ["price as a whole amount", "Lamb shoulder €24", true],
    ["price not in the brief", "Pea soup $5.50", false, "“$5.50” is not in the brief"],
    ["a discounted price worked out by the copy", "Lamb shoulder, now 21,60 €", false, "“21,60 €” is not in the brief"],
    ["percentage", "Take 10% off", true],
    ["percentage not in the brief", "Take 20% off", false, "“20%” is not in the brief"],
    ["date, reworded", "Offer ends 3 May", true],
    ["date in German", "Gültig bis 3. Mai", true],
    ["date in French", "Jusqu'au 3 mai", true],
    ["date with another day", "Offer ends May 5", false, "“May 5” is not in the brief"],
    ["date in another month", "Offer ends June 3", false, "“June 3” is not in the brief"],
    ["a weekday nobody named", "Ends Friday", false, "“Friday” is not in the brief"],
    ["a month word used as a word", "You may also like Mars bars", true],
    ["code", "Use code SPRING10", true],
    ["code not in the brief", "Use code SPRING20", false, "“SPRING20” is not in the brief"],
    ["code-shaped word not in the brief", "Your gift: WELCOME15", false, "“WELCOME15” is not in the brief"],
    ["number not in the brief", "Serves 4 people", false, "“4” is not in the brief"],
    ["a counter of the email's own furniture", "Question 1 of 2", true],
    ["promise: returns", "Free returns on every order", false, "“Free returns” is not in the brief"],
    ["promise: support", "Friendly support, always", false, "“Friendly support” is not in the brief"],
    ["promise: guarantee", "Satisfaction guaranteed", false, "“Guaranteed” is not in the brief"],
    ["promise: warranty", "A 2-year warranty", false, "“Warranty” is not in the brief"],
    ["promise: scarcity", "Hurry, limited stock", false, "is not in the brief"],
    ["promise: new", "Our new menu", false, "“New” is not in the brief"],
    ["promise: superlative", "The best soup in town", false, "“Best” is not in the brief"],
    ["promise: gift", "A free gift with every order", false, "“Free gift” is not in the brief"],
    ["promise: shipping", "Free shipping on everything", false, "“Free shipping” is not in the brief"],
    ["promise in French", "Livraison offerte et retours gratuits", false, "“Livraison” is not in the brief"],
    ["promise in Spanish", "Envío gratis y devoluciones fáciles", false, "“Envío” is not in the brief"],
    ["promise in German", "Kostenloser Versand und Rückgabe", false, "“Versand” is not in the brief"],
    ["promise in Portuguese", "Frete grátis e garantia de 1 ano", false, "“Frete” is not in the brief"],
    ["promise in Italian", "Spedizione gratuita e i migliori prezzi", false, "“Spedizione” is not in the brief"],
    ["superlative in French", "Nos meilleures soupes", false, "“Meilleures” is not in the brief"],
    ["novelty in German", "Unsere neue Karte", false, "“Neue” is not in the brief"],
  ];
  /** The brief's link: an email without it lost a fact of the brief. */
  const BOOK = '<a href="https://ledgerly.example/book">Book</a>';
  it.each(TABLE)("%s: “%s”", (_name, line, traced, named) => {
    const { result, check: c } = check(emailWith(line, BOOK));
    expect(c.passed, c.message).toBe(traced);
    if (traced) return expect(result.score).toBe(100);
    expect(c.message).toContain(named);
    expect(result.score).toBeLessThanOrEqual(UNTRACED_CLAIM_MAX_SCORE);
    expect(result.score).toBeLessThan(READY_TO_SEND_MIN_SCORE);
    // 85 for one fault of the brief, 3 less for each further one ("2-year warranty" is two).
    expect(result.scoreCap).toMatch(/^Held at (85|82): /);
  });

  it("traces a link to the brief, and names one that is not", () => {
    expect(check(emailWith('<a href="https://ledgerly.example/book/">Book</a>')).check.passed).toBe(true);
    const { check: c } = check(emailWith('<a href="https://reviews.example/ledgerly">Reviews</a>'));
    expect(c.passed).toBe(false);
    expect(c.message).toContain("“https://reviews.example/ledgerly” is not in the brief");
  });

  it("traces a link of a section the user saved, and still names one nobody gave", () => {
    const section =
      '<table><tr><td>Thanks to our sponsor, Northwind Cloud. <a href="https://northwind.example/" style="color:#1d4ed8">Learn more</a></td></tr></table>';
    const sponsor = emailWith('<a href="https://northwind.example/">Learn more</a>', BOOK);
    const withSection = (html: string) =>
      qa(html, { brief: readBrief(PROMPT), userText: [PROMPT, userSectionText(section)] }).checks.find((c) => c.id === "copy-verbatim")!;
    expect(withSection(sponsor).passed).toBe(true);
    expect(userSectionText(section)).toContain("Northwind Cloud");
    expect(withSection(emailWith('<a href="https://elsewhere.example/">Learn more</a>', BOOK)).message).toContain(
      "“https://elsewhere.example/” is not in the brief",
    );
  });

  it("traces a promise the brief makes, in another language than the email's", () => {
    const prompt = "Newsletter de la Boutique Lumière : livraison offerte dès 40 €, et 10 % de réduction avec le code LUMI10.";
    expect(check(emailWith("Free delivery from 40 €", "10 % off with code LUMI10"), prompt).check.passed).toBe(true);
    expect(check(emailWith("Livraison offerte dès 40 €"), prompt).check.passed).toBe(true);
  });

  // A brief that speaks of returns, with a minimum on its offer: returns the email calls free,
  // and an offer it says holds on every order, are the email's own claims.
  const RETURNS_PROMPT = "Spring sale at the Ledgerly shop: returns within 30 days, and 10% off orders over $50.";
  const FREE_RETURNS: Array<[string, string, string]> = [
    ["en", "Free returns within 30 days", "“Free returns” is not in the brief"],
    ["fr", "Retours gratuits sous 30 jours", "“Retours gratuits” is not in the brief"],
    ["es", "Devoluciones gratuitas en 30 días", "“Devoluciones gratuitas” is not in the brief"],
    ["de", "Kostenlose Rücksendung innerhalb von 30 Tagen", "“Kostenlose Rücksendung” is not in the brief"],
    ["pt", "Devolução grátis em 30 dias", "“Devolução grátis” is not in the brief"],
    ["it", "Reso gratuito entro 30 giorni", "“Reso gratuito” is not in the brief"],
  ];
  it.each(FREE_RETURNS)("free returns in %s: “%s” when the brief's returns are not free", (_lang, line, named) => {
    const { check: c } = check(emailWith(line), RETURNS_PROMPT);
    expect(c.passed).toBe(false);
    expect(c.message).toContain(named);
    expect(check(emailWith(line), RETURNS_PROMPT.replace("returns within", "free returns within")).check.passed).toBe(true);
  });
  const EVERY_ORDER: Array<[string, string, string]> = [
    ["en", "10% off on every order", "“On every order” is not in the brief"],
    ["fr", "10% de réduction sur toutes les commandes", "“Sur toutes les commandes” is not in the brief"],
    ["es", "10% de descuento en todos los pedidos", "“En todos los pedidos” is not in the brief"],
    ["de", "10% Rabatt bei jeder Bestellung", "“Bei jeder Bestellung” is not in the brief"],
    ["pt", "10% de desconto em todos os pedidos", "“Em todos os pedidos” is not in the brief"],
    ["it", "10% di sconto su ogni ordine", "“Su ogni ordine” is not in the brief"],
  ];
  it.each(EVERY_ORDER)("every order in %s: “%s” when the brief's offer has a minimum", (_lang, line, named) => {
    const { check: c } = check(emailWith(line), RETURNS_PROMPT);
    expect(c.passed).toBe(false);
    expect(c.message).toContain(named);
    expect(check(emailWith(line), RETURNS_PROMPT.replace("orders over $50", "all orders")).check.passed).toBe(true);
    expect(check(emailWith("10% off orders over $50", "Returns within 30 days"), RETURNS_PROMPT).check.passed).toBe(true);
  });

  it("traces a brief's number words and a scale's steps", () => {
    const prompt = "NPS survey for Cloudia with three questions. How likely are you to recommend us (0–10)?";
    expect(check(emailWith("3 quick questions", "0 1 2 3 4 5 6 7 8 9 10"), prompt).check.passed).toBe(true);
    expect(check(emailWith("Rate us from 0 to 11"), prompt).check.message).toContain("“11” is not in the brief");
  });

  it("passes a purchase a shop's brief implies, and fails it under a software survey", () => {
    expect(check(emailWith("Thanks for shopping with us"), "Spring sale at the Bloom &amp; Co shop: 20% off dresses.").check.passed).toBe(
      true,
    );
    const { check: c } = check(
      emailWith("Thanks for shopping with us"),
      "NPS survey for Ledgerly accounting software: how likely are you to recommend us (0–10)?",
    );
    expect(c.message).toContain("“Thanks for shopping” is not in the brief");
  });
});

describe("a condition written onto another offer", () => {
  const GIFT =
    "Holiday gift guide for Pine & Thread: Spruce candle $30. Free gift wrap over $50 until Dec 20, and 15% off with code JOY15.";

  it("passes when each offer keeps its own conditions", () => {
    const { check: c } = check(
      emailWith("Pine &amp; Thread", "Spruce candle $30", "Free gift wrap over $50 until Dec 20.", "15% off with code JOY15."),
      GIFT,
    );
    expect(c.passed, c.message).toBe(true);
  });

  it("fails, naming the condition and both offers, when the minimum and the date move to the code (the issue's email)", () => {
    const { result, check: c } = check(
      emailWith("Pine &amp; Thread", "Spruce candle $30", "15% off orders over $50 with code JOY15 until Dec 20."),
      GIFT,
    );
    expect(c.passed).toBe(false);
    expect(c.message).toContain("“over $50” belongs to “Free gift wrap”, not “15% off”");
    expect(c.message).toContain("“Dec 20” belongs to “Free gift wrap”, not “15% off”");
    expect(result.score).toBeLessThan(READY_TO_SEND_MIN_SCORE);
  });

  it("passes the user's own sentence with its two amounts apart at a semicolon, as written", () => {
    const prompt = "Fundraising appeal for Clearwater Trust: $25 funds a water filter for one family; $100 helps repair a community well.";
    expect(check(emailWith("$25 funds a water filter for one family; $100 helps repair a community well."), prompt).check.passed).toBe(
      true,
    );
  });

  it("fails when a code moves to the other offer, in French", () => {
    const prompt = "Boutique Lumière : livraison offerte dès 40 € jusqu'au 20 décembre, et 10 % de réduction avec le code LUMI10.";
    expect(
      check(emailWith("Livraison offerte dès 40 € jusqu'au 20 décembre.", "10 % de réduction avec le code LUMI10."), prompt).check.passed,
    ).toBe(true);
    const { check: c } = check(emailWith("Livraison offerte avec le code LUMI10.", "10 % de réduction dès 40 €."), prompt);
    expect(c.passed).toBe(false);
    expect(c.message).toContain("“LUMI10” belongs to “10 % de réduction”, not “livraison offerte”");
    expect(c.message).toContain("“dès 40 €” belongs to “livraison offerte”, not “10 % de réduction”");
  });
});

describe("views", () => {
  it("reads the interactive view, the fallback and the AMP version, naming where a claim is", () => {
    const html = goodEmail(["tabs"]).replaceAll("Mint and crème fraîche.</", "Mint and crème fraîche. Free returns.</");
    const { check: c } = check(html);
    expect(c.passed).toBe(false);
    expect(c.message).toMatch(/“Free returns” is not in the brief \(interactive view and fallback\)/);
    const amp = `<!doctype html><html ⚡4email><head><meta charset="utf-8"></head><body><p>Pea soup $6.50</p><p>Best seller, 2-year warranty</p></body></html>`;
    const withAmp = check(emailWith("Pea soup $6.50"), PROMPT, { ampHtml: amp }).check;
    expect(withAmp.passed).toBe(false);
    expect(withAmp.message).toContain("(AMP version)");
  });

  it("reports with the AMP version added after the email's own views as if read with them (qaRun, createTracer)", () => {
    const html = goodEmail(["tabs"]).replaceAll("Mint and crème fraîche.</", "Mint and crème fraîche. Free returns.</");
    const amp = `<!doctype html><html ⚡4email><head><meta charset="utf-8"></head><body><p>Pea soup $7.50</p><p>Free returns, 2-year warranty</p></body></html>`;
    const context = { brief: readBrief(PROMPT), userText: [PROMPT] };
    const doc = parseEmail(html);
    const run = qaRun(doc, context);
    expect(run.result).toEqual(qaDoc(doc, context));
    const withAmp = run.withAmp(amp);
    expect(withAmp).toEqual(qaDoc(doc, { ...context, ampHtml: amp }));
    expect(withAmp.checks.find((c) => c.id === "copy-verbatim")!.message).toContain("interactive view and fallback and AMP version");
    // Asking again gives the same report: the AMP view is traced for that report only.
    expect(run.withAmp(amp)).toEqual(withAmp);
    expect(run.withAmp("")).toEqual(run.result);

    const views = [
      { view: "email", text: "Pea soup $9.99. Free returns.", doc },
      { view: "AMP version", text: "Pea soup $9.99 and 25% off.", doc: parseEmail(amp) },
    ];
    const tracer = createTracer(context);
    tracer.add(views[0]!);
    expect(tracer.report([views[1]!])).toEqual(traceFacts(views, context));
    expect(tracer.report()).toEqual(traceFacts(views.slice(0, 1), context));
  });

  it("does not apply without a brief or the user's words", () => {
    const r = qa(emailWith("Free returns and 50% off"), {});
    expect(r.checks.find((c) => c.id === "copy-verbatim")!.passed).toBe(true);
    expect(r.score).toBe(100);
  });

  it("reads a long view in bounded work", () => {
    const line = "Pea soup $6.50, 10% off, SPRING10, May 3, 1234 5678 free returns best new. ";
    const html = emailWith(line.repeat(1_500));
    const doc = parseEmail(html);
    const work = countRegexWork();
    let report;
    try {
      report = traceFacts([{ view: "email", text: line.repeat(1_500), doc }], { brief: readBrief(PROMPT), userText: [PROMPT] });
    } finally {
      work.stop();
    }
    expect(report.untraced.length).toBeLessThanOrEqual(40);
    expect(work.chars).toBeLessThanOrEqual(400 * line.length * 1_500);
  });
});
