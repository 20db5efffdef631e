import { type CssDecl, parseInlineStyle, serializeInlineStyle } from "~/domain/html/css";
import {
  type DomElement,
  type DomNode,
  type DomParent,
  append,
  classList,
  closest,
  descendants,
  detach,
  element,
  fragment,
  hasClass,
  insertAfter,
  insertAt,
  insertBefore,
  isComment,
  isElement,
  walk,
} from "~/domain/html/dom";
import { type EmailModule, moduleOf } from "~/domain/html/parse";
import { textOf } from "~/domain/html/text";
import { type FixState, addCss, allRules } from "./state";
import { isGmailOverride, isOutlookComOverride, MODULE_CLASSES, WEBMAIL_FALLBACK_RULES } from "~/domain/html/webmail";

const HIDE_INT: CssDecl[] = [
  { property: "display", value: "none", important: false },
  { property: "max-height", value: "0", important: false },
  { property: "overflow", value: "hidden", important: false },
  { property: "mso-hide", value: "all", important: false },
];
const TABLE_PARTS = new Set(["table", "tbody", "thead", "tfoot", "tr"]);
// Containers that may not hold a <div>: the parser closes <p> on <div>; the rest are phrasing.
const P_CLOSED_BY_DIV = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "span",
  "a",
  "b",
  "i",
  "em",
  "strong",
  "font",
  "label",
  "small",
  "u",
  "button",
]);
/** Declarations that hide or collapse content in the interactive block; a static copy drops them. */
function hides(d: CssDecl): boolean {
  const v = d.value.trim().toLowerCase();
  switch (d.property) {
    case "display":
      return v === "none";
    case "max-height":
    case "height":
    case "font-size":
    case "line-height":
    case "opacity":
      return /^0(px|%|em)?$/.test(v);
    case "overflow":
    case "visibility":
      return v === "hidden";
    case "position":
      return v === "absolute" || v === "fixed";
    case "mso-hide":
      return true;
    default:
      return false;
  }
}

function findModules(state: FixState): EmailModule[] {
  return descendants(state.doc.document, (e) => !!e.attribs.class && hasClass(e, "kx-module")).map(moduleOf);
}

function isControl(el: DomElement): boolean {
  const type = (el.attribs.type ?? "").toLowerCase();
  return el.name === "input" && (type === "radio" || type === "checkbox");
}

function ancestors(node: DomNode): DomParent[] {
  const out: DomParent[] = [];
  let p = node.parent as DomParent | null;
  while (p) {
    out.push(p);
    p = (p as DomNode).parent as DomParent | null;
  }
  return out.reverse();
}

function lowestCommonAncestor(nodes: DomNode[]): DomParent {
  let common = ancestors(nodes[0]);
  for (const n of nodes.slice(1)) {
    const chain = ancestors(n);
    let i = 0;
    while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
    common = common.slice(0, i);
  }
  return common[common.length - 1];
}

function unusedNamespace(state: FixState, modules: EmailModule[]): string {
  const used = new Set(modules.map((m) => m.ns));
  for (let i = 1; ; i++) {
    const ns = `kf${i}`;
    if (!used.has(ns) && !state.doc.ids.has(`${ns}-probe`)) return ns;
  }
}

/**
 * Radio/checkbox controls outside any module (a language model's or an upload's own widget):
 * wrap the smallest run of nodes holding the controls, their labels and the elements their
 * :checked rules style, so the contract's hiding and fallback can be put around it.
 */
function wrapLooseControls(state: FixState, modules: EmailModule[]): EmailModule | null {
  const inModule = (n: DomNode) => !!closest(n, (e) => !!e.attribs.class && hasClass(e, "kx-module"));
  const body = state.doc.body!;
  const controls = descendants(body, (e) => isControl(e) && !inModule(e));
  if (!controls.length) return null;
  const ids = new Set(controls.map((c) => c.attribs.id).filter(Boolean));
  const targetClasses = new Set<string>();
  const targetIds = new Set<string>();
  for (const r of allRules(state)) {
    if (!r.interactive) continue;
    r.subjectClasses.forEach((c) => targetClasses.add(c));
    r.subjectIds.forEach((i) => targetIds.add(i));
  }
  const related = descendants(body, (e) => {
    if (inModule(e)) return false;
    if (e.name === "label" && e.attribs.for && ids.has(e.attribs.for)) return true;
    if (e.attribs.id && targetIds.has(e.attribs.id)) return true;
    return !!e.attribs.class && classList(e).some((c) => targetClasses.has(c));
  });
  const nodes: DomNode[] = [...controls, ...related];
  let lca = lowestCommonAncestor(nodes);
  let range: DomNode[];
  const table =
    isElement(lca as DomNode) && TABLE_PARTS.has((lca as DomElement).name) ? closest(lca as DomElement, (e) => e.name === "table") : null;
  // A <div> inside a <p> or heading re-parses as siblings, so the wrapper goes outside them.
  let phrasing = isElement(lca as DomNode) && P_CLOSED_BY_DIV.has((lca as DomElement).name) ? (lca as DomElement) : null;
  for (let up = phrasing; up && isElement(up); up = up.parent as DomElement | null) if (P_CLOSED_BY_DIV.has(up.name)) phrasing = up;
  if (table && table.parent) {
    lca = table.parent as DomParent;
    range = [table];
  } else if (phrasing && phrasing.parent) {
    lca = phrasing.parent as DomParent;
    range = [phrasing];
  } else {
    const kids = lca.children;
    const holds = (k: DomNode) => nodes.includes(k) || nodes.some((n) => ancestors(n).includes(k as DomParent));
    const first = kids.findIndex(holds);
    let last = first;
    kids.forEach((k, i) => {
      if (holds(k)) last = i;
    });
    range = kids.slice(first, last + 1);
  }
  const ns = unusedNamespace(state, modules);
  const present = new Set(modules.map((m) => m.technique));
  const technique =
    (state.context.techniques ?? []).find((t) => !present.has(t)) ??
    (controls.some((c) => (c.attribs.type ?? "").toLowerCase() === "radio") ? "tabs" : "accordion");
  const mod = element(`<div class="kx-module" data-kx-technique="${technique}" data-kx-ns="${ns}"></div>`);
  const int = element(`<div class="kx-int ${ns}-int"></div>`);
  insertAt(lca, lca.children.indexOf(range[0]), [mod]);
  append(mod, [int]);
  append(int, range);
  // The elements its :checked rules reveal are its items (panels, slides, steps).
  related
    .filter((e) => e.name !== "label" && e.attribs["data-kx-item"] === undefined)
    .forEach((e, i) => (e.attribs["data-kx-item"] = String(i)));
  state.fixes.push(`Wrapped a loose interactive block (${controls.length} controls) as a ${technique} module "${ns}"`);
  state.warnings.push(`The wrapped ${technique} block keeps its own ids and classes; they are not namespaced with "${ns}-"`);
  return moduleOf(mod);
}

/** A static copy of the interactive block: every panel open, no controls, no hiding. */
function buildFallback(int: DomElement, ns: string): DomElement | null {
  const fb = element(`<div class="kx-fb ${ns}-fb" data-kx-autofix="fallback"></div>`);
  append(
    fb,
    int.children.map((c) => c.cloneNode(true) as DomNode),
  );
  for (const n of [...walk(fb)]) {
    if (isComment(n)) {
      detach(n);
      continue;
    }
    if (!isElement(n)) continue;
    if (n.name === "input" || n.name === "style") {
      detach(n);
      continue;
    }
    // A span (not a div) so a label inside a <p> stays inside it when the email is re-parsed.
    if (n.name === "label") {
      n.name = "span";
      n.attribs.style = n.attribs.style ? `display:block;${n.attribs.style}` : "display:block";
    }
    for (const a of ["id", "for", "class", "name", "checked"]) delete n.attribs[a];
    if (n.attribs.style !== undefined) {
      const kept = parseInlineStyle(n.attribs.style).filter((d) => !hides(d));
      if (kept.length) n.attribs.style = serializeInlineStyle(kept);
      else delete n.attribs.style;
    }
  }
  const hasImage = [...walk(fb)].some((n) => isElement(n) && n.name === "img");
  return textOf(fb) || hasImage ? fb : null;
}

function guardComments(m: EmailModule): boolean {
  for (const n of walk(m.element)) if (isComment(n) && /^\s*\[if !mso\]/i.test(n.data)) return true;
  return false;
}

function ensureModule(state: FixState, m: EmailModule, modules: EmailModule[]): void {
  const label = m.technique ?? "interactive";
  let int = m.int;
  if (!int) {
    int = element('<div class="kx-int"></div>');
    const content = m.element.children.filter((c) => !(isElement(c) && (hasClass(c, "kx-fb") || hasClass(c, "kx-probe"))));
    insertAt(m.element, 0, [int]);
    append(int, content);
    state.fixes.push(`Marked the ${label} module's content as its interactive block`);
  }
  let ns = m.ns;
  if (!ns) {
    ns = unusedNamespace(state, modules);
    m.ns = ns;
  }
  if (!m.element.attribs["data-kx-ns"]) m.element.attribs["data-kx-ns"] = ns;
  if (!hasClass(int, `${ns}-int`) && !classList(int).some((c) => c !== "kx-int" && c.endsWith("-int")))
    int.attribs.class = `${int.attribs.class} ${ns}-int`;

  const decls = parseInlineStyle(int.attribs.style);
  const byProp = new Map(decls.map((d) => [d.property, d.value.trim()]));
  if (
    HIDE_INT.some(
      (h) => byProp.get(h.property) !== h.value && !(h.property === "max-height" && /^0(px)?$/.test(byProp.get(h.property) ?? "")),
    )
  ) {
    const rest = decls.filter((d) => !HIDE_INT.some((h) => h.property === d.property));
    int.attribs.style = serializeInlineStyle([...HIDE_INT, ...rest]);
    state.fixes.push(`Hid the ${label} interactive block by default (display:none, max-height:0, overflow:hidden, mso-hide:all)`);
  }

  let probe = m.probe;
  if (!probe) {
    probe = element(
      `<input type="checkbox" class="kx-probe ${ns}-probe" id="${ns}-probe" checked style="display:none!important;mso-hide:all">`,
    );
    insertBefore(int, [probe]);
    state.fixes.push(`Added the pre-checked :checked probe to the ${label} module`);
  }
  const probeClass = classList(probe).find((c) => c !== "kx-probe") ?? "kx-probe";

  if (!guardComments(m)) {
    const first = probe.parent === int.parent ? probe : int;
    insertBefore(first, fragment("<!--[if !mso]><!-->"));
    insertAfter(int, fragment("<!--<![endif]-->"));
    state.fixes.push(`Hid the ${label} interactive block from Outlook for Windows (<!--[if !mso]>)`);
  }

  if (!m.fb) {
    const fb = buildFallback(int, ns);
    if (fb) {
      const endGuard = int.next && isComment(int.next) && /endif/.test(int.next.data) ? int.next : int;
      insertAfter(endGuard, [fb]);
      m.fb = fb;
      state.fixes.push(`Built a static fallback for the ${label} module from its interactive content`);
    } else {
      state.warnings.push(
        `The ${label} module has no fallback and none could be built (no text or images): clients without :checked show nothing`,
      );
    }
  }

  const intClass = classList(int).find((c) => c !== "kx-int" && c.endsWith("-int")) ?? "kx-int";
  const reveals = allRules(state).some((r) => r.interactive && r.subjectClasses.includes(intClass));
  if (!reveals && probe.parent === int.parent) {
    const fbClass = m.fb ? (classList(m.fb).find((c) => c !== "kx-fb" && c.endsWith("-fb")) ?? null) : null;
    addCss(
      state,
      `.${probeClass}:checked ~ .${intClass} { display:block !important; max-height:none !important; overflow:visible !important; }` +
        (fbClass ? `\n.${probeClass}:checked ~ .${fbClass} { display:none !important; }` : ""),
    );
    state.fixes.push(`Added the :checked reveal rules for the ${label} module`);
  }
}

function ensureOverrides(state: FixState): void {
  const rules = allRules(state);
  const targetsInt = (r: (typeof rules)[number]) => r.subjectClasses.includes("kx-int");
  if (!rules.some((r) => targetsInt(r) && isGmailOverride(r.selector))) {
    addCss(state, WEBMAIL_FALLBACK_RULES.gmail.join("\n"));
    state.fixes.push("Injected Gmail's u + .body overrides (fallback shown, interactive block hidden)");
  }
  if (!rules.some((r) => isOutlookComOverride(r.selector, [MODULE_CLASSES.interactive]))) {
    addCss(state, WEBMAIL_FALLBACK_RULES.outlookCom.join("\n"));
    state.fixes.push('Injected Outlook.com [class~="x_…"] overrides (fallback shown, interactive block hidden)');
  }
}

export function fixInteractive(state: FixState): void {
  const modules = findModules(state);
  const wrapped = wrapLooseControls(state, modules);
  if (wrapped) modules.push(wrapped);
  if (!modules.length) return;
  for (const m of modules) ensureModule(state, m, modules);
  ensureOverrides(state);
}
