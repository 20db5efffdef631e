// The language frame: <html lang> and every fixed phrase the renderer, the AMP builder and the
// autofix write, in each frame language, with the QA contract intact.
import { autofix } from "../autofix/autofix";
import { buildAmp } from "../amp/build";
import { ampParity } from "../amp/parity";
import { validateAmp } from "../amp/validate";
import { TECHNIQUES, type Blueprint, type Technique } from "../blueprint/schema";
import { PHRASES, type Phrases } from "../copy/phrases";
import { FRAME_LANGUAGES, type FrameLanguage } from "../prompt/facts";
import { qa } from "../qa/qa";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { render } from "./render";

function blueprintIn(lang: FrameLanguage, t: Technique): Blueprint {
  const bp = sampleBlueprint(t);
  bp.lang = lang;
  // Left out, so the schema writes it in the email's language.
  delete (bp.footer as { unsubscribeText?: string }).unsubscribeText;
  const m = bp.interactiveConfig.modules[0]!;
  if (m.technique === "itemCart" && lang !== "en") m.currency = "EUR";
  // The sample menu names its button; without a label the menu says "Menu" in the email's language.
  if (m.technique === "menu") delete m.label;
  return bp;
}

function renderIn(lang: FrameLanguage, t: Technique): string {
  const r = render(blueprintIn(lang, t));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.html;
}

/** The fixed phrases a technique's module writes, in one language. */
function modulePhrases(t: Technique, p: Phrases): string[] {
  switch (t) {
    case "carousel":
      return [p.previous, p.next];
    case "survey":
      return [p.questionOf(1, 2), p.questionOf(2, 2), p.nextQuestion, p.finish];
    case "quiz":
      return [p.questionOf(1, 2), p.correct, p.notQuite("Brazil"), p.answer("Brazil"), p.sendAnswer];
    case "menu":
      return [p.menu, p.close];
    case "itemCart":
      return [p.add, p.remove, p.items, p.total, p.cartFallbackNote];
    default:
      return []; // tabs and accordion write only the blueprint's words
  }
}

/** The document with the entities the serialisers may write decoded, to look for phrases in. */
const decoded = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
const cases = FRAME_LANGUAGES.flatMap((lang) => TECHNIQUES.map((t) => [lang, t] as [FrameLanguage, Technique]));

describe("the rendered email speaks the blueprint's language", () => {
  it.each(cases)("%s %s: <html lang>, header, footer and the module's controls", (lang, t) => {
    const p = PHRASES[lang];
    const html = decoded(renderIn(lang, t));
    expect(html).toContain(`<html lang="${lang}" dir="ltr"`);
    expect(html).toContain(`>${p.viewInBrowser}</a>`);
    expect(html).toContain(`>${p.unsubscribe}</a>`);
    for (const phrase of modulePhrases(t, p)) expect(html, phrase).toContain(phrase);
    if (lang !== "en") {
      for (const english of [PHRASES.en.viewInBrowser, PHRASES.en.unsubscribe, ...modulePhrases(t, PHRASES.en)].filter(
        (e) => !modulePhrases(t, p).includes(e),
      )) {
        expect(html, english).not.toMatch(new RegExp(`[>"]${english.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[<"]`));
      }
    }
  });

  it.each(cases)("%s %s: QA scores it as it scores the English email", (lang, t) => {
    const html = renderIn(lang, t);
    const context = { subject: "s", preheader: "p", lang, techniques: [t] };
    const failed = (h: string) => qa(h, context).failedChecks.map((c) => c.id);
    expect(failed(html)).toEqual(failed(renderIn("en", t)));
  });

  it("writes cart prices and the running total the language's way", () => {
    const fr = renderIn("fr", "itemCart");
    expect(fr).toContain("6,50\u00a0€");
    expect(fr).toContain("0,00\u00a0€");
    expect(fr).not.toContain("€6.50");
    // The live total: major digits, the decimal comma, minor digits, then the symbol.
    expect(fr).toMatch(/-major[^>]*><\/span><span[^>]*>,<\/span><span class="k1-minor"[^>]*><\/span><span[^>]*>\u00a0€<\/span>/);
    const en = renderIn("en", "itemCart");
    expect(en).toContain("$6.50");
    expect(en).toContain('content:"$" counter(k1-total)');
  });

  it("keeps an explicit unsubscribe text", () => {
    const bp = blueprintIn("de", "tabs");
    bp.footer.unsubscribeText = "Newsletter abbestellen";
    const r = render(bp);
    expect(r.ok && r.html).toContain(">Newsletter abbestellen</a>");
  });
});

describe("the AMP version speaks it too", () => {
  it.each(cases)("%s %s", (lang, t) => {
    const r = buildAmp(blueprintIn(lang, t), { surveyActionUrl: "https://kinetic.example/api/amp/survey" });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const p = PHRASES[lang];
    const html = decoded(r.ampHtml);
    expect(html).toContain(`lang="${lang}" dir="ltr"`);
    expect(html).toContain(`>${p.viewInBrowser}</a>`);
    expect(html).toContain(`>${p.unsubscribe}</a>`);
    // AMP has no static fallback: its cart, quiz and survey phrases are the interactive ones; its
    // form answers and moves on by itself (no next label, no send link).
    const htmlOnly = [p.cartFallbackNote, p.answer("Brazil"), p.nextQuestion, p.finish, p.sendAnswer];
    const amp = modulePhrases(t, p).filter((s) => !htmlOnly.includes(s));
    for (const phrase of amp) expect(html, phrase).toContain(phrase);
    if (t === "survey") expect(html).toContain(p.surveyNotSaved);
    expect(validateAmp(r.ampHtml).errors).toEqual([]);
    // The same words as the HTML email, fixed phrases included.
    const parity = ampParity(r.ampHtml, renderIn(lang, t));
    expect({ ok: parity.ok, missingWords: parity.missingWords }).toEqual({ ok: true, missingWords: [] });
  });

  it("totals the cart with a decimal comma in French", () => {
    const r = buildAmp(blueprintIn("fr", "itemCart"), { surveyActionUrl: "https://kinetic.example/api/amp/survey" });
    expect(r.ok && r.ampHtml).toContain(".toFixed(2).split('.').join(',') + '\u00a0€'");
  });
});

describe("the links autofix adds speak the document's language", () => {
  it.each(FRAME_LANGUAGES.map((l) => [l]))("%s", (lang) => {
    const p = PHRASES[lang];
    const bare = `<!DOCTYPE html><html lang="${lang}" dir="ltr"><head><title>x</title></head><body><table class="kx-container"><tr><td>Hallo</td></tr></table></body></html>`;
    const fromContext = autofix(`<p>Hallo</p>`, { lang });
    for (const html of [autofix(bare).html, fromContext.html].map(decoded)) {
      expect(html).toContain(`>${p.viewInBrowser}</a>`);
      expect(html).toContain(`>${p.unsubscribe}</a>`);
    }
  });
});
