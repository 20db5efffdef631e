import { type DomElement, type DomNode, type DomParent, isElement } from "./dom";

// Elements whose boundaries separate words when a mail client lays them out.
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "center",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "label",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
  "button",
  "input",
  "option",
  "select",
  "textarea",
  "img",
]);

// Never rendered as words.
export const NON_TEXT = new Set(["script", "style", "head", "title", "template", "noscript", "iframe", "object", "embed", "applet"]);

/**
 * Normalises text for comparing words: entities are already decoded by the parser, so this
 * folds Unicode forms, invisible characters and every run of whitespace (nbsp included).
 */
export function normalizeText(s: string): string {
  return s
    .normalize("NFC")
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff\u034f]/g, "")
    .replace(/[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, " ")
    .trim();
}

/**
 * The words under `root` as a reader sees them: text nodes joined, blocks separated by a space.
 * `separates` marks more elements that end a word the way a block does (e.g. inline ones styled as boxes).
 */
export function textOf(
  root: DomParent | DomNode,
  skip?: (el: DomNode) => boolean,
  separates?: (el: DomElement) => boolean,
  blockMark = " ",
): string {
  const parts: string[] = [];
  const stack: (DomNode | string)[] = [];
  const kids = "children" in root ? root.children : [];
  for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n === "string") {
      parts.push(n);
      continue;
    }
    if (n.type === "text") parts.push(n.data);
    else if (isElement(n)) {
      if (NON_TEXT.has(n.name) || (skip && skip(n))) continue;
      if (BLOCK.has(n.name) || (separates && separates(n))) {
        parts.push(blockMark);
        stack.push(blockMark);
      }
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
  }
  return normalizeText(parts.join(""));
}
