// The built-in AMP4EMAIL validator: an engine of our own over the official validator's rule data
// (rules.generated.json via spec.ts: tag specs, attributes, placement, layout, CSS, extensions).
// What the data cannot say (the required document skeleton, mustache in templates, amp-bind
// actions, Kinetic's send-time placeholders) is checked here by hand; docs/amp.md lists both.
import { parseAnswerSpec } from "../answers/placeholder";
import { checkInlineStyle, checkStylesheet } from "./css";
import { childElements, nestsDeeperThan, parseAmp, textOf, type AmpElement, type AmpRoot, type ParsedAmp } from "./dom";
import { AMP_RUNTIME_SRC, BOILERPLATE_CSS, DISALLOWED_ACTIONS, MAX_DOCUMENT_BYTES, SEND_PLACEHOLDERS } from "./rules";
import {
  boilerplateSpec,
  docCssSpec,
  extensionRule,
  isAllowedTag,
  referencePointSpecs,
  tagSpecsFor,
  type AttrSpec,
  type CompiledAttr,
  type CompiledTag,
} from "./spec";

export const AMP_ERROR_CODES = [
  "AMP_DOC_TOO_LARGE",
  "AMP_DOC_TOO_DEEP",
  "AMP_DOCTYPE_MISSING",
  "AMP_STRUCTURE_MISSING",
  "AMP_HTML_ATTR_MISSING",
  "AMP_CSS_STRICT_MISSING",
  "AMP_CHARSET_NOT_FIRST",
  "AMP_RUNTIME_MISSING",
  "AMP_BOILERPLATE_MISSING",
  "AMP_BOILERPLATE_INVALID",
  "AMP_TAG_DISALLOWED",
  "AMP_TAG_DUPLICATE",
  "AMP_TAG_DEPRECATED",
  "AMP_COMPONENT_DISALLOWED",
  "AMP_ATTR_DISALLOWED",
  "AMP_ATTR_MISSING",
  "AMP_ATTR_VALUE_INVALID",
  "AMP_PARENT_INVALID",
  "AMP_COMPONENT_STRUCTURE",
  "AMP_SCRIPT_DISALLOWED",
  "AMP_EXTENSION_INVALID",
  "AMP_EXTENSION_DEPRECATED",
  "AMP_EXTENSION_MISSING",
  "AMP_EXTENSION_UNUSED",
  "AMP_STYLE_DISALLOWED",
  "AMP_CSS_TOO_LARGE",
  "AMP_INLINE_STYLE_TOO_LONG",
  "AMP_CSS_SYNTAX",
  "AMP_CSS_IMPORTANT",
  "AMP_CSS_AT_RULE_DISALLOWED",
  "AMP_CSS_PROPERTY_DISALLOWED",
  "AMP_CSS_VALUE_DISALLOWED",
  "AMP_CSS_SELECTOR_DISALLOWED",
  "AMP_CSS_TEXT_DISALLOWED",
  "AMP_URL_PROTOCOL",
  "AMP_URL_INVALID",
  "AMP_IMG_LAYOUT_MISSING",
  "AMP_LAYOUT_INVALID",
  "AMP_FORM_INVALID",
  "AMP_TEMPLATE_INVALID",
  "AMP_BINDING_DISALLOWED",
] as const;

export type AmpErrorCode = (typeof AMP_ERROR_CODES)[number];

export interface AmpError {
  code: AmpErrorCode | string;
  line: number;
  message: string;
}

export interface AmpValidation {
  validator: "builtin" | "official";
  status: "pass" | "fail";
  errors: AmpError[];
  /** What the official engine reports as a warning (the document still passes). */
  warnings?: AmpError[];
}

/** Deeper nesting than this is refused before any per-element rule runs: it bounds every walk. */
export const MAX_NESTING_DEPTH = 400;

const EXTENSION_SRC = /^https:\/\/cdn\.ampproject\.org\/v0\/(amp-[a-z0-9-]+)-(\d+\.\d+|latest)\.js$/;
const LENGTH = /^\d+(\.\d+)?(px|em|rem|vh|vw|vmin|vmax)?$/;
const HTML_ATTRS = ["⚡4email", "amp4email", "data-css-strict", "lang", "dir", "class", "id"];
const LAYOUTS = new Set(["nodisplay", "fixed", "fixed-height", "responsive", "container", "fill", "flex-item", "intrinsic", "fluid"]);

const encoder = new TextEncoder();
export function byteLength(s: string): number {
  return encoder.encode(s).length;
}

interface Fault {
  code: AmpErrorCode;
  message: string;
  line?: number;
}

/** Open elements while walking: counts by tag name (upper case, as the rule data names them) and spec name. */
class OpenTags {
  private counts = new Map<string, number>();
  add(key: string, delta: number): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + delta);
  }
  has(key: string): boolean {
    return (this.counts.get(key) ?? 0) > 0;
  }
}

interface WalkContext {
  open: OpenTags;
  matched: Map<AmpElement, CompiledTag>;
  cssStrict: boolean;
}

function isBinding(attr: string): boolean {
  return attr.startsWith("[") && attr.endsWith("]");
}

function parentElement(el: AmpElement): AmpElement | null {
  return el.parent && el.parent.type !== "root" ? el.parent : null;
}

/** Depth of the deepest element, found without recursion. */
function maxDepth(root: AmpRoot): number {
  let max = 0;
  const stack: [AmpRoot | AmpElement, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    if (max > MAX_NESTING_DEPTH) return max;
    for (const c of node.children)
      if (c.type === "tag" || c.type === "script" || c.type === "style") stack.push([c as AmpElement, depth + 1]);
  }
  return max;
}

function urlFault(value: string, url: NonNullable<AttrSpec["valueUrl"]>): Fault | null {
  const v = value.trim();
  const placeholder = /^\{\{\s*([A-Z_]+)\s*\}\}$/.exec(v);
  if (placeholder && SEND_PLACEHOLDERS.has(placeholder[1])) return null; // substituted at send time
  // A survey or quiz answer link, signed per recipient at send time (docs/answers.md).
  if (/^\{\{(ANSWER_URL:[^{}]{1,160})\}\}$/.test(v) && parseAnswerSpec(v.slice(2, -2))) return null;
  if (v === "") return url.allowEmpty ? null : { code: "AMP_URL_INVALID", message: "the URL is missing" };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (!scheme) {
    return url.allowRelative === false
      ? { code: "AMP_URL_INVALID", message: `"${v.slice(0, 80)}" is a relative URL; email has no base URL` }
      : null;
  }
  const protocol = scheme[1].toLowerCase();
  const protocols = url.protocols ?? [];
  if (protocols.length && !protocols.includes(protocol)) {
    return {
      code: "AMP_URL_PROTOCOL",
      message: `protocol "${protocol}:" is not allowed here (allowed: ${protocols.map((p) => `${p}:`).join(", ")})`,
    };
  }
  if ((protocol === "https" || protocol === "http") && !/^https?:\/\/[^/\s]+/i.test(v))
    return { code: "AMP_URL_INVALID", message: `"${v.slice(0, 80)}" has no host` };
  return null;
}

function attrValueFault(a: CompiledAttr, attr: string, value: string, inTemplate: boolean): Fault | null {
  const s = a.spec;
  // inside a template a mustache value is only known at render time: its grammar is not checked,
  // but the mustache shapes the rule data forbids (disallowed_value_regex) still are
  const open = inTemplate ? value.indexOf("{{") : -1;
  const templated = open >= 0 && value.indexOf("}}", open + 2) >= 0;
  const invalid = (): Fault => ({ code: "AMP_ATTR_VALUE_INVALID", message: `attribute "${attr}" may not be "${value.slice(0, 80)}"` });
  if (!templated) {
    if (s.value && !s.value.includes(value)) return invalid();
    if (s.valueCasei && !s.valueCasei.includes(value.toLowerCase())) return invalid();
    if (a.valueRegex && !a.valueRegex.test(value)) return invalid();
    if (s.valueUrl) {
      const f = urlFault(value, s.valueUrl);
      if (f) return { code: f.code, message: `attribute "${attr}": ${f.message}` };
    }
  }
  if (a.disallowed && a.disallowed.test(value)) return invalid();
  return null;
}

/** The spec an attribute falls under on `tag`, looking into reference points (amp-selector options) too. */
function attrOf(tag: CompiledTag, attr: string, el: AmpElement, ctx: WalkContext): CompiledAttr | undefined {
  const own = tag.attrs.get(attr);
  if (own) return own;
  for (let p = parentElement(el), i = 0; p && i < 3; p = parentElement(p), i++) {
    const parentSpec = ctx.matched.get(p);
    if (!parentSpec) continue;
    for (const ref of referencePointSpecs(parentSpec.spec)) {
      const a = ref.attrs.get(attr);
      if (a) return a;
    }
  }
  return undefined;
}

function layoutFaults(el: AmpElement, tag: CompiledTag): Fault[] {
  const layoutSpec = tag.spec.ampLayout;
  if (!layoutSpec) return [];
  const imageLike = el.name === "amp-img" || el.name === "amp-anim";
  const missing: AmpErrorCode = imageLike ? "AMP_IMG_LAYOUT_MISSING" : "AMP_LAYOUT_INVALID";
  const { width, height } = el.attribs;
  const layoutAttr = el.attribs.layout?.toLowerCase();
  const out: Fault[] = [];
  if (width !== undefined && width !== "auto" && !LENGTH.test(width.trim()))
    out.push({ code: "AMP_LAYOUT_INVALID", message: `width="${width.slice(0, 40)}" is not a length` });
  if (height !== undefined && height !== "fluid" && !LENGTH.test(height.trim()))
    out.push({ code: "AMP_LAYOUT_INVALID", message: `height="${height.slice(0, 40)}" is not a length` });
  if (layoutAttr !== undefined && !LAYOUTS.has(layoutAttr))
    return [...out, { code: "AMP_LAYOUT_INVALID", message: `layout="${el.attribs.layout}" is not an AMP layout` }];
  const hasW = (width !== undefined && width !== "auto") || !!layoutSpec.definesDefaultWidth;
  const hasH = height !== undefined || !!layoutSpec.definesDefaultHeight;
  const layout =
    layoutAttr ??
    (!hasW && !hasH && width === undefined
      ? "container"
      : hasH && !hasW
        ? "fixed-height"
        : "sizes" in el.attribs || "heights" in el.attribs
          ? "responsive"
          : "fixed");
  const supported = layoutSpec.supportedLayouts ?? [];
  if (!supported.includes(layout)) {
    if (layoutAttr === undefined)
      return [
        ...out,
        {
          code: missing,
          message: `<${el.name}> has incomplete layout attributes: give width and height (or a layout it supports: ${supported.join(", ")})`,
        },
      ];
    return [
      ...out,
      { code: "AMP_LAYOUT_INVALID", message: `<${el.name}> does not support layout="${layout}" (supported: ${supported.join(", ")})` },
    ];
  }
  if ((layout === "fixed" || layout === "responsive" || layout === "intrinsic") && !(hasW && hasH)) {
    out.push({ code: missing, message: `<${el.name} layout="${layout}"> needs width and height` });
  } else if (layout === "fixed-height" && (!hasH || (width !== undefined && width !== "auto"))) {
    out.push({ code: missing, message: `<${el.name} layout="fixed-height"> needs a height and no width (or width="auto")` });
  }
  return out;
}

function placementFaults(el: AmpElement, tag: CompiledTag, ctx: WalkContext): Fault[] {
  const s = tag.spec;
  const out: Fault[] = [];
  const parent = parentElement(el);
  if (s.mandatoryParent && !["$ROOT", "!DOCTYPE"].includes(s.mandatoryParent)) {
    const ok = parent && (parent.name.toUpperCase() === s.mandatoryParent || ctx.matched.get(parent)?.spec.specName === s.mandatoryParent);
    if (!ok)
      out.push({
        code: "AMP_PARENT_INVALID",
        message: `<${el.name}> must be a child of ${s.mandatoryParent.toLowerCase()}${parent ? `, not of <${parent.name}>` : ""}`,
      });
  }
  if (s.mandatoryAncestor && !ctx.open.has(s.mandatoryAncestor)) {
    out.push({ code: "AMP_PARENT_INVALID", message: `<${el.name}> must be inside ${s.mandatoryAncestor.toLowerCase()}` });
  }
  for (const a of s.disallowedAncestor ?? []) {
    if (ctx.open.has(a)) out.push({ code: "AMP_PARENT_INVALID", message: `<${el.name}> may not appear inside ${a.toLowerCase()}` });
  }
  return out;
}

/**
 * `disallowed`: the faults of attributes no spec allows, by name, shared by the specs matchSpec
 * tries (they do not depend on the spec; an element with thousands of them is tried against each
 * of its tag's specs, 7 for div).
 */
function specFaults(el: AmpElement, tag: CompiledTag, ctx: WalkContext, disallowed: Map<string, Fault>): Fault[] {
  const out: Fault[] = [];
  const inTemplate = ctx.open.has("TEMPLATE");
  for (const [attr, value] of Object.entries(el.attribs)) {
    if (attr.startsWith("data-") && !attr.startsWith("data-amp-")) continue;
    const a = attrOf(tag, attr, el, ctx);
    if (!a) {
      let fault = disallowed.get(attr);
      if (!fault) {
        if (el.name === "form" && attr === "action")
          fault = { code: "AMP_FORM_INVALID", message: "<form action> is not allowed in email; use action-xhr" };
        else if (isBinding(attr))
          fault = { code: "AMP_BINDING_DISALLOWED", message: `binding "${attr}" is not allowed on <${el.name}> in email` };
        else {
          const why = /^on[a-z]+$/.test(attr) ? " (event handler attributes are not allowed; use on=)" : "";
          fault = { code: "AMP_ATTR_DISALLOWED", message: `attribute "${attr}" is not allowed on <${el.name}>${why}` };
        }
        disallowed.set(attr, fault);
      }
      out.push(fault);
      continue;
    }
    const f = attrValueFault(a, attr, value, inTemplate);
    if (f) out.push(f);
    const trigger = a.spec.trigger;
    if (trigger?.alsoRequiresAttr && (!a.triggerIf || a.triggerIf.test(value))) {
      for (const r of trigger.alsoRequiresAttr) {
        if (!(r in el.attribs) && !tag.attrs.get(r)?.spec.implicit)
          out.push({ code: "AMP_ATTR_MISSING", message: `attribute "${attr}" on <${el.name}> also needs "${r}"` });
      }
    }
  }
  for (const m of tag.mandatory) {
    const names = [m.spec.name, ...(m.spec.alternativeNames ?? [])];
    if (names.some((n) => n in el.attribs)) continue;
    if (el.name === "form" && m.spec.name === "action-xhr") {
      // a form posting with action= is one fault (reported above), not two
      if (!("action" in el.attribs)) out.push({ code: "AMP_FORM_INVALID", message: "<form method=post> needs action-xhr" });
    } else out.push({ code: "AMP_ATTR_MISSING", message: `<${el.name}> needs the attribute "${m.spec.name}"` });
  }
  out.push(...layoutFaults(el, tag));
  out.push(...placementFaults(el, tag, ctx));
  return out;
}

function dispatchMatches(el: AmpElement, tag: CompiledTag): boolean {
  const d = tag.dispatch;
  if (!d) return false;
  const v = el.attribs[d.spec.name];
  if (v === undefined) return false;
  if (d.spec.dispatchKey === "NAME_DISPATCH") return true;
  const values = [...(d.spec.value ?? []), ...(d.spec.valueCasei ?? [])].map((x) => x.toLowerCase());
  if (values.length > 0 && !values.includes(v.toLowerCase())) return false;
  if (d.spec.dispatchKey === "NAME_VALUE_PARENT_DISPATCH" && tag.spec.mandatoryParent) {
    const parent = parentElement(el);
    return !!parent && parent.name.toUpperCase() === tag.spec.mandatoryParent;
  }
  return true;
}

function missingMandatory(el: AmpElement, tag: CompiledTag): number {
  let n = 0;
  for (const m of tag.mandatory) if (!(m.spec.name in el.attribs)) n++;
  return n;
}

/** The spec an element matches: a passing one if any, else the closest (fewest faults). */
function matchSpec(
  el: AmpElement,
  candidates: CompiledTag[],
  ctx: WalkContext,
): { tag: CompiledTag; faults: Fault[]; dispatched: boolean } {
  const dispatched = candidates.length > 1 ? candidates.filter((t) => dispatchMatches(el, t)) : [];
  // specs whose mandatory attributes are all there go first: the passing one is usually among them
  const pool = dispatched.length
    ? dispatched
    : candidates.length > 1
      ? [...candidates].sort((a, b) => missingMandatory(el, a) - missingMandatory(el, b))
      : candidates;
  let best: { tag: CompiledTag; faults: Fault[] } | null = null;
  const disallowed = new Map<string, Fault>();
  for (const tag of pool) {
    const faults = specFaults(el, tag, ctx, disallowed);
    if (faults.length === 0) return { tag, faults, dispatched: dispatched.length > 0 };
    if (!best || faults.length < best.faults.length) best = { tag, faults };
  }
  return { ...best!, dispatched: dispatched.length > 0 };
}

function childFaults(el: AmpElement, tag: CompiledTag, lineOf: (i: number | null) => number): (Fault & { line: number })[] {
  const ct = tag.spec.childTags;
  if (!ct) return [];
  const kids = childElements(el);
  const out: (Fault & { line: number })[] = [];
  const what = tag.spec.specName.toLowerCase();
  if (ct.childTagNameOneof) {
    for (const k of kids) {
      if (!ct.childTagNameOneof.includes(k.name))
        out.push({
          code: "AMP_COMPONENT_STRUCTURE",
          line: lineOf(k.startIndex),
          message: `<${k.name}> may not be a child of ${what}; children must be ${ct.childTagNameOneof.join(", ")}`,
        });
    }
  }
  if (ct.firstChildTagNameOneof && kids[0] && !ct.firstChildTagNameOneof.includes(kids[0].name)) {
    out.push({
      code: "AMP_COMPONENT_STRUCTURE",
      line: lineOf(kids[0].startIndex),
      message: `<${kids[0].name}> may not be the first child of ${what}; it must be ${ct.firstChildTagNameOneof.join(", ")}`,
    });
  }
  if (ct.mandatoryNumChildTags !== undefined && kids.length !== ct.mandatoryNumChildTags) {
    out.push({
      code: "AMP_COMPONENT_STRUCTURE",
      line: lineOf(el.startIndex),
      message: `${what} must have ${ct.mandatoryNumChildTags} child elements, not ${kids.length}`,
    });
  }
  return out;
}

/** Extensions every spec of this element requires (so a tag needs them whichever spec it matches). */
function extensionsOf(el: AmpElement, specs: CompiledTag[], withBind = true): string[] {
  const out = new Set<string>();
  if (specs.length) {
    const [first, ...rest] = specs;
    for (const e of first.spec.requiresExtension ?? []) if (rest.every((t) => t.spec.requiresExtension?.includes(e))) out.add(e);
    for (const attr of Object.keys(el.attribs)) for (const e of specs[0].attrs.get(attr)?.spec.requiresExtension ?? []) out.add(e);
  }
  if (!withBind) return [...out];
  for (const [name, value] of Object.entries(el.attribs)) {
    if (isBinding(name)) out.add("amp-bind");
    if (name === "on" && /AMP\.setState\s*\(/.test(value)) out.add("amp-bind");
  }
  return [...out];
}

function isExtensionScript(el: AmpElement): boolean {
  return el.name === "script" && ("custom-element" in el.attribs || "custom-template" in el.attribs);
}

function isRuntimeScript(el: AmpElement): boolean {
  return el.name === "script" && el.attribs.src === AMP_RUNTIME_SRC;
}

/** Elements in document order without recursion (depth is bounded before this runs). */
function elementsOf(root: AmpRoot): AmpElement[] {
  const out: AmpElement[] = [];
  const stack: (AmpRoot | AmpElement)[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type !== "root") out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i];
      if (c.type === "tag" || c.type === "script" || c.type === "style") stack.push(c as AmpElement);
    }
  }
  return out;
}

/** Extension names the markup needs a script for, with the first element needing each. */
export function requiredExtensions(root: AmpRoot): Map<string, AmpElement> {
  const need = new Map<string, AmpElement>();
  for (const el of elementsOf(root)) {
    if (isExtensionScript(el)) continue;
    // the css-strict mode changes only <style> specs, which need no extension
    for (const e of extensionsOf(el, tagSpecsFor(el.name, true))) if (!need.has(e)) need.set(e, el);
  }
  return need;
}

function declaredExtensions(root: AmpRoot): Map<string, AmpElement[]> {
  const declared = new Map<string, AmpElement[]>();
  for (const el of elementsOf(root)) {
    if (!isExtensionScript(el)) continue;
    const name = el.attribs["custom-element"] ?? el.attribs["custom-template"] ?? "";
    declared.set(name, [...(declared.get(name) ?? []), el]);
  }
  return declared;
}

/** Every AMP component the document uses, built-ins included (library metadata `ampComponents`). */
export function ampComponentsUsed(html: string): string[] {
  return ampComponentsIn(parseAmp(html).root);
}

/** ampComponentsUsed on a document already parsed. */
export function ampComponentsIn(root: AmpRoot): string[] {
  if (maxDepth(root) > MAX_NESTING_DEPTH) return [];
  const used = new Set<string>(requiredExtensions(root).keys());
  for (const el of elementsOf(root)) if (el.name.startsWith("amp-") && isAllowedTag(el.name)) used.add(el.name);
  return [...used].sort();
}

/**
 * Whether an attribute may stay on its element: "ok", "disallowed" (no spec of the tag allows
 * it), "binding" (an amp-bind target email forbids) or "action" (an `on` action email forbids).
 */
export function attributeVerdict(el: AmpElement, attr: string, value: string): "ok" | "disallowed" | "binding" | "action" {
  if (attr === "on" && DISALLOWED_ACTIONS.some((a) => value.includes(a))) return "action";
  if (attr.startsWith("data-") && !attr.startsWith("data-amp-")) return "ok";
  if (el.name === "form" && attr === "action") return "ok"; // reported as AMP_FORM_INVALID; left to the author
  if (el.name === "html") return HTML_ATTRS.includes(attr) ? "ok" : "disallowed";
  const specs = [...tagSpecsFor(el.name, true), ...tagSpecsFor(el.name, false)];
  if (specs.some((t) => t.attrs.has(attr))) return "ok";
  // amp-selector options: the reference point attributes
  for (let p = parentElement(el), i = 0; p && i < 3; p = parentElement(p), i++) {
    for (const t of tagSpecsFor(p.name, true)) for (const ref of referencePointSpecs(t.spec)) if (ref.attrs.has(attr)) return "ok";
  }
  return isBinding(attr) ? "binding" : "disallowed";
}

function checkTemplateSource(el: AmpElement, html: string): Fault[] {
  const source = html.slice(el.startIndex ?? 0, (el.endIndex ?? 0) + 1);
  const out: Fault[] = [];
  if (source.includes("{{{"))
    out.push({ code: "AMP_TEMPLATE_INVALID", message: "triple-mustache {{{…}}} (unescaped output) is not allowed in email" });
  if (/\{\{\s*>/.test(source)) out.push({ code: "AMP_TEMPLATE_INVALID", message: "mustache partials {{> …}} are not allowed" });
  return out;
}

/**
 * Validates a parsed document. With `byElement`, the faults of each element's own rules (spec
 * match, child tags) are also filed under the element: the repair loop uses them to find the
 * elements a repair left broken.
 */
export function validateParsed(html: string, parsed: ParsedAmp, byElement?: Map<AmpElement, AmpError[]>): AmpValidation {
  const { root, lineOf } = parsed;
  const errors: AmpError[] = [];
  const warnings: AmpError[] = [];
  const err = (code: AmpErrorCode, line: number, message: string) => errors.push({ code, line, message });
  const warn = (code: AmpErrorCode, line: number, message: string) => warnings.push({ code, line, message });
  const at = (el: { startIndex: number | null }) => lineOf(el.startIndex);

  const bytes = byteLength(html);
  if (bytes > MAX_DOCUMENT_BYTES) {
    err("AMP_DOC_TOO_LARGE", 1, `the document is ${bytes} bytes; AMP for Email allows at most ${MAX_DOCUMENT_BYTES}`);
  }
  const depth = maxDepth(root);
  if (depth > MAX_NESTING_DEPTH) {
    err("AMP_DOC_TOO_DEEP", 1, `elements are nested more than ${MAX_NESTING_DEPTH} deep; the document is not checked further`);
    return finish(errors, warnings);
  }

  // --- required markup -----------------------------------------------------------------------
  const firstNode = root.children.find((n) => n.type !== "comment" && !(n.type === "text" && n.data.trim() === ""));
  if (!firstNode || firstNode.type !== "directive" || !/^!doctype\s+html\s*$/i.test(firstNode.data ?? "")) {
    err("AMP_DOCTYPE_MISSING", 1, "the document must start with <!doctype html>");
  }

  const htmlEl = childElements(root).find((e) => e.name === "html");
  const head = htmlEl ? childElements(htmlEl).find((e) => e.name === "head") : undefined;
  const body = htmlEl ? childElements(htmlEl).find((e) => e.name === "body") : undefined;
  if (!htmlEl) err("AMP_STRUCTURE_MISSING", 1, "the document has no top-level <html> element");
  else {
    if (!("⚡4email" in htmlEl.attribs) && !("amp4email" in htmlEl.attribs)) {
      err("AMP_HTML_ATTR_MISSING", at(htmlEl), "<html> must carry the ⚡4email (or amp4email) attribute");
    }
    if (!("data-css-strict" in htmlEl.attribs)) {
      warn(
        "AMP_CSS_STRICT_MISSING",
        at(htmlEl),
        "<html> should carry data-css-strict (strict CSS validation); the official validator warns that this may become an error",
      );
    }
    if (!head) err("AMP_STRUCTURE_MISSING", at(htmlEl), "<head> must be present as a child of <html>");
    if (!body) err("AMP_STRUCTURE_MISSING", at(htmlEl), "<body> must be present as a child of <html>");
  }

  if (head) {
    const first = childElements(head)[0];
    if (!first || first.name !== "meta" || (first.attribs.charset ?? "").toLowerCase() !== "utf-8") {
      err("AMP_CHARSET_NOT_FIRST", at(first ?? head), '<meta charset="utf-8"> must be the first child of <head>');
    }
    const runtime = childElements(head).find((e) => isRuntimeScript(e));
    if (!runtime) err("AMP_RUNTIME_MISSING", at(head), `<head> must load the AMP runtime: <script async src="${AMP_RUNTIME_SRC}">`);
    else if (!("async" in runtime.attribs)) err("AMP_RUNTIME_MISSING", at(runtime), "the AMP runtime script must be async");
    const boilerplate = childElements(head).find((e) => e.name === "style" && "amp4email-boilerplate" in e.attribs);
    if (!boilerplate) {
      err("AMP_BOILERPLATE_MISSING", at(head), `<head> must hold <style amp4email-boilerplate>${BOILERPLATE_CSS}</style>`);
    } else if (!(boilerplateSpec()?.cdataRegex ?? /^\s*body\s*\{\s*visibility:\s*hidden;?\s*\}\s*$/).test(textOf(boilerplate))) {
      err("AMP_BOILERPLATE_INVALID", at(boilerplate), `the amp4email-boilerplate style must contain exactly ${BOILERPLATE_CSS}`);
    }
  }

  const cssStrict = htmlEl ? "data-css-strict" in htmlEl.attribs : true;
  const docCss = docCssSpec(cssStrict);
  const ctx: WalkContext = { open: new OpenTags(), matched: new Map(), cssStrict };
  const specCount = new Map<string, number>();
  /** [extension, element, whether the rule data requires it (else only amp-bind's own use)] */
  const needing: [string, AmpElement, boolean][] = [];
  let cssBytes = 0;
  let ampCustom: AmpElement | undefined;
  // value_oneof_set: e.g. amp-list template="…" names the id of a template anywhere in the document
  const valueSets = new Map<string, Set<string>>();
  const oneOf: { set: string; attr: string; value: string; el: AmpElement; line: number }[] = [];

  const visit = (el: AmpElement): void => {
    const line = at(el);
    const name = el.name;
    const candidates = tagSpecsFor(name, cssStrict);
    if (candidates.length === 0) {
      if (name.startsWith("amp-")) err("AMP_COMPONENT_DISALLOWED", line, `<${name}> is not an AMP component allowed in email`);
      else err("AMP_TAG_DISALLOWED", line, `<${name}> is not allowed in AMP for Email${name === "img" ? " (use <amp-img>)" : ""}`);
      return;
    }

    let tag: CompiledTag;
    let faults: Fault[];
    if (name === "html") {
      // the rule data leaves the format attributes of <html> to the engine
      tag = candidates[0];
      faults = Object.keys(el.attribs)
        .filter((attr) => !HTML_ATTRS.includes(attr) && !attr.startsWith("data-"))
        .map((attr) => ({ code: "AMP_ATTR_DISALLOWED" as const, message: `attribute "${attr}" is not allowed on <html>` }));
    } else if (name === "script" && isExtensionScript(el)) {
      const ext = el.attribs["custom-element"] ?? el.attribs["custom-template"] ?? "";
      const rule = extensionRule(ext);
      if (!rule) {
        err("AMP_COMPONENT_DISALLOWED", line, `extension "${ext}" is not allowed in email`);
        return;
      }
      tag = rule.spec;
      faults = [];
      for (const attr of Object.keys(el.attribs)) {
        if (attr === "src" || attr === rule.attr) continue;
        if (attr === "custom-element" || attr === "custom-template")
          faults.push({ code: "AMP_EXTENSION_INVALID", message: `the "${ext}" script must be declared with ${rule.attr}="${ext}"` });
        else if (!tag.attrs.has(attr))
          faults.push({ code: "AMP_ATTR_DISALLOWED", message: `attribute "${attr}" is not allowed on the ${ext} script` });
      }
      const m = EXTENSION_SRC.exec(el.attribs.src ?? "");
      if (!m || m[1] !== ext || !rule.versions.includes(m[2])) {
        faults.push({
          code: "AMP_EXTENSION_INVALID",
          message: `the "${ext}" script src must be https://cdn.ampproject.org/v0/${ext}-{${rule.versions.join("|")}}.js`,
        });
      } else if (rule.deprecatedVersions.includes(m[2])) {
        warn(
          "AMP_EXTENSION_DEPRECATED",
          line,
          `${ext} ${m[2]} is a deprecated version; use ${rule.versions.filter((v) => !rule.deprecatedVersions.includes(v)).join(" or ")}`,
        );
      }
      if (!("async" in el.attribs)) faults.push({ code: "AMP_EXTENSION_INVALID", message: `the "${ext}" script must be async` });
      if (!ctx.open.has("HEAD")) faults.push({ code: "AMP_PARENT_INVALID", message: `the "${ext}" script must be in <head>` });
      if (tag.spec.deprecation) warn("AMP_EXTENSION_DEPRECATED", line, tag.spec.deprecation);
    } else {
      const pool = name === "script" ? candidates.filter((t) => !t.spec.extensionSpec) : candidates;
      const match = matchSpec(el, pool, ctx);
      tag = match.tag;
      faults = match.faults;
      if (name === "script" && faults.length && !match.dispatched)
        faults = [
          {
            code: "AMP_SCRIPT_DISALLOWED",
            message: "scripts other than the AMP runtime, AMP extensions, amp-state JSON and templates are not allowed",
          },
        ];
      if (name === "style" && !("amp-custom" in el.attribs) && !("amp4email-boilerplate" in el.attribs)) {
        faults = [{ code: "AMP_STYLE_DISALLOWED", message: "only <style amp-custom> and <style amp4email-boilerplate> are allowed" }];
      }
    }
    if (name === "template") {
      for (const f of faults)
        if (f.code === "AMP_ATTR_VALUE_INVALID" || f.code === "AMP_ATTR_MISSING" || f.code === "AMP_PARENT_INVALID")
          f.code = "AMP_TEMPLATE_INVALID";
      faults.push(...checkTemplateSource(el, html));
    }
    for (const f of faults) err(f.code, f.line ?? line, f.message);
    if (byElement && faults.length)
      byElement.set(
        el,
        faults.map((f) => ({ code: f.code, line: f.line ?? line, message: f.message })),
      );
    if (tag.spec.deprecation && !tag.spec.extensionSpec) warn("AMP_TAG_DEPRECATED", line, tag.spec.deprecation);

    ctx.matched.set(el, tag);
    for (const [attr, value] of Object.entries(el.attribs)) {
      const a = tag.attrs.get(attr)?.spec;
      if (a?.addValueToSet) valueSets.set(a.addValueToSet, (valueSets.get(a.addValueToSet) ?? new Set()).add(value));
      if (a?.valueOneofSet && faults.length === 0) oneOf.push({ set: a.valueOneofSet, attr, value, el, line });
    }
    const count = (specCount.get(tag.spec.specName) ?? 0) + 1;
    specCount.set(tag.spec.specName, count);
    if (tag.spec.unique && count === 2) {
      err(
        name === "style" ? "AMP_STYLE_DISALLOWED" : name === "script" && isRuntimeScript(el) ? "AMP_RUNTIME_MISSING" : "AMP_TAG_DUPLICATE",
        line,
        `only one ${tag.spec.descriptiveName ?? tag.spec.specName.toLowerCase()} is allowed`,
      );
    }
    if (!isExtensionScript(el)) {
      const required = extensionsOf(el, [tag], false);
      for (const e of required) needing.push([e, el, true]);
      for (const e of extensionsOf(el, [tag], true)) if (!required.includes(e)) needing.push([e, el, false]);
    }
    // like the official engine, an element that matches no spec is not judged as a parent
    if (faults.length === 0) {
      const childFaultList = childFaults(el, tag, lineOf);
      for (const f of childFaultList) err(f.code, f.line, f.message);
      if (byElement && childFaultList.length) byElement.set(el, childFaultList);
    }

    // the text of raw-text elements (style, script): cdata rules
    if (name === "style" || name === "script") {
      const text = textOf(el);
      for (const d of tag.disallowedCdata) {
        if (d.regex.test(text))
          err(
            name === "style" ? "AMP_CSS_TEXT_DISALLOWED" : "AMP_SCRIPT_DISALLOWED",
            line,
            `the text of <${name}> contains ${d.message}, which is not allowed`,
          );
      }
      if (
        tag.spec.cdata?.maxBytes !== undefined &&
        tag.spec.cdata.maxBytes >= 0 &&
        !tag.spec.cdata.docCssBytes &&
        byteLength(text) > tag.spec.cdata.maxBytes
      ) {
        err(
          name === "style" ? "AMP_CSS_TOO_LARGE" : "AMP_SCRIPT_DISALLOWED",
          line,
          `the text of <${name}> is over ${tag.spec.cdata.maxBytes} bytes`,
        );
      }
    }
    if (name === "style" && "amp-custom" in el.attribs) {
      ampCustom ??= el;
      const text = textOf(el);
      cssBytes += byteLength(text);
      const textNode = el.children[0];
      for (const f of checkStylesheet(text, lineOf(textNode?.startIndex ?? el.startIndex), cssStrict)) err(f.code, f.line, f.message);
    }
    if (name === "amp-state") {
      const json = childElements(el)[0];
      if (json && json.name === "script") {
        try {
          JSON.parse(textOf(json));
        } catch {
          err("AMP_COMPONENT_STRUCTURE", at(json), "the <amp-state> JSON does not parse");
        }
      }
    }

    const value = el.attribs.on;
    if (value !== undefined) {
      const action = DISALLOWED_ACTIONS.find((a) => value.includes(a));
      if (action) err("AMP_BINDING_DISALLOWED", line, `the ${action} action is not allowed in email`);
    }
    for (const c of (el.attribs.class ?? "").split(/\s+/)) {
      if (/^i-amphtml-/i.test(c)) err("AMP_ATTR_VALUE_INVALID", line, `class "${c}" uses the i-amphtml- prefix reserved by AMP`);
    }
    const style = el.attribs.style;
    if (style !== undefined && !(ctx.open.has("TEMPLATE") && style.includes("{{"))) {
      const styleBytes = byteLength(style);
      cssBytes += styleBytes;
      if (styleBytes > docCss.maxBytesPerInlineStyle) {
        err("AMP_INLINE_STYLE_TOO_LONG", line, `style="" on <${name}> is ${styleBytes} bytes; at most ${docCss.maxBytesPerInlineStyle}`);
      }
      for (const f of checkInlineStyle(style, line, cssStrict)) err(f.code, f.line, f.message);
    }
  };

  // document order, keeping the open elements (for ancestor rules) without recursion
  const stack: { el: AmpElement; entered: string[] | null }[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) {
    const c = root.children[i];
    if (c.type === "tag" || c.type === "script" || c.type === "style") stack.push({ el: c as AmpElement, entered: null });
  }
  const keys = (el: AmpElement): string[] => {
    const spec = ctx.matched.get(el)?.spec.specName;
    const tagKey = el.name.toUpperCase();
    return spec && spec !== tagKey ? [tagKey, spec] : [tagKey];
  };
  while (stack.length) {
    const frame = stack.pop()!;
    if (frame.entered) {
      for (const k of frame.entered) ctx.open.add(k, -1);
      continue;
    }
    visit(frame.el);
    const opened = keys(frame.el);
    for (const k of opened) ctx.open.add(k, 1);
    stack.push({ el: frame.el, entered: opened });
    const kids = frame.el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i];
      if (c.type === "tag" || c.type === "script" || c.type === "style") stack.push({ el: c as AmpElement, entered: null });
    }
  }

  for (const o of oneOf) {
    if (!valueSets.get(o.set)?.has(o.value))
      err("AMP_ATTR_VALUE_INVALID", o.line, `${o.attr}="${o.value.slice(0, 80)}" on <${o.el.name}> names no template of this document`);
  }

  if (cssBytes > docCss.maxBytes) {
    const report = docCss.maxBytesIsWarning ? warn : err;
    report(
      "AMP_CSS_TOO_LARGE",
      ampCustom ? at(ampCustom) : 1,
      `CSS is ${cssBytes} bytes (<style amp-custom> plus style attributes); at most ${docCss.maxBytes}`,
    );
  }

  // --- extension scripts match the components used ----------------------------------------------
  const declared = declaredExtensions(root);
  const needed = new Set<string>();
  for (const [ext, el, required] of needing) {
    needed.add(ext);
    if (declared.has(ext)) continue;
    // bindings and AMP.setState without amp-bind do nothing; the official engine lets them pass
    const report = required ? err : warn;
    report("AMP_EXTENSION_MISSING", at(el), `<${el.name}> needs the ${ext} extension script in <head>`);
  }
  for (const [ext, scripts] of declared) {
    const rule = extensionRule(ext);
    if (scripts.length > 1) err("AMP_EXTENSION_INVALID", at(scripts[1]), `the ${ext} extension script is included more than once`);
    if (rule && rule.usageRequired && !needed.has(ext))
      warn("AMP_EXTENSION_UNUSED", at(scripts[0]), `the ${ext} extension script is included but nothing uses it`);
  }
  return finish(errors, warnings);
}

function dedupe(list: AmpError[]): AmpError[] {
  list.sort((a, b) => a.line - b.line);
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${e.code}|${e.line}|${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function finish(errors: AmpError[], warnings: AmpError[]): AmpValidation {
  const unique = dedupe(errors);
  return { validator: "builtin", status: unique.length === 0 ? "pass" : "fail", errors: unique, warnings: dedupe(warnings) };
}

/** Validates an AMP4EMAIL document; never throws, never truncates. */
export function validateAmp(html: string): AmpValidation {
  return checkAmp(html).validation;
}

/** A document's built-in verdict, with the tree it was read from (none when it was refused unparsed). */
export interface AmpCheck {
  validation: AmpValidation;
  parsed?: ParsedAmp;
}

/** validateAmp, keeping the parse: the parity and clipping reports read the same tree (they do not change it). */
export function checkAmp(html: string): AmpCheck {
  // refused before parsing: the parse itself would take super-linear time
  if (nestsDeeperThan(html, MAX_NESTING_DEPTH)) {
    const errors: AmpError[] = [];
    const bytes = byteLength(html);
    if (bytes > MAX_DOCUMENT_BYTES)
      errors.push({
        code: "AMP_DOC_TOO_LARGE",
        line: 1,
        message: `the document is ${bytes} bytes; AMP for Email allows at most ${MAX_DOCUMENT_BYTES}`,
      });
    errors.push({
      code: "AMP_DOC_TOO_DEEP",
      line: 1,
      message: `elements are nested more than ${MAX_NESTING_DEPTH} deep; the document is not checked further`,
    });
    return { validation: finish(errors, []) };
  }
  const parsed = parseAmp(html);
  return { validation: validateParsed(html, parsed), parsed };
}
