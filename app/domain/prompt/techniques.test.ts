import { extractTechniques, inferTechnique } from "./techniques";

describe("extractTechniques", () => {
  const table: Array<[string, string[]]> = [
    ["A tabbed newsletter for our readers", ["tabs"]],
    ["Product tabs for Design, Engineering and Product", ["tabs"]],
    ["Show the new collection in a slider", ["carousel"]],
    ["A slideshow of our three resorts", ["carousel"]],
    ["Add an FAQ about shipping", ["accordion"]],
    ["Expandable sections for each day of the agenda", ["accordion"]],
    ["collapsible panels with the details", ["accordion"]],
    ["Run a quick poll on which flavour comes next", ["survey"]],
    ["Include a feedback form after the order", ["survey"]],
    ["A trivia challenge about space", ["quiz"]],
    ["Put a hamburger menu at the top", ["menu"]],
    ["Add a nav menu with links to the store", ["menu"]],
    ["Let readers add to basket right in the email", ["itemCart"]],
    ["Tap-to-add order with a running total", ["itemCart"]],
    ["A carousel of products and an add to cart section", ["carousel", "itemCart"]],
    ["An FAQ and then a quiz", ["accordion", "quiz"]],
    ["Quiz first, then tabs", ["quiz", "tabs"]],
    // The other frame languages (fr, es, de, pt, it).
    ["Un e-mail avec un panier pour nos trois cafés", ["itemCart"]],
    ["Newsletter mit Warenkorb für die Winterjacken", ["itemCart"]],
    ["Una encuesta rápida para los socios del gimnasio", ["survey"]],
    ["Um carrossel com os três bolos da semana", ["carousel"]],
    ["Un carosello con le nuove borse", ["carousel"]],
    ["Des onglets pour le menu du midi et du soir", ["tabs"]],
    ["Preguntas frecuentes sobre el envío y un carrusel de productos", ["accordion", "carousel"]],
    ["Eine kurze Umfrage, ohne Warenkorb", ["survey"]],
    ["Un sondage sans carrousel", ["survey"]],
    ["Un carrousel de 3 paniers de légumes (panier solo, panier famille) puis un sondage", ["carousel", "survey"]],
    ["Nos fromages avec bouton ajouter au panier", ["itemCart"]],
    ["Domande frequenti sul corso di cucina", ["accordion"]],
  ];
  it.each(table)("%s → %j", (prompt, expected) => {
    const r = extractTechniques(prompt);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.techniques).toEqual(expected);
      expect(r.source).toBe("prompt");
    }
  });

  it("rejects an explicit list of three or more techniques", () => {
    const r = extractTechniques("Email with tabs, an accordion and a carousel");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.mentioned).toEqual(["tabs", "accordion", "carousel"]);
      expect(r.error).toMatch(/At most 2/);
    }
  });

  it("ignores negated mentions", () => {
    const r = extractTechniques("A quiz, but no carousel please");
    expect(r.ok && r.techniques).toEqual(["quiz"]);
  });

  it("ignores idioms that contain a technique word", () => {
    const r = extractTechniques(
      "Keep tabs on your order, and the first round at the bar is on us — we pick up the tab",
      null,
      "restaurant",
    );
    expect(r.ok && r.source).toBe("inferred");
    const q = extractTechniques("Keep tabs on the new menu with a quiz");
    expect(q.ok && q.techniques).toEqual(["quiz"]);
  });

  it("does not read a food menu as the hamburger technique", () => {
    const r = extractTechniques("Our new lunch menu at Casa Verde", null, "restaurant");
    expect(r.ok && r.source).toBe("inferred");
    expect(r.ok && r.techniques).toEqual(["tabs"]);
  });

  it("uses the hint when the prompt names none, and the prompt when it does", () => {
    const fromHint = extractTechniques("Spring sale for Bloom", "accordion");
    expect(fromHint.ok && fromHint.techniques).toEqual(["accordion"]);
    expect(fromHint.ok && fromHint.source).toBe("hint");
    const fromPrompt = extractTechniques("Spring sale carousel for Bloom", "accordion");
    expect(fromPrompt.ok && fromPrompt.techniques).toEqual(["carousel"]);
    expect(extractTechniques("Spring sale", "slider, faq").ok).toBe(true);
    expect(extractTechniques("Spring sale", "tabs, quiz, menu").ok).toBe(false);
  });

  it("notes amp4email separately without counting it as a CSS module", () => {
    const r = extractTechniques("A tabs email with an AMP4Email version");
    expect(r.ok && r.techniques).toEqual(["tabs"]);
    expect(r.ok && r.ampRequested).toBe(true);
    const hint = extractTechniques("Weekly digest", "amp4email");
    expect(hint.ok && hint.ampRequested).toBe(true);
    expect(hint.ok && hint.techniques.length).toBe(1);
    expect(extractTechniques("Amp up your sales with tabs").ok && extractTechniques("Amp up your sales with tabs")).toMatchObject({
      ampRequested: false,
    });
  });

  it("infers one technique deterministically from the email type", () => {
    expect(inferTechnique("Weekend sale: Mug $12, Tote $20", "ecommerce")).toBe("itemCart");
    expect(inferTechnique("Our new collection is here", "ecommerce")).toBe("carousel");
    expect(inferTechnique("Tell us how we did", "feedback")).toBe("survey");
    expect(inferTechnique("Lesson two of the course", "education")).toBe("quiz");
    expect(inferTechnique("Join us in Berlin", "event")).toBe("accordion");
    const a = extractTechniques("Join us in Berlin for the summit", null, "event");
    const b = extractTechniques("Join us in Berlin for the summit", null, "event");
    expect(a).toEqual(b);
  });
});
