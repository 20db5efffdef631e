import type * as csstree from "css-tree";
import { cssTree } from "./css-tree";

export interface CssDecl {
  property: string;
  value: string;
  important: boolean;
}

export interface CssRule {
  selector: string;
  declarations: CssDecl[];
  /** Enclosing at-rules, outermost first, e.g. ["media (prefers-color-scheme: dark)"]. */
  atRules: string[];
  /** Pseudo-classes and pseudo-elements used anywhere in the selector, without colons. */
  pseudos: string[];
  combinators: string[];
  /** Classes and ids of the rightmost compound of each selector in the list: what the rule styles. */
  subjectClasses: string[];
  subjectIds: string[];
  /** `tag`, `.class` or `tag.class` with no combinator or pseudo: cheap to match without css-select. */
  simple: { tag: string | null; classes: string[] }[] | null;
  /** Uses `:checked` (or the sibling hover tricks): the interactive rules that stay in <style>. */
  interactive: boolean;
}

export interface CssAtRule {
  name: string;
  prelude: string;
}

export interface StyleSheet {
  rules: CssRule[];
  atRules: CssAtRule[];
}

const INLINE_CACHE = new Map<string, CssDecl[]>();
const INLINE_CACHE_MAX = 5000;

/**
 * Splits a style attribute into declarations. Inline styles are tiny and there can be
 * thousands per email, so this is a hand-written splitter (quotes and brackets respected)
 * rather than a css-tree parse per attribute.
 */
export function parseInlineStyle(style: string | undefined): CssDecl[] {
  if (!style) return [];
  const hit = INLINE_CACHE.get(style);
  if (hit) return hit;
  const out: CssDecl[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  const flush = (end: number) => {
    const part = style.slice(start, end);
    const colon = part.indexOf(":");
    if (colon > 0) {
      const property = part.slice(0, colon).trim().toLowerCase();
      let value = part.slice(colon + 1).trim();
      let important = false;
      const bang = /!\s*important\s*$/i.exec(value);
      if (bang) {
        important = true;
        value = value.slice(0, bang.index).trim();
      }
      if (property && /^[-a-z0-9_]+$/.test(property)) out.push({ property, value, important });
    }
  };
  for (let i = 0; i < style.length; i++) {
    const ch = style[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (ch === ";" && depth === 0) {
      flush(i);
      start = i + 1;
    }
  }
  flush(style.length);
  if (INLINE_CACHE.size >= INLINE_CACHE_MAX) INLINE_CACHE.clear();
  INLINE_CACHE.set(style, out);
  return out;
}

export function serializeInlineStyle(decls: CssDecl[]): string {
  return decls.map((d) => `${d.property}:${d.value}${d.important ? " !important" : ""}`).join(";");
}

/** Last declaration of `property` wins, as in the cascade within one style attribute. */
export function declValue(decls: CssDecl[], property: string): string | undefined {
  for (let i = decls.length - 1; i >= 0; i--) if (decls[i].property === property) return decls[i].value;
  return undefined;
}

/** Parses a length in px (px, pt, bare numbers); null for anything relative or unknown. */
export function pxValue(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^\s*(-?\d*\.?\d+)\s*(px|pt)?\s*$/i.exec(value);
  if (!m) return null;
  const n = parseFloat(m[1]);
  return m[2]?.toLowerCase() === "pt" ? (n * 4) / 3 : n;
}

const INTERACTIVE_PSEUDOS = new Set(["checked"]);

function analyseSelector(prelude: csstree.CssNode) {
  const pseudos: string[] = [];
  const combinators: string[] = [];
  const subjectClasses: string[] = [];
  const subjectIds: string[] = [];
  let simple: { tag: string | null; classes: string[] }[] | null = [];
  if (prelude.type !== "SelectorList") return { pseudos, combinators, subjectClasses, subjectIds, simple: null };
  prelude.children.forEach((sel) => {
    if (sel.type !== "Selector") {
      simple = null;
      return;
    }
    let compoundClasses: string[] = [];
    let compoundIds: string[] = [];
    let tag: string | null = null;
    let isSimple = true;
    sel.children.forEach((part) => {
      switch (part.type) {
        case "Combinator":
          combinators.push(part.name);
          compoundClasses = [];
          compoundIds = [];
          tag = null;
          isSimple = false;
          break;
        case "ClassSelector":
          compoundClasses.push(part.name);
          break;
        case "IdSelector":
          compoundIds.push(part.name);
          isSimple = false;
          break;
        case "TypeSelector":
          tag = part.name.toLowerCase();
          break;
        case "PseudoClassSelector":
        case "PseudoElementSelector":
          pseudos.push(part.name.toLowerCase());
          isSimple = false;
          break;
        default:
          isSimple = false;
      }
    });
    subjectClasses.push(...compoundClasses);
    subjectIds.push(...compoundIds);
    if (simple && isSimple && (tag || compoundClasses.length)) simple.push({ tag, classes: compoundClasses });
    else simple = null;
  });
  return { pseudos, combinators, subjectClasses, subjectIds, simple };
}

function readDeclarations(block: csstree.Block): CssDecl[] {
  const out: CssDecl[] = [];
  block.children.forEach((d) => {
    if (d.type !== "Declaration") return;
    const value = d.value.type === "Raw" ? d.value.value.trim() : cssTree().generate(d.value);
    out.push({ property: d.property.toLowerCase(), value, important: d.important !== false });
  });
  return out;
}

/**
 * Blocks nested deeper than this (`@media{@supports{a{…}}}` is three) are not CSS anyone writes:
 * css-tree and the walks over its tree recurse once per level, and 3,000 nested `@media` overflow
 * the stack. Such a sheet is read as broken: no rules.
 */
export const MAX_CSS_DEPTH = 32;

/** The deepest nesting of `{ }` blocks in CSS text, comments and strings skipped; stops counting past `stopAfter`. */
export function cssBlockDepth(text: string, stopAfter = Infinity): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) break;
      i = end + 1;
    } else if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === c || d === 0x0a) break;
      }
    } else if (c === 0x7b /* { */) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > stopAfter) return deepest;
      }
    } else if (c === 0x7d /* } */ && depth > 0) {
      depth--;
    }
  }
  return deepest;
}

/** Parses one <style> text. css-tree is tolerant: broken CSS yields fewer rules, never a throw. */
export function parseStylesheet(text: string): StyleSheet {
  const rules: CssRule[] = [];
  const atRules: CssAtRule[] = [];
  if (cssBlockDepth(text, MAX_CSS_DEPTH) > MAX_CSS_DEPTH) return { rules, atRules };
  let ast: csstree.CssNode;
  try {
    ast = cssTree().parse(text, { parseValue: false, parseCustomProperty: false, parseAtrulePrelude: false });
  } catch {
    return { rules, atRules };
  }
  const visit = (node: csstree.CssNode, enclosing: string[]) => {
    if (node.type === "StyleSheet" || node.type === "Block") {
      node.children.forEach((child) => visit(child, enclosing));
      return;
    }
    if (node.type === "Atrule") {
      const prelude = node.prelude ? cssTree().generate(node.prelude).trim() : "";
      const name = node.name.toLowerCase();
      atRules.push({ name, prelude });
      if (node.block) visit(node.block, [...enclosing, `${name} ${prelude}`.trim()]);
      return;
    }
    if (node.type === "Rule") {
      const sel = analyseSelector(node.prelude);
      const selector = node.prelude.type === "Raw" ? node.prelude.value : cssTree().generate(node.prelude);
      rules.push({
        selector,
        declarations: readDeclarations(node.block),
        atRules: enclosing,
        ...sel,
        interactive: sel.pseudos.some((p) => INTERACTIVE_PSEUDOS.has(p)),
      });
    }
  };
  visit(ast, []);
  return { rules, atRules };
}
