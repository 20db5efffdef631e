import { Tokenizer } from "htmlparser2";
import { parseDocumentWithin } from "~/domain/html/limits";

/** The parts of htmlparser2's DOM nodes this module reads. */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

const SKIP_TAGS = new Set([
  "head",
  "style",
  "script",
  "title",
  "noscript",
  "template",
  "input",
  "select",
  "textarea",
  "option",
  "meta",
  "link",
]);
const PARAGRAPH_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "ul", "ol", "hr", "pre"]);
const LINE_TAGS = new Set([
  "div",
  "tr",
  "section",
  "header",
  "footer",
  "article",
  "aside",
  "nav",
  "main",
  "center",
  "dl",
  "dt",
  "dd",
  "form",
  "figure",
  "figcaption",
  "address",
  "li",
]);
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
  const attribs = node.attribs;
  if (
    !attribs ||
    (attribs.class === undefined && attribs.style === undefined && attribs.hidden === undefined && attribs["aria-hidden"] === undefined)
  )
    return false;
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

/** The alt texts of the images under `node` (or of `node` itself), in document order. */
function imageAlts(node: DomNode): string {
  const alts: string[] = [];
  const stack: DomNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "tag" && n.name === "img") {
      const alt = n.attribs?.alt?.trim();
      if (alt) alts.push(alt);
      continue;
    }
    const kids = n.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return alts.join(" ");
}

function linkTarget(href: string | undefined): string | null {
  const h = href?.trim() ?? "";
  if (h === "" || h.startsWith("#") || /^javascript:/i.test(h)) return null;
  return h;
}

/** Writes a link from the words its children wrote into `inner`. */
function writeLink(node: DomNode, inner: Writer, w: Writer): void {
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

type ListState = { ordered: boolean; n: number };
/**
 * A node to visit (with the lists it sits in), the end of a link (its words were written into a
 * writer of their own), or the end of a block (its closing break). Plain records, not closures:
 * this runs once per node of documents with hundreds of thousands of them.
 */
type Step =
  | { kind: 0; node: DomNode; lists: ListState[] }
  | { kind: 1; node: DomNode; inner: Writer }
  | { kind: 2; writer: Writer; lines: number; cell: boolean };

/**
 * Depth-first over the tree with an explicit stack (documents can nest far deeper than the call
 * stack allows). Each element writes its opening breaks, its children, then its closing breaks;
 * a link's children write into a writer of their own, which becomes the link's label.
 */
function writeTree(root: DomNode, out: Writer): void {
  const writers: Writer[] = [out];
  const stack: Step[] = [{ kind: 0, node: root, lists: [] }];
  const pushChildren = (node: DomNode, lists: ListState[]) => {
    const kids = node.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ kind: 0, node: kids[i], lists });
  };
  while (stack.length) {
    const step = stack.pop()!;
    if (step.kind === 1) {
      writers.pop();
      writeLink(step.node, step.inner, writers[writers.length - 1]);
      continue;
    }
    if (step.kind === 2) {
      if (step.lines) step.writer.block(step.lines);
      if (step.cell) step.writer.space();
      continue;
    }
    const { node, lists } = step;
    const writer = writers[writers.length - 1];
    if (node.type === "text") {
      writer.text(node.data ?? "");
      continue;
    }
    if (node.type === "root") {
      pushChildren(node, lists);
      continue;
    }
    if (node.type !== "tag") continue; // comments (incl. MSO-only markup), scripts, styles, directives
    const name = node.name ?? "";
    if (SKIP_TAGS.has(name) || isHidden(node)) continue;
    if (name === "br") {
      writer.block(1);
      continue;
    }
    if (name === "a") {
      const inner = new Writer();
      writers.push(inner);
      stack.push({ kind: 1, node, inner });
      pushChildren(node, []);
      continue;
    }
    const cell = name === "td" || name === "th";
    if (cell) writer.space();
    const lines = PARAGRAPH_TAGS.has(name) ? 2 : LINE_TAGS.has(name) ? 1 : 0;
    if (lines) writer.block(lines);
    let inner = lists;
    if (name === "ul" || name === "ol") inner = [...lists, { ordered: name === "ol", n: 0 }];
    if (name === "li") {
      const list = lists[lists.length - 1];
      if (list?.ordered) {
        list.n += 1;
        writer.text(`${list.n}. `);
      } else {
        writer.text("- ");
      }
    }
    if (lines || cell) stack.push({ kind: 2, writer, lines, cell });
    pushChildren(node, inner);
  }
}

/** Nesting past which a document is read without its tree (see flatText). */
const TREE_MAX_DEPTH = 1000;

/**
 * The words of a document too deeply nested for a tree: text outside skipped elements, a line
 * break at each block boundary, read by htmlparser2's tokenizer alone (its Parser keeps an
 * open-element stack that costs O(depth) per tag). No document a person wrote gets here.
 */
function flatText(html: string): string {
  const w = new Writer();
  let skipping = 0;
  let text = "";
  const flush = () => {
    if (text && skipping === 0) w.text(text);
    text = "";
  };
  const tag = (start: number, end: number, closing: boolean) => {
    flush();
    const name = html.slice(start, end).toLowerCase();
    if (SKIP_TAGS.has(name)) skipping = Math.max(0, skipping + (closing ? -1 : 1));
    else if (name === "br" || PARAGRAPH_TAGS.has(name) || LINE_TAGS.has(name)) w.block(1);
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => void (text += html.slice(start, end)),
      ontextentity: (codepoint) => void (text += String.fromCodePoint(codepoint)),
      onopentagname: (start, end) => tag(start, end, false),
      onclosetag: (start, end) => tag(start, end, true),
      onattribname() {},
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      onopentagend() {},
      onselfclosingtag() {},
      oncomment: flush,
      oncdata: flush,
      ondeclaration: flush,
      onprocessinginstruction: flush,
      onend: flush,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return w.out;
}

/**
 * Readable plain text for the `text/plain` part: the preheader first (it is first in the body),
 * headings and paragraphs separated by blank lines, list items as `- item` / `1. item`, links as
 * `text (url)`. Styles, scripts, comments (so MSO-only markup), hidden elements and the
 * interactive block `.kx-int` (its static twin `.kx-fb` carries the same words) are left out.
 */
export function htmlToText(html: string): string {
  const doc = parseDocumentWithin(html, TREE_MAX_DEPTH);
  let out: string;
  if (doc) {
    const w = new Writer();
    writeTree(doc as unknown as DomNode, w);
    out = w.out;
  } else {
    out = flatText(html);
  }
  return out
    .split("\n")
    .map((l) => l.replace(/[ \t]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
