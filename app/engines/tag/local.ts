import type * as csstree from "css-tree";
import { cssTree } from "~/domain/html/css-tree";
import type { AnyNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { buildEmbeddingText, splitTechniques } from "~/domain/retrieval/embedding-text";
import { isTechnique, TECHNIQUES, type Technique } from "~/domain/retrieval/techniques";
import { purposeMentioned } from "~/domain/retrieval/vocabulary";
import type { AutoTags, TagInput } from "./port";

// Auto-tagging by structure: what the markup and its CSS actually do, not what the copy says.
// Signals, strongest first: the renderer's data-kx-technique markers (docs/email-markup.md), AMP
// components, then input/label/class patterns and the :checked/counter rules that drive them.

export interface Structure {
  isAmp: boolean;
  ampComponents: string[];
  markedTechniques: string[];
  radios: number;
  radioGroups: Map<string, number>;
  checkboxes: number;
  labels: number;
  labelsWithFor: number;
  labelsMatchingInput: number;
  checkedRules: number;
  siblingCombinators: number;
  counterRules: number;
  hoverRules: number;
  mediaQueries: number;
  darkMode: boolean;
  keyframes: number;
  gmailOverride: boolean;
  outlookComOverride: boolean;
  msoConditionals: boolean;
  hasFallback: boolean;
  hasPreheader: boolean;
  hasViewInBrowser: boolean;
  imagesWithoutAlt: number;
  images: number;
  inlineStyled: number;
  tables: number;
  presentationTables: number;
  /** Lower-cased class/id/name tokens, for vocabulary hints. */
  tokens: Map<string, number>;
  title: string;
  text: string;
}

function isElement(n: AnyNode): n is Element {
  return n.type === "tag" || n.type === "script" || n.type === "style";
}

function textOf(n: AnyNode): string {
  if (n.type === "text") return (n as unknown as { data: string }).data;
  if ("children" in n && Array.isArray((n as Element).children)) return (n as Element).children.map(textOf).join(" ");
  return "";
}

const CLASS_HINTS: Record<Technique, readonly string[]> = {
  tabs: ["tab", "tabs", "tablabel", "panel"],
  accordion: ["accordion", "acc", "collapse", "faq", "expand"],
  carousel: ["carousel", "slide", "slides", "slider", "prev", "next", "dot", "dots", "thumb"],
  survey: ["survey", "step", "done", "thanks", "rating", "nps", "poll"],
  quiz: ["quiz", "right", "wrong", "correct", "incorrect", "answer", "question"],
  menu: ["menu", "burger", "hamburger", "nav", "overlay", "toggle"],
  itemCart: ["cart", "add", "total", "basket", "qty", "price"],
  amp4email: [],
};

export function analyseHtml(html: string): Structure {
  const doc = parseDocument(html, { lowerCaseAttributeNames: true, lowerCaseTags: true, recognizeSelfClosing: true });
  const s: Structure = {
    isAmp: false,
    ampComponents: [],
    markedTechniques: [],
    radios: 0,
    radioGroups: new Map(),
    checkboxes: 0,
    labels: 0,
    labelsWithFor: 0,
    labelsMatchingInput: 0,
    checkedRules: 0,
    siblingCombinators: 0,
    counterRules: 0,
    hoverRules: 0,
    mediaQueries: 0,
    darkMode: false,
    keyframes: 0,
    gmailOverride: false,
    outlookComOverride: false,
    msoConditionals: false,
    hasFallback: false,
    hasPreheader: false,
    hasViewInBrowser: false,
    imagesWithoutAlt: 0,
    images: 0,
    inlineStyled: 0,
    tables: 0,
    presentationTables: 0,
    tokens: new Map(),
    title: "",
    text: "",
  };
  const inputIds = new Set<string>();
  const labelFors: string[] = [];
  const amp = new Set<string>();
  const css: string[] = [];
  const texts: string[] = [];

  const addTokens = (value: string | undefined) => {
    if (!value) return;
    for (const t of value.toLowerCase().split(/[^a-z0-9]+/)) {
      if (t.length > 1) s.tokens.set(t, (s.tokens.get(t) ?? 0) + 1);
    }
  };

  const visit = (nodes: AnyNode[]) => {
    for (const n of nodes) {
      if (n.type === "comment") {
        const data = (n as unknown as { data: string }).data;
        if (/\[if\s+!?\(?\s*mso/i.test(data) || /\[endif\]/i.test(data)) s.msoConditionals = true;
        continue;
      }
      if (n.type === "text") {
        texts.push((n as unknown as { data: string }).data);
        continue;
      }
      if (!isElement(n)) {
        if ("children" in n) visit((n as unknown as { children: AnyNode[] }).children);
        continue;
      }
      const name = n.name.toLowerCase();
      const a = n.attribs ?? {};
      if (name === "html" && ("⚡4email" in a || "amp4email" in a || "⚡" in a)) s.isAmp = true;
      if (name.startsWith("amp-")) amp.add(name);
      if (name === "script" && a["custom-element"]) amp.add(a["custom-element"].toLowerCase());
      if (a["data-kx-technique"]) s.markedTechniques.push(a["data-kx-technique"]);
      addTokens(a.class);
      addTokens(a.id);
      addTokens(a.name);
      const cls = ` ${(a.class ?? "").toLowerCase()} `;
      if (cls.includes(" kx-fb ") || /\bfallback\b/.test(cls)) s.hasFallback = true;
      if (cls.includes(" kx-preheader ") || cls.includes(" preheader ")) s.hasPreheader = true;
      if (a.style) s.inlineStyled++;
      // Words a reader sees that are not text nodes: button values and image alternatives.
      if (a.alt) texts.push(a.alt);
      if (name === "input" && ["submit", "button"].includes((a.type ?? "").toLowerCase()) && a.value) texts.push(a.value);
      if (name === "input") {
        const type = (a.type ?? "text").toLowerCase();
        if (type === "radio") {
          s.radios++;
          const g = a.name ?? "";
          s.radioGroups.set(g, (s.radioGroups.get(g) ?? 0) + 1);
        } else if (type === "checkbox") s.checkboxes++;
        if (a.id) inputIds.add(a.id);
      } else if (name === "label") {
        s.labels++;
        if (a.for) {
          s.labelsWithFor++;
          labelFors.push(a.for);
        }
      } else if (name === "img") {
        s.images++;
        if (a.alt === undefined) s.imagesWithoutAlt++;
      } else if (name === "table") {
        s.tables++;
        if ((a.role ?? "").toLowerCase() === "presentation") s.presentationTables++;
      } else if (name === "a") {
        const href = a.href ?? "";
        if (href.includes("{{VIB_URL}}") || cls.includes(" kx-vib ") || /view (it )?in (your )?browser/i.test(textOf(n)))
          s.hasViewInBrowser = true;
      } else if (name === "title") {
        s.title = textOf(n).trim();
      } else if (name === "style") {
        css.push(textOf(n));
        continue;
      } else if (name === "script") {
        continue;
      }
      visit(n.children);
    }
  };
  visit(doc.children);

  s.labelsMatchingInput = labelFors.filter((f) => inputIds.has(f)).length;
  s.ampComponents = [...amp].sort();
  if (s.ampComponents.length > 0 && !s.isAmp && amp.size >= 2) s.isAmp = true;
  s.text = texts.join(" ").replace(/\s+/g, " ").trim();

  for (const block of css) {
    let ast: csstree.CssNode;
    try {
      ast = cssTree().parse(block, { parseValue: false, parseCustomProperty: false });
    } catch {
      continue;
    }
    cssTree().walk(ast, (node) => {
      if (node.type === "Rule") {
        const prelude = cssTree().generate(node.prelude);
        if (prelude.includes(":checked")) s.checkedRules++;
        if (prelude.includes(":hover")) s.hoverRules++;
        if (/(^|,)\s*u\s*\+\s*\.body/.test(prelude)) s.gmailOverride = true;
        if (prelude.includes('[class~="x_') || prelude.includes("[class~=x_")) s.outlookComOverride = true;
      } else if (node.type === "Combinator" && (node.name === "~" || node.name === "+")) {
        s.siblingCombinators++;
      } else if (node.type === "Declaration" && (node.property === "counter-increment" || node.property === "counter-reset")) {
        s.counterRules++;
      } else if (node.type === "Atrule") {
        if (node.name === "media") {
          s.mediaQueries++;
          if (node.prelude && cssTree().generate(node.prelude).includes("prefers-color-scheme")) s.darkMode = true;
        }
        if (node.name === "keyframes" || node.name === "-webkit-keyframes") s.keyframes++;
      }
    });
  }
  return s;
}

/** Scores per technique from structure; the caller keeps the best one or two. */
export function scoreTechniques(s: Structure): Map<Technique, number> {
  const score = new Map<Technique, number>(TECHNIQUES.map((t) => [t, 0]));
  const add = (t: Technique, v: number) => score.set(t, (score.get(t) ?? 0) + v);

  for (const marked of s.markedTechniques) for (const t of splitTechniques(marked)) add(t, 100);
  if (s.isAmp) add("amp4email", 100);

  const interactive = s.radios + s.checkboxes > 0 && s.checkedRules > 0;
  for (const t of TECHNIQUES) {
    let hits = 0;
    for (const hint of CLASS_HINTS[t]) hits += s.tokens.get(hint) ?? 0;
    if (hits > 0) add(t, Math.min(12, 2 * Math.log2(1 + hits)) * (interactive ? 1 : 0.5));
  }
  if (s.radios > 0 && s.checkedRules > 0) {
    for (const [group, n] of s.radioGroups) {
      const g = group.toLowerCase();
      if (/tab/.test(g)) add("tabs", 10);
      else if (/slide|carousel/.test(g)) add("carousel", 10);
      else if (/q\d|quiz|question|answer/.test(g)) add("quiz", 6);
      else if (/step|survey|rate|rating|nps|poll/.test(g)) add("survey", 6);
      else if (n >= 2) {
        add("tabs", 2);
        add("carousel", 2);
      }
    }
  }
  if (s.checkboxes > 0 && s.checkedRules > 0) {
    if (s.counterRules > 0) add("itemCart", 12);
    else if (s.checkboxes === 1) add("menu", 4);
    else add("accordion", 4);
  }
  return score;
}

function pickTechniques(s: Structure): Technique[] {
  const ranked = [...scoreTechniques(s)].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return [];
  const [first, second] = ranked;
  const out: Technique[] = [first[0]];
  // Two techniques only on strong evidence for the second (at most 2 per email: docs/api.md "Contract limits").
  if (second && (second[1] >= 100 || (second[1] >= 8 && second[1] >= 0.6 * first[1]))) out.push(second[0]);
  return out;
}

function complexityOf(s: Structure, techniques: Technique[]): AutoTags["complexity"] {
  const inputs = s.radios + s.checkboxes;
  let points = 0;
  if (techniques.length >= 2) points += 3;
  if (inputs > 12) points += 2;
  else if (inputs > 4) points += 1;
  if (s.checkedRules > 12) points += 2;
  else if (s.checkedRules > 4) points += 1;
  // Counter arithmetic (running totals) is the hardest email CSS to get right across clients.
  if (s.counterRules > 0) points += 4;
  if (s.keyframes > 0) points += 1;
  if (s.ampComponents.some((c) => ["amp-bind", "amp-list", "amp-form", "amp-state"].includes(c))) points += 2;
  if (points >= 4) return "advanced";
  if (points >= 1 || s.ampComponents.length > 0) return "intermediate";
  return "beginner";
}

const TECHNIQUE_LABEL: Record<Technique, string> = {
  tabs: "Tabbed",
  accordion: "Accordion",
  carousel: "Carousel",
  survey: "Survey",
  quiz: "Quiz",
  menu: "Hamburger-menu",
  itemCart: "Item-cart",
  amp4email: "AMP4Email",
};

export function tagHtml(input: TagInput): AutoTags {
  const s = analyseHtml(input.htmlContent);
  const isAmpType = input.contentType.toLowerCase() === "amp" || s.isAmp;
  let techniques = pickTechniques(s);
  if (isAmpType && !techniques.includes("amp4email")) techniques = (["amp4email", ...techniques] as Technique[]).slice(0, 2);
  const technique = techniques.length ? techniques.join("+") : "static";
  const complexity = complexityOf(s, techniques);
  const emailPurpose = purposeMentioned(`${s.title} ${s.text}`.slice(0, 20_000)) ?? "promotional";

  const keyFeatures: string[] = [];
  if (s.radios) keyFeatures.push(`radio inputs (${s.radios} in ${s.radioGroups.size} group${s.radioGroups.size === 1 ? "" : "s"})`);
  if (s.checkboxes) keyFeatures.push(`checkbox inputs (${s.checkboxes})`);
  if (s.labels) keyFeatures.push(`labels (${s.labelsMatchingInput} of ${s.labels} linked to inputs)`);
  if (s.checkedRules) keyFeatures.push(`:checked rules (${s.checkedRules})`);
  if (s.siblingCombinators) keyFeatures.push("sibling combinators");
  if (s.counterRules) keyFeatures.push("CSS counters");
  if (s.hoverRules) keyFeatures.push("hover states");
  if (s.keyframes) keyFeatures.push("CSS animation");
  if (s.ampComponents.length) keyFeatures.push(`AMP components: ${s.ampComponents.join(", ")}`);
  if (s.hasFallback) keyFeatures.push("static fallback");
  if (s.mediaQueries) keyFeatures.push("media queries");

  const bestPracticeTags: string[] = [];
  if (s.hasFallback) bestPracticeTags.push("fallback-content");
  if (s.gmailOverride) bestPracticeTags.push("gmail-fallback");
  if (s.outlookComOverride) bestPracticeTags.push("outlook-com-fallback");
  if (s.msoConditionals) bestPracticeTags.push("outlook-conditional-comments");
  if (s.labels > 0 && s.labelsMatchingInput === s.labels) bestPracticeTags.push("accessible-labels");
  if (s.images > 0 && s.imagesWithoutAlt === 0) bestPracticeTags.push("alt-text");
  if (s.mediaQueries) bestPracticeTags.push("mobile-responsive");
  if (s.darkMode) bestPracticeTags.push("dark-mode");
  if (s.inlineStyled >= 5) bestPracticeTags.push("inline-styles");
  if (s.tables > 0 && s.presentationTables === s.tables) bestPracticeTags.push("presentation-tables");
  if (s.hasPreheader) bestPracticeTags.push("preheader");
  if (s.hasViewInBrowser) bestPracticeTags.push("view-in-browser");

  const label = techniques.length ? techniques.map((t) => TECHNIQUE_LABEL[t]).join(" + ") : "Static";
  const facts = [
    s.radios + s.checkboxes ? `${s.radios + s.checkboxes} inputs` : null,
    s.checkedRules ? `${s.checkedRules} :checked rules` : null,
    s.ampComponents.length ? `${s.ampComponents.length} AMP components` : null,
    s.hasFallback ? "static fallback" : null,
  ].filter(Boolean);
  const title = s.title ? ` "${s.title.slice(0, 80)}"` : "";
  const description = `${label} ${isAmpType ? "AMP" : "HTML"} email for ${emailPurpose}${title}${facts.length ? ` (${facts.join(", ")})` : ""}.`;

  const structural = [
    `Structure: ${s.radios} radio and ${s.checkboxes} checkbox inputs, ${s.labels} labels, ${s.checkedRules} :checked rules, ${s.siblingCombinators} sibling combinators${s.counterRules ? `, ${s.counterRules} counter declarations` : ""}.`,
    s.ampComponents.length ? `AMP components: ${s.ampComponents.join(", ")}.` : null,
    `Intent: ${emailPurpose} email${s.title ? ` titled ${s.title.slice(0, 80)}` : ""}; ${s.text.slice(0, 240)}`,
  ]
    .filter(Boolean)
    .join("\n");

  const embedding_text = `${buildEmbeddingText({
    type: isAmpType ? "amp" : "html",
    description,
    technique: techniques.filter(isTechnique).join("+") || undefined,
    complexity,
    emailPurpose,
    keyFeatures,
    bestPracticeTags,
    ampComponents: s.ampComponents,
  })}\n${structural}`;

  return { description, technique, complexity, emailPurpose, keyFeatures, bestPracticeTags, embedding_text };
}
