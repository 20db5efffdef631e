// CSS rules of AMP for Email (amp-email-css.md), shared by the validator (which reports) and the
// repair loop (which removes what the validator would report).
import * as csstree from "css-tree";
import { CSS_MEDIA_FEATURES, CSS_PROPERTIES, CSS_PSEUDO_CLASSES, TRANSITION_PROPERTIES } from "./rules";

export type CssFaultCode =
  | "AMP_CSS_SYNTAX"
  | "AMP_CSS_IMPORTANT"
  | "AMP_CSS_AT_RULE_DISALLOWED"
  | "AMP_CSS_PROPERTY_DISALLOWED"
  | "AMP_CSS_VALUE_DISALLOWED"
  | "AMP_CSS_SELECTOR_DISALLOWED"
  | "AMP_URL_PROTOCOL";

export interface CssFault {
  code: CssFaultCode;
  line: number;
  message: string;
}

const RESERVED_NAME = /^(-amp-|i-amp)/i;

/** Why a declaration's value is not allowed in email, or null when it is. */
export function declarationValueFault(property: string, value: string): string | null {
  const v = value.trim().toLowerCase();
  switch (property) {
    case "position":
      if (/\b(fixed|sticky)\b/.test(v)) return `"position: ${v}" is not allowed in email`;
      return null;
    case "cursor":
      if (v !== "pointer" && v !== "initial") return `"cursor" may only be pointer or initial, not "${v}"`;
      return null;
    case "visibility":
      if (!["hidden", "visible", "initial"].includes(v)) return `"visibility" may only be hidden, visible or initial, not "${v}"`;
      return null;
    case "z-index": {
      const n = Number(v);
      if (v !== "auto" && (!Number.isFinite(n) || n < -100 || n > 100)) return `"z-index" must be between -100 and 100, not "${v}"`;
      return null;
    }
    case "filter":
      if (v.includes("url(")) return `"filter" may not use url()`;
      return null;
    case "transition":
    case "transition-property": {
      for (const part of v.split(",")) {
        const name = part.trim().split(/\s+/)[0] ?? "";
        if (property === "transition" && /^[\d.]+m?s$/.test(name)) continue;
        if (name && !TRANSITION_PROPERTIES.has(name)) return `only opacity, transform, visibility and offset-distance may be animated, not "${name}"`;
      }
      return null;
    }
    default:
      if (/\bexpression\s*\(/.test(v)) return `"${property}" may not use expression()`;
      return null;
  }
}

function urlFault(url: string): string | null {
  const u = url.trim();
  if (/^https:\/\//i.test(u)) return null;
  return `CSS url("${u.slice(0, 80)}") must be an https URL`;
}

function declarationFaults(decl: csstree.Declaration, line: number, out: CssFault[]): void {
  const property = decl.property.toLowerCase();
  if (decl.important) out.push({ code: "AMP_CSS_IMPORTANT", line, message: `"!important" is not allowed (on "${property}")` });
  if (!CSS_PROPERTIES.has(property)) {
    out.push({ code: "AMP_CSS_PROPERTY_DISALLOWED", line, message: `CSS property "${property}" is not allowed in email` });
    return;
  }
  const value = csstree.generate(decl.value);
  const fault = declarationValueFault(property, value);
  if (fault) out.push({ code: "AMP_CSS_VALUE_DISALLOWED", line, message: fault });
  csstree.walk(decl.value, {
    visit: "Url",
    enter(node) {
      const f = urlFault(node.value);
      if (f) out.push({ code: "AMP_URL_PROTOCOL", line, message: f });
    },
  });
}

function lineOfNode(node: csstree.CssNode, fallback: number): number {
  return node.loc?.start.line ?? fallback;
}

/** Checks a stylesheet; `firstLine` is the document line the text starts on. */
export function checkStylesheet(text: string, firstLine: number): CssFault[] {
  const out: CssFault[] = [];
  const ast = csstree.parse(text, {
    positions: true,
    line: firstLine,
    onParseError(error) {
      out.push({ code: "AMP_CSS_SYNTAX", line: error.line ?? firstLine, message: `CSS syntax error: ${error.message}` });
    },
  });
  csstree.walk(ast, {
    enter(node: csstree.CssNode): void | symbol {
      const line = lineOfNode(node, firstLine);
      switch (node.type) {
        case "Atrule":
          if (node.name.toLowerCase() !== "media") {
            out.push({ code: "AMP_CSS_AT_RULE_DISALLOWED", line, message: `"@${node.name}" is not allowed; only @media is` });
            // its body goes with it, so faults inside it would only repeat this one
            return csstree.walk.skip;
          }
          break;
        case "Feature":
          if (!CSS_MEDIA_FEATURES.has(node.name.toLowerCase())) {
            out.push({ code: "AMP_CSS_AT_RULE_DISALLOWED", line, message: `media feature "${node.name}" is not allowed in email` });
          }
          break;
        case "PseudoClassSelector":
          if (!CSS_PSEUDO_CLASSES.has(node.name.toLowerCase())) {
            out.push({ code: "AMP_CSS_SELECTOR_DISALLOWED", line, message: `pseudo-class ":${node.name}" is not allowed in email` });
          }
          break;
        case "PseudoElementSelector":
          out.push({ code: "AMP_CSS_SELECTOR_DISALLOWED", line, message: `pseudo-element "::${node.name}" is not allowed in email` });
          break;
        case "ClassSelector":
        case "IdSelector":
          if (RESERVED_NAME.test(node.name)) {
            out.push({ code: "AMP_CSS_SELECTOR_DISALLOWED", line, message: `selector name "${node.name}" uses a prefix reserved by AMP` });
          }
          break;
        case "Declaration":
          declarationFaults(node, line, out);
          break;
        default:
          break;
      }
    },
  });
  return out;
}

/** Checks the body of a style="" attribute. */
export function checkInlineStyle(text: string, line: number): CssFault[] {
  const out: CssFault[] = [];
  const ast = csstree.parse(text, {
    context: "declarationList",
    onParseError(error) {
      out.push({ code: "AMP_CSS_SYNTAX", line, message: `inline style syntax error: ${error.message}` });
    },
  });
  csstree.walk(ast, {
    visit: "Declaration",
    enter(node) {
      declarationFaults(node, line, out);
    },
  });
  return out;
}

function declarationAllowed(decl: csstree.Declaration): boolean {
  const property = decl.property.toLowerCase();
  if (!CSS_PROPERTIES.has(property)) return false;
  if (declarationValueFault(property, csstree.generate(decl.value))) return false;
  let badUrl = false;
  csstree.walk(decl.value, {
    visit: "Url",
    enter(node) {
      if (urlFault(node.value)) badUrl = true;
    },
  });
  return !badUrl;
}

export interface CssCleanResult {
  css: string;
  droppedImportant: number;
  droppedDeclarations: string[];
  droppedRules: string[];
}

/**
 * Removes what email does not allow: `!important` flags, disallowed declarations, at-rules other
 * than @media, and rules whose selectors email cannot match. Keeps everything else.
 */
export function cleanStylesheet(text: string, context: "stylesheet" | "declarationList"): CssCleanResult {
  const result: CssCleanResult = { css: text, droppedImportant: 0, droppedDeclarations: [], droppedRules: [] };
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(text, { context, onParseError: () => undefined });
  } catch {
    return result;
  }
  csstree.walk(ast, {
    enter(node: csstree.CssNode, item: csstree.ListItem<csstree.CssNode>, list: csstree.List<csstree.CssNode>): void | symbol {
      if (node.type === "Raw" && list && item) {
        // what css-tree could not parse: the validator reports it as a syntax error
        result.droppedRules.push(`unparseable CSS "${node.value.trim().slice(0, 40)}"`);
        list.remove(item);
      } else if (node.type === "Declaration") {
        if (node.value.type === "Raw" && list && item) {
          result.droppedDeclarations.push(`${node.property}: ${node.value.value.trim().slice(0, 40)}`);
          list.remove(item);
          return csstree.walk.skip;
        }
        if (node.important) {
          node.important = false;
          result.droppedImportant++;
        }
        if (!declarationAllowed(node) && list && item) {
          result.droppedDeclarations.push(`${node.property}: ${csstree.generate(node.value)}`);
          list.remove(item);
        }
      } else if (node.type === "Atrule" && list && item) {
        const prelude = node.prelude ? csstree.generate(node.prelude) : "";
        const mediaOk = node.name.toLowerCase() === "media" && checkStylesheet(`@media ${prelude}{}`, 1).length === 0;
        if (!mediaOk) {
          result.droppedRules.push(`@${node.name} ${prelude}`.trim());
          list.remove(item);
          return csstree.walk.skip;
        }
      } else if (node.type === "Rule" && list && item) {
        const faults: CssFault[] = [];
        const selector = csstree.generate(node.prelude);
        for (const f of checkStylesheet(`${selector}{}`, 1)) faults.push(f);
        if (faults.some((f) => f.code === "AMP_CSS_SELECTOR_DISALLOWED")) {
          result.droppedRules.push(selector);
          list.remove(item);
        }
      }
    },
  });
  result.css = csstree.generate(ast);
  return result;
}

/** A style attribute's declarations re-serialised, so it can sit safely inside a CSS rule block. */
export function normalizeDeclarations(text: string): string {
  try {
    return csstree.generate(csstree.parse(text, { context: "declarationList" }));
  } catch {
    return "";
  }
}
