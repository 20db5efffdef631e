import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import { TECHNIQUES, type Technique } from "~/domain/blueprint/schema";
import { STYLE_PRESETS, mergeDesign } from "~/domain/blueprint/styles";
import { ampComponentsUsed, validateAmp } from "~/domain/amp/validate";
import { PARSE_OPTIONS, descendants, hasClass, isComment, walk, type DomDocument, type DomElement } from "~/domain/html/dom";
import { textOf } from "~/domain/html/text";
import { qa } from "~/domain/qa/qa";
import { render } from "~/domain/render";
import {
  BLUEPRINT_SEED_FILES,
  buildNegativeSeeds,
  loadStarterLibrary,
  loadStarterLibraryEntries,
  renderBlueprintSeed,
  SEED_IMAGE_ORIGIN,
  type AmpSeedDocument,
  type BlogSeedDocument,
  type HtmlSeedDocument,
  type NegativeFault,
  type NegativeSeed,
  type SeedEntry,
} from ".";
import { BlueprintSeedFileSchema } from "./positives";

const COMPLEXITIES = ["beginner", "intermediate", "advanced"] as const;

let entries: SeedEntry[];
let negatives: NegativeSeed[];
beforeAll(() => {
  entries = loadStarterLibraryEntries();
  negatives = buildNegativeSeeds();
});

const html = () => entries.map((e) => e.document).filter((d): d is HtmlSeedDocument => d.uploadType === "html");
const positives = () => html().filter((d) => d.exampleType === "positive");
const amp = () => entries.map((e) => e.document).filter((d): d is AmpSeedDocument => d.uploadType === "amp");
const blogs = () => entries.map((e) => e.document).filter((d): d is BlogSeedDocument => d.uploadType === "blog");
const positiveEntries = () => entries.filter((e) => e.document.uploadType === "html" && e.document.exampleType === "positive");

const parse = (source: string) => parseDocument(source, PARSE_OPTIONS);
const all = (doc: DomDocument, pred: (el: DomElement) => boolean) => descendants(doc, pred);
const tag = (doc: DomDocument, name: string) => all(doc, (el) => el.name === name);
const byClass = (root: DomDocument | DomElement, cls: string) => descendants(root, (el) => hasClass(el, cls));
const techniquesIn = (source: string) => byClass(parse(source), "kx-module").map((m) => m.attribs["data-kx-technique"]);
const words = (source: string) => textOf(parse(source)).split(/\s+/).filter(Boolean).length;

/** One concrete detector per fault: each must flag its negative and no positive. */
const DETECTORS: Record<NegativeFault, (doc: DomDocument) => boolean> = {
  "missing-fallback": (doc) => byClass(doc, "kx-module").some((m) => byClass(m, "kx-int").length > 0 && byClass(m, "kx-fb").length === 0),
  "label-for-mismatch": (doc) => {
    const ids = new Set(tag(doc, "input").map((i) => i.attribs.id));
    return tag(doc, "label").some((l) => l.attribs.for !== undefined && !ids.has(l.attribs.for));
  },
  "no-mso-hide": (doc) =>
    byClass(doc, "kx-module").some((m) => {
      const int = byClass(m, "kx-int")[0];
      const guarded = [...walk(m)].some((n) => isComment(n) && n.data.includes("[if !mso]"));
      return !!int && !/mso-hide:\s*all/.test(int.attribs.style ?? "") && !guarded;
    }),
  "colliding-ids": (doc) => {
    const ids = all(doc, (el) => !!el.attribs.id).map((el) => el.attribs.id);
    return new Set(ids).size !== ids.length;
  },
  "image-only-no-alt": (doc) => {
    const imgs = tag(doc, "img");
    const sectionText = byClass(doc, "kx-section").flatMap((s) => descendants(s, (el) => ["h1", "h2", "h3", "p"].includes(el.name)));
    return imgs.length > 0 && imgs.every((i) => i.attribs.alt === undefined) && sectionText.length === 0;
  },
  "script-tags": (doc) => tag(doc, "script").length > 0 || all(doc, (el) => Object.keys(el.attribs).some((a) => a.startsWith("on"))).length > 0,
  "fixed-900px": (doc) => byClass(doc, "kx-container").some((t) => Number(t.attribs.width) > 640 || /(?:^|;)\s*width:\s*(?:6[5-9]\d|[7-9]\d\d)px/.test(t.attribs.style ?? "")),
};

/** The QA check each fault must fail (and its source positive must pass). */
const QA_CHECK: Record<NegativeFault, string> = {
  "missing-fallback": "fallback",
  "label-for-mismatch": "label-for",
  "no-mso-hide": "interactive-hidden",
  "colliding-ids": "namespacing",
  "image-only-no-alt": "img-alt",
  "script-tags": "no-unsafe-elements",
  "fixed-900px": "container-width",
};

const failed = (source: string) => qa(source).failedChecks.map((c) => c.id as string);

describe("starter library: counts", () => {
  it("holds at least 40 documents with unique keys", () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(loadStarterLibrary()).toHaveLength(entries.length);
  });

  it("has a single-technique positive for every technique at every complexity", () => {
    const single = positiveEntries().filter((e) => techniquesIn(e.document.htmlContent).length === 1);
    expect(single.length).toBeGreaterThanOrEqual(21);
    for (const t of TECHNIQUES) {
      for (const c of COMPLEXITIES) {
        const hit = single.filter((e) => {
          const d = e.document as HtmlSeedDocument;
          return d.technique === t && d.complexity === c;
        });
        expect(hit.length, `${t} × ${c}`).toBeGreaterThanOrEqual(1);
        expect(BLUEPRINT_SEED_FILES[`${t}-${c}`], `blueprints/${t}-${c}.json`).toBeDefined();
      }
    }
  });

  it("has at least four two-technique positives, each with two different techniques", () => {
    const pairs = positives().filter((d) => techniquesIn(d.htmlContent).length === 2);
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    for (const d of pairs) {
      const [a, b] = techniquesIn(d.htmlContent);
      expect(a).not.toBe(b);
      expect(d.technique).toBe(a);
    }
    const combos = new Set(pairs.map((d) => techniquesIn(d.htmlContent).join("+")));
    expect(combos.size).toBe(pairs.length);
  });

  it("has at least five negatives, five AMP emails and five articles", () => {
    expect(html().filter((d) => d.exampleType === "negative").length).toBeGreaterThanOrEqual(5);
    expect(amp().length).toBeGreaterThanOrEqual(5);
    expect(blogs().length).toBeGreaterThanOrEqual(5);
  });
});

describe("starter library: every html and amp document", () => {
  it("is a non-empty, parseable document with html, head and body", () => {
    for (const d of [...html(), ...amp()]) {
      expect(d.htmlContent.length).toBeGreaterThan(1000);
      expect(d.htmlContent.trimStart().toLowerCase().startsWith("<!doctype html>")).toBe(true);
      const doc = parse(d.htmlContent);
      // AMP for Email has no <title>; the HTML contract requires one (the subject).
      const required = d.uploadType === "amp" ? ["html", "head", "body"] : ["html", "head", "body", "title"];
      for (const t of required) expect(tag(doc, t), `${d.description}: <${t}>`).toHaveLength(1);
      expect(words(d.htmlContent)).toBeGreaterThan(60);
    }
  });

  it("has a unique, substantial description", () => {
    const descriptions = [...html(), ...amp()].map((d) => d.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const d of descriptions) expect(d.length).toBeGreaterThanOrEqual(60);
    const titles = blogs().map((b) => b.blogTitle);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("contains no lorem ipsum, numbered filler or to-do text", () => {
    const filler = /lorem|ipsum|dolor sit|\b(?:item|product|title|heading|link|image) \d+\b|\bTODO\b|\bTBD\b|\bFIXME\b|your (?:text|copy|headline) here|sample text|example\.com/i;
    for (const e of entries) {
      const d = e.document;
      const text = textOf(parse(d.htmlContent));
      expect(filler.test(text), `${e.key}: ${text.match(filler)?.[0]}`).toBe(false);
      const meta = JSON.stringify({ ...d, htmlContent: undefined });
      expect(filler.test(meta), `${e.key} metadata`).toBe(false);
    }
  });
});

describe("starter library: positive html examples", () => {
  it("render from their blueprint files with the current renderer, byte for byte", () => {
    for (const [key, raw] of Object.entries(BLUEPRINT_SEED_FILES)) {
      const file = BlueprintSeedFileSchema.parse(raw);
      // Pictures are app paths (/library/…); they render through the stand-in https origin.
      const withOrigin = JSON.parse(JSON.stringify(file.blueprint).replaceAll('"src":"/library/', `"src":"${SEED_IMAGE_ORIGIN}/library/`));
      const result = render({ ...withOrigin, design: mergeDesign(STYLE_PRESETS[file.styleTheory], file.designTokens) });
      expect(result.ok, key).toBe(true);
      if (!result.ok) continue;
      const entry = entries.find((e) => e.key === key);
      expect(entry?.document.htmlContent, key).toBe(result.html.replaceAll(`${SEED_IMAGE_ORIGIN}/library/`, "/library/"));
    }
  });

  it("show pictures the app serves: every image is a PNG in public/library of the size its name gives", () => {
    let count = 0;
    for (const entry of entries) {
      if (entry.document.uploadType !== "html") continue;
      for (const m of entry.document.htmlContent.matchAll(/<img [^>]*src="([^"]+)"/g)) {
        const src = m[1]!;
        expect(src, entry.key).toMatch(/^\/library\/[a-z0-9-]+-\d+x\d+\.png$/);
        const png = readFileSync(path.join("public", src));
        const [, w, h] = /-(\d+)x(\d+)\.png$/.exec(src)!;
        expect(png.subarray(1, 4).toString("latin1"), src).toBe("PNG");
        expect([png.readUInt32BE(16), png.readUInt32BE(20)], src).toEqual([Number(w), Number(h)]);
        count++;
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  it("carry data-kx-technique for each of their techniques, and the primary one as technique", () => {
    for (const key of Object.keys(BLUEPRINT_SEED_FILES)) {
      const seed = renderBlueprintSeed(key);
      expect(techniquesIn(seed.html), key).toEqual(seed.techniques);
      const doc = entries.find((e) => e.key === key)!.document as HtmlSeedDocument;
      expect(doc.technique).toBe(seed.techniques[0]);
      expect(doc.exampleType).toBe("positive");
      expect(doc.whatIsWrong).toBeUndefined();
      expect(doc.keyFeatures.length).toBeGreaterThanOrEqual(2);
      expect(doc.bestPracticeTags).toContain("fallback-first");
    }
  });

  it("score well in QA and trip none of the negative detectors", () => {
    for (const e of positiveEntries()) {
      const source = e.document.htmlContent;
      expect(qa(source).score, e.key).toBeGreaterThanOrEqual(90);
      const doc = parse(source);
      for (const [fault, detect] of Object.entries(DETECTORS)) expect(detect(doc), `${e.key}: ${fault}`).toBe(false);
    }
  });

  it("show their complexity: more items and richer sections as the level rises", () => {
    const itemCount = (key: string) => {
      const m = renderBlueprintSeed(key).blueprint.interactiveConfig.modules[0]!;
      return "items" in m ? m.items.length : m.questions.length;
    };
    for (const t of TECHNIQUES) {
      const [b, i, a] = COMPLEXITIES.map((c) => itemCount(`${t}-${c}`));
      expect(b, `${t} beginner items`).toBeLessThanOrEqual(3);
      expect(b, t).toBeLessThan(i);
      expect(i, t).toBeLessThan(a);
      const beginner = renderBlueprintSeed(`${t}-beginner`).blueprint;
      const advanced = renderBlueprintSeed(`${t}-advanced`).blueprint;
      expect(beginner.sections.length, t).toBe(1);
      expect(advanced.sections.length, t).toBeGreaterThanOrEqual(3);
      expect(advanced.sections.filter((s) => s.cta).length, `${t} advanced CTAs`).toBeGreaterThanOrEqual(2);
      expect(advanced.sections.some((s) => s.image), `${t} advanced image`).toBe(true);
    }
  });

  it("vary brands, purposes and style theories", () => {
    const files = Object.values(BLUEPRINT_SEED_FILES).map((raw) => BlueprintSeedFileSchema.parse(raw));
    const brands = files.map((f) => f.blueprint.brandName);
    expect(new Set(brands).size).toBe(brands.length);
    expect(new Set(files.map((f) => f.emailPurpose)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(files.map((f) => f.styleTheory)).size).toBeGreaterThanOrEqual(7);
  });
});

describe("starter library: negative examples", () => {
  it("explain what is wrong and keep the metadata of a library example", () => {
    const docs = html().filter((d) => d.exampleType === "negative");
    expect(docs).toHaveLength(negatives.length);
    for (const d of docs) {
      expect(d.whatIsWrong?.length ?? 0).toBeGreaterThanOrEqual(120);
      expect(TECHNIQUES).toContain(d.technique as Technique);
      expect(d.bestPracticeTags).toContain("anti-pattern");
    }
    expect(new Set(negatives.map((n) => n.fault)).size).toBe(negatives.length);
  });

  it.each(Object.keys(DETECTORS) as NegativeFault[])("%s: the fault is really in the HTML", (fault) => {
    const n = negatives.find((x) => x.fault === fault)!;
    expect(n, fault).toBeDefined();
    const doc = parse(n.document.htmlContent);
    expect(DETECTORS[fault](doc)).toBe(true);
    // The one fault and nothing else: every other detector stays quiet.
    for (const [other, detect] of Object.entries(DETECTORS)) if (other !== fault) expect(detect(doc), `${fault} also trips ${other}`).toBe(false);
    expect(failed(n.document.htmlContent)).toContain(QA_CHECK[fault]);
    expect(failed(renderBlueprintSeed(n.source).html)).not.toContain(QA_CHECK[fault]);
  });

  it("are built from a positive by a small edit: the rest of the email survives", () => {
    for (const n of negatives) {
      const before = words(renderBlueprintSeed(n.source).html);
      const after = words(n.document.htmlContent);
      // The image-only fault removes the copy on purpose; every other fault leaves the words alone.
      if (n.fault === "image-only-no-alt") expect(after).toBeLessThan(before / 2);
      else if (n.fault === "missing-fallback") expect(after).toBeGreaterThan(before * 0.4);
      else expect(after).toBeGreaterThan(before * 0.9);
    }
  });

  it("specific edits: script present, 900px, colliding k1 ids, labels pointing nowhere", () => {
    const get = (f: NegativeFault) => parse(negatives.find((n) => n.fault === f)!.document.htmlContent);
    expect(tag(get("script-tags"), "script")).toHaveLength(1);
    expect(byClass(get("fixed-900px"), "kx-container").every((t) => t.attribs.width === "900")).toBe(true);
    expect(all(get("colliding-ids"), (el) => el.attribs.id === "k1-probe")).toHaveLength(2);
    expect(all(get("colliding-ids"), (el) => el.attribs["data-kx-ns"] === "k2")).toHaveLength(0);
    expect(negatives.find((n) => n.fault === "colliding-ids")!.document.htmlContent).not.toMatch(/\bk2-/);
    expect(tag(get("label-for-mismatch"), "label").map((l) => l.attribs.for)).toEqual(["plan-tab-1", "plan-tab-2", "plan-tab-3"]);
    const carousel = byClass(get("no-mso-hide"), "kx-module")[0]!;
    expect(byClass(carousel, "kx-int")[0]!.attribs.style).not.toContain("mso-hide");
    expect(byClass(carousel, "kx-probe")[0]!.attribs.style).not.toContain("mso-hide");
  });
});

describe("starter library: AMP emails", () => {
  it("pass the AMP4EMAIL validator", () => {
    for (const d of amp()) {
      const v = validateAmp(d.htmlContent);
      expect(v.errors, d.description).toEqual([]);
      expect(v.status).toBe("pass");
    }
  });

  it("follow the document contract by hand as well", () => {
    for (const d of amp()) {
      const s = d.htmlContent;
      expect(s).toMatch(/^<!doctype html>\n<html ⚡4email data-css-strict/);
      expect(s).toMatch(/<head>\s*<meta charset="utf-8">/);
      expect(s).toContain('<script async src="https://cdn.ampproject.org/v0.js"></script>');
      expect(s).toContain("<style amp4email-boilerplate>body{visibility:hidden}</style>");
      expect(s).toContain("<style amp-custom>");
      expect(s).not.toContain("!important");
      expect(s).toContain('href="{{UNSUBSCRIBE_URL}}"');
      const doc = parse(s);
      expect(tag(doc, "img")).toHaveLength(0);
      for (const img of tag(doc, "amp-img")) {
        expect(img.attribs.width && img.attribs.height && img.attribs.layout && img.attribs.alt, img.attribs.src).toBeTruthy();
      }
      for (const f of tag(doc, "form")) expect(f.attribs["action-xhr"]).toMatch(/^https:\/\//);
    }
  });

  it("list exactly the components they use, and cover carousel, accordion, selector, form and bind", () => {
    const used = new Set<string>();
    for (const d of amp()) {
      expect(d.ampComponents, d.description).toEqual(ampComponentsUsed(d.htmlContent));
      for (const c of d.ampComponents ?? []) used.add(c);
      expect(TECHNIQUES).toContain(d.technique as Technique);
    }
    for (const c of ["amp-carousel", "amp-accordion", "amp-selector", "amp-form", "amp-bind"]) expect(used).toContain(c);
  });
});

describe("starter library: articles", () => {
  it("are 300–700 words of simple HTML with their metadata filled in", () => {
    for (const b of blogs()) {
      const n = words(b.htmlContent);
      expect(n, b.blogTitle).toBeGreaterThanOrEqual(300);
      expect(n, b.blogTitle).toBeLessThanOrEqual(700);
      const doc = parse(b.htmlContent);
      expect(tag(doc, "h1")).toHaveLength(1);
      expect(tag(doc, "script")).toHaveLength(0);
      expect(b.blogTopic.length).toBeGreaterThan(5);
      expect(b.keyTakeaways.length).toBeGreaterThan(80);
      expect(b.techniquesCovered.length).toBeGreaterThanOrEqual(1);
      expect(COMPLEXITIES).toContain(b.learningLevel);
    }
    expect(new Set(blogs().map((b) => b.contentFocus))).toEqual(new Set(["kinetic", "amp", "general"]));
  });
});

describe("starter library: loader", () => {
  it("is deterministic: two loads are equal", () => {
    expect(loadStarterLibrary()).toEqual(entries.map((e) => e.document));
  });
});
