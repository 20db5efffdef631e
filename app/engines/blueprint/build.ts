/**
 * The deterministic half of blueprinting, shared by both engines: place the CopyDoc's words
 * verbatim into sections and technique modules, assign images, lock saved sections, and force the
 * brand tokens over the chosen design. The llm engine only supplies a `StructurePlan` (order,
 * hosts, image placement, style); the words and tokens always come from here.
 */
import { isNpsScale } from "~/domain/answers/questions";
import type { ZodIssue } from "zod";
import {
  BlueprintSchema,
  type Blueprint,
  type BlueprintInput,
  type Colors,
  type Design,
  type DesignTokens,
  type Image,
  type Link,
  type Logo,
  type Module,
  type Technique,
} from "~/domain/blueprint/schema";
import { mergeDesign, resolveStyleTheory, styleTheoryDesign, type PresetKey } from "~/domain/blueprint/styles";
import { currencyMinorDigits } from "~/domain/blueprint/currency";
import { chooseLayout } from "~/domain/blueprint/layouts";
import type { CopyDoc, CopyItem } from "~/domain/copy/schema";
import type { PromptFacts, Tone } from "~/domain/prompt/facts";
import type { ImageInput, SavedSectionInput } from "~/domain/prompt/inputs";
import type { Brief } from "~/domain/brief/schema";
import { Destinations } from "~/domain/blueprint/destinations";
import { phrasesFor } from "~/domain/copy/phrases";
import { masthead } from "../copy/local";
import { parseCartItem, parseLoosePrice, parseMenuItem, parseQuizItem, parseSurveyItem, partitionItems } from "../copy/conventions";

/** What a model may decide about structure; everything is optional and checked before use. */
export interface StructurePlan {
  styleTheory?: string;
  palette?: Partial<Colors>;
  /** Copy section indices in display order; missing ones are appended so no copy is dropped. */
  sectionOrder?: number[];
  /** Copy section index hosting each module. */
  moduleHosts?: number[];
  /** Image index → copy section index or module item index. */
  imagePlacements?: Array<{ image: number; section?: number; moduleItem?: { module: number; item: number } }>;
}

export interface BuildInput {
  prompt: string;
  copyDoc: CopyDoc;
  techniques: Technique[];
  facts: PromptFacts;
  designTokens?: DesignTokens;
  styleTheory?: string | null;
  /** A layout family (`announcement`, `grid`, `newsletter`, `letter`); anything else: chosen from the email type and style. */
  layout?: string | null;
  images?: ImageInput[];
  savedSections?: SavedSectionInput[];
  plan?: StructurePlan;
  /** The confirmed or read brief: the links it gives its items (docs/blueprint.md "Links"). */
  brief?: Brief;
  /** The brand profile's website: where a call to action leads when nothing names its destination. */
  website?: string | null;
}

export type BuildResult =
  { ok: true; blueprint: Blueprint; notes: string[]; styleKey: PresetKey } | { ok: false; error: string; issues: ZodIssue[] };

export const HOST_ROLES: Record<Technique, string[]> = {
  tabs: ["tabs", "tab"],
  accordion: ["accordion", "faq", "faqs"],
  carousel: ["carousel", "slides", "gallery"],
  survey: ["survey", "poll", "feedback"],
  quiz: ["quiz", "trivia"],
  menu: ["menu", "nav", "navigation"],
  itemCart: ["cart", "itemcart", "shop", "products", "order"],
};

/** Sections whose button is the email's own call to action: without a named destination it leads to the brief's link or the website. */
const MAIN_CTA_ROLES = new Set(["hero", "closing", "cta"]);

const TONE_PRESET: Partial<Record<Tone, PresetKey>> = {
  luxury: "luxury",
  playful: "playful",
  minimal: "minimal",
  formal: "corporate",
  warm: "warm",
  bold: "bold",
};

function roleOf(role: string): string {
  const r = role
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "")
    .slice(0, 30)
    .replace(/-+$/, "");
  return r || "body";
}

function clip(text: string, max: number, notes: string[], what: string): string {
  if (text.length <= max) return text;
  notes.push(`${what} was longer than ${max} characters and was shortened.`);
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim();
}

function orUndef(s: string): string | undefined {
  const t = s.trim();
  return t === "" ? undefined : t;
}

function link(label: string, url: string): Link {
  return { label: label.slice(0, 80), url };
}

/**
 * A URL a menu entry's copy writes in its body counts only when the brief or the brand profile
 * gives it: a copywriter (a model, or the local one) may have made it up. The user's own link
 * travels in the item's `href`.
 */
function menuHref(url: string | undefined, links: Destinations): string | undefined {
  return url && links.isKnown(url) ? url : undefined;
}

/** Too few items of the copy for a module: it is left out, never filled with invented items (docs/decisions/018). */
function leftOut(technique: Technique, notes: string[]): undefined {
  notes.push(`The copy had too few ${technique} items to show; the ${technique} module was left out.`);
  return undefined;
}

function buildModule(
  technique: Technique,
  ns: string,
  given: CopyItem[],
  input: BuildInput,
  links: Destinations,
  host: { cta?: string; href?: string } | undefined,
  thanks: { headline: string; body: string } | undefined,
  notes: string[],
): Module | undefined {
  const phrases = phrasesFor(input.facts.language.frame);
  // An item with a destination of its own gets a button to it; the others are not linked.
  const itemCta = (i: CopyItem): Link | undefined => {
    const to = links.forItem([i.label, i.headline], i.href);
    return to ? link(phrases.learnMore, to.url) : undefined;
  };
  const checkoutLink = (): Link | undefined => {
    const label = host?.cta || phrases.checkout;
    const to = links.forCta(label, host?.href, true);
    if (!to)
      notes.push(`The checkout button “${label}” was left out: neither the copy, the brief nor the brand profile gives it a destination.`);
    return to ? link(label, to.url) : undefined;
  };
  const enough: Record<Technique, [number, (i: CopyItem) => boolean]> = {
    tabs: [2, (i) => Boolean(i.label || i.headline) && Boolean(i.body || i.headline)],
    accordion: [2, (i) => Boolean(i.label || i.headline) && Boolean(i.body || i.headline)],
    carousel: [2, (i) => Boolean(i.headline || i.label)],
    survey: [1, (i) => Boolean(parseSurveyItem(i))],
    quiz: [
      1,
      (i) => {
        const q = parseQuizItem(i);
        return Boolean(q && q.options.length <= 4 && q.options.every((o) => o.length <= 80));
      },
    ],
    menu: [2, (i) => Boolean(parseMenuItem(i)) || (Boolean(i.label) && !i.body)],
    itemCart: [2, (i) => Boolean(parseCartItem(i)?.price ?? parseLoosePrice(i))],
  };
  const [min, ok] = enough[technique];
  if (given.filter(ok).length < min) return leftOut(technique, notes);
  switch (technique) {
    case "tabs":
      return {
        technique,
        ns,
        items: given
          .filter((i) => Boolean(i.label || i.headline) && Boolean(i.body || i.headline))
          .slice(0, 5)
          .map((i) => ({
            label: clip(i.label || i.headline, 40, notes, "A tab label"),
            headline: orUndef(i.headline) && i.body ? i.headline : undefined,
            body: i.body || i.headline,
            cta: itemCta(i),
          })),
      };
    case "accordion":
      return {
        technique,
        ns,
        items: given
          .filter((i) => Boolean(i.label || i.headline) && Boolean(i.body || i.headline))
          .slice(0, 8)
          .map((i) => {
            const label = i.label || i.headline;
            // The accordion has no headline slot: a headline distinct from the label opens the panel body.
            const body = i.label && i.headline && i.headline !== i.label && i.body ? `${i.headline}\n\n${i.body}` : i.body || i.headline;
            return { label: clip(label, 160, notes, "An accordion label"), body, cta: itemCta(i) };
          }),
      };
    case "carousel":
      return {
        technique,
        ns,
        items: given
          .filter((i) => Boolean(i.headline || i.label))
          .slice(0, 6)
          .map((i) => ({
            label: i.headline && i.label ? clip(i.label, 40, notes, "A slide label") : undefined,
            headline: i.headline || i.label,
            body: orUndef(i.body),
            cta: itemCta(i),
          })),
      };
    case "survey": {
      const questions = given
        .filter((i) => Boolean(parseSurveyItem(i)))
        .slice(0, 5)
        .map((i) => {
          const s = parseSurveyItem(i)!;
          return {
            question: clip(s.question, 200, notes, "A survey question"),
            options: (isNpsScale(s.options) ? s.options : s.options.slice(0, 5)).map((o) => ({ label: o })),
          };
        });
      return {
        technique,
        ns,
        questions,
        thanks: thanks
          ? { headline: clip(thanks.headline || "Thank you!", 120, notes, "The survey thank-you"), body: orUndef(thanks.body) }
          : { headline: "Thank you!" },
      };
    }
    case "quiz":
      return {
        technique,
        ns,
        questions: given
          .filter((i) => {
            const q = parseQuizItem(i);
            return Boolean(q && q.options.length <= 4 && q.options.every((o) => o.length <= 80));
          })
          .slice(0, 5)
          .map((i) => {
            const q = parseQuizItem(i)!;
            return {
              question: clip(q.question, 200, notes, "A quiz question"),
              options: q.options,
              answer: q.answer,
              explanation: clip(q.explanation, 400, notes, "A quiz explanation"),
            };
          }),
      };
    case "menu":
      return {
        technique,
        ns,
        label: "Menu",
        items: given
          .filter((i) => Boolean(parseMenuItem(i)) || (Boolean(i.label) && !i.body))
          .slice(0, 8)
          .map((i) => {
            const m = parseMenuItem(i) ?? { label: i.label };
            const url = menuHref(m.url, links) ?? links.forItem([m.label], i.href)?.url;
            return { label: clip(m.label, 80, notes, "A menu label").slice(0, 80), ...(url ? { url } : {}) };
          }),
      };
    case "itemCart": {
      const priced = given
        .map((i) => ({ i, p: parseCartItem(i)?.price ?? parseLoosePrice(i) }))
        .filter((x): x is { i: CopyItem; p: NonNullable<typeof x.p> } => Boolean(x.p));
      const currency = priced[0].p.currency;
      const same = priced.filter((x) => x.p.currency === currency);
      if (same.length < priced.length) notes.push(`Cart items priced in another currency than ${currency} were left out.`);
      const min = currencyMinorDigits(currency) === 2 ? 100 : 1;
      // The cart's CSS counter total needs at least one major unit per price (schema rule).
      for (const { i, p } of same)
        if (p.minor < min)
          notes.push(`"${i.label}" costs less than one major unit (${p.display}); the cart lists it at the minimum of ${min} minor units.`);
      return {
        technique,
        ns,
        currency,
        items: same.slice(0, 8).map(({ i, p }) => ({
          label: clip(i.label || i.headline, 80, notes, "A cart item name"),
          description: orUndef(parseCartItem(i) ? i.body : i.body || "") ? clip(i.body, 200, notes, "A cart item description") : undefined,
          price: Math.max(min, p.minor),
        })),
        checkout: checkoutLink(),
      };
    }
  }
}

function words(s: string): Set<string> {
  const stop = new Set([
    "the",
    "and",
    "for",
    "with",
    "our",
    "your",
    "this",
    "that",
    "image",
    "photo",
    "picture",
    "png",
    "jpg",
    "jpeg",
    "gif",
    "webp",
    "img",
  ]);
  return new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !stop.has(w)),
  );
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/** An image file named …@2x is drawn at twice its display size: it is shown at half its pixels. */
function displaySize(img: ImageInput): { width?: number; height?: number } {
  const retina = /@2x\b/i.test(`${img.name} ${img.url}`);
  const half = (n: number | undefined) => (n && retina ? Math.max(1, Math.round(n / 2)) : n);
  return { width: half(img.width), height: half(img.height) };
}

/** The masthead logo: at most 64 px tall and 400 px wide; without a size, 160 × 40 (browsers keep the file's own ratio). */
function toLogo(img: ImageInput): Logo {
  const { width, height } = displaySize(img);
  const alt = (img.description && !/^brand logo$/i.test(img.description) ? img.description : "").slice(0, 300);
  if (!width || !height) return { src: img.url, alt, width: 160, height: 40 };
  const k = Math.min(1, 64 / height, 400 / width);
  return { src: img.url, alt, width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

function toImage(input: ImageInput, maxWidth: number): Image {
  const img = { ...input, ...displaySize(input) };
  const srcW = img.width ?? maxWidth;
  const width = Math.min(srcW, maxWidth, 640);
  const height = img.height ? Math.max(1, Math.min(2000, Math.round((img.height * width) / srcW))) : Math.round(width / 2);
  const alt = (img.description ?? img.name.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ")).slice(0, 300);
  return { src: img.url, alt, width, height };
}

function withHref(img: Image, href: string | undefined): Image {
  return href ? { ...img, href } : img;
}

interface ImageTarget {
  kind: "section" | "item";
  sectionIdx?: number;
  moduleIdx?: number;
  itemIdx?: number;
  text: Set<string>;
  taken: boolean;
  maxWidth: number;
}

export function buildBlueprint(input: BuildInput): BuildResult {
  const notes: string[] = [];
  const { copyDoc, facts, plan } = input;
  const techniques = input.techniques.slice(0, 2);
  if (techniques.length === 0) return { ok: false, error: "No technique selected", issues: [] };
  const links = new Destinations({
    prompt: input.prompt,
    links: facts.urls.filter((u) => !(input.images ?? []).some((img) => img.url === u)),
    itemLinks: [...(input.brief?.items ?? []), ...(input.brief?.otherItems ?? [])].flatMap((i) =>
      i.link ? [{ name: i.name.value, link: i.link.value }] : [],
    ),
    website: input.website,
  });

  // Section order: the plan's, with any copy section it left out appended (copy is never dropped).
  const indices = copyDoc.sections.map((_, i) => i);
  let order = indices;
  if (plan?.sectionOrder && plan.sectionOrder.length > 0) {
    const seen = new Set<number>();
    const chosen = plan.sectionOrder.filter(
      (i) => Number.isInteger(i) && i >= 0 && i < indices.length && !seen.has(i) && (seen.add(i), true),
    );
    order = [...chosen, ...indices.filter((i) => !seen.has(i))];
  }

  const roles = copyDoc.sections.map((s) => roleOf(s.role));
  const hasSurvey = techniques.includes("survey");
  const thanksIdx = hasSurvey ? roles.indexOf("thanks") : -1;
  const footerIdx = roles.lastIndexOf("footer");

  // Which copy section hosts each module: the plan's choice, else a section named for the technique.
  const hosts: Array<number | undefined> = techniques.map((t, mi) => {
    const planned = plan?.moduleHosts?.[mi];
    if (planned !== undefined && planned >= 0 && planned < copyDoc.sections.length && planned !== footerIdx && planned !== thanksIdx)
      return planned;
    const i = roles.findIndex((r) => HOST_ROLES[t].includes(r));
    return i >= 0 ? i : undefined;
  });
  if (hosts[0] !== undefined && hosts[0] === hosts[1]) hosts[1] = undefined;

  const parts = partitionItems(copyDoc.items, techniques);
  const built = techniques.map((t, mi) => {
    const hostIdx = hosts[mi];
    const host =
      hostIdx !== undefined && t === "itemCart"
        ? { cta: orUndef(copyDoc.sections[hostIdx].cta), href: copyDoc.sections[hostIdx].href }
        : undefined;
    const thanks = thanksIdx >= 0 ? copyDoc.sections[thanksIdx] : undefined;
    return buildModule(
      t,
      `k${mi + 1}`,
      (parts[mi] ?? []).map((x) => x.item),
      input,
      links,
      host,
      thanks,
      notes,
    );
  });
  // A module with nothing of the copy to show is left out; the others keep their hosts.
  const modules: Module[] = built.filter((m): m is Module => m !== undefined);
  const keptHosts = hosts.filter((_, mi) => built[mi] !== undefined);
  hosts.length = 0;
  hosts.push(...keptHosts);

  const usedIds = new Set<string>();
  const sections: BlueprintInput["sections"] = [];
  const sectionOfCopy = new Map<number, number>();
  for (const ci of order) {
    if (ci === footerIdx || ci === thanksIdx) continue;
    const s = copyDoc.sections[ci];
    const role = roles[ci];
    let id = role.slice(0, 36);
    for (let n = 2; usedIds.has(id); n++) id = `${role.slice(0, 36)}-${n}`;
    usedIds.add(id);
    const mi = hosts.findIndex((h) => h === ci);
    const isCartHost = mi >= 0 && techniques[mi] === "itemCart";
    const ctaLabel = orUndef(s.cta);
    // The cart host's button is the checkout inside the module, not a second button.
    const to = ctaLabel && !isCartHost ? links.forCta(ctaLabel, s.href, MAIN_CTA_ROLES.has(role)) : undefined;
    if (ctaLabel && !isCartHost && !to) {
      notes.push(
        `The button “${ctaLabel}” was left out: neither the copy, the brief nor the brand profile gives it a destination (add a link in the copy step, or a website on the brand page).`,
      );
    }
    sections.push({
      id,
      role,
      headline: orUndef(s.headline),
      body: orUndef(s.body),
      cta: ctaLabel && to ? link(ctaLabel, to.url) : undefined,
      moduleIndex: mi >= 0 ? mi : undefined,
    });
    sectionOfCopy.set(ci, sections.length - 1);
  }
  if (sections.length === 0) {
    // Only a footer/thanks in the copy: the module needs somewhere to live.
    sections.push({ id: "main", role: "body", headline: copyDoc.subject, moduleIndex: modules.length > 0 ? 0 : undefined });
    notes.push("The copy had no content section; the subject heads the email.");
  }

  const logo = assignImages(input, sections, modules, sectionOfCopy, links, notes);

  // Saved sections go before the closing section, so the sign-off stays last.
  if (input.savedSections && input.savedSections.length > 0) {
    const closing = sections.findIndex((s) => s.role === "closing");
    const at = closing >= 0 ? closing : sections.length;
    const locked = input.savedSections.map((s, i) => ({
      id: `saved-${i + 1}`,
      role: "saved",
      lockedHtml: s.html,
      headline: s.name ? s.name.slice(0, 200) : undefined,
    }));
    for (const l of locked) usedIds.add(l.id);
    sections.splice(at, 0, ...locked);
  }
  if (sections.length > 20) {
    notes.push(`The email had ${sections.length} sections; only the first 20 fit the blueprint.`);
    sections.length = 20;
  }

  const design = chooseDesign(input, techniques[0], notes);
  // Without a brand the header names the occasion or the kind of email, never an invented brand.
  const brandName = masthead(facts, techniques).slice(0, 80);
  const footerSection = footerIdx >= 0 ? copyDoc.sections[footerIdx] : undefined;
  const footerText = footerSection ? [footerSection.headline, footerSection.body].filter((x) => x.trim()).join(" — ") : "";

  const candidate: BlueprintInput = {
    subject: copyDoc.subject,
    preheader: copyDoc.preheader,
    lang: facts.language.frame,
    dir: "ltr",
    brandName,
    layout: chooseLayout({ layout: input.layout, emailType: styleHint(facts), style: explicitStyle(input), techniques }),
    ...(logo ? { logo: { ...logo, alt: logo.alt || brandName } } : {}),
    technique: modules[0]?.technique ?? techniques[0],
    design,
    sections,
    interactiveConfig: { modules },
    // unsubscribeText is left to the schema, which writes it in the blueprint's language.
    footer: { address: footerText ? footerText.slice(0, 300) : brandName },
  };
  const parsed = BlueprintSchema.safeParse(candidate);
  if (!parsed.success) {
    return {
      ok: false,
      error: `Blueprint failed validation: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      issues: parsed.error.issues,
    };
  }
  return { ok: true, blueprint: parsed.data, notes, styleKey: styleKeyOf(input, techniques[0]) };
}

/**
 * The style theory the caller (or the model, or the prompt's tone) asked for; undefined for auto,
 * so the email type alone decides the layout (auto's own style follows the type already).
 */
function explicitStyle(input: BuildInput): PresetKey | undefined {
  const explicit = resolveStyleTheory(input.styleTheory);
  if (explicit !== "auto") return explicit;
  const planned = resolveStyleTheory(input.plan?.styleTheory);
  if (planned !== "auto") return planned;
  return input.facts.toneFromPrompt ? TONE_PRESET[input.facts.tone] : undefined;
}

function styleKeyOf(input: BuildInput, technique: Technique): PresetKey {
  const requested = resolveStyleTheory(input.plan?.styleTheory ?? input.styleTheory);
  const explicit = resolveStyleTheory(input.styleTheory);
  // The caller's explicit choice beats the model's; the model's beats the tone; the tone beats auto.
  const key =
    explicit !== "auto"
      ? explicit
      : requested !== "auto"
        ? requested
        : TONE_PRESET[input.facts.tone] && input.facts.toneFromPrompt
          ? TONE_PRESET[input.facts.tone]!
          : "auto";
  return styleTheoryDesign(key, { emailType: styleHint(input.facts), technique }).key;
}

/**
 * The words autoPreset matches on. "ecommerce" itself would hit its /eco/ (wellness) rule, so a
 * shop email is described by what it is: a sale when it carries an offer, else a shop.
 */
function styleHint(facts: PromptFacts): string {
  if (facts.emailType === "ecommerce" || facts.emailType === "transactional") return facts.offer ? "sale" : "shop";
  if (facts.emailType === "onboarding") return "welcome";
  return facts.emailType;
}

/** Preset (style theory) → the model's palette, if any → the brand tokens, which always win. */
function chooseDesign(input: BuildInput, technique: Technique, notes: string[]): Design {
  const key = styleKeyOf(input, technique);
  if (input.styleTheory && resolveStyleTheory(input.styleTheory) === "auto" && input.styleTheory !== "auto") {
    notes.push(`Unknown style theory "${input.styleTheory}"; used auto (${key}).`);
  }
  const base = styleTheoryDesign(key).design;
  const withPalette = input.plan?.palette ? mergeDesign(base, { colors: input.plan.palette }) : base;
  return mergeDesign(withPalette, input.designTokens);
}

function assignImages(
  input: BuildInput,
  sections: BlueprintInput["sections"],
  modules: Module[],
  sectionOfCopy: Map<number, number>,
  links: Destinations,
  notes: string[],
): Logo | undefined {
  const images = input.images ?? [];
  let logo: Logo | undefined;
  if (images.length === 0) return logo;
  const targets: ImageTarget[] = [];
  sections.forEach((s, si) => {
    if (s.lockedHtml !== undefined || s.role === "menu" || s.role === "footer") return;
    targets.push({
      kind: "section",
      sectionIdx: si,
      text: words(`${s.role} ${s.headline ?? ""} ${s.body ?? ""}`),
      taken: false,
      maxWidth: s.role === "hero" ? 600 : 536,
    });
  });
  modules.forEach((m, mi) => {
    if (m.technique === "tabs" || m.technique === "carousel" || m.technique === "itemCart") {
      m.items.forEach((it, ii) => {
        const text =
          "headline" in it && it.headline
            ? `${it.label ?? ""} ${it.headline} ${"body" in it ? (it.body ?? "") : ""}`
            : `${it.label ?? ""} ${"description" in it ? (it.description ?? "") : ""}`;
        targets.push({
          kind: "item",
          moduleIdx: mi,
          itemIdx: ii,
          text: words(text),
          taken: false,
          maxWidth: m.technique === "itemCart" ? 200 : 536,
        });
      });
    }
  });
  // An image leads where its section's button or its item already leads (never a new destination).
  // Carousel slides stay unlinked: the slide's own button carries its destination in both views.
  const put = (img: ImageInput, t: ImageTarget) => {
    t.taken = true;
    if (t.kind === "section") {
      const s = sections[t.sectionIdx!];
      s.image = withHref(toImage(img, t.maxWidth), s.cta?.url);
    } else {
      const m = modules[t.moduleIdx!];
      const item = (m as { items: Array<{ image?: Image; label?: string; cta?: { url: string } }> }).items[t.itemIdx!];
      const href =
        m.technique === "carousel" ? undefined : m.technique === "itemCart" ? links.forItem([item.label], undefined)?.url : item.cta?.url;
      item.image = withHref(toImage(img, t.maxWidth), href);
    }
  };

  const pending: ImageInput[] = [];
  images.forEach((img, index) => {
    if (!/^https:\/\//i.test(img.url)) {
      notes.push(`Image "${img.name}" is not an https URL and was not placed.`);
      return;
    }
    if (/\blogo\b/i.test(`${img.name} ${img.description ?? ""}`)) {
      if (logo) notes.push(`Image "${img.name}" is a second logo; the masthead shows the first.`);
      else logo = toLogo(img);
      return;
    }
    const planned = input.plan?.imagePlacements?.find((p) => p.image === index);
    if (planned) {
      const t =
        planned.section !== undefined
          ? targets.find((x) => x.kind === "section" && x.sectionIdx === sectionOfCopy.get(planned.section!) && !x.taken)
          : planned.moduleItem
            ? targets.find(
                (x) =>
                  x.kind === "item" && x.moduleIdx === planned.moduleItem!.module && x.itemIdx === planned.moduleItem!.item && !x.taken,
              )
            : undefined;
      if (t) return put(img, t);
    }
    const want = words(`${img.name} ${img.description ?? ""}`);
    let best: ImageTarget | undefined;
    let bestScore = 0;
    for (const t of targets) {
      if (t.taken) continue;
      const score = overlap(want, t.text);
      // On a tie the narrower target wins: "Colombia Huila bag" belongs on the Huila slide, not on a hero that lists every roast.
      if (score > bestScore || (score > 0 && score === bestScore && best !== undefined && t.text.size < best.text.size)) {
        best = t;
        bestScore = score;
      }
    }
    if (best) put(img, best);
    else pending.push(img);
  });
  // No description match: hero first, then slides, then the other sections, in order.
  const rank = (t: ImageTarget) =>
    t.kind === "section" && sections[t.sectionIdx!].role === "hero"
      ? 0
      : t.kind === "item" && modules[t.moduleIdx!].technique === "carousel"
        ? 1
        : t.kind === "section"
          ? 2
          : 3;
  const free = () => targets.filter((t) => !t.taken).sort((a, b) => rank(a) - rank(b));
  for (const img of pending) {
    const t = free()[0];
    if (!t) {
      notes.push(`Image "${img.name}" had no free place left.`);
      continue;
    }
    put(img, t);
  }
  return logo;
}
