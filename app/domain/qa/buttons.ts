import { declValue } from "~/domain/html/css";
import { type DomElement, classList, isElement } from "~/domain/html/dom";
import { textOf } from "~/domain/html/text";
import type { Computed } from "./computed";

const BUTTON_CLASS = /(^|-)(btn|button|cta)($|-)/i;

/** A link drawn as a button (hidden or not): a fill of its own, a filled cell around it, or a button class. */
export function looksLikeButton(a: DomElement, computed: Map<DomElement, Computed>): boolean {
  if (classList(a).some((cl) => BUTTON_CLASS.test(cl)) || a.attribs.role === "button") return true;
  const c = computed.get(a);
  if (c && (declValue(c.decls, "background-color") || declValue(c.decls, "background"))) return true;
  const cell = a.parent && isElement(a.parent as DomElement) ? (a.parent as DomElement) : null;
  return !!cell && cell.name === "td" && cell.attribs.bgcolor !== undefined && cell.children.filter(isElement).length === 1;
}

/** A button a reader sees in the full view (the small print's links are not buttons). */
export function isButton(a: DomElement, computed: Map<DomElement, Computed>): boolean {
  const c = computed.get(a);
  if (!c || c.hidden || c.smallPrint) return false;
  return looksLikeButton(a, computed);
}

/** A button's words, for a message that names it. */
export function buttonLabel(a: DomElement): string {
  const t = textOf(a).trim();
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}
