import type { CssDecl } from "~/domain/html/css";
import { declValue, pxValue } from "~/domain/html/css";
import { luminance } from "~/domain/blueprint/color";
import { type DomElement, closest, hasClass, isElement } from "~/domain/html/dom";
import { type EmailDoc, tagged } from "~/domain/html/parse";
import { contrast } from "../color";
import { isButton } from "../buttons";
import { type Computed, computedStyles } from "../computed";
import { type CheckTable, examples, fail, pass } from "./types";

export const MIN_CONTRAST = 4.5;
export const MIN_FONT_PX = 14;
export const MIN_TAP_PX = 44;

function verticalPadding(decls: CssDecl[]): number {
  let top = 0;
  let bottom = 0;
  const short = declValue(decls, "padding");
  if (short) {
    const parts = short
      .trim()
      .split(/\s+/)
      .map((p) => pxValue(p) ?? 0);
    top = parts[0] ?? 0;
    bottom = parts[2] ?? parts[0] ?? 0;
  }
  top = pxValue(declValue(decls, "padding-top")) ?? top;
  bottom = pxValue(declValue(decls, "padding-bottom")) ?? bottom;
  return top + bottom;
}

function lineHeight(c: Computed): number {
  const v = declValue(c.decls, "line-height")?.trim();
  if (!v) return c.fontSize * 1.2;
  const px = /px$/i.test(v) ? pxValue(v) : null;
  if (px !== null) return px;
  if (/^[\d.]+$/.test(v)) return parseFloat(v) * c.fontSize;
  if (/%$/.test(v)) return (parseFloat(v) * c.fontSize) / 100;
  return c.fontSize * 1.2;
}

function buttonHeight(a: DomElement, computed: Map<DomElement, Computed>): number {
  const c = computed.get(a)!;
  const own = Math.max(pxValue(declValue(c.decls, "height")) ?? 0, lineHeight(c)) + verticalPadding(c.decls);
  const cell = closest(a, (e) => e.name === "td");
  if (!cell || cell.children.filter(isElement).length !== 1) return own;
  const cc = computed.get(cell);
  const cellHeight = Math.max(pxValue(cell.attribs.height) ?? 0, pxValue(declValue(cc?.decls ?? [], "height")) ?? 0);
  return Math.max(cellHeight, own + (cc ? verticalPadding(cc.decls) : 0));
}

/** A design that is dark already needs no dark-mode overrides, only the color-scheme meta. */
function isDarkDesign(doc: EmailDoc): boolean {
  const computed = computedStyles(doc);
  const container = doc.elements.find((e) => e.name === "table" && e.attribs.class && hasClass(e, "kx-container")) ?? doc.body;
  const c = container ? computed.get(container) : undefined;
  return !!c && luminance(c.background) < 0.2;
}

export const readabilityChecks: CheckTable = {
  contrast: ({ doc }) => {
    const computed = computedStyles(doc);
    const low = new Map<string, number>();
    let seen = 0;
    for (const t of doc.texts) {
      if (!t.data.trim()) continue;
      const parent = t.parent as DomElement | null;
      const c = parent ? computed.get(parent) : undefined;
      if (!c || c.hidden || c.interactive) continue;
      seen++;
      const ratio = contrast(c.color, c.background);
      if (ratio < MIN_CONTRAST) low.set(`${c.color} on ${c.background} (${ratio.toFixed(2)}:1)`, ratio);
    }
    if (!seen) return fail("No visible text to read");
    return low.size
      ? fail(`${low.size} colour pair(s) below ${MIN_CONTRAST}:1: ${examples([...low.keys()])}`)
      : pass(`All text and buttons at least ${MIN_CONTRAST}:1`);
  },

  "font-size": ({ doc }) => {
    const computed = computedStyles(doc);
    const small = new Set<string>();
    let seen = 0;
    for (const t of doc.texts) {
      if (!t.data.trim()) continue;
      const parent = t.parent as DomElement | null;
      const c = parent ? computed.get(parent) : undefined;
      if (!c || c.hidden || c.interactive || c.smallPrint) continue;
      seen++;
      if (c.fontSize < MIN_FONT_PX - 0.01) small.add(`${Math.round(c.fontSize * 10) / 10}px "${t.data.trim().slice(0, 30)}"`);
    }
    if (!seen) return fail("No visible body text");
    return small.size
      ? fail(`${small.size} text run(s) under ${MIN_FONT_PX}px: ${examples([...small])}`)
      : pass(`Body text at least ${MIN_FONT_PX}px`);
  },

  "tap-targets": ({ doc }) => {
    const computed = computedStyles(doc);
    const buttons = tagged(doc, "a").filter((a) => isButton(a, computed));
    if (!buttons.length) return pass("No buttons");
    const short = buttons
      .map((a) => ({ a, h: buttonHeight(a, computed) }))
      .filter(({ h }) => h < MIN_TAP_PX)
      .map(
        ({ a, h }) =>
          `"${a.children
            .map((c) => (c.type === "text" ? c.data : ""))
            .join("")
            .trim()
            .slice(0, 24)}" ${Math.round(h)}px`,
      );
    return short.length
      ? fail(`${short.length} button(s) under ${MIN_TAP_PX}px tall: ${examples(short)}`)
      : pass(`${buttons.length} button(s) at least ${MIN_TAP_PX}px tall`);
  },

  "dark-mode": ({ doc }) => {
    const meta = tagged(doc, "meta").find((m) => (m.attribs.name ?? "").toLowerCase() === "color-scheme");
    const missing: string[] = [];
    if (!meta || !/dark/i.test(meta.attribs.content ?? "")) missing.push('<meta name="color-scheme" content="light dark">');
    const darkRules = doc.rules.some(
      (r) => r.atRules.some((a) => /prefers-color-scheme\s*:\s*dark/i.test(a)) || /\[data-ogs[cb]\]/.test(r.selector),
    );
    if (!darkRules && !isDarkDesign(doc)) missing.push("@media (prefers-color-scheme: dark) styles");
    return missing.length ? fail(`Missing ${missing.join(" and ")}`) : pass("color-scheme meta and dark styles present");
  },
};
