// Parity between the AMP part and the finished HTML email: the same words, links and technique
// items. The HTML's static fallbacks (.kx-fb) are left out of the reference: they stand in for the
// interactive block where :checked fails, and the AMP part is that interactive block.
import { allElements, classList, parseAmp, type AmpElement, type AmpNode, type AmpRoot } from "./dom";

export interface ParityItem {
  technique: string;
  html: number;
  amp: number;
}

export interface AmpParity {
  available: boolean;
  /** Why parity could not be measured, when `available` is false. */
  reason?: string;
  ok: boolean;
  missingWords: string[];
  extraWords: string[];
  missingLinks: string[];
  extraLinks: string[];
  items: ParityItem[];
}

const NOT_CONTENT = new Set(["head", "script", "style", "amp-state", "title", "noscript"]);

interface Side {
  words: Set<string>;
  links: Set<string>;
  modules: { technique: string; items: number }[];
}

function skipped(el: AmpElement, side: "html" | "amp"): boolean {
  if (NOT_CONTENT.has(el.name)) return true;
  if (side === "html") {
    const cls = classList(el);
    // The HTML email's own answer controls (a survey step's next label, a quiz's send link) go
    // with its answer links; the AMP form answers and moves on by itself.
    return cls.includes("kx-fb") || cls.includes("kx-preheader") || cls.includes("kx-answer-control");
  }
  // amp-form's error and pending states have no counterpart in the HTML email
  return "submit-error" in el.attribs || "submitting" in el.attribs;
}

function collect(root: AmpRoot, side: "html" | "amp"): Side {
  const words = new Set<string>();
  const links = new Set<string>();
  const visit = (node: AmpNode) => {
    if (node.type === "text") {
      for (const w of node.data.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) words.add(w);
      return;
    }
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") {
      return;
    }
    const el = node as AmpElement;
    if (skipped(el, side)) return;
    // Answer links (to an answer address, or a survey option's own url: class kx-answer) are the
    // HTML email's way to answer; the AMP part answers through its form.
    const answer = el.attribs.href?.trim().startsWith("{{ANSWER_URL:") || classList(el).includes("kx-answer");
    if (el.name === "a" && el.attribs.href && !answer) links.add(el.attribs.href.trim());
    for (const c of el.children) visit(c);
  };
  for (const c of root.children) visit(c);

  const modules = allElements(root)
    .filter((e) => e.attribs["data-kx-technique"] !== undefined)
    .map((m) => ({ technique: m.attribs["data-kx-technique"], items: countItems(m, side) }));
  return { words, links, modules };
}

function countItems(module: AmpElement, side: "html" | "amp"): number {
  const interactive = new Set<string>();
  const fallback = new Set<string>();
  const walk = (el: AmpElement, inFallback: boolean) => {
    for (const c of el.children) {
      if (c.type !== "tag") continue;
      const child = c as AmpElement;
      const fb = inFallback || (side === "html" && classList(child).includes("kx-fb"));
      const item = child.attribs["data-kx-item"];
      if (item !== undefined) (fb ? fallback : interactive).add(item);
      walk(child, fb);
    }
  };
  walk(module, false);
  return interactive.size || fallback.size;
}

function looksLikeHtml(root: AmpRoot): boolean {
  return allElements(root).some((e) => ["html", "body", "div", "table", "p", "td", "span", "a"].includes(e.name));
}

function unavailable(reason: string): AmpParity {
  return { available: false, reason, ok: false, missingWords: [], extraWords: [], missingLinks: [], extraLinks: [], items: [] };
}

/**
 * Compares an AMP email with its HTML reference. A reference that is not HTML → available: false.
 * `ampRoot`: the AMP email already parsed (parseAmp), when the caller has it.
 */
export function ampParity(ampHtml: string, referenceHtml: unknown, ampRoot?: AmpRoot): AmpParity {
  if (typeof referenceHtml !== "string" || !referenceHtml.trim().startsWith("<")) {
    return unavailable("the reference is not an HTML document");
  }
  const ref = parseAmp(referenceHtml).root;
  if (!looksLikeHtml(ref)) return unavailable("the reference is not an HTML document");
  const amp = ampRoot ?? parseAmp(ampHtml).root;
  if (!looksLikeHtml(amp)) return unavailable("the AMP document has no content");

  const h = collect(ref, "html");
  const a = collect(amp, "amp");
  const diff = (x: Set<string>, y: Set<string>) => [...x].filter((v) => !y.has(v)).sort();
  const items: ParityItem[] = [];
  for (let i = 0; i < Math.max(h.modules.length, a.modules.length); i++) {
    const hm = h.modules[i];
    const am = a.modules[i];
    items.push({ technique: hm?.technique ?? am?.technique ?? "", html: hm?.items ?? 0, amp: am?.items ?? 0 });
  }
  const itemsOk =
    h.modules.length === a.modules.length &&
    h.modules.every((m, i) => m.technique === a.modules[i].technique && m.items === a.modules[i].items);
  const missingWords = diff(h.words, a.words);
  const missingLinks = diff(h.links, a.links);
  return {
    available: true,
    ok: missingWords.length === 0 && missingLinks.length === 0 && itemsOk,
    missingWords,
    extraWords: diff(a.words, h.words),
    missingLinks,
    extraLinks: diff(a.links, h.links),
    items,
  };
}
