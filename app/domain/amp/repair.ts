// The auto-repair loop: fix what can be fixed mechanically, re-validate, at most three rounds.
// What would need judgement (a javascript: link, a form posting elsewhere, a forbidden action)
// is left for the validator to report.
import { cleanStylesheet, normalizeDeclarations } from "./css";
import {
  allElements,
  appendChild,
  childElements,
  classList,
  createElement,
  createText,
  detach,
  insertChild,
  parseAmp,
  serialize,
  setText,
  textOf,
  type AmpElement,
  type AmpNode,
  type AmpRoot,
} from "./dom";
import { AMP_RUNTIME_SRC, BOILERPLATE_CSS, extensionRule, extensionScriptSrc } from "./rules";
import { docCssSpec, isAllowedTag } from "./spec";
import {
  attributeVerdict,
  byteLength,
  checkAmp,
  requiredExtensions,
  validateParsed,
  type AmpCheck,
  type AmpError,
  type AmpValidation,
} from "./validate";

export interface AmpRepairResult {
  html: string;
  repairs: string[];
  validation: AmpValidation;
  /** The tree `validation` was read from, for reports on the same document (absent when refused unparsed). */
  parsed?: AmpCheck["parsed"];
  rounds: number;
}

export const MAX_REPAIR_ROUNDS = 3;

/** Elements whose content is not text a reader would miss: removed whole. */
const REMOVE_WHOLE = new Set([
  "iframe",
  "object",
  "embed",
  "video",
  "audio",
  "canvas",
  "link",
  "base",
  "noscript",
  "title",
  "frame",
  "frameset",
  "applet",
  "svg",
  "math",
  "source",
  "track",
  "param",
  "map",
  "area",
  "picture",
]);

function isWhitespace(n: AmpNode): boolean {
  return n.type === "text" && n.data.trim() === "";
}

function ensureStructure(root: AmpRoot, repairs: string[]): { html: AmpElement; head: AmpElement; body: AmpElement } {
  const first = root.children.find((n) => n.type !== "comment" && !isWhitespace(n));
  if (!first || first.type !== "directive" || !/^!doctype\s+html\s*$/i.test(first.data ?? "")) {
    if (first && first.type === "directive") detach(first);
    insertChild(root, 0, { type: "directive", name: "!doctype", data: "!doctype html", parent: null, startIndex: null, endIndex: null });
    repairs.push("added <!doctype html>");
  }
  let html = childElements(root).find((e) => e.name === "html");
  if (!html) {
    html = createElement("html");
    const body = createElement("body");
    for (const n of [...root.children]) if (n.type !== "directive") appendChild(body, n);
    appendChild(html, createElement("head"));
    appendChild(html, body);
    appendChild(root, html);
    repairs.push("wrapped the content in <html>, <head> and <body>");
  }
  let head = childElements(html).find((e) => e.name === "head");
  if (!head) {
    head = createElement("head");
    insertChild(html, 0, head);
    repairs.push("added <head>");
  }
  let body = childElements(html).find((e) => e.name === "body");
  if (!body) {
    body = createElement("body");
    for (const n of [...html.children]) if (n !== head) appendChild(body, n);
    appendChild(html, body);
    repairs.push("added <body>");
  }
  if (!("⚡4email" in html.attribs) && !("amp4email" in html.attribs)) {
    html.attribs = { "⚡4email": "", ...html.attribs };
    repairs.push("added ⚡4email to <html>");
  }
  if (!("data-css-strict" in html.attribs)) {
    html.attribs["data-css-strict"] = "";
    repairs.push("added data-css-strict to <html>");
  }
  return { html, head, body };
}

function fixHead(root: AmpRoot, head: AmpElement, repairs: string[]): void {
  const first = childElements(head)[0];
  const charsetOk = first && first.name === "meta" && (first.attribs.charset ?? "").toLowerCase() === "utf-8";
  if (!charsetOk) {
    for (const m of allElements(root).filter((e) => e.name === "meta" && "charset" in e.attribs)) detach(m);
    insertChild(head, 0, createElement("meta", { charset: "utf-8" }));
    repairs.push('put <meta charset="utf-8"> first in <head>');
  }
  const runtimes = allElements(root).filter((e) => e.name === "script" && e.attribs.src === AMP_RUNTIME_SRC);
  const runtimeOk = runtimes.length === 1 && runtimes[0].parent === head && "async" in runtimes[0].attribs;
  if (!runtimeOk) {
    for (const r of runtimes) detach(r);
    const charset = childElements(head)[0];
    insertChild(head, head.children.indexOf(charset) + 1, createElement("script", { async: "", src: AMP_RUNTIME_SRC }));
    repairs.push(runtimes.length ? "fixed the AMP runtime script" : "added the AMP runtime script");
  }
  const boilerplates = allElements(root).filter((e) => e.name === "style" && "amp4email-boilerplate" in e.attribs);
  const boilerplateOk =
    boilerplates.length === 1 && boilerplates[0].parent === head && textOf(boilerplates[0]).replace(/\s+/g, "") === BOILERPLATE_CSS;
  if (!boilerplateOk) {
    for (const b of boilerplates) detach(b);
    appendChild(head, createElement("style", { "amp4email-boilerplate": "" }, [createText(BOILERPLATE_CSS)]));
    repairs.push(boilerplates.length ? "restored the amp4email boilerplate style" : "added the amp4email boilerplate style");
  }
}

/** Removes disallowed scripts and makes the extension scripts exactly those the markup uses. */
function fixScripts(root: AmpRoot, head: AmpElement, repairs: string[]): void {
  const needed = requiredExtensions(root);
  const valid = new Set<string>();
  for (const el of allElements(root).filter((e) => e.name === "script")) {
    if (el.attribs.src === AMP_RUNTIME_SRC) continue;
    const ext = el.attribs["custom-element"] ?? el.attribs["custom-template"];
    if (ext !== undefined) {
      const rule = extensionRule(ext);
      const expected = rule ? { async: "", [rule.attr]: ext, src: extensionScriptSrc(ext) } : null;
      const same =
        expected &&
        el.parent === head &&
        !valid.has(ext) &&
        Object.keys(el.attribs).length === 3 &&
        Object.entries(expected).every(([k, v]) => el.attribs[k] === v);
      if (same && needed.has(ext)) {
        valid.add(ext);
        continue;
      }
      detach(el);
      if (!needed.has(ext)) repairs.push(`removed the unused ${ext} script`);
      else if (valid.has(ext)) repairs.push(`removed a duplicate ${ext} script`);
      continue;
    }
    const isStateJson =
      el.attribs.type === "application/json" && !("src" in el.attribs) && el.parent?.type !== "root" && el.parent?.name === "amp-state";
    if (!isStateJson) {
      detach(el);
      repairs.push("removed a script that is not allowed in email");
    }
  }
  const runtime = childElements(head).find((e) => e.name === "script" && e.attribs.src === AMP_RUNTIME_SRC);
  let at = runtime ? head.children.indexOf(runtime) + 1 : head.children.length;
  for (const ext of [...needed.keys()].sort()) {
    if (valid.has(ext)) continue;
    const rule = extensionRule(ext);
    if (!rule) continue;
    insertChild(head, at++, createElement("script", { async: "", [rule.attr]: ext, src: extensionScriptSrc(ext) }));
    repairs.push(`added the ${ext} script`);
  }
}

function numeric(v: string | undefined): number | null {
  if (v === undefined) return null;
  const m = /^(\d+(?:\.\d+)?)(px)?$/.exec(v.trim());
  return m ? Number(m[1]) : null;
}

function fixImageLayout(el: AmpElement, repairs: string[]): void {
  const w = numeric(el.attribs.width);
  const h = numeric(el.attribs.height);
  const layout = el.attribs.layout;
  if (layout === "fill" || layout === "nodisplay" || layout === "container") return;
  if (layout === "fixed-height" && h !== null) return;
  if (layout !== undefined && w !== null && h !== null) return;
  const width = w ?? (h !== null ? Math.round((h * 3) / 2) : 600);
  const height = h ?? Math.round((width * 2) / 3);
  if (w === null || h === null) {
    const missing = [w === null ? "width" : "", h === null ? "height" : ""].filter(Boolean).join(" or ");
    repairs.push(`<${el.name}>: no ${missing} given, assumed ${width}×${height}`);
  }
  el.attribs.width = String(width);
  el.attribs.height = String(height);
  if (layout === undefined || layout === "fixed-height") {
    el.attribs.layout = "responsive";
    repairs.push(`<${el.name}>: added layout="responsive"`);
  }
}

function convertImg(el: AmpElement, repairs: string[]): void {
  el.name = "amp-img";
  el.type = "tag";
  for (const [k, v] of Object.entries(el.attribs)) if (attributeVerdict(el, k, v) !== "ok") delete el.attribs[k];
  repairs.push("replaced <img> with <amp-img>");
  fixImageLayout(el, repairs);
}

function unwrap(el: AmpElement): void {
  const parent = el.parent;
  if (!parent) return;
  let i = parent.children.indexOf(el);
  for (const c of [...el.children]) insertChild(parent, i++, c);
  detach(el);
}

function isAttached(el: AmpElement): boolean {
  let p: AmpElement["parent"] = el.parent;
  while (p && p.type !== "root") p = p.parent;
  return p !== null;
}

function fixElements(root: AmpRoot, repairs: string[]): void {
  for (const el of allElements(root)) {
    if (!isAttached(el)) continue; // removed with an ancestor
    const name = el.name;
    if (name === "script" || name === "style") continue;
    if (name === "img") {
      convertImg(el, repairs);
    } else if (name.startsWith("amp-") && !isAllowedTag(name)) {
      detach(el);
      repairs.push(`removed <${name}>, which email does not allow`);
      continue;
    } else if (!name.startsWith("amp-") && !isAllowedTag(name)) {
      if (REMOVE_WHOLE.has(name)) {
        detach(el);
        repairs.push(`removed <${name}>, which email does not allow`);
      } else {
        unwrap(el);
        repairs.push(`unwrapped <${name}>, which email does not allow, keeping its content`);
      }
      continue;
    }
    for (const [attr, value] of Object.entries(el.attribs)) {
      const verdict = attributeVerdict(el, attr, value);
      if (verdict === "disallowed" || verdict === "binding") {
        delete el.attribs[attr];
        repairs.push(`removed ${attr} from <${el.name}>`);
      }
    }
    if (el.name === "a" && el.attribs.target !== undefined && el.attribs.target !== "_blank") {
      el.attribs.target = "_blank";
      repairs.push('set <a target="_blank">');
    }
    if (el.name === "amp-img" || el.name === "amp-anim") fixImageLayout(el, repairs);
    if (el.name === "amp-sidebar" && el.attribs.layout !== "nodisplay") {
      delete el.attribs.width;
      delete el.attribs.height;
      el.attribs.layout = "nodisplay";
      repairs.push('set <amp-sidebar layout="nodisplay">');
    }
  }
}

/** One <style amp-custom> in <head>, holding every other author style block's rules. */
function fixStyles(root: AmpRoot, head: AmpElement, repairs: string[]): AmpElement | undefined {
  const styles = allElements(root).filter((e) => e.name === "style" && !("amp4email-boilerplate" in e.attribs));
  if (styles.length === 0) return undefined;
  const main = styles.find((s) => "amp-custom" in s.attribs && s.parent === head) ?? styles[0];
  const merged: string[] = [textOf(main)];
  for (const s of styles) {
    if (s === main) continue;
    merged.push(textOf(s));
    detach(s);
    repairs.push("merged a <style> block into <style amp-custom>");
  }
  if (!("amp-custom" in main.attribs) || Object.keys(main.attribs).length !== 1) {
    main.attribs = { "amp-custom": "" };
    repairs.push("marked the style block amp-custom");
  }
  if (main.parent !== head) {
    appendChild(head, main);
    repairs.push("moved <style amp-custom> into <head>");
  }
  setText(main, merged.join("\n"));
  return main;
}

function cleanCss(root: AmpRoot, ampCustom: AmpElement | undefined, repairs: string[]): void {
  if (ampCustom) {
    const original = textOf(ampCustom);
    const cleaned = cleanStylesheet(original, "stylesheet");
    if (cleaned.droppedImportant || cleaned.droppedDeclarations.length || cleaned.droppedRules.length) {
      setText(ampCustom, cleaned.css);
      if (cleaned.droppedImportant) repairs.push(`dropped !important ×${cleaned.droppedImportant} in <style amp-custom>`);
      for (const d of cleaned.droppedDeclarations) repairs.push(`dropped "${d}" from <style amp-custom>`);
      for (const r of cleaned.droppedRules) repairs.push(`dropped the rule "${r}" from <style amp-custom>`);
    }
  }
  for (const el of allElements(root)) {
    const style = el.attribs.style;
    if (style === undefined || style.includes("{{")) continue;
    const cleaned = cleanStylesheet(style, "declarationList");
    if (cleaned.droppedImportant || cleaned.droppedDeclarations.length) {
      if (cleaned.css.trim()) el.attribs.style = cleaned.css;
      else delete el.attribs.style;
      if (cleaned.droppedImportant) repairs.push(`dropped !important in the style of <${el.name}>`);
      for (const d of cleaned.droppedDeclarations) repairs.push(`dropped "${d}" from the style of <${el.name}>`);
    }
  }
}

/**
 * Moves style="" attributes into classes in <style amp-custom>, identical styles sharing one
 * class. The doubled class selector keeps the rule above single-class rules, close to the
 * precedence the inline style had.
 */
function moveInlineStyles(root: AmpRoot, head: AmpElement, ampCustom: AmpElement | undefined, repairs: string[]): void {
  const byStyle = new Map<string, string>();
  const used = new Set(allElements(root).flatMap(classList));
  let n = 0;
  const nextClass = () => {
    let c: string;
    do c = `kx-s${++n}`;
    while (used.has(c));
    return c;
  };
  let moved = 0;
  for (const el of allElements(root)) {
    const style = el.attribs.style;
    if (style === undefined || style.includes("{{")) continue;
    const key = normalizeDeclarations(style);
    delete el.attribs.style;
    if (!key) continue;
    let cls = byStyle.get(key);
    if (!cls) {
      cls = nextClass();
      byStyle.set(key, cls);
    }
    el.attribs.class = [...classList(el), cls].join(" ");
    moved++;
  }
  if (!moved) return;
  const rules = [...byStyle].map(([style, cls]) => `.${cls}.${cls}{${style}}`).join("\n");
  const target = ampCustom ?? createElement("style", { "amp-custom": "" });
  if (!ampCustom) appendChild(head, target);
  setText(target, `${textOf(target)}\n${rules}`);
  repairs.push(`moved ${moved} inline style attribute(s) into ${byStyle.size} class(es) in <style amp-custom>`);
}

/** Faults of each element's own rules, judged on the tree as it stands (edited or not). */
function elementFaults(html: string, root: AmpRoot): Map<AmpElement, AmpError[]> {
  const byElement = new Map<AmpElement, AmpError[]>();
  validateParsed(html, { root, lineOf: () => 1 }, byElement);
  return byElement;
}

/**
 * Removes the elements the round's repairs left with a fault they did not have (removing [src]
 * from an amp-list leaves it without the src email requires), and those missing an attribute
 * the rules make mandatory, which no mechanical repair can supply, and refused <meta> tags.
 * Says why, per element.
 */
function dropBrokenElements(html: string, root: AmpRoot, before: Map<AmpElement, AmpError[]>, repairs: string[]): void {
  for (let pass = 0; pass < MAX_REPAIR_ROUNDS; pass++) {
    let dropped = 0;
    for (const [el, faults] of elementFaults(html, root)) {
      if (!isAttached(el) || el.name === "html" || el.name === "head" || el.name === "body") continue;
      const had = new Set((before.get(el) ?? []).map((f) => f.code));
      if (had.has("AMP_TAG_DISALLOWED") || had.has("AMP_COMPONENT_DISALLOWED")) continue; // converted or unwrapped by this round
      const fresh = before.has(el) || had.size === 0 ? faults.find((f) => !had.has(f.code)) : undefined;
      // a <meta> the rules refuse (name=viewport…) is metadata the email does without
      const reason = fresh ?? faults.find((f) => f.code === "AMP_ATTR_MISSING") ?? (el.name === "meta" ? faults[0] : undefined);
      if (!reason) continue;
      detach(el);
      dropped++;
      repairs.push(`removed <${el.name}>: ${fresh ? "the repairs left it invalid" : "it cannot be repaired"} (${reason.message})`);
    }
    if (dropped === 0) return;
  }
}

function repairRound(html: string, validation: AmpValidation): { html: string; repairs: string[] } {
  const repairs: string[] = [];
  const { root } = parseAmp(html);
  const before = elementFaults(html, root);
  const { head } = ensureStructure(root, repairs);
  fixElements(root, repairs);
  dropBrokenElements(html, root, before, repairs);
  fixHead(root, head, repairs);
  const ampCustom = fixStyles(root, head, repairs);
  cleanCss(root, ampCustom, repairs);
  const codes = new Set(validation.errors.map((e) => e.code));
  const longInline = allElements(root).some(
    (e) => e.attribs.style !== undefined && byteLength(e.attribs.style) > docCssSpec(true).maxBytesPerInlineStyle,
  );
  if (longInline || codes.has("AMP_CSS_TOO_LARGE")) moveInlineStyles(root, head, ampCustom, repairs);
  fixScripts(root, head, repairs);
  return { html: serialize(root), repairs };
}

/**
 * Repairs an AMP email and re-validates, at most MAX_REPAIR_ROUNDS times. `checked` is the
 * document's own checkAmp when the caller has it (a document built and repaired once already).
 */
export function repairAmp(html: string, checked: AmpCheck = checkAmp(html)): AmpRepairResult {
  let current = html;
  let { validation, parsed } = checked;
  const repairs: string[] = [];
  let rounds = 0;
  // too deep to parse in bounded time: reported, never repaired
  const tooDeep = validation.errors.some((e) => e.code === "AMP_DOC_TOO_DEEP");
  while (validation.status === "fail" && !tooDeep && rounds < MAX_REPAIR_ROUNDS) {
    rounds++;
    const round = repairRound(current, validation);
    if (round.html === current || round.repairs.length === 0) break;
    repairs.push(...round.repairs);
    current = round.html;
    ({ validation, parsed } = checkAmp(current));
  }
  return { html: current, repairs, validation, parsed, rounds };
}
