import { parseDocument } from "htmlparser2";
import {
  PARSE_OPTIONS,
  append,
  descendants,
  detach,
  element,
  hasClass,
  isComment,
  isText,
  walk,
  type DomDocument,
  type DomElement,
} from "~/domain/html/dom";
import { serializeDocument } from "~/domain/html/serialize";
import { renderBlueprintSeed } from "./positives";
import type { HtmlSeedDocument } from "./types";

// Each negative starts from a rendered positive and applies one explicit, named DOM edit, so the
// fault is the only thing wrong and the test can point at it.

export type NegativeFault =
  | "missing-fallback"
  | "label-for-mismatch"
  | "no-mso-hide"
  | "colliding-ids"
  | "image-only-no-alt"
  | "script-tags"
  | "fixed-900px";

export interface NegativeSeed {
  key: string;
  fault: NegativeFault;
  /** The positive seed it was made from. */
  source: string;
  document: HtmlSeedDocument;
}

const byClass = (root: DomDocument | DomElement, cls: string) => descendants(root, (el) => hasClass(el, cls));

function styleText(doc: DomDocument): { el: DomElement; text: string } {
  const style = descendants(doc, (el) => el.name === "style")[0];
  const node = style?.children.find(isText);
  if (!style || !node) throw new Error("negative seed: source has no <style> block");
  return { el: style, text: node.data };
}

function setStyleText(doc: DomDocument, text: string): void {
  const node = styleText(doc).el.children.find(isText)!;
  node.data = text;
}

function edit(html: string, change: (doc: DomDocument) => void): string {
  const doc = parseDocument(html, PARSE_OPTIONS);
  change(doc);
  return serializeDocument(doc);
}

function modules(doc: DomDocument): DomElement[] {
  const found = byClass(doc, "kx-module");
  if (found.length === 0) throw new Error("negative seed: source has no interactive module");
  return found;
}

/** The accordion loses its static copy: clients without :checked show nothing at all. */
function missingFallback(doc: DomDocument): void {
  for (const m of modules(doc)) for (const fb of byClass(m, "kx-fb")) detach(fb);
}

/** Labels point at ids that do not exist (copied from another template, off by one). */
function labelForMismatch(doc: DomDocument): void {
  descendants(doc, (el) => el.name === "label" && !!el.attribs.for).forEach((label, i) => {
    label.attribs.for = `plan-tab-${i + 1}`;
  });
}

/** Outlook's Word engine needs mso-hide:all (and the [if !mso] wrapper) to hide the interactive block. */
function noMsoHide(doc: DomDocument): void {
  for (const m of modules(doc)) {
    for (const n of [...walk(m)]) {
      if (isComment(n) && /\[if !mso\]|<!\[endif\]/.test(n.data)) detach(n);
    }
    for (const el of descendants(m, (e) => !!e.attribs.style)) {
      el.attribs.style = el.attribs.style.replace(/;?\s*mso-hide:\s*all/gi, "");
    }
  }
}

/** The second module keeps the first one's namespace, as if two snippets were pasted together. */
function collidingIds(doc: DomDocument): void {
  const second = modules(doc)[1];
  if (!second) throw new Error("negative seed: colliding ids needs a two-module source");
  const rename = (v: string) => v.replace(/\bk2-/g, "k1-").replace(/^k2$/, "k1");
  for (const el of [second, ...descendants(second, () => true)]) {
    for (const attr of ["id", "for", "name", "class", "style", "data-kx-ns"]) {
      if (el.attribs[attr] !== undefined) el.attribs[attr] = rename(el.attribs[attr]);
    }
  }
  setStyleText(doc, styleText(doc).text.replace(/\bk2-/g, "k1-"));
}

/** All words live inside pictures: the copy is gone from the sections and no image has alt text. */
function imageOnlyNoAlt(doc: DomDocument): void {
  for (const img of descendants(doc, (el) => el.name === "img")) delete img.attribs.alt;
  for (const section of byClass(doc, "kx-section")) {
    for (const el of descendants(section, (e) => ["h1", "h2", "h3", "p"].includes(e.name))) detach(el);
  }
}

/** Tabs switched by JavaScript instead of :checked; mail clients never run it. */
function scriptTags(doc: DomDocument): void {
  setStyleText(
    doc,
    styleText(doc)
      .text.split("\n")
      .filter((line) => !/\.k1-tab-input-\d+:checked/.test(line))
      .join("\n"),
  );
  const head = descendants(doc, (el) => el.name === "head")[0]!;
  const script = element(
    `<script>function showTab(i){document.querySelectorAll('.k1-panel').forEach(function(p,j){p.style.display=j===i?'block':'none';});}` +
      `document.addEventListener('DOMContentLoaded',function(){showTab(0);});</script>`,
  );
  append(head, [script]);
  descendants(doc, (el) => el.name === "label" && !!el.attribs.for).forEach((label, i) => {
    label.attribs.onclick = `showTab(${i})`;
  });
}

/** A 900px desktop layout: no fluid width and no mobile media query. */
function fixed900(doc: DomDocument): void {
  for (const t of byClass(doc, "kx-container")) {
    t.attribs.width = "900";
    t.attribs.style = t.attribs.style.replace(/width:100%;max-width:\d+px/, "width:900px;max-width:900px");
  }
  for (const n of [...walk(doc)]) if (isComment(n)) n.data = n.data.replace(/width="600"/g, 'width="900"');
  setStyleText(
    doc,
    styleText(doc)
      .text.split("\n")
      .filter((line) => !line.startsWith("@media (max-width:"))
      .join("\n"),
  );
}

interface NegativeSpec {
  key: string;
  fault: NegativeFault;
  source: string;
  apply: (doc: DomDocument) => void;
  description: string;
  emailPurpose: string;
  keyFeatures: string[];
  bestPracticeTags: string[];
  whatIsWrong: string;
}

const SPECS: NegativeSpec[] = [
  {
    key: "negative-missing-fallback",
    fault: "missing-fallback",
    source: "accordion-intermediate",
    apply: missingFallback,
    description: "Anti-pattern: credit union onboarding accordion whose static fallback block was deleted, leaving only the CSS-revealed interactive version.",
    emailPurpose: "onboarding",
    keyFeatures: ["five-panel checkbox accordion", "no .kx-fb fallback block"],
    bestPracticeTags: ["anti-pattern", "missing-fallback"],
    whatIsWrong:
      "The accordion has no static fallback (.kx-fb). The interactive block starts hidden and is revealed only by the :checked probe, so Gmail, Outlook for Windows and every other client without :checked support show an empty box where the five onboarding steps should be. Always ship the same words, links and calls to action in a visible fallback.",
  },
  {
    key: "negative-label-for-mismatch",
    fault: "label-for-mismatch",
    source: "tabs-intermediate",
    apply: labelForMismatch,
    description: "Anti-pattern: SaaS pricing tabs whose labels point at input ids that do not exist, so tapping a tab does nothing.",
    emailPurpose: "saas",
    keyFeatures: ["three radio tabs", "label for attributes that match no input"],
    bestPracticeTags: ["anti-pattern", "broken-label-for"],
    whatIsWrong:
      "Each tab label has for=\"plan-tab-1\" … \"plan-tab-3\", but the radio inputs are k1-tab-0 … k1-tab-2. A label only toggles the input whose id equals its for attribute, so in Apple Mail the tabs look clickable but never switch panels. Every label's for must match an input id in the same module.",
  },
  {
    key: "negative-no-mso-hide",
    fault: "no-mso-hide",
    source: "carousel-beginner",
    apply: noMsoHide,
    description: "Anti-pattern: florist bouquet carousel with the Outlook hiding removed — no mso-hide:all and no [if !mso] conditional comment around the interactive block.",
    emailPurpose: "ecommerce",
    keyFeatures: ["three-slide radio carousel", "interactive block not hidden from Outlook for Windows"],
    bestPracticeTags: ["anti-pattern", "missing-mso-hide"],
    whatIsWrong:
      "Outlook for Windows renders with Word, which ignores max-height:0 and overflow:hidden and does not reliably hide the block with display:none. Without mso-hide:all on the probe and the interactive block, and without the <!--[if !mso]><!--> wrapper, Outlook shows the raw slides, arrows and radio inputs above the fallback, so every bouquet appears twice and the controls do nothing.",
  },
  {
    key: "negative-colliding-ids",
    fault: "colliding-ids",
    source: "pair-tabs-itemCart",
    apply: collidingIds,
    description: "Anti-pattern: pet store email with tabs and an item cart pasted together, both modules using the k1 namespace so ids, input names and classes collide.",
    emailPurpose: "ecommerce",
    keyFeatures: ["tabs plus item cart", "both modules in namespace k1", "duplicate ids"],
    bestPracticeTags: ["anti-pattern", "namespace-collision"],
    whatIsWrong:
      "Both modules use the k1 namespace, so the page has two elements with id=\"k1-probe\", two .k1-int blocks and two .k1-fb blocks. A label activates the first element with its id, so the cart's probe and the tab probe fight each other, and the tab CSS (.k1-probe:checked ~ .k1-int) now also drives the cart. Give every module its own namespace (k1, k2) for ids, names and classes.",
  },
  {
    key: "negative-image-only-no-alt",
    fault: "image-only-no-alt",
    source: "carousel-advanced",
    apply: imageOnlyNoAlt,
    description: "Anti-pattern: ceramics launch email reduced to images and buttons — every headline and paragraph removed and no image carries alt text.",
    emailPurpose: "product-launch",
    keyFeatures: ["image-only content", "images without alt attributes", "six-slide carousel of pictures"],
    bestPracticeTags: ["anti-pattern", "missing-alt-text", "image-only"],
    whatIsWrong:
      "No image has an alt attribute and the sections carry no live text: the story, prices and headlines exist only inside the pictures. With images blocked (the default in many Outlook and corporate setups) the reader sees empty boxes and bare buttons, screen readers announce file names, and spam filters score text-free, image-heavy mail poorly. Keep the copy as live HTML text and describe every image with alt.",
  },
  {
    key: "negative-script-tags",
    fault: "script-tags",
    source: "tabs-beginner",
    apply: scriptTags,
    description: "Anti-pattern: coffee roaster tabs driven by a <script> block and onclick handlers instead of CSS :checked rules.",
    emailPurpose: "ecommerce",
    keyFeatures: ["two tabs", "JavaScript tab switching", "onclick attributes on labels"],
    bestPracticeTags: ["anti-pattern", "javascript-in-email"],
    whatIsWrong:
      "The tab switching was moved into a <script> block with onclick handlers and the :checked rules were deleted. No email client runs JavaScript: scripts and on* attributes are stripped, and their presence raises spam and security flags. In Apple Mail the interactive block is revealed but no panel ever shows. Interactivity in email must be CSS-only (:checked with radio or checkbox inputs).",
  },
  {
    key: "negative-fixed-900px",
    fault: "fixed-900px",
    source: "survey-intermediate",
    apply: fixed900,
    description: "Anti-pattern: food delivery survey laid out in a fixed 900px container with the mobile media query removed.",
    emailPurpose: "feedback",
    keyFeatures: ["three-step survey", "900px fixed-width container", "no responsive media query"],
    bestPracticeTags: ["anti-pattern", "too-wide-layout", "not-responsive"],
    whatIsWrong:
      "The container is a fixed 900px (width attribute, inline width and the Outlook ghost table) and the max-width media query is gone. Preview panes are about 600–650px wide and phones 320–430px, so readers get horizontal scrolling or text zoomed out to unreadable sizes. Use a container of at most 640px (600px is the convention) with width:100% and a max-width.",
  },
];

export function buildNegativeSeeds(): NegativeSeed[] {
  return SPECS.map((s) => {
    const source = renderBlueprintSeed(s.source);
    return {
      key: s.key,
      fault: s.fault,
      source: s.source,
      document: {
        uploadType: "html",
        htmlContent: edit(source.html, s.apply),
        description: s.description,
        technique: source.blueprint.technique,
        complexity: source.file.complexity,
        emailPurpose: s.emailPurpose,
        exampleType: "negative",
        keyFeatures: [...s.keyFeatures],
        bestPracticeTags: [...s.bestPracticeTags],
        whatIsWrong: s.whatIsWrong,
      },
    };
  });
}
