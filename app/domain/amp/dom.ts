// A small, self-owned view of the htmlparser2 tree: the validator needs source offsets (for line
// numbers) and the repair loop needs to edit and re-serialise, and both are simpler over plain
// structural types than over two copies of domhandler's classes.
import { parseDocument } from "htmlparser2";

export type AmpNode = AmpElement | AmpText | AmpOther;

export interface AmpElement {
  type: "tag" | "script" | "style";
  name: string;
  attribs: Record<string, string>;
  children: AmpNode[];
  parent: AmpElement | AmpRoot | null;
  startIndex: number | null;
  endIndex: number | null;
}

export interface AmpText {
  type: "text";
  data: string;
  parent: AmpElement | AmpRoot | null;
  startIndex: number | null;
  endIndex: number | null;
}

export interface AmpOther {
  type: "comment" | "directive" | "cdata";
  data?: string;
  name?: string;
  parent: AmpElement | AmpRoot | null;
  startIndex: number | null;
  endIndex: number | null;
  children?: AmpNode[];
}

export interface AmpRoot {
  type: "root";
  children: AmpNode[];
  parent: null;
  startIndex: number | null;
  endIndex: number | null;
}

export interface ParsedAmp {
  root: AmpRoot;
  lineOf(index: number | null | undefined): number;
}

export function parseAmp(html: string): ParsedAmp {
  const root = parseDocument(html, {
    withStartIndices: true,
    withEndIndices: true,
    decodeEntities: true,
    lowerCaseAttributeNames: true,
    lowerCaseTags: true,
  }) as unknown as AmpRoot;
  const lineStarts = [0];
  for (let i = 0; i < html.length; i++) if (html.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (index: number | null | undefined): number => {
    if (index == null || index < 0) return 1;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return { root, lineOf };
}

/** Elements whose end tag may be left out, and void ones: they do not nest when counted. */
const NOT_NESTING = new Set([
  "p",
  "li",
  "dt",
  "dd",
  "tr",
  "td",
  "th",
  "option",
  "optgroup",
  "tbody",
  "thead",
  "tfoot",
  "colgroup",
  "rb",
  "rt",
  "rp",
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * Whether the tags nest deeper than `limit`, counted in one linear scan of the source (no parse):
 * htmlparser2 takes super-linear time on very deep nesting, so such input is refused unparsed.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  // [^<>]: a tag never runs past the next "<", so no start position rescans the rest
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^<>]*)>/g;
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[2].toLowerCase();
    if (NOT_NESTING.has(name) || m[3].endsWith("/")) continue;
    depth += m[1] ? -1 : 1;
    if (depth < 0) depth = 0;
    if (depth > limit) return true;
  }
  return false;
}

export function isElement(node: AmpNode | AmpRoot): node is AmpElement {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/** Elements in document order (depth first). */
export function allElements(parent: AmpRoot | AmpElement): AmpElement[] {
  const out: AmpElement[] = [];
  const visit = (n: AmpNode | AmpRoot) => {
    if (isElement(n as AmpNode)) out.push(n as AmpElement);
    const kids = (n as { children?: AmpNode[] }).children;
    if (kids) for (const k of kids) visit(k);
  };
  for (const k of parent.children) visit(k);
  return out;
}

export function childElements(parent: AmpRoot | AmpElement): AmpElement[] {
  return parent.children.filter((c): c is AmpElement => isElement(c));
}

export function textOf(node: AmpNode | AmpRoot): string {
  if (node.type === "text") return node.data;
  const kids = (node as { children?: AmpNode[] }).children;
  return kids ? kids.map(textOf).join("") : "";
}

export function hasAncestor(el: AmpElement, predicate: (a: AmpElement) => boolean): boolean {
  let p = el.parent;
  while (p && p.type !== "root") {
    if (predicate(p)) return true;
    p = p.parent;
  }
  return false;
}

export function classList(el: AmpElement): string[] {
  return (el.attribs.class ?? "").split(/\s+/).filter(Boolean);
}

// ---- editing -------------------------------------------------------------------------------

export function createElement(name: string, attribs: Record<string, string> = {}, children: AmpNode[] = []): AmpElement {
  const type = name === "script" ? "script" : name === "style" ? "style" : "tag";
  const el: AmpElement = { type, name, attribs, children: [], parent: null, startIndex: null, endIndex: null };
  for (const c of children) appendChild(el, c);
  return el;
}

export function createText(data: string): AmpText {
  return { type: "text", data, parent: null, startIndex: null, endIndex: null };
}

export function appendChild(parent: AmpElement | AmpRoot, child: AmpNode): void {
  detach(child);
  child.parent = parent;
  parent.children.push(child);
}

export function insertChild(parent: AmpElement | AmpRoot, index: number, child: AmpNode): void {
  detach(child);
  child.parent = parent;
  parent.children.splice(Math.max(0, Math.min(index, parent.children.length)), 0, child);
}

export function detach(node: AmpNode): void {
  const p = node.parent;
  if (!p) return;
  const i = p.children.indexOf(node);
  if (i >= 0) p.children.splice(i, 1);
  node.parent = null;
}

export function setText(el: AmpElement, data: string): void {
  for (const c of [...el.children]) detach(c);
  appendChild(el, createText(data));
}

// ---- serialisation --------------------------------------------------------------------------

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style"]);

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

export function serialize(node: AmpRoot | AmpNode): string {
  switch (node.type) {
    case "root":
      return node.children.map(serialize).join("");
    case "text": {
      const p = node.parent;
      return p && p.type !== "root" && RAW_TEXT.has(p.name) ? node.data : escapeText(node.data);
    }
    case "comment":
      return `<!--${node.data ?? ""}-->`;
    case "directive":
      return `<${node.data ?? ""}>`;
    case "cdata":
      return (node.children ?? []).map(serialize).join("");
    default: {
      const el = node as AmpElement;
      const attrs = Object.entries(el.attribs)
        .map(([k, v]) => (v === "" ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`))
        .join("");
      if (VOID.has(el.name)) return `<${el.name}${attrs}>`;
      return `<${el.name}${attrs}>${el.children.map(serialize).join("")}</${el.name}>`;
    }
  }
}
