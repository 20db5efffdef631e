import { declValue, parseInlineStyle, pxValue } from "~/domain/html/css";
import type { DomElement } from "~/domain/html/dom";
import { MAX_CONTAINER_PX, UNSAFE_TAGS, isDataTable, isEmptyHref, isExternalStylesheet } from "~/domain/html/markup";
import { tagged } from "~/domain/html/parse";
import { isDeadDestination } from "~/domain/blueprint/destinations";
import { buttonLabel, looksLikeButton } from "../buttons";
import { computedStyles } from "../computed";
import { type CheckTable, describe, examples, fail, pass } from "./types";

function widthPx(el: DomElement): number[] {
  const out: number[] = [];
  const attr = el.attribs.width;
  if (attr !== undefined && !attr.includes("%")) {
    const n = pxValue(attr);
    if (n !== null) out.push(n);
  }
  if (el.attribs.style) {
    const decls = parseInlineStyle(el.attribs.style);
    for (const p of ["width", "min-width"]) {
      const n = pxValue(declValue(decls, p));
      if (n !== null) out.push(n);
    }
  }
  return out;
}

function isContainer(el: DomElement): boolean {
  if (el.name !== "table" && el.name !== "div" && el.name !== "td") return false;
  const attr = el.attribs.width !== undefined && !el.attribs.width.includes("%") ? pxValue(el.attribs.width) : null;
  const style = el.attribs.style ? parseInlineStyle(el.attribs.style) : [];
  const maxW = pxValue(declValue(style, "max-width"));
  const w = maxW ?? attr ?? pxValue(declValue(style, "width"));
  return w !== null && w >= 280 && w <= MAX_CONTAINER_PX;
}

export const layoutChecks: CheckTable = {
  "presentation-tables": ({ doc }) => {
    const bad: string[] = [];
    const tables = tagged(doc, "table");
    for (const t of tables) {
      if (isDataTable(doc, t)) continue;
      const missing: string[] = [];
      if (t.attribs.role !== "presentation") missing.push("role");
      for (const a of ["cellpadding", "cellspacing", "border"]) if ((t.attribs[a] ?? "").trim() !== "0") missing.push(a);
      if (missing.length) bad.push(`${describe(t)} (${missing.join(", ")})`);
    }
    if (!tables.length) return fail("No layout tables: div layouts break in Outlook for Windows");
    return bad.length
      ? fail(`${bad.length} layout table(s) without role="presentation" or zero spacing: ${examples(bad)}`)
      : pass(`${tables.length} layout tables are presentational`);
  },

  "container-width": ({ doc }) => {
    const wide = doc.elements.filter((e) => widthPx(e).some((w) => w > MAX_CONTAINER_PX));
    if (wide.length) return fail(`${wide.length} element(s) wider than ${MAX_CONTAINER_PX} px: ${examples(wide.map(describe))}`);
    return doc.elements.some(isContainer) ? pass(`Container ≤ ${MAX_CONTAINER_PX} px`) : fail("No fixed-width container (280–640 px)");
  },

  "img-alt": ({ doc }) => {
    const bad = tagged(doc, "img").filter((i) => i.attribs.alt === undefined);
    return bad.length ? fail(`${bad.length} image(s) without alt: ${examples(bad.map(describe))}`) : pass("Every image has alt");
  },

  "img-dimensions": ({ doc }) => {
    const bad = tagged(doc, "img").filter((i) => {
      const decls = i.attribs.style ? parseInlineStyle(i.attribs.style) : [];
      const w = (i.attribs.width ?? "").trim() || declValue(decls, "width");
      const h = (i.attribs.height ?? "").trim() || declValue(decls, "height");
      return !w || !h;
    });
    return bad.length
      ? fail(`${bad.length} image(s) without width and height (layout jumps, Outlook shows them full size): ${examples(bad.map(describe))}`)
      : pass("Every image has width and height");
  },

  https: ({ doc }) => {
    const insecure: string[] = [];
    const check = (el: DomElement, attr: string) => {
      const v = (el.attribs[attr] ?? "").trim();
      if (/^http:\/\//i.test(v) || v.startsWith("//")) insecure.push(v.slice(0, 60));
    };
    for (const a of tagged(doc, "a")) check(a, "href");
    for (const i of tagged(doc, "img")) check(i, "src");
    for (const e of doc.elements) if (e.attribs.background !== undefined) check(e, "background");
    return insecure.length
      ? fail(`${insecure.length} insecure URL(s): ${examples(insecure)}`)
      : pass("All links and images use https (or placeholders)");
  },

  "no-empty-links": ({ doc }) => {
    const computed = computedStyles(doc);
    const links = tagged(doc, "a");
    // A call to action must lead somewhere real: not to the email's own hosted copy either.
    const deadButtons = links.filter(
      (a) =>
        (a.attribs.href !== undefined || a.attribs.name === undefined) && looksLikeButton(a, computed) && isDeadDestination(a.attribs.href),
    );
    const bad = links.filter((a) => {
      if (deadButtons.includes(a)) return false;
      if (a.attribs.href === undefined) return a.attribs.name === undefined && a.attribs.id === undefined;
      return isEmptyHref(a.attribs.href);
    });
    const buttons = [...new Set(deadButtons.map(buttonLabel))].map((label) =>
      label ? `The button “${label}” leads nowhere` : "A button without words leads nowhere",
    );
    const problems = [
      ...(buttons.length ? [examples(buttons)] : []),
      ...(bad.length ? [`${bad.length} link(s) going nowhere: ${examples(bad.map(describe))}`] : []),
    ];
    return problems.length ? fail(`${problems.join("; ")}.`) : pass("Every link and button has a destination");
  },

  "no-unsafe-elements": ({ doc }) => {
    const found: string[] = [];
    for (const tag of UNSAFE_TAGS) if (tagged(doc, tag).length) found.push(`<${tag}> ×${tagged(doc, tag).length}`);
    const sheets = tagged(doc, "link").filter(isExternalStylesheet);
    if (sheets.length) found.push(`external stylesheet ×${sheets.length}`);
    const handlers = doc.elements.filter((e) => Object.keys(e.attribs).some((k) => k.startsWith("on")));
    if (handlers.length) found.push(`event handler attributes ×${handlers.length}`);
    return found.length
      ? fail(`Stripped or blocked by mail clients: ${found.join(", ")}`)
      : pass("No scripts, frames, embedded objects or external stylesheets");
  },
};
