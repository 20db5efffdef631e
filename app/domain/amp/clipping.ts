// Horizontal clipping at a phone width, computed rather than rendered: AMP sizes components from
// their layout attributes, so a carousel's width follows from `layout` + width/height and the
// width its containers leave it (their px widths and horizontal padding in <style amp-custom>).
import type * as csstree from "css-tree";
import { cssTree } from "~/domain/html/css-tree";
import { classList, isElement, parseAmp, textOf, allElements, type AmpElement, type AmpRoot } from "./dom";

export const CLIPPING_VIEWPORT = 360;

export interface ClippingBlock {
  component: string;
  /** Rendered width in px at the viewport. */
  width: number;
  /** Width its container leaves it, in px. */
  available: number;
  clipped: boolean;
  overflowPx: number;
  layout: string;
}

export interface AmpClipping {
  viewport: number;
  ok: boolean;
  blocks: ClippingBlock[];
}

type Box = { width?: string; maxWidth?: string; minWidth?: string; padLeft?: string; padRight?: string; display?: string };

interface ClassRule {
  cls: string;
  box: Box;
}

function px(value: string | undefined, relativeTo: number): number | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  let m = /^(-?\d+(?:\.\d+)?)(px)?$/.exec(v);
  if (m) return Number(m[1]);
  m = /^(-?\d+(?:\.\d+)?)%$/.exec(v);
  if (m) return (Number(m[1]) / 100) * relativeTo;
  return null;
}

function boxFromDeclarations(decls: { property: string; value: string }[]): Box {
  const box: Box = {};
  for (const { property, value } of decls) {
    const p = property.toLowerCase();
    if (p === "width") box.width = value;
    else if (p === "max-width") box.maxWidth = value;
    else if (p === "min-width") box.minWidth = value;
    else if (p === "padding-left") box.padLeft = value;
    else if (p === "padding-right") box.padRight = value;
    else if (p === "display") box.display = value.trim();
    else if (p === "padding") {
      const parts = value.trim().split(/\s+/);
      box.padRight = parts[1] ?? parts[0];
      box.padLeft = parts[3] ?? parts[1] ?? parts[0];
    }
  }
  return box;
}

function declarationsOf(block: csstree.CssNode): { property: string; value: string }[] {
  const out: { property: string; value: string }[] = [];
  cssTree().walk(block, {
    visit: "Declaration",
    enter(d) {
      out.push({ property: d.property, value: cssTree().generate(d.value) });
    },
  });
  return out;
}

/** Whether a media prelude applies at this viewport width (width features only; others do not). */
function mediaApplies(prelude: string, viewport: number): boolean {
  const conditions = [...prelude.matchAll(/\((min|max)-(?:device-)?width\s*:\s*(\d+(?:\.\d+)?)px\s*\)/gi)];
  if (!conditions.length) return false;
  return conditions.every(([, kind, n]) => (kind.toLowerCase() === "max" ? viewport <= Number(n) : viewport >= Number(n)));
}

/** Single-class rules of the stylesheet, in cascade order, that apply at the viewport. */
function classRules(css: string, viewport: number): ClassRule[] {
  const rules: ClassRule[] = [];
  let ast: csstree.CssNode;
  try {
    ast = cssTree().parse(css);
  } catch {
    return rules;
  }
  const takeRule = (rule: csstree.Rule) => {
    const box = boxFromDeclarations(declarationsOf(rule.block));
    if (!Object.keys(box).length) return;
    cssTree().walk(rule.prelude, {
      visit: "Selector",
      enter(sel) {
        const parts = sel.children.toArray();
        if (parts.length === 1 && parts[0].type === "ClassSelector") rules.push({ cls: parts[0].name, box });
      },
    });
  };
  if (ast.type !== "StyleSheet") return rules;
  for (const node of ast.children.toArray()) {
    if (node.type === "Rule") takeRule(node);
    else if (node.type === "Atrule" && node.name.toLowerCase() === "media" && node.prelude && node.block) {
      if (!mediaApplies(cssTree().generate(node.prelude), viewport)) continue;
      for (const inner of node.block.children.toArray()) if (inner.type === "Rule") takeRule(inner);
    }
  }
  return rules;
}

function effectiveBox(el: AmpElement, rules: ClassRule[]): Box {
  const classes = new Set(classList(el));
  const box: Box = {};
  for (const r of rules) if (classes.has(r.cls)) Object.assign(box, r.box);
  if (el.attribs.style) {
    const decls = el.attribs.style
      .split(";")
      .map((d) => d.split(":"))
      .filter((d) => d.length >= 2)
      .map(([p, ...v]) => ({
        property: p.trim(),
        value: v
          .join(":")
          .replace(/!important/i, "")
          .trim(),
      }));
    Object.assign(box, boxFromDeclarations(decls));
  }
  return box;
}

function layoutOf(el: AmpElement): string {
  if (el.attribs.layout) return el.attribs.layout;
  const w = px(el.attribs.width, 0);
  const h = px(el.attribs.height, 0);
  if (w !== null && h !== null) return "fixed";
  if (h !== null) return "fixed-height";
  return "container";
}

/**
 * Measures every amp-carousel and every fixed-width block of an AMP email at a phone width.
 * `root`: the email already parsed (parseAmp), when the caller has it.
 */
export function ampClipping(ampHtml: string, viewport: number = CLIPPING_VIEWPORT, root: AmpRoot = parseAmp(ampHtml).root): AmpClipping {
  const css = allElements(root)
    .filter((e) => e.name === "style" && "amp-custom" in e.attribs)
    .map(textOf)
    .join("\n");
  const rules = classRules(css, viewport);
  const blocks: ClippingBlock[] = [];

  const visit = (el: AmpElement, available: number) => {
    if (["head", "script", "style", "template", "amp-state"].includes(el.name)) return;
    const box = effectiveBox(el, rules);
    if (box.display === "none") return;
    const isAmp = el.name.startsWith("amp-");
    let width = available;
    let fixedWidth = false;
    let layout = "";
    if (isAmp) {
      layout = layoutOf(el);
      const attrWidth = px(el.attribs.width, available);
      if (layout === "nodisplay") return; // off-canvas (amp-sidebar) or hidden
      if (layout === "fixed" && attrWidth !== null) {
        width = attrWidth;
        fixedWidth = true;
      } else if (layout === "intrinsic" && attrWidth !== null) {
        width = Math.min(attrWidth, available);
      }
    } else {
      const cssWidth = px(box.width, available);
      const attrWidth = /^(table|td|th|div)$/.test(el.name) ? px(el.attribs.width, available) : null;
      if (cssWidth !== null) {
        width = cssWidth;
        fixedWidth = !/%$/.test(box.width ?? "");
      } else if (attrWidth !== null) {
        width = attrWidth;
        fixedWidth = !/%$/.test(el.attribs.width ?? "");
      }
    }
    const maxW = px(box.maxWidth, available);
    if (maxW !== null) width = Math.min(width, maxW);
    const minW = px(box.minWidth, available);
    if (minW !== null && minW > width) {
      width = minW;
      fixedWidth = true;
    }
    width = Math.round(width);
    if (el.name === "amp-carousel" || (fixedWidth && width > 0)) {
      const overflowPx = Math.max(0, Math.round(width - available));
      blocks.push({
        component: el.name,
        width,
        available: Math.round(available),
        clipped: overflowPx > 0,
        overflowPx,
        layout: layout || "css",
      });
    }
    const inner = Math.max(0, width - (px(box.padLeft, width) ?? 0) - (px(box.padRight, width) ?? 0));
    for (const c of el.children) if (isElement(c)) visit(c, inner);
  };

  const body = allElements(root).find((e) => e.name === "body");
  for (const c of (body ?? root).children) if (isElement(c)) visit(c, viewport);
  return { viewport, ok: blocks.every((b) => !b.clipped), blocks };
}
