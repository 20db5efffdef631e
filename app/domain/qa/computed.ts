import type { CssDecl } from "~/domain/html/css";
import { declValue, parseInlineStyle, pxValue } from "~/domain/html/css";
import { type DomElement, type DomNode, classList, isElement } from "~/domain/html/dom";
import type { EmailDoc } from "~/domain/html/parse";
import { backgroundColor, parseColor } from "./color";

/** What a reader's client would use for an element, from inline styles and simple <style> rules. */
export interface Computed {
  decls: CssDecl[];
  color: string;
  background: string;
  fontSize: number;
  hidden: boolean;
  interactive: boolean;
  smallPrint: boolean;
}

const DEFAULT_LINK = "#0000ee";
const ROOT: Computed = {
  decls: [],
  color: "#000000",
  background: "#ffffff",
  fontSize: 16,
  hidden: false,
  interactive: false,
  smallPrint: false,
};

const SMALL_PRINT = ["kx-footer", "kx-vib", "kx-preheader"];

function simpleRuleIndex(doc: EmailDoc) {
  const byTag = new Map<string, CssDecl[]>();
  const byClass = new Map<string, CssDecl[]>();
  for (const rule of doc.rules) {
    if (!rule.simple || rule.atRules.length || rule.interactive) continue;
    for (const s of rule.simple) {
      if (s.classes.length === 1 && !s.tag) {
        byClass.set(s.classes[0], [...(byClass.get(s.classes[0]) ?? []), ...rule.declarations]);
      } else if (s.tag && !s.classes.length) {
        byTag.set(s.tag, [...(byTag.get(s.tag) ?? []), ...rule.declarations]);
      }
    }
  }
  return { byTag, byClass };
}

function fontSize(value: string | undefined, parent: number): number {
  if (!value) return parent;
  const px = pxValue(value);
  if (px !== null) return px;
  const m = /^\s*([\d.]+)\s*(em|rem|%)\s*$/i.exec(value);
  if (m) {
    const n = parseFloat(m[1]);
    const unit = m[2].toLowerCase();
    return unit === "%" ? (parent * n) / 100 : unit === "rem" ? 16 * n : parent * n;
  }
  const keywords: Record<string, number> = {
    small: 13,
    smaller: parent / 1.2,
    medium: 16,
    large: 18,
    larger: parent * 1.2,
    "x-small": 10,
    "xx-small": 9,
  };
  return keywords[value.trim().toLowerCase()] ?? parent;
}

function isHidden(el: DomElement, decls: CssDecl[]): boolean {
  if (el.attribs.hidden !== undefined) return true;
  const display = declValue(decls, "display");
  if (display && display.trim().toLowerCase() === "none") return true;
  const maxHeight = declValue(decls, "max-height");
  const overflow = declValue(decls, "overflow");
  if (maxHeight !== undefined && pxValue(maxHeight) === 0 && overflow?.trim() === "hidden") return true;
  return false;
}

const cache = new WeakMap<EmailDoc, Map<DomElement, Computed>>();

/** One walk over the body, parents before children, so each element inherits in O(1). */
export function computedStyles(doc: EmailDoc): Map<DomElement, Computed> {
  const hit = cache.get(doc);
  if (hit) return hit;
  const out = new Map<DomElement, Computed>();
  cache.set(doc, out);
  if (!doc.body && !doc.elements.length) return out;
  const { byTag, byClass } = simpleRuleIndex(doc);
  interface Own {
    decls: CssDecl[];
    color: string | null;
    background: string | null;
    fontSize: string | undefined;
    hides: boolean;
    interactive: boolean;
    smallPrint: boolean;
  }
  // Emails repeat the same tag/class/style combinations hundreds of times: read each once.
  const owns = new Map<string, Own>();
  function own(el: DomElement): Own {
    const a = el.attribs;
    const key = `${el.name}\u0001${a.class ?? ""}\u0001${a.style ?? ""}\u0001${a.bgcolor ?? ""}\u0001${a.color ?? ""}\u0001${a.hidden ?? "-"}`;
    const hit = owns.get(key);
    if (hit) return hit;
    const inline = parseInlineStyle(a.style);
    let decls = inline;
    const tagRules = byTag.get(el.name);
    const cls = a.class ? classList(el) : [];
    if (tagRules || cls.length) {
      const fromRules: CssDecl[] = [...(tagRules ?? [])];
      for (const c of cls) {
        const r = byClass.get(c);
        if (r) fromRules.push(...r);
      }
      if (fromRules.length) decls = [...fromRules, ...inline];
    }
    let color = parseColor(declValue(decls, "color")) ?? parseColor(el.name === "font" ? a.color : undefined);
    if (!color && el.name === "a") color = DEFAULT_LINK;
    const o: Own = {
      decls,
      color,
      background:
        parseColor(declValue(decls, "background-color")) ?? backgroundColor(declValue(decls, "background")) ?? parseColor(a.bgcolor),
      fontSize: declValue(decls, "font-size"),
      hides: isHidden(el, decls),
      interactive: cls.includes("kx-int"),
      smallPrint: SMALL_PRINT.some((c) => cls.includes(c)) || el.name === "small" || el.name === "sup",
    };
    owns.set(key, o);
    return o;
  }
  function compute(el: DomElement, parent: Computed): Computed {
    const o = own(el);
    return {
      decls: o.decls,
      color: o.color ?? parent.color,
      background: o.background ?? parent.background,
      fontSize: o.fontSize === undefined ? parent.fontSize : fontSize(o.fontSize, parent.fontSize),
      hidden: parent.hidden || o.hides,
      interactive: parent.interactive || o.interactive,
      smallPrint: parent.smallPrint || o.smallPrint,
    };
  }
  const bodyRoot = doc.body ?? doc.document;
  const stack: [DomNode, Computed][] = [];
  for (let i = bodyRoot.children.length - 1; i >= 0; i--) stack.push([bodyRoot.children[i], ROOT]);
  const rootComputed = doc.body ? compute(doc.body, ROOT) : ROOT;
  if (doc.body) {
    out.set(doc.body, rootComputed);
    stack.length = 0;
    for (let i = doc.body.children.length - 1; i >= 0; i--) stack.push([doc.body.children[i], rootComputed]);
  }
  while (stack.length) {
    const [n, parent] = stack.pop()!;
    if (!isElement(n)) continue;
    const c = compute(n, parent);
    out.set(n, c);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], c]);
  }
  return out;
}
