import { TECHNIQUES, type Blueprint, type Technique } from "~/domain/blueprint/schema";
import type { CopyDoc } from "~/domain/copy/schema";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { render } from "~/domain/render";
import { writeLocalCopy } from "../copy/local";
import { LocalBlueprintEngine } from "./local";

const engine = new LocalBlueprintEngine();
const PROMPT =
  "Black Friday email for Lumen Coffee Roasters: 20% off all beans with code BEAN20 until November 29. Products: Ethiopia Yirgacheffe $18, Colombia Huila $16, Sumatra Mandheling $17. Shop at https://lumen.example.com/shop";
const facts = parsePromptFacts(PROMPT);

/** Every string a blueprint shows the reader, so copy placement can be checked without rendering. */
function blueprintText(bp: Blueprint): string {
  const out: string[] = [bp.subject, bp.preheader, bp.footer.address];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(bp.sections);
  walk(bp.interactiveConfig);
  return out.join("\n");
}

function copyStrings(copy: CopyDoc): string[] {
  const out = [copy.subject, copy.preheader];
  for (const s of copy.sections) out.push(s.headline, s.body, s.cta);
  return out.filter((s) => s.trim() !== "");
}

const combos: Technique[][] = [
  ...TECHNIQUES.map((t) => [t]),
  ...TECHNIQUES.flatMap((a) => TECHNIQUES.filter((b) => b !== a).map((b) => [a, b])),
];

describe("LocalBlueprintEngine", () => {
  it.each(combos.map((c) => [c.join("+"), c] as const))(
    "builds a valid, renderable blueprint for %s with the copy verbatim",
    async (_name, techniques) => {
      const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques });
      const r = await engine.build({ prompt: PROMPT, copyDoc, techniques, facts });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      // A module the brief has nothing for (this prompt asks no question) is left out with a note, never filled.
      const shown = r.blueprint.interactiveConfig.modules.map((m) => m.technique);
      expect(shown).toEqual(techniques.filter((t) => shown.includes(t)));
      for (const t of techniques) if (!shown.includes(t)) expect(r.notes.join(" ")).toContain(`the ${t} module was left out`);
      expect(r.blueprint.technique).toBe(shown[0] ?? techniques[0]);
      if (techniques.length === 1 && techniques[0] !== "survey") expect(shown).toEqual(techniques);
      const text = blueprintText(r.blueprint);
      for (const s of copyStrings(copyDoc)) expect(text).toContain(s);
      const html = render(r.blueprint);
      expect(html.ok).toBe(true);
      if (html.ok)
        for (const s of copyDoc.sections.filter((x) => x.role !== "footer"))
          if (s.headline) expect(html.html).toContain(s.headline.replace(/&/g, "&amp;").replace(/'/g, "&#39;").slice(0, 10));
    },
  );

  it("places cart prices, quiz answers and survey options from the copy", async () => {
    const techniques: Technique[] = ["itemCart", "quiz"];
    const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques });
    const r = await engine.build({ prompt: PROMPT, copyDoc, techniques, facts });
    if (!r.ok) throw new Error(r.error);
    const [cart, quiz] = r.blueprint.interactiveConfig.modules;
    expect(cart.technique === "itemCart" && cart.items.map((i) => i.price)).toEqual([1800, 1600, 1700]);
    expect(cart.technique === "itemCart" && cart.currency).toBe("USD");
    expect(cart.technique === "itemCart" && cart.checkout?.url).toBe("https://lumen.example.com/shop");
    // The quiz asks about the prompt's own prices, never a percentage it did not write.
    expect(quiz.technique === "quiz" && quiz.questions[0]).toMatchObject({ question: "Which one is $18?", answer: 0 });
    expect(quiz.technique === "quiz" && quiz.questions[0].options[0]).toBe("Ethiopia Yirgacheffe");
  });

  it("uses brand tokens exactly over any style theory, and degrades an unknown theory to auto", async () => {
    const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques: ["tabs"] });
    const designTokens = {
      colors: { primary: "#123456", background: "#fafafa" },
      typography: { fontFamily: "Lato, Arial, sans-serif" },
      buttons: { radius: 3 },
    };
    for (const styleTheory of ["luxury", "tech", "nope", undefined]) {
      const r = await engine.build({ prompt: PROMPT, copyDoc, techniques: ["tabs"], facts, designTokens, styleTheory });
      if (!r.ok) throw new Error(r.error);
      expect(r.blueprint.design.colors.primary).toBe("#123456");
      expect(r.blueprint.design.colors.background).toBe("#fafafa");
      expect(r.blueprint.design.typography.fontFamily).toBe("Lato, Arial, sans-serif");
      expect(r.blueprint.design.buttons.radius).toBe(3);
      if (styleTheory === "nope") expect(r.notes.join(" ")).toContain('Unknown style theory "nope"');
    }
    const lux = await engine.build({ prompt: PROMPT, copyDoc, techniques: ["tabs"], facts, styleTheory: "luxury" });
    expect(lux.ok && lux.blueprint.design.colors.primary).toBe("#d4af37");
  });

  it("assigns images by description, then in order, puts the logo in the masthead and skips non-https images", async () => {
    const techniques: Technique[] = ["carousel"];
    const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques });
    const images = [
      { name: "logo.png", url: "https://cdn.example.com/logo.png", description: "Lumen logo" },
      { name: "huila.jpg", url: "https://cdn.example.com/huila.jpg", description: "Colombia Huila bag", width: 1200, height: 800 },
      { name: "hero.jpg", url: "https://cdn.example.com/hero.jpg" },
      { name: "local.jpg", url: "/uploads/local.jpg" },
    ];
    const r = await engine.build({ prompt: PROMPT, copyDoc, techniques, facts, images });
    if (!r.ok) throw new Error(r.error);
    const carousel = r.blueprint.interactiveConfig.modules[0];
    if (carousel.technique !== "carousel") throw new Error("expected carousel");
    const huila = carousel.items.find((i) => i.headline.includes("Colombia Huila"));
    expect(huila?.image).toEqual({ src: "https://cdn.example.com/huila.jpg", alt: "Colombia Huila bag", width: 536, height: 357 });
    expect(r.blueprint.sections.find((s) => s.role === "hero")?.image?.src).toBe("https://cdn.example.com/hero.jpg");
    // The logo goes to the masthead, never into a section or a module.
    expect(r.blueprint.logo).toEqual({ src: "https://cdn.example.com/logo.png", alt: "Lumen logo", width: 160, height: 40 });
    expect(JSON.stringify([r.blueprint.sections, r.blueprint.interactiveConfig])).not.toContain("logo.png");
    expect(r.notes.join(" ")).toContain('"local.jpg" is not an https URL');
  });

  it("locks saved sections verbatim before the closing section", async () => {
    const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques: ["accordion"] });
    const html = '<table role="presentation"><tr><td>Lumen Coffee Roasters · 12 Bean St</td></tr></table>';
    const r = await engine.build({ prompt: PROMPT, copyDoc, techniques: ["accordion"], facts, savedSections: [{ name: "Address", html }] });
    if (!r.ok) throw new Error(r.error);
    const roles = r.blueprint.sections.map((s) => s.role);
    const saved = r.blueprint.sections.find((s) => s.lockedHtml !== undefined);
    expect(saved?.lockedHtml).toBe(html);
    expect(roles.indexOf("saved")).toBe(roles.indexOf("closing") - 1);
    const out = render(r.blueprint);
    expect(out.ok && out.html).toContain(html);
  });

  it("accepts a client CopyDoc with no items and leaves the module out rather than invent its items", async () => {
    const copyDoc: CopyDoc = {
      subject: "Lumen's Black Friday",
      preheader: "Beans for less",
      sections: [{ role: "Hero Banner", headline: "Our biggest sale", body: "Everything is on sale.", cta: "Shop" }],
      items: [],
    };
    const r = await engine.build({ prompt: PROMPT, copyDoc, techniques: ["tabs"], facts });
    if (!r.ok) throw new Error(r.error);
    expect(r.blueprint.sections[0]).toMatchObject({ role: "hero-banner", headline: "Our biggest sale", body: "Everything is on sale." });
    expect(r.notes.join(" ")).toContain("too few tabs items");
    expect(r.blueprint.interactiveConfig.modules).toEqual([]);
    expect(r.blueprint.sections.every((s) => s.moduleIndex === undefined)).toBe(true);
    expect(render(r.blueprint).ok).toBe(true);
  });

  it("refuses invalid input as a value", async () => {
    const bad = await engine.build({ prompt: PROMPT, copyDoc: { subject: "" } as unknown as CopyDoc, techniques: ["tabs"] });
    expect(bad.ok).toBe(false);
    const three = await engine.build({
      prompt: PROMPT,
      copyDoc: writeLocalCopy({ prompt: PROMPT, facts, techniques: ["tabs"] }),
      techniques: ["tabs", "quiz", "menu"],
    });
    expect(three.ok).toBe(false);
  });

  describe("links", () => {
    const NO_LINK = "A spring newsletter for Fern & Co about our new lamps. Products: Moss Lamp, Reed Lamp, Fir Lamp.";
    const noLinkFacts = parsePromptFacts(NO_LINK);
    const allUrls = (bp: Blueprint) =>
      [...JSON.stringify([bp.sections, bp.interactiveConfig]).matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]);

    it.each(combos.map((c) => [c.join("+"), c] as const))(
      "%s: no button or item leads to {{VIB_URL}} or an invented path",
      async (_name, techniques) => {
        const copyDoc = writeLocalCopy({ prompt: PROMPT, facts, techniques });
        const r = await engine.build({ prompt: PROMPT, copyDoc, techniques, facts });
        if (!r.ok) throw new Error(r.error);
        for (const url of allUrls(r.blueprint)) {
          expect(url).not.toContain("VIB_URL");
          if (/^https?:/.test(url)) expect(facts.urls).toContain(url);
        }
      },
    );

    it("leaves a button out, with a note, when neither the copy, the brief nor a website gives it a destination", async () => {
      const copyDoc = writeLocalCopy({ prompt: NO_LINK, facts: noLinkFacts, techniques: ["tabs"] });
      const r = await engine.build({ prompt: NO_LINK, copyDoc, techniques: ["tabs"], facts: noLinkFacts });
      if (!r.ok) throw new Error(r.error);
      expect(r.blueprint.sections.every((s) => s.cta === undefined)).toBe(true);
      const withCta = copyDoc.sections.find((s) => s.cta.trim() && s.role !== "footer");
      if (withCta) expect(r.notes.join(" ")).toContain(`The button “${withCta.cta}” was left out`);
      const html = render(r.blueprint);
      // The one {{VIB_URL}} left is the view-in-browser link at the top.
      expect(html.ok && html.html.match(/\{\{VIB_URL\}\}/g)?.length).toBe(1);
    });

    it("leads the main button to the brand website when the brief gives no link, and the copy's href wins over both", async () => {
      const copyDoc: CopyDoc = {
        subject: "Spring at Fern & Co",
        preheader: "New lamps",
        sections: [
          { role: "hero", headline: "New lamps", body: "Three new lamps.", cta: "See the lamps" },
          {
            role: "details",
            headline: "Made to last",
            body: "Oak and brass.",
            cta: "Read the care guide",
            href: "https://fern.example/care",
          },
          { role: "more", headline: "Events", body: "Spring fair.", cta: "Meet us" },
        ],
        items: [],
      };
      const r = await engine.build({ prompt: NO_LINK, copyDoc, techniques: ["tabs"], facts: noLinkFacts, website: "https://fern.example" });
      if (!r.ok) throw new Error(r.error);
      const cta = (role: string) => r.blueprint.sections.find((s) => s.role === role)?.cta;
      expect(cta("hero")).toEqual({ label: "See the lamps", url: "https://fern.example" });
      expect(cta("details")).toEqual({ label: "Read the care guide", url: "https://fern.example/care" });
      expect(cta("more")).toEqual({ label: "Meet us", url: "https://fern.example" });
    });

    it("links an item to its own link from the brief or the copy, and leaves the others unlinked", async () => {
      const prompt = "Carousel for Fern & Co lamps: Moss Lamp https://fern.example/moss, Reed Lamp, Fir Lamp.";
      const f = parsePromptFacts(prompt);
      const copyDoc: CopyDoc = {
        subject: "Lamps",
        preheader: "",
        sections: [{ role: "hero", headline: "Lamps", body: "Three lamps.", cta: "" }],
        items: [
          { label: "Moss Lamp", headline: "Moss Lamp", body: "Green." },
          { label: "Reed Lamp", headline: "Reed Lamp", body: "Tall.", href: "https://fern.example/reed" },
          { label: "Fir Lamp", headline: "Fir Lamp", body: "Warm." },
        ],
      };
      const brief = {
        items: [
          {
            name: { value: "Moss Lamp", span: { start: 0, end: 9 } },
            link: { value: "https://fern.example/moss", span: { start: 10, end: 35 } },
          },
        ],
        otherItems: [],
      } as unknown as import("~/domain/brief/schema").Brief;
      const r = await engine.build({ prompt, copyDoc, techniques: ["carousel"], facts: f, brief, website: "https://fern.example" });
      if (!r.ok) throw new Error(r.error);
      const carousel = r.blueprint.interactiveConfig.modules[0];
      if (carousel.technique !== "carousel") throw new Error("expected carousel");
      expect(carousel.items.map((i) => i.cta?.url)).toEqual(["https://fern.example/moss", "https://fern.example/reed", undefined]);
    });

    it("links a section's image to that section's button, and leaves an image without a destination unlinked", async () => {
      const copyDoc: CopyDoc = {
        subject: "Spring at Fern & Co",
        preheader: "New lamps",
        sections: [
          { role: "hero", headline: "New lamps", body: "Three new lamps.", cta: "See the lamps" },
          { role: "details", headline: "Made to last", body: "Oak and brass.", cta: "" },
        ],
        items: [],
      };
      const images = [
        { name: "new-lamps.jpg", url: "https://cdn.example.com/new-lamps.jpg", description: "new lamps" },
        { name: "oak-brass.jpg", url: "https://cdn.example.com/oak-brass.jpg", description: "oak and brass" },
      ];
      const r = await engine.build({
        prompt: NO_LINK,
        copyDoc,
        techniques: ["tabs"],
        facts: noLinkFacts,
        website: "https://fern.example",
        images,
      });
      if (!r.ok) throw new Error(r.error);
      const image = (role: string) => r.blueprint.sections.find((s) => s.role === role)?.image;
      expect(image("hero")).toMatchObject({ src: "https://cdn.example.com/new-lamps.jpg", href: "https://fern.example" });
      expect(image("details")?.src).toBe("https://cdn.example.com/oak-brass.jpg");
      expect(image("details")?.href).toBeUndefined();
    });

    it("links an item's image to the item's own destination, never to a guessed one; carousel slides stay unlinked", async () => {
      const prompt = "Tabs for Fern & Co lamps: Moss Lamp https://fern.example/moss, Reed Lamp.";
      const copyDoc: CopyDoc = {
        subject: "Lamps",
        preheader: "",
        sections: [{ role: "hero", headline: "Lamps", body: "Two lamps.", cta: "" }],
        items: [
          { label: "Moss Lamp", headline: "Moss Lamp", body: "Green." },
          { label: "Reed Lamp", headline: "Reed Lamp", body: "Tall." },
        ],
      };
      const brief = {
        items: [
          {
            name: { value: "Moss Lamp", span: { start: 0, end: 9 } },
            link: { value: "https://fern.example/moss", span: { start: 10, end: 35 } },
          },
        ],
        otherItems: [],
      } as unknown as import("~/domain/brief/schema").Brief;
      const images = [
        { name: "moss.jpg", url: "https://cdn.example.com/moss.jpg", description: "Moss Lamp green" },
        { name: "reed.jpg", url: "https://cdn.example.com/reed.jpg", description: "Reed Lamp tall" },
      ];
      for (const technique of ["tabs", "carousel"] as const) {
        const r = await engine.build({
          prompt,
          copyDoc,
          techniques: [technique],
          facts: parsePromptFacts(prompt),
          brief,
          website: "https://fern.example",
          images,
        });
        if (!r.ok) throw new Error(r.error);
        const m = r.blueprint.interactiveConfig.modules[0] as { items: Array<{ image?: { src: string; href?: string } }> };
        expect(m.items.map((i) => i.image?.src)).toEqual(["https://cdn.example.com/moss.jpg", "https://cdn.example.com/reed.jpg"]);
        expect(m.items.map((i) => i.image?.href)).toEqual(
          technique === "tabs" ? ["https://fern.example/moss", undefined] : [undefined, undefined],
        );
      }
    });

    it("keeps menu entries without a destination unlinked, and a cart without one has no checkout button", async () => {
      const copyDoc = writeLocalCopy({ prompt: NO_LINK + " Lamps $40, $50 and $60.", facts: noLinkFacts, techniques: ["menu"] });
      const r = await engine.build({ prompt: NO_LINK, copyDoc, techniques: ["menu"], facts: noLinkFacts });
      if (!r.ok) throw new Error(r.error);
      const menu = r.blueprint.interactiveConfig.modules[0];
      expect(menu.technique === "menu" && menu.items.every((i) => i.url === undefined || !/VIB_URL/.test(i.url))).toBe(true);
      const cartCopy: CopyDoc = {
        subject: "Lamps",
        preheader: "",
        sections: [{ role: "cart", headline: "Pick yours", body: "", cta: "Buy now" }],
        items: [
          { label: "Moss Lamp", headline: "$40", body: "Green." },
          { label: "Reed Lamp", headline: "$50", body: "Tall." },
        ],
      };
      const cart = await engine.build({ prompt: NO_LINK, copyDoc: cartCopy, techniques: ["itemCart"], facts: noLinkFacts });
      if (!cart.ok) throw new Error(cart.error);
      const m = cart.blueprint.interactiveConfig.modules[0];
      expect(m.technique === "itemCart" && m.checkout).toBeUndefined();
      expect(cart.notes.join(" ")).toContain("The checkout button “Buy now” was left out");
      const html = render(cart.blueprint);
      expect(html.ok && html.html).not.toContain("Buy now");
    });
  });
});
