import { declValue, parseInlineStyle } from "./css";
import { type DomElement, closest, hasClass, isElement } from "./dom";
import { type EmailDoc, tagged } from "./parse";

/** Shared readings of docs/email-markup.md, used by both the auto-fixes and the QA checks. */

export const MAX_CONTAINER_PX = 640;
export const UNSAFE_TAGS = ["script", "iframe", "object", "embed", "applet", "frame", "frameset", "base"] as const;

/** The hidden preheader: `.kx-preheader`, or a hidden element opening the body. */
export function findPreheader(doc: EmailDoc): DomElement | null {
  const marked = doc.elements.find((e) => e.attribs.class && hasClass(e, "kx-preheader"));
  if (marked) return marked;
  const first = doc.body?.children.find(isElement);
  if (first && declValue(parseInlineStyle(first.attribs.style), "display")?.trim() === "none") return first;
  return null;
}

/** Tables that hold data (headers or a caption) keep their semantics; all others are layout. */
export function isDataTable(doc: EmailDoc, table: DomElement): boolean {
  if (table.children.some((c) => c.type === "tag" && c.name === "caption")) return true;
  return tagged(doc, "th").some((th) => closest(th, (e) => e.name === "table") === table);
}

export function isExternalStylesheet(el: DomElement): boolean {
  return el.name === "link" && /(^|\s)stylesheet(\s|$)/i.test(el.attribs.rel ?? "");
}

export function isEmptyHref(href: string | undefined): boolean {
  if (href === undefined) return true;
  const h = href.trim();
  return h === "" || h === "#" || /^javascript:/i.test(h);
}
