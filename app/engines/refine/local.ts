import { contrastRatio } from "~/domain/blueprint/color";
import { declValue, parseInlineStyle, serializeInlineStyle } from "~/domain/html/css";
import {
  closest,
  descendants,
  detach,
  fragment,
  hasClass,
  insertAfter,
  insertBefore,
  isElement,
  type DomElement,
  type DomNode,
  type DomParent,
} from "~/domain/html/dom";
import { parseEmail, type EmailDoc } from "~/domain/html/parse";
import { serializeDocument } from "~/domain/html/serialize";
import { normalizeText, textOf } from "~/domain/html/text";
import { estimateUsage } from "../prompts/usage";
import { parseInstructions, type Edit } from "./grammar";
import type { RefineEngine, RefineOutcome, RefineResult } from "./port";

type Applied = { ok: true; summary: string } | { ok: false; reason: string };

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function hexNorm(tok: string): string {
  const h = tok.toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}

/** Replaces one colour everywhere a colour can be: inline styles, bgcolor/color attributes, <style> text. */
function swapColour(doc: EmailDoc, from: string, to: string): number {
  let count = 0;
  const swap = (value: string) =>
    value.replace(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g, (tok) => {
      if (hexNorm(tok) !== from) return tok;
      count++;
      return to;
    });
  for (const el of doc.elements) {
    for (const attr of ["style", "bgcolor", "color", "fill", "stroke"]) {
      const v = el.attribs[attr];
      if (v) el.attribs[attr] = swap(v);
    }
  }
  for (const { element } of doc.styleSheets) {
    for (const child of element.children) if (child.type === "text") child.data = swap(child.data);
  }
  return count;
}

function setStyle(el: DomElement, property: string, value: string): void {
  const decls = parseInlineStyle(el.attribs.style).filter((d) => d.property !== property);
  decls.push({ property, value, important: false });
  el.attribs.style = serializeInlineStyle(decls);
}

function colourOf(el: DomElement | undefined, property: string): string | undefined {
  if (!el) return undefined;
  const v = declValue(parseInlineStyle(el.attribs.style), property) ?? (property === "background-color" ? el.attribs.bgcolor : undefined);
  const m = v ? /#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/.exec(v) : null;
  return m ? hexNorm(m[0]) : undefined;
}

function setText(el: DomElement, text: string): void {
  for (const c of [...el.children]) detach(c);
  el.children.push(...fragment(esc(text)));
  for (const c of el.children) c.parent = el;
}

/** Buttons: the renderer's `a.kx-btn`, else links that look like buttons in other HTML. */
function buttons(doc: EmailDoc): DomElement[] {
  const anchors = doc.byTag.get("a") ?? [];
  const kx = anchors.filter((a) => hasClass(a, "kx-btn"));
  if (kx.length > 0) return kx;
  return anchors.filter(
    (a) =>
      /\b(?:btn|button|cta)\b/i.test(a.attribs.class ?? "") || Boolean(declValue(parseInlineStyle(a.attribs.style), "background-color")),
  );
}

function textEq(a: string, b: string): boolean {
  return normalizeText(a).toLowerCase() === normalizeText(b).toLowerCase();
}

function sections(doc: EmailDoc): DomElement[] {
  return doc.elements.filter((el) => el.name === "tr" && hasClass(el, "kx-section"));
}

function sectionHeading(row: DomElement): string {
  const h = descendants(row, (el) => /^h[1-3]$/.test(el.name))[0];
  return h ? normalizeText(textOf(h)) : "";
}

function findSection(doc: EmailDoc, match: string): DomElement | undefined {
  const want = normalizeText(match).toLowerCase();
  const rows = sections(doc);
  return (
    rows.find(
      (r) => (r.attribs["data-kx-role"] ?? "").toLowerCase() === want || (r.attribs["data-kx-section"] ?? "").toLowerCase() === want,
    ) ??
    rows.find((r) => sectionHeading(r).toLowerCase() === want) ??
    rows.find((r) => want.length >= 4 && sectionHeading(r).toLowerCase().startsWith(want))
  );
}

function replaceInText(doc: EmailDoc, from: string, to: string): number {
  let count = 0;
  for (const t of doc.texts) {
    if (!t.data.includes(from)) continue;
    const parts = t.data.split(from);
    count += parts.length - 1;
    t.data = parts.join(to);
  }
  // Alt and title text are words too (shown when images are off).
  for (const el of doc.elements) {
    for (const attr of ["alt", "title"]) {
      const v = el.attribs[attr];
      if (v && v.includes(from)) {
        count += v.split(from).length - 1;
        el.attribs[attr] = v.split(from).join(to);
      }
    }
  }
  return count;
}

function applyEdit(doc: EmailDoc, edit: Edit): Applied {
  switch (edit.kind) {
    case "replaceText": {
      const n = replaceInText(doc, edit.from, edit.to);
      return n > 0
        ? { ok: true, summary: `Replaced "${edit.from}" with "${edit.to}" (${n}×)` }
        : { ok: false, reason: `The text "${edit.from}" does not appear in the email (it may be split by formatting)` };
    }
    case "headline": {
      const h = (doc.byTag.get("h1") ?? [])[0] ?? (doc.byTag.get("h2") ?? [])[0];
      if (!h) return { ok: false, reason: "The email has no headline (h1 or h2)" };
      const old = normalizeText(textOf(h));
      // The same words may also sit in a module's static fallback; change those copies too.
      const extra = old ? replaceInText(doc, old, edit.to) : 0;
      setText(h, edit.to);
      return { ok: true, summary: `Headline changed to "${edit.to}"${extra > 1 ? ` (and ${extra - 1} other copies)` : ""}` };
    }
    case "subject": {
      const title = (doc.byTag.get("title") ?? [])[0];
      if (!title) return { ok: false, reason: "The email has no <title> to hold the subject" };
      setText(title, edit.to);
      return { ok: true, summary: `Subject changed to "${edit.to}"` };
    }
    case "preheader": {
      const pre = doc.elements.find((el) => hasClass(el, "kx-preheader"));
      if (!pre) return { ok: false, reason: "The email has no preheader block (.kx-preheader)" };
      const text = textOf(pre);
      // Keep the invisible filler that follows the preheader so the inbox preview stays clean.
      const fillAt = text.search(/[\u034f\u200c]/);
      const fill = fillAt >= 0 ? text.slice(fillAt) : "";
      for (const c of [...pre.children]) detach(c);
      pre.children.push(...fragment(esc(edit.to) + esc(fill)));
      for (const c of pre.children) c.parent = pre;
      return { ok: true, summary: `Preheader changed to "${edit.to}"` };
    }
    case "buttonColor": {
      const list = buttons(doc);
      if (list.length === 0) return { ok: false, reason: "The email has no buttons" };
      for (const a of list) recolourButton(a, edit.color);
      return { ok: true, summary: `${list.length} button${list.length === 1 ? "" : "s"} recoloured to ${edit.color}` };
    }
    case "recolor": {
      let from: string | undefined;
      if (typeof edit.target === "object") from = edit.target.hex;
      else if (edit.target === "primary") {
        const a = buttons(doc)[0];
        const cell = a ? (closest(a, (el) => el.name === "td") ?? undefined) : undefined;
        from =
          (cell && hasClass(cell, "kx-btn-cell") ? colourOf(cell, "background-color") : undefined) ??
          colourOf(a, "border-color") ??
          (a ? /#[0-9a-fA-F]{3,6}\b/.exec(declValue(parseInlineStyle(a.attribs.style), "border") ?? "")?.[0] : undefined);
        from = from ? hexNorm(from) : undefined;
      } else if (edit.target === "background") {
        from = colourOf(doc.body ?? undefined, "background-color") ?? colourOf(doc.body ?? undefined, "background");
      } else if (edit.target === "text") {
        const p = doc.elements.find(
          (el) => (el.name === "p" || el.name === "td") && colourOf(el, "color") && normalizeText(textOf(el)).length > 20,
        );
        from = colourOf(p, "color");
      } else {
        const probe = doc.rules.find((r) => /accent/.test(r.selector));
        const value = probe ? (declValue(probe.declarations, "color") ?? declValue(probe.declarations, "background-color")) : undefined;
        const hex = value ? /#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/.exec(value)?.[0] : undefined;
        from = hex ? hexNorm(hex) : undefined;
      }
      const label = typeof edit.target === "object" ? edit.target.hex : `the ${edit.target} colour`;
      if (!from) return { ok: false, reason: `Could not find ${label} in the email` };
      if (from === edit.color) return { ok: false, reason: `${label} is already ${edit.color}` };
      const n = swapColour(doc, from, edit.color);
      if (n === 0) return { ok: false, reason: `The colour ${from} does not appear in the email` };
      if (edit.target === "primary") for (const a of buttons(doc)) fixButtonText(a);
      return { ok: true, summary: `Recoloured ${label} (${from}) to ${edit.color} in ${n} place${n === 1 ? "" : "s"}` };
    }
    case "ctaLabel": {
      const list = buttons(doc);
      if (list.length === 0) return { ok: false, reason: "The email has no buttons" };
      const targets = edit.which ? list.filter((a) => textEq(textOf(a), edit.which!)) : sameAsFirst(list);
      if (targets.length === 0) return { ok: false, reason: `No button says "${edit.which}"` };
      for (const a of targets) setText(a, edit.to);
      return { ok: true, summary: `Button label changed to "${edit.to}" (${targets.length}×)` };
    }
    case "ctaLink": {
      const list = buttons(doc);
      if (list.length === 0) return { ok: false, reason: "The email has no buttons" };
      const targets = edit.which ? list.filter((a) => textEq(textOf(a), edit.which!)) : sameAsFirst(list);
      if (targets.length === 0) return { ok: false, reason: `No button says "${edit.which}"` };
      if (/^javascript:/i.test(edit.url)) return { ok: false, reason: "javascript: links are not allowed" };
      for (const a of targets) a.attribs.href = edit.url;
      return { ok: true, summary: `Button link changed to ${edit.url} (${targets.length}×)` };
    }
    case "removeSection": {
      const row = findSection(doc, edit.match);
      if (!row) {
        return {
          ok: false,
          reason:
            sections(doc).length === 0
              ? "The email has no marked sections (tr.kx-section) to remove"
              : `No section is called "${edit.match}" (by role or headline)`,
        };
      }
      const name = sectionHeading(row) || row.attribs["data-kx-role"] || edit.match;
      detach(row);
      return { ok: true, summary: `Removed the section "${name}"` };
    }
    case "addSection":
      return addSection(doc, edit);
  }
}

/** The first button and every other button with the same words and target (its fallback twin). */
function sameAsFirst(list: DomElement[]): DomElement[] {
  const first = list[0];
  const label = normalizeText(textOf(first));
  return list.filter((a) => a === first || (normalizeText(textOf(a)) === label && a.attribs.href === first.attribs.href));
}

function fixButtonText(a: DomElement): void {
  const cell = closest(a, (el) => el.name === "td");
  const bg = (cell ? colourOf(cell, "background-color") : undefined) ?? colourOf(a, "background-color");
  const outline = cell ? hasClass(cell, "kx-btn-outline") : false;
  if (!bg || outline) return;
  setStyle(a, "color", contrastRatio("#ffffff", bg) >= contrastRatio("#111111", bg) ? "#ffffff" : "#111111");
}

function recolourButton(a: DomElement, color: string): void {
  const cell = closest(a, (el) => el.name === "td");
  const outline = cell ? hasClass(cell, "kx-btn-outline") : false;
  if (outline) {
    setStyle(a, "color", color);
  } else {
    if (cell && (cell.attribs.bgcolor !== undefined || hasClass(cell, "kx-btn-cell"))) {
      cell.attribs.bgcolor = color;
      setStyle(cell, "background-color", color);
    }
    if (declValue(parseInlineStyle(a.attribs.style), "background-color") !== undefined || !cell || cell.attribs.bgcolor === undefined) {
      setStyle(a, "background-color", color);
    }
  }
  const border = declValue(parseInlineStyle(a.attribs.style), "border");
  if (border) setStyle(a, "border", border.replace(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/, color));
  if (!outline) setStyle(a, "color", contrastRatio("#ffffff", color) >= contrastRatio("#111111", color) ? "#ffffff" : "#111111");
}

function addSection(doc: EmailDoc, edit: Extract<Edit, { kind: "addSection" }>): Applied {
  const rows = sections(doc).filter((r) => r.attribs["data-kx-locked"] !== "true");
  if (rows.length === 0) return { ok: false, reason: "The email has no marked sections (tr.kx-section) to add one beside" };
  // Borrow the look of an existing section with a sub-heading, so the new one matches.
  const model = rows.find((r) => descendants(r, (el) => el.name === "h2").length > 0) ?? rows[rows.length - 1];
  const h2 = descendants(model, (el) => el.name === "h2")[0];
  const p = descendants(model, (el) => el.name === "p" && hasClass(el, "kx-text"))[0] ?? descendants(model, (el) => el.name === "p")[0];
  const td = descendants(model, (el) => el.name === "td" && hasClass(el, "kx-pad"))[0];
  const n = sections(doc).filter((r) => (r.attribs["data-kx-section"] ?? "").startsWith("added")).length + 1;
  const markup =
    `<tr class="kx-section" data-kx-section="added-${n}" data-kx-role="added">` +
    `<td class="${esc(td?.attribs.class ?? "kx-pad")}"${td?.attribs.bgcolor ? ` bgcolor="${esc(td.attribs.bgcolor)}"` : ""} style="${esc(td?.attribs.style ?? "padding:16px 32px")}">` +
    (edit.headline
      ? `<h2 class="${esc(h2?.attribs.class ?? "kx-text")}" style="${esc(h2?.attribs.style ?? "margin:0 0 12px 0")}">${esc(edit.headline)}</h2>`
      : "") +
    edit.body
      .split(/\n\s*\n/)
      .filter((x) => x.trim())
      .map(
        (para) =>
          `<p class="${esc(p?.attribs.class ?? "kx-text")}" style="${esc(p?.attribs.style ?? "margin:0 0 16px 0")}">${esc(para.trim())}</p>`,
      )
      .join("") +
    `</td></tr>`;
  const nodes = fragment(markup);
  let where = "at the end";
  if (edit.position === "top") {
    insertBefore(rows[0], nodes);
    where = "at the top";
  } else if (edit.position && typeof edit.position === "object") {
    const ref = findSection(doc, edit.position.match);
    if (!ref) return { ok: false, reason: `No section is called "${edit.position.match}" to add ${edit.position.where}` };
    (edit.position.where === "before" ? insertBefore : insertAfter)(ref, nodes);
    where = `${edit.position.where} "${edit.position.match}"`;
  } else {
    const all = sections(doc);
    insertAfter(all[all.length - 1], nodes);
  }
  return { ok: true, summary: `Added the section "${edit.headline}" ${where}` };
}

/** Applies the grammar of docs/refine.md to the HTML. Pure apart from the token estimate. */
/**
 * Instructions applied from one request. Each edit is followed by a walk of the whole document
 * (refreshIndexes), so the count is what bounds a refine's work; people give a handful.
 */
export const MAX_REFINE_INSTRUCTIONS = 20;

export function refineLocally(html: string, instructions: string): RefineOutcome {
  const doc = parseEmail(html);
  const applied: string[] = [];
  const notApplied: RefineOutcome["notApplied"] = [];
  const all = parseInstructions(instructions);
  for (const parsed of all.slice(0, MAX_REFINE_INSTRUCTIONS)) {
    if ("error" in parsed) {
      notApplied.push({ instruction: parsed.instruction, reason: parsed.error });
      continue;
    }
    const r = applyEdit(doc, parsed.edit);
    if (r.ok) applied.push(`${parsed.instruction} → ${r.summary}`);
    else notApplied.push({ instruction: parsed.instruction, reason: r.reason });
    refreshIndexes(doc);
  }
  if (all.length > MAX_REFINE_INSTRUCTIONS) {
    const rest = all.length - MAX_REFINE_INSTRUCTIONS;
    notApplied.push({
      instruction: `(${rest} more instruction${rest === 1 ? "" : "s"})`,
      reason: `At most ${MAX_REFINE_INSTRUCTIONS} instructions are applied per request; send the rest in another one`,
    });
  }
  return { html: applied.length > 0 ? serializeDocument(doc.document) : html, applied, notApplied };
}

/** Edits add and remove nodes; rebuild the element and text lists the next edit searches. */
function refreshIndexes(doc: EmailDoc): void {
  const elements: DomElement[] = [];
  const texts: EmailDoc["texts"] = [];
  const byTag = new Map<string, DomElement[]>();
  const stack: DomNode[] = [...doc.document.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "text") texts.push(n);
    if (!isElement(n)) continue;
    elements.push(n);
    const list = byTag.get(n.name);
    if (list) list.push(n);
    else byTag.set(n.name, [n]);
    if (n.name === "style") continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  doc.elements = elements;
  doc.texts = texts.filter((t) => {
    const parent = t.parent as DomParent | null;
    return !(parent && isElement(parent as DomNode) && (parent as DomElement).name === "style");
  });
  doc.byTag = byTag;
}

export class LocalRefineEngine implements RefineEngine {
  readonly kind = "local" as const;
  async refine(html: string, instructions: string): Promise<RefineResult> {
    const outcome = refineLocally(html, instructions);
    return { ok: true, ...outcome, usage: estimateUsage(`${instructions}\n${html}`, outcome.html) };
  }
}
