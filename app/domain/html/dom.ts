import { parseDocument } from "htmlparser2";

// The DOM classes come from htmlparser2's own copy of domhandler; naming them through
// parseDocument keeps one set of types no matter how npm nests the packages.
export type DomDocument = ReturnType<typeof parseDocument>;
export type DomNode = DomDocument["children"][number];
export type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;
export type DomParent = DomElement | DomDocument;
export type DomText = Extract<DomNode, { type: "text" }>;
export type DomComment = Extract<DomNode, { type: "comment" }>;

export const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } as const;

export function isElement(node: DomNode | DomDocument | null | undefined): node is DomElement {
  return !!node && (node.type === "tag" || node.type === "script" || node.type === "style");
}

export function isText(node: DomNode | null | undefined): node is DomText {
  return !!node && node.type === "text";
}

export function isComment(node: DomNode | null | undefined): node is DomComment {
  return !!node && node.type === "comment";
}

export function classList(el: DomElement): string[] {
  const c = el.attribs.class;
  return c ? c.split(/\s+/).filter(Boolean) : [];
}

export function hasClass(el: DomElement, name: string): boolean {
  const c = el.attribs.class;
  if (!c || !c.includes(name)) return false;
  return classList(el).includes(name);
}

export function addClass(el: DomElement, name: string): boolean {
  if (hasClass(el, name)) return false;
  el.attribs.class = el.attribs.class ? `${el.attribs.class.trim()} ${name}` : name;
  return true;
}

/** Builds nodes with the same classes the parser uses, from trusted markup we write ourselves. */
export function fragment(markup: string): DomNode[] {
  const doc = parseDocument(markup, PARSE_OPTIONS);
  const nodes = [...doc.children];
  for (const n of nodes) detach(n);
  return nodes;
}

export function element(markup: string): DomElement {
  const el = fragment(markup).find(isElement);
  if (!el) throw new Error(`fragment without an element: ${markup}`);
  return el;
}

export function detach(node: DomNode): void {
  const parent = node.parent as DomParent | null;
  if (parent) {
    const i = parent.children.indexOf(node);
    if (i >= 0) parent.children.splice(i, 1);
  }
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  node.parent = node.prev = node.next = null;
}

function relink(parent: DomParent): void {
  const kids = parent.children;
  for (let i = 0; i < kids.length; i++) {
    kids[i].parent = parent;
    kids[i].prev = kids[i - 1] ?? null;
    kids[i].next = kids[i + 1] ?? null;
  }
}

/**
 * Detaches many nodes at once: each parent's children are compacted in one pass, where detaching
 * one by one searched and spliced the parent's list per node (quadratic when a fix moves every
 * top-level node of a document into <body>).
 */
function detachAll(nodes: DomNode[]): void {
  if (nodes.length <= 8) {
    for (const n of nodes) detach(n);
    return;
  }
  const leaving = new Set(nodes);
  const parents = new Set<DomParent>();
  for (const n of nodes) if (n.parent) parents.add(n.parent as DomParent);
  for (const parent of parents) {
    const kids = parent.children;
    let kept = 0;
    for (let i = 0; i < kids.length; i++) if (!leaving.has(kids[i])) kids[kept++] = kids[i];
    kids.length = kept;
    relink(parent);
  }
  for (const n of nodes) n.parent = n.prev = n.next = null;
}

/** Inserts `nodes` into `parent` at `index`, detaching them from wherever they were. */
export function insertAt(parent: DomParent, index: number, nodes: DomNode[]): void {
  detachAll(nodes);
  const kids = parent.children;
  const i = Math.max(0, Math.min(index, kids.length));
  // Not splice(i, 0, ...nodes): spreading tens of thousands of arguments overflows the stack.
  const tail = kids.splice(i);
  for (const n of nodes) kids.push(n);
  for (const n of tail) kids.push(n);
  relink(parent);
}

export function append(parent: DomParent, nodes: DomNode[]): void {
  insertAt(parent, parent.children.length, nodes);
}

export function prepend(parent: DomParent, nodes: DomNode[]): void {
  insertAt(parent, 0, nodes);
}

export function insertBefore(ref: DomNode, nodes: DomNode[]): void {
  const parent = ref.parent as DomParent | null;
  if (!parent) return;
  insertAt(parent, parent.children.indexOf(ref), nodes);
}

export function insertAfter(ref: DomNode, nodes: DomNode[]): void {
  const parent = ref.parent as DomParent | null;
  if (!parent) return;
  insertAt(parent, parent.children.indexOf(ref) + 1, nodes);
}

/** Depth-first, document order, without recursion: junk input can nest a million levels deep. */
export function* walk(root: DomParent | DomNode): Generator<DomNode> {
  const stack: DomNode[] = [];
  const start = "children" in root ? root.children : [];
  for (let i = start.length - 1; i >= 0; i--) stack.push(start[i]);
  while (stack.length) {
    const n = stack.pop()!;
    yield n;
    if ("children" in n && n.children.length) {
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
  }
}

export function descendants(root: DomParent, pred: (el: DomElement) => boolean): DomElement[] {
  const out: DomElement[] = [];
  for (const n of walk(root)) if (isElement(n) && pred(n)) out.push(n);
  return out;
}

/** The node itself (if an element) or its nearest element ancestor that satisfies `pred`. */
export function closest(node: DomNode, pred: (el: DomElement) => boolean): DomElement | null {
  let p: DomNode | null = isElement(node) ? node : (node.parent as DomNode | null);
  while (p && isElement(p)) {
    if (pred(p)) return p;
    p = p.parent as DomNode | null;
  }
  return null;
}

export function contains(ancestor: DomParent, node: DomNode): boolean {
  let p: DomParent | null = node.parent as DomParent | null;
  while (p) {
    if (p === ancestor) return true;
    p = (p as DomNode).parent as DomParent | null;
  }
  return false;
}
