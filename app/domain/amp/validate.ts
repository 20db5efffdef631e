// The built-in AMP4EMAIL validator. The official engine cannot be fetched here (stack-notes §4),
// so this checks the rules of the AMP for Email specification itself; docs/amp.md lists them.
import { parseAnswerSpec } from "../answers/placeholder";
import { checkInlineStyle, checkStylesheet } from "./css";
import {
  allElements,
  childElements,
  classList,
  hasAncestor,
  parseAmp,
  textOf,
  type AmpElement,
  type AmpRoot,
  type ParsedAmp,
} from "./dom";
import {
  AMP_RUNTIME_SRC,
  BOILERPLATE_CSS,
  COMPONENTS,
  COMPONENT_BINDINGS,
  DISALLOWED_ACTIONS,
  DISALLOWED_BINDINGS,
  DISALLOWED_INPUT_TYPES,
  EXTENSION_OF,
  GLOBAL_ATTRS,
  HTML_TAGS,
  KNOWN_NON_EMAIL_COMPONENTS,
  LAYOUTS,
  MAX_CSS_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_INLINE_STYLE_BYTES,
  SELECTOR_OPTION_ATTRS,
  SEND_PLACEHOLDERS,
  TAG_ATTRS,
  extensionRule,
} from "./rules";

export const AMP_ERROR_CODES = [
  "AMP_DOC_TOO_LARGE",
  "AMP_DOCTYPE_MISSING",
  "AMP_STRUCTURE_MISSING",
  "AMP_HTML_ATTR_MISSING",
  "AMP_CSS_STRICT_MISSING",
  "AMP_CHARSET_NOT_FIRST",
  "AMP_RUNTIME_MISSING",
  "AMP_BOILERPLATE_MISSING",
  "AMP_BOILERPLATE_INVALID",
  "AMP_TAG_DISALLOWED",
  "AMP_COMPONENT_DISALLOWED",
  "AMP_ATTR_DISALLOWED",
  "AMP_ATTR_VALUE_INVALID",
  "AMP_PARENT_INVALID",
  "AMP_COMPONENT_STRUCTURE",
  "AMP_SCRIPT_DISALLOWED",
  "AMP_EXTENSION_INVALID",
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
}

/** amp-form shows the child carrying one of these while submitting, after success or error. */
const FORM_STATE_ATTRS = ["submit-success", "submit-error", "submitting", "verify-error"];
/** Roles a child can play for its AMP parent (loading placeholder, fallback, amp-list overflow). */
const CHILD_ROLE_ATTRS = ["placeholder", "fallback", "overflow"];

const EXTENSION_SRC = /^https:\/\/cdn\.ampproject\.org\/v0\/(amp-[a-z-]+)-(\d+\.\d+|latest)\.js$/;

export function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

function isRuntimeScript(el: AmpElement): boolean {
  return el.name === "script" && el.attribs.src === AMP_RUNTIME_SRC;
}

function isExtensionScript(el: AmpElement): boolean {
  return el.name === "script" && ("custom-element" in el.attribs || "custom-template" in el.attribs);
}

function isMustacheTemplate(el: AmpElement): boolean {
  return el.name === "template" && el.attribs.type === "amp-mustache";
}

function inTemplate(el: AmpElement): boolean {
  return hasAncestor(el, (a) => a.name === "template");
}

/** Extension names the markup needs a script for, with the first element needing each. */
export function requiredExtensions(root: AmpRoot): Map<string, AmpElement> {
  const need = new Map<string, AmpElement>();
  const add = (name: string, el: AmpElement) => {
    if (!need.has(name)) need.set(name, el);
  };
  for (const el of allElements(root)) {
    if (el.name.startsWith("amp-")) {
      const rule = COMPONENTS[el.name];
      if (EXTENSION_OF[el.name]) add(EXTENSION_OF[el.name], el);
      else if (rule?.script) add(el.name, el);
    }
    if (el.name === "form") add("amp-form", el);
    if (isMustacheTemplate(el)) add("amp-mustache", el);
    for (const [name, value] of Object.entries(el.attribs)) {
      if (name.startsWith("[") && name.endsWith("]")) add("amp-bind", el);
      if (name === "on" && /AMP\.setState\s*\(/.test(value)) add("amp-bind", el);
    }
  }
  return need;
}

function declaredExtensions(root: AmpRoot): Map<string, AmpElement[]> {
  const declared = new Map<string, AmpElement[]>();
  for (const el of allElements(root)) {
    if (!isExtensionScript(el)) continue;
    const name = el.attribs["custom-element"] ?? el.attribs["custom-template"] ?? "";
    declared.set(name, [...(declared.get(name) ?? []), el]);
  }
  return declared;
}

/** Every AMP component the document uses, built-ins included (library metadata `ampComponents`). */
export function ampComponentsUsed(html: string): string[] {
  const { root } = parseAmp(html);
  const used = new Set<string>(requiredExtensions(root).keys());
  for (const el of allElements(root)) if (el.name.startsWith("amp-") && COMPONENTS[el.name]) used.add(el.name);
  return [...used].sort();
}

/**
 * Whether an attribute may stay on its element: "ok", "disallowed" (not in the allowlist),
 * "binding" (an amp-bind target email forbids) or "action" (an `on` action email forbids).
 */
export function attributeVerdict(el: AmpElement, attr: string, value: string): "ok" | "disallowed" | "binding" | "action" {
  const name = el.name;
  const component = name.startsWith("amp-") ? COMPONENTS[name] : undefined;
  const allowed = new Set<string>([...(TAG_ATTRS[name] ?? []), ...(component?.attrs ?? [])]);
  if (attr.startsWith("[") && attr.endsWith("]")) {
    const target = attr.slice(1, -1);
    if (DISALLOWED_BINDINGS.has(target)) return "binding";
    const bindable = ["text", "class", "hidden"].includes(target) || (COMPONENT_BINDINGS[name] ?? []).includes(target) || allowed.has(target) || GLOBAL_ATTRS.has(target) || target.startsWith("aria-");
    return bindable ? "ok" : "disallowed";
  }
  if (attr === "on") return DISALLOWED_ACTIONS.some((a) => value.includes(a)) ? "action" : "ok";
  if (attr.startsWith("data-") || attr.startsWith("aria-")) return "ok";
  if (GLOBAL_ATTRS.has(attr) || allowed.has(attr)) return "ok";
  if (SELECTOR_OPTION_ATTRS.includes(attr) && hasAncestor(el, (a) => a.name === "amp-selector")) return "ok";
  if (FORM_STATE_ATTRS.includes(attr) && hasAncestor(el, (a) => a.name === "form")) return "ok";
  if (name === "form" && attr === "action") return "ok"; // reported as AMP_FORM_INVALID instead
  const parentIsComponent = !!el.parent && el.parent.type !== "root" && el.parent.name.startsWith("amp-");
  if (parentIsComponent && CHILD_ROLE_ATTRS.includes(attr)) return "ok";
  return "disallowed";
}

function urlProblem(
  value: string,
  allowed: string[],
  el: AmpElement,
): { code: "AMP_URL_PROTOCOL" | "AMP_URL_INVALID"; message: string } | null {
  const v = value.trim();
  if (inTemplate(el) && v.includes("{{")) return null;
  const placeholder = /^\{\{\s*([A-Z_]+)\s*\}\}$/.exec(v);
  if (placeholder && SEND_PLACEHOLDERS.has(placeholder[1])) return null;
  // A survey or quiz answer link, signed per recipient at send time (docs/answers.md).
  if (/^\{\{(ANSWER_URL:[^{}]{1,160})\}\}$/.test(v) && parseAnswerSpec(v.slice(2, -2))) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (!scheme) return { code: "AMP_URL_INVALID", message: `"${v.slice(0, 80)}" is not an absolute URL; email has no base URL` };
  const protocol = scheme[1].toLowerCase();
  if (!allowed.includes(protocol)) {
    return { code: "AMP_URL_PROTOCOL", message: `protocol "${protocol}:" is not allowed here (allowed: ${allowed.map((p) => `${p}:`).join(", ")})` };
  }
  if ((protocol === "https" || protocol === "http") && !/^https?:\/\/[^/\s]+/i.test(v)) {
    return { code: "AMP_URL_INVALID", message: `"${v.slice(0, 80)}" has no host` };
  }
  return null;
}

const LINK_PROTOCOLS = ["https", "http", "mailto", "tel"];
const RESOURCE_PROTOCOLS = ["https"];

function isNumeric(v: string | undefined): boolean {
  return v !== undefined && /^\d+(\.\d+)?(px)?$/.test(v.trim());
}

export function validateParsed(html: string, parsed: ParsedAmp): AmpValidation {
  const { root, lineOf } = parsed;
  const errors: AmpError[] = [];
  const err = (code: AmpErrorCode, line: number, message: string) => errors.push({ code, line, message });
  const at = (el: { startIndex: number | null }) => lineOf(el.startIndex);

  const bytes = byteLength(html);
  if (bytes > MAX_DOCUMENT_BYTES) {
    err("AMP_DOC_TOO_LARGE", 1, `the document is ${bytes} bytes; AMP for Email allows at most ${MAX_DOCUMENT_BYTES}`);
  }

  // --- required markup -----------------------------------------------------------------------
  const firstNode = root.children.find(
    (n) => n.type !== "comment" && !(n.type === "text" && n.data.trim() === ""),
  );
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
      err("AMP_CSS_STRICT_MISSING", at(htmlEl), "<html> must carry the data-css-strict attribute");
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
    } else if (textOf(boilerplate).replace(/\s+/g, "") !== BOILERPLATE_CSS) {
      err("AMP_BOILERPLATE_INVALID", at(boilerplate), `the amp4email-boilerplate style must contain exactly ${BOILERPLATE_CSS}`);
    }
  }

  // --- every element ---------------------------------------------------------------------------
  let ampCustomCount = 0;
  let cssBytes = 0;
  for (const el of allElements(root)) {
    const line = at(el);
    const name = el.name;
    const inHead = hasAncestor(el, (a) => a.name === "head");

    if (name === "script") {
      if (isRuntimeScript(el)) {
        if (!inHead) err("AMP_PARENT_INVALID", line, "the AMP runtime script must be in <head>");
      } else if (isExtensionScript(el)) {
        const ext = el.attribs["custom-element"] ?? el.attribs["custom-template"] ?? "";
        const rule = extensionRule(ext);
        const m = EXTENSION_SRC.exec(el.attribs.src ?? "");
        if (!rule) {
          err(KNOWN_NON_EMAIL_COMPONENTS.has(ext) ? "AMP_COMPONENT_DISALLOWED" : "AMP_EXTENSION_INVALID", line, `extension "${ext}" is not allowed in email`);
        } else if ("custom-element" in el.attribs && "custom-template" in el.attribs) {
          err("AMP_EXTENSION_INVALID", line, `the "${ext}" script must carry only one of custom-element / custom-template`);
        } else if (!(rule.attr in el.attribs)) {
          err("AMP_EXTENSION_INVALID", line, `the "${ext}" script must be declared with ${rule.attr}="${ext}"`);
        } else if (!m || m[1] !== ext || !rule.versions.includes(m[2])) {
          err("AMP_EXTENSION_INVALID", line, `the "${ext}" script src must be https://cdn.ampproject.org/v0/${ext}-{${rule.versions.join("|")}}.js`);
        } else if (!("async" in el.attribs)) {
          err("AMP_EXTENSION_INVALID", line, `the "${ext}" script must be async`);
        }
        if (!inHead) err("AMP_PARENT_INVALID", line, `the "${ext}" script must be in <head>`);
      } else if (
        el.attribs.type === "application/json" &&
        !("src" in el.attribs) &&
        el.parent?.type !== "root" &&
        el.parent?.name === "amp-state"
      ) {
        // the amp-state initial state: checked with amp-state below
      } else {
        err("AMP_SCRIPT_DISALLOWED", line, "scripts other than the AMP runtime, AMP extensions and amp-state JSON are not allowed");
      }
      continue;
    }

    if (name === "style") {
      if ("amp-custom" in el.attribs) {
        ampCustomCount++;
        if (ampCustomCount > 1) err("AMP_STYLE_DISALLOWED", line, "only one <style amp-custom> is allowed");
        if (!inHead) err("AMP_PARENT_INVALID", line, "<style amp-custom> must be in <head>");
        const text = textOf(el);
        cssBytes += byteLength(text);
        const textNode = el.children[0];
        for (const f of checkStylesheet(text, lineOf(textNode?.startIndex ?? el.startIndex))) err(f.code, f.line, f.message);
      } else if ("amp4email-boilerplate" in el.attribs) {
        if (!inHead) err("AMP_PARENT_INVALID", line, "the boilerplate style must be in <head>");
      } else {
        err("AMP_STYLE_DISALLOWED", line, "only <style amp-custom> and <style amp4email-boilerplate> are allowed");
      }
      continue;
    }

    const component = name.startsWith("amp-") ? COMPONENTS[name] : undefined;
    if (name.startsWith("amp-") && !component) {
      err("AMP_COMPONENT_DISALLOWED", line, `<${name}> is not an AMP component allowed in email`);
      continue;
    }
    if (!component && !HTML_TAGS.has(name)) {
      const hint = name === "img" ? " (use <amp-img>)" : "";
      err("AMP_TAG_DISALLOWED", line, `<${name}> is not allowed in AMP for Email${hint}`);
      continue;
    }
    if (name === "meta" && !inHead) err("AMP_PARENT_INVALID", line, "<meta> must be in <head>");
    if (name === "meta" && "http-equiv" in el.attribs) err("AMP_ATTR_DISALLOWED", line, '<meta http-equiv> is not allowed');

    // attributes
    for (const [attr, value] of Object.entries(el.attribs)) {
      const verdict = attributeVerdict(el, attr, value);
      if (verdict === "binding") err("AMP_BINDING_DISALLOWED", line, `binding to ${attr} is not allowed in email`);
      else if (verdict === "action") {
        const action = DISALLOWED_ACTIONS.find((a) => value.includes(a));
        err("AMP_BINDING_DISALLOWED", line, `the ${action} action is not allowed in email`);
      } else if (verdict === "disallowed") {
        const why = /^on[a-z]+$/.test(attr) ? " (event handler attributes are not allowed; use on=)" : "";
        const kind = attr.startsWith("[") ? "binding" : "attribute";
        err("AMP_ATTR_DISALLOWED", line, `${kind} "${attr}" is not allowed on <${el.name}>${why}`);
      }
    }

    // attribute values
    for (const id of [el.attribs.id ?? "", ...classList(el)]) {
      if (/^(-amp-|i-amp)/i.test(id)) err("AMP_ATTR_VALUE_INVALID", line, `id/class "${id}" uses a prefix reserved by AMP`);
    }
    if (name === "a") {
      if (el.attribs.target !== undefined && el.attribs.target !== "_blank") {
        err("AMP_ATTR_VALUE_INVALID", line, `<a target="${el.attribs.target}"> is not allowed; only _blank`);
      }
      if (el.attribs.href !== undefined) {
        const p = urlProblem(el.attribs.href, LINK_PROTOCOLS, el);
        if (p) err(p.code, line, `<a href>: ${p.message}`);
      }
    }
    if (name === "input" && DISALLOWED_INPUT_TYPES.has((el.attribs.type ?? "").toLowerCase())) {
      err("AMP_ATTR_VALUE_INVALID", line, `<input type="${el.attribs.type}"> is not allowed in email`);
    }
    if (name === "amp-list" && (el.attribs.credentials ?? "").toLowerCase() === "include") {
      err("AMP_ATTR_VALUE_INVALID", line, '<amp-list credentials="include"> is not allowed in email');
    }
    if (name === "amp-carousel" && el.attribs.type !== undefined && !["slides", "carousel"].includes(el.attribs.type)) {
      err("AMP_ATTR_VALUE_INVALID", line, `<amp-carousel type="${el.attribs.type}"> must be slides or carousel`);
    }
    for (const attr of ["src", "srcset"]) {
      const v = el.attribs[attr];
      if (v === undefined || !(name === "amp-img" || name === "amp-anim" || name === "amp-list")) continue;
      const urls = attr === "srcset" ? v.split(",").map((s) => s.trim().split(/\s+/)[0] ?? "") : [v];
      for (const u of urls) {
        const p = urlProblem(u, RESOURCE_PROTOCOLS, el);
        if (p) err(p.code, line, `<${name} ${attr}>: ${p.message}`);
      }
    }
    for (const attr of ["cite"]) {
      const v = el.attribs[attr];
      if (v === undefined) continue;
      const p = urlProblem(v, LINK_PROTOCOLS, el);
      if (p) err(p.code, line, `<${name} ${attr}>: ${p.message}`);
    }

    // inline style
    if (el.attribs.style !== undefined && !(inTemplate(el) && el.attribs.style.includes("{{"))) {
      const styleBytes = byteLength(el.attribs.style);
      cssBytes += styleBytes;
      if (styleBytes > MAX_INLINE_STYLE_BYTES) {
        err("AMP_INLINE_STYLE_TOO_LONG", line, `style="" on <${name}> is ${styleBytes} bytes; at most ${MAX_INLINE_STYLE_BYTES}`);
      }
      for (const f of checkInlineStyle(el.attribs.style, line)) err(f.code, f.line, f.message);
    }

    // layout
    if (el.attribs.layout !== undefined && !LAYOUTS.has(el.attribs.layout)) {
      err("AMP_LAYOUT_INVALID", line, `layout="${el.attribs.layout}" is not a known AMP layout`);
    }
    if (name === "amp-img" || name === "amp-anim") {
      const layout = el.attribs.layout;
      const needsBoth = layout === undefined || ["fixed", "responsive", "intrinsic"].includes(layout);
      if (layout === undefined || (needsBoth && (!isNumeric(el.attribs.width) || !isNumeric(el.attribs.height)))) {
        err("AMP_IMG_LAYOUT_MISSING", line, `<${name}> needs width, height and layout`);
      } else if (layout === "fixed-height" && !isNumeric(el.attribs.height)) {
        err("AMP_IMG_LAYOUT_MISSING", line, `<${name} layout="fixed-height"> needs a height`);
      }
    } else if (component && el.attribs.layout !== undefined) {
      const layout = el.attribs.layout;
      if ((layout === "responsive" || layout === "fixed" || layout === "intrinsic") && (!isNumeric(el.attribs.width) || !isNumeric(el.attribs.height))) {
        err("AMP_LAYOUT_INVALID", line, `<${name} layout="${layout}"> needs numeric width and height`);
      }
      if (layout === "fixed-height" && (!isNumeric(el.attribs.height) || (el.attribs.width !== undefined && el.attribs.width !== "auto"))) {
        err("AMP_LAYOUT_INVALID", line, `<${name} layout="fixed-height"> needs a height and no width (or width="auto")`);
      }
    }
    if (name === "amp-carousel" && !isNumeric(el.attribs.height)) {
      err("AMP_LAYOUT_INVALID", line, "<amp-carousel> needs a height");
    }

    // component structure and placement
    if (name === "amp-sidebar") {
      if (el.attribs.layout !== "nodisplay") err("AMP_LAYOUT_INVALID", line, '<amp-sidebar> needs layout="nodisplay"');
      if (el.parent?.type === "root" || el.parent?.name !== "body") err("AMP_PARENT_INVALID", line, "<amp-sidebar> must be a direct child of <body>");
    }
    if (name === "amp-accordion") {
      for (const section of childElements(el)) {
        const kids = childElements(section);
        if (section.name !== "section" || kids.length !== 2 || !/^(h[1-6]|header)$/.test(kids[0].name)) {
          err("AMP_COMPONENT_STRUCTURE", at(section), "each child of <amp-accordion> must be a <section> holding a heading (h1–h6 or header) and one content element");
        }
      }
    }
    if (name === "section" && "expanded" in el.attribs && !(el.parent && el.parent.type !== "root" && el.parent.name === "amp-accordion")) {
      err("AMP_ATTR_DISALLOWED", line, 'attribute "expanded" is only allowed on sections of <amp-accordion>');
    }
    if (name === "amp-state") {
      const kids = childElements(el);
      const json = kids[0];
      if (!el.attribs.id || kids.length !== 1 || json.name !== "script" || json.attribs.type !== "application/json") {
        err("AMP_COMPONENT_STRUCTURE", line, '<amp-state> needs an id and exactly one <script type="application/json"> child');
      } else {
        try {
          JSON.parse(textOf(json));
        } catch {
          err("AMP_COMPONENT_STRUCTURE", at(json), "the <amp-state> JSON does not parse");
        }
      }
    }

    // forms
    if (name === "form") {
      const xhr = el.attribs["action-xhr"];
      if ("action" in el.attribs) err("AMP_FORM_INVALID", line, "<form action> is not allowed in email; use action-xhr");
      else if (xhr === undefined) err("AMP_FORM_INVALID", line, "<form> needs action-xhr");
      else {
        const p = urlProblem(xhr, RESOURCE_PROTOCOLS, el);
        if (p) err(p.code, line, `<form action-xhr>: ${p.message}`);
      }
      if (el.attribs.method !== undefined && !["get", "post"].includes(el.attribs.method.toLowerCase())) {
        err("AMP_FORM_INVALID", line, `<form method="${el.attribs.method}"> must be get or post`);
      }
    }
    // templates
    if (name === "template") {
      if (!isMustacheTemplate(el)) err("AMP_TEMPLATE_INVALID", line, '<template> must be type="amp-mustache"');
      if (inTemplate(el)) err("AMP_TEMPLATE_INVALID", line, "templates may not be nested");
      if (!hasAncestor(el, (a) => a.name === "form" || a.name === "amp-list")) {
        err("AMP_TEMPLATE_INVALID", line, "amp-mustache templates are only allowed inside <form> (submit-success/-error) or <amp-list>");
      }
      const source = html.slice(el.startIndex ?? 0, (el.endIndex ?? 0) + 1);
      if (source.includes("{{{")) err("AMP_TEMPLATE_INVALID", line, "triple-mustache {{{…}}} (unescaped output) is not allowed in email");
      if (/\{\{\s*>/.test(source)) err("AMP_TEMPLATE_INVALID", line, "mustache partials {{> …}} are not allowed");
    }
  }

  if (cssBytes > MAX_CSS_BYTES) {
    const styleEl = allElements(root).find((e) => e.name === "style" && "amp-custom" in e.attribs);
    err("AMP_CSS_TOO_LARGE", styleEl ? at(styleEl) : 1, `CSS is ${cssBytes} bytes (<style amp-custom> plus style attributes); at most ${MAX_CSS_BYTES}`);
  }

  // --- extension scripts match the components used ----------------------------------------------
  const needed = requiredExtensions(root);
  const declared = declaredExtensions(root);
  for (const [ext, el] of needed) {
    if (!declared.has(ext)) err("AMP_EXTENSION_MISSING", at(el), `<${el.name}> needs the ${ext} extension script in <head>`);
  }
  for (const [ext, scripts] of declared) {
    if (scripts.length > 1) err("AMP_EXTENSION_INVALID", at(scripts[1]), `the ${ext} extension script is included more than once`);
    if (!needed.has(ext) && extensionRule(ext)) err("AMP_EXTENSION_UNUSED", at(scripts[0]), `the ${ext} extension script is included but nothing uses it`);
  }

  errors.sort((a, b) => a.line - b.line);
  const seen = new Set<string>();
  const unique = errors.filter((e) => {
    const key = `${e.code}|${e.line}|${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { validator: "builtin", status: unique.length === 0 ? "pass" : "fail", errors: unique };
}

/** Validates an AMP4EMAIL document; never throws, never truncates. */
export function validateAmp(html: string): AmpValidation {
  return validateParsed(html, parseAmp(html));
}
