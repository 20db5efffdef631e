import { declValue, parseInlineStyle, pxValue, serializeInlineStyle } from "~/domain/html/css";
import { type DomElement, detach } from "~/domain/html/dom";
import { UNSAFE_TAGS, isDataTable, isEmptyHref, isExternalStylesheet } from "~/domain/html/markup";
import { tagged } from "~/domain/html/parse";
import type { FixState } from "./state";

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

function fixImages(state: FixState): void {
  const hints = new Map((state.context.images ?? []).map((i) => [i.src, i]));
  let alts = 0;
  let sizes = 0;
  let blocks = 0;
  let unknownSize = 0;
  for (const img of tagged(state.doc, "img")) {
    const hint = hints.get(img.attribs.src ?? "");
    if (img.attribs.alt === undefined) {
      img.attribs.alt = hint?.alt ?? "";
      alts++;
    }
    const decls = parseInlineStyle(img.attribs.style);
    for (const dim of ["width", "height"] as const) {
      if ((img.attribs[dim] ?? "").trim()) continue;
      const known = hint?.[dim] ?? pxValue(declValue(decls, dim));
      if (known) {
        img.attribs[dim] = String(Math.round(known));
        sizes++;
      } else unknownSize++;
    }
    if (!declValue(decls, "display")) {
      img.attribs.style = serializeInlineStyle([{ property: "display", value: "block", important: false }, ...decls]);
      blocks++;
    }
  }
  if (alts) state.fixes.push(`Added alt to ${count(alts, "image")} (from the context, else empty for decorative)`);
  if (sizes) state.fixes.push(`Added width/height to ${count(sizes, "image dimension")}`);
  if (blocks) state.fixes.push(`Set display:block on ${count(blocks, "image")}`);
  if (unknownSize) state.warnings.push(`${count(unknownSize, "image dimension")} unknown: add width and height`);
}

function fixTables(state: FixState): void {
  let fixed = 0;
  let spaced = 0;
  for (const table of tagged(state.doc, "table")) {
    if (isDataTable(state.doc, table)) continue;
    let touched = false;
    if (table.attribs.role === undefined) {
      table.attribs.role = "presentation";
      touched = true;
    }
    for (const a of ["cellpadding", "cellspacing", "border"]) {
      if (table.attribs[a] === undefined) {
        table.attribs[a] = "0";
        touched = true;
      } else if (table.attribs[a].trim() !== "0") spaced++;
    }
    if (touched) fixed++;
  }
  if (fixed) state.fixes.push(`Made ${count(fixed, "layout table")} presentational (role, cellpadding, cellspacing, border)`);
  if (spaced)
    state.warnings.push(
      `${count(spaced, "table attribute")} with non-zero cellpadding/cellspacing/border left as written: move the spacing into padding`,
    );
}

function removeUnsafe(state: FixState): void {
  const removed: string[] = [];
  for (const tag of UNSAFE_TAGS) {
    const els = tagged(state.doc, tag);
    for (const el of els) detach(el);
    if (els.length) removed.push(`<${tag}> ×${els.length}`);
  }
  const sheets = tagged(state.doc, "link").filter(isExternalStylesheet);
  for (const el of sheets) detach(el);
  if (sheets.length) removed.push(`external stylesheet ×${sheets.length}`);
  let handlers = 0;
  for (const el of state.doc.elements) {
    for (const k of Object.keys(el.attribs)) {
      if (k.startsWith("on")) {
        delete el.attribs[k];
        handlers++;
      }
    }
  }
  if (handlers) removed.push(`event handler attribute ×${handlers}`);
  if (removed.length) state.fixes.push(`Removed what mail clients block: ${removed.join(", ")}`);
}

function upgradeHttp(state: FixState): void {
  let n = 0;
  const upgrade = (el: DomElement, attr: string) => {
    const v = el.attribs[attr];
    if (v !== undefined && /^\s*http:\/\//i.test(v)) {
      el.attribs[attr] = v.replace(/^\s*http:\/\//i, "https://");
      n++;
    }
  };
  for (const a of tagged(state.doc, "a")) upgrade(a, "href");
  for (const i of tagged(state.doc, "img")) upgrade(i, "src");
  for (const e of state.doc.elements) if (e.attribs.background !== undefined) upgrade(e, "background");
  if (n) state.fixes.push(`Upgraded ${count(n, "URL")} from http to https`);
}

/** Renames the second and later uses of an id and points each label at its nearest input. */
function dedupeIds(state: FixState): void {
  const order = new Map(state.doc.elements.map((e, i) => [e, i]));
  const taken = new Set(state.doc.ids.keys());
  let renamed = 0;
  for (const [id, els] of state.doc.ids) {
    if (els.length < 2) continue;
    const labels = tagged(state.doc, "label").filter((l) => l.attribs.for === id);
    const newIds = els.map((el, i) => {
      if (i === 0) return id;
      let k = i + 1;
      while (taken.has(`${id}-${k}`)) k++;
      const next = `${id}-${k}`;
      taken.add(next);
      el.attribs.id = next;
      renamed++;
      return next;
    });
    for (const label of labels) {
      const at = order.get(label) ?? 0;
      // A label belongs to the closest preceding element with the id, else the first following.
      let best = 0;
      els.forEach((el, i) => {
        if ((order.get(el) ?? 0) <= at) best = i;
      });
      if (els.every((el) => (order.get(el) ?? 0) > at)) best = 0;
      label.attribs.for = newIds[best];
    }
  }
  if (renamed) state.fixes.push(`Renamed ${count(renamed, "duplicate id")} and repointed their labels`);
}

function warnEmptyLinks(state: FixState): void {
  const bad = tagged(state.doc, "a").filter((a) => a.attribs.href !== undefined && isEmptyHref(a.attribs.href));
  const missing = tagged(state.doc, "a").filter(
    (a) => a.attribs.href === undefined && a.attribs.name === undefined && a.attribs.id === undefined,
  );
  if (bad.length + missing.length)
    state.warnings.push(`${count(bad.length + missing.length, "link")} with an empty, # or javascript: destination: give each a real URL`);
}

export function fixContent(state: FixState): void {
  removeUnsafe(state);
  fixImages(state);
  fixTables(state);
  upgradeHttp(state);
  dedupeIds(state);
  warnEmptyLinks(state);
}
