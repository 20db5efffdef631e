import { parseDocument } from "htmlparser2";
import { type CssAtRule, type CssRule, type StyleSheet, parseStylesheet } from "./css";
import {
  type DomComment,
  type DomDocument,
  type DomElement,
  type DomNode,
  type DomText,
  PARSE_OPTIONS,
  classList,
  hasClass,
  isElement,
} from "./dom";

export interface EmailModule {
  element: DomElement;
  technique: string | null;
  ns: string | null;
  int: DomElement | null;
  fb: DomElement | null;
  probe: DomElement | null;
}

/** One parse of an email plus the indexes every fix and check needs, collected in a single walk. */
export interface EmailDoc {
  source: string;
  document: DomDocument;
  doctype: DomNode | null;
  html: DomElement | null;
  head: DomElement | null;
  body: DomElement | null;
  /** Every element, document order. */
  elements: DomElement[];
  byTag: Map<string, DomElement[]>;
  ids: Map<string, DomElement[]>;
  styleSheets: { element: DomElement; sheet: StyleSheet }[];
  rules: CssRule[];
  atRules: CssAtRule[];
  texts: DomText[];
  comments: DomComment[];
  modules: EmailModule[];
  maxDepth: number;
}

const EMPTY: DomElement[] = [];

export function tagged(doc: EmailDoc, tag: string): DomElement[] {
  return doc.byTag.get(tag) ?? EMPTY;
}

function firstDescendant(root: DomElement, cls: string, tag?: string): DomElement | null {
  const stack: DomNode[] = [...root.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    if ((!tag || n.name === tag) && hasClass(n, cls)) return n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return null;
}

export function moduleOf(element: DomElement): EmailModule {
  const int = firstDescendant(element, "kx-int");
  const fb = firstDescendant(element, "kx-fb");
  const probe = firstDescendant(element, "kx-probe", "input");
  let ns = element.attribs["data-kx-ns"] || null;
  if (!ns && int) {
    const own = classList(int).find((c) => c !== "kx-int" && c.endsWith("-int"));
    ns = own ? own.slice(0, -4) : null;
  }
  return { element, technique: element.attribs["data-kx-technique"] || null, ns, int, fb, probe };
}

export function parseEmail(source: string): EmailDoc {
  const src = typeof source === "string" ? source : "";
  return indexEmail(parseDocument(src, PARSE_OPTIONS), src);
}

/**
 * The indexes of an already-built tree whose serialisation is `source`: lets the auto-fixes hand
 * their fixed tree to QA without a second parse. `sheetFor` may return a <style> element's sheet
 * parsed earlier (for the same text); otherwise its text is parsed here.
 */
export function indexEmail(
  document: DomDocument,
  source: string,
  sheetFor?: (style: DomElement, text: string) => StyleSheet | undefined,
): EmailDoc {
  const doc: EmailDoc = {
    source,
    document,
    doctype: null,
    html: null,
    head: null,
    body: null,
    elements: [],
    byTag: new Map(),
    ids: new Map(),
    styleSheets: [],
    rules: [],
    atRules: [],
    texts: [],
    comments: [],
    modules: [],
    maxDepth: 0,
  };
  // Parallel stacks (node, depth) rather than tuples: this walk runs over every node of every email.
  const nodes: DomNode[] = [];
  const depths: number[] = [];
  for (let i = document.children.length - 1; i >= 0; i--) {
    nodes.push(document.children[i]);
    depths.push(1);
  }
  while (nodes.length) {
    const n = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > doc.maxDepth) doc.maxDepth = depth;
    if (n.type === "text") {
      doc.texts.push(n);
      continue;
    }
    if (n.type === "comment") {
      doc.comments.push(n);
      continue;
    }
    if (n.type === "directive") {
      if (!doc.doctype && /^!doctype/i.test(n.data)) doc.doctype = n;
      continue;
    }
    if (!isElement(n)) continue;
    doc.elements.push(n);
    const list = doc.byTag.get(n.name);
    if (list) list.push(n);
    else doc.byTag.set(n.name, [n]);
    const id = n.attribs.id;
    if (id !== undefined) {
      const same = doc.ids.get(id);
      if (same) same.push(n);
      else doc.ids.set(id, [n]);
    }
    if (n.name === "style") {
      const text = n.children.map((c) => (c.type === "text" ? c.data : "")).join("");
      const sheet = sheetFor?.(n, text) ?? parseStylesheet(text);
      doc.styleSheets.push({ element: n, sheet });
      doc.rules.push(...sheet.rules);
      doc.atRules.push(...sheet.atRules);
      continue;
    }
    if (n.name === "html") doc.html ??= n;
    else if (n.name === "head") doc.head ??= n;
    else if (n.name === "body") doc.body ??= n;
    else if (n.attribs.class && hasClass(n, "kx-module")) doc.modules.push(moduleOf(n));
    const kids = n.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      nodes.push(kids[i]);
      depths.push(depth + 1);
    }
  }
  return doc;
}
