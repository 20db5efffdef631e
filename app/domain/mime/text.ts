import { parseDocument } from "htmlparser2";

/** The parts of htmlparser2's DOM nodes this module reads. */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

const SKIP_TAGS = new Set(["head", "style", "script", "title", "noscript", "template", "input", "select", "textarea", "option", "meta", "link"]);
const PARAGRAPH_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "ul", "ol", "hr", "pre"]);
const LINE_TAGS = new Set(["div", "tr", "section", "header", "footer", "article", "aside", "nav", "main", "center", "dl", "dt", "dd", "form", "figure", "figcaption", "address", "li"]);
// Invisible characters preheaders use as padding; they would show up as noise in plain text.
const INVISIBLE = /[\u00ad\u034f\u200b-\u200d\u2060\ufeff]/g;

class Writer {
  out = "";
  private pendingBreak = 0;
  private needSpace = false;

  text(raw: string): void {
    const cleaned = raw.replace(INVISIBLE, "").replace(/\s+/g, " ");
    if (cleaned === "") return;
    if (cleaned === " ") {
      this.needSpace = true;
      return;
    }
    const leading = cleaned.startsWith(" ");
    const trailing = cleaned.endsWith(" ");
    const word = cleaned.trim();
    if (this.out !== "" && this.pendingBreak > 0) {
      this.out += "\n".repeat(this.pendingBreak);
    } else if (this.out !== "" && (this.needSpace || leading) && !this.out.endsWith("\n")) {
      this.out += " ";
    }
    this.pendingBreak = 0;
    this.out += word;
    this.needSpace = trailing;
  }

  space(): void {
    this.needSpace = true;
  }

  block(lines: number): void {
    this.pendingBreak = Math.max(this.pendingBreak, lines);
    this.needSpace = false;
  }
}

function classes(node: DomNode): string[] {
  return (node.attribs?.class ?? "").split(/\s+/).filter(Boolean);
}

function isHidden(node: DomNode): boolean {
  const cls = classes(node);
  // The interactive block repeats what the static fallback `.kx-fb` says.
  if (cls.includes("kx-int")) return true;
  // The preheader is hidden on purpose yet is the message's summary line: keep it.
  if (cls.includes("kx-preheader")) return false;
  if (node.attribs && ("hidden" in node.attribs || node.attribs["aria-hidden"] === "true")) return true;
  const style = node.attribs?.style ?? "";
  return style.split(";").some((decl) => {
    const [prop, value] = decl.split(":");
    return prop?.trim().toLowerCase() === "display" && value?.trim().toLowerCase().startsWith("none");
  });
}

function imageAlts(node: DomNode): string {
  if (node.type === "tag" && node.name === "img") return node.attribs?.alt?.trim() ?? "";
  return (node.children ?? []).map(imageAlts).filter(Boolean).join(" ");
}

function linkTarget(href: string | undefined): string | null {
  const h = href?.trim() ?? "";
  if (h === "" || h.startsWith("#") || /^javascript:/i.test(h)) return null;
  return h;
}

function writeLink(node: DomNode, w: Writer): void {
  const inner = new Writer();
  for (const child of node.children ?? []) walk(child, inner, []);
  let label = inner.out.replace(/\s*\n+\s*/g, " ").trim();
  if (label === "") label = imageAlts(node);
  const href = linkTarget(node.attribs?.href);
  if (!href) {
    if (label) w.text(label);
    return;
  }
  const bare = href.replace(/^mailto:/i, "");
  const same = label === "" || label === href || label === bare || `${label}/` === href || label === href.replace(/^https?:\/\//i, "");
  w.text(same ? bare : `${label} (${href})`);
}

function walk(node: DomNode, w: Writer, listStack: { ordered: boolean; n: number }[]): void {
  if (node.type === "text") {
    w.text(node.data ?? "");
    return;
  }
  if (node.type === "root") {
    for (const child of node.children ?? []) walk(child, w, listStack);
    return;
  }
  if (node.type !== "tag") return; // comments (incl. MSO-only markup), scripts, styles, directives
  const name = node.name ?? "";
  if (SKIP_TAGS.has(name) || isHidden(node)) return;
  if (name === "br") {
    w.block(1);
    return;
  }
  if (name === "a") {
    writeLink(node, w);
    return;
  }
  if (name === "td" || name === "th") w.space();
  const paragraph = PARAGRAPH_TAGS.has(name);
  const line = LINE_TAGS.has(name);
  if (paragraph) w.block(2);
  else if (line) w.block(1);
  let stack = listStack;
  if (name === "ul" || name === "ol") stack = [...listStack, { ordered: name === "ol", n: 0 }];
  if (name === "li") {
    const list = listStack[listStack.length - 1];
    if (list?.ordered) {
      list.n += 1;
      w.text(`${list.n}. `);
    } else {
      w.text("- ");
    }
  }
  for (const child of node.children ?? []) walk(child, w, stack);
  if (paragraph) w.block(2);
  else if (line) w.block(1);
  if (name === "td" || name === "th") w.space();
}

/**
 * Readable plain text for the `text/plain` part: the preheader first (it is first in the body),
 * headings and paragraphs separated by blank lines, list items as `- item` / `1. item`, links as
 * `text (url)`. Styles, scripts, comments (so MSO-only markup), hidden elements and the
 * interactive block `.kx-int` (its static twin `.kx-fb` carries the same words) are left out.
 */
export function htmlToText(html: string): string {
  const doc = parseDocument(html) as unknown as DomNode;
  const w = new Writer();
  walk(doc, w, []);
  return w.out
    .split("\n")
    .map((l) => l.replace(/[ \t]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
