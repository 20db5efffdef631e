// CSS rules of AMP for Email, read from the rule data (spec.ts): the declarations the doc CSS
// rules allow (with or without data-css-strict), the at-rules, media types and features, and the
// selector limits of <style amp-custom>. Shared by the validator (which reports) and the repair
// loop (which removes what the validator would report).
import type * as csstree from "css-tree";
import { cssTree } from "~/domain/html/css-tree";
import { allowedDeclarations, docCssSpec, styleAmpCustomSpec } from "./spec";

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

/** Where a declaration sits: the stylesheet may allow more than style="" (non-strict email). */
export type CssPlace = "stylesheet" | "inline";

const MEDIA_KEYWORDS = new Set(["and", "not", "only", "or"]);

function stripVendorPrefix(property: string): string {
  return property.replace(/^-(webkit|moz|ms|o)-/, "");
}

/** Why a declaration is not allowed in email, or null when it is. */
export function declarationFault(
  property: string,
  value: string,
  cssStrict: boolean,
  place: CssPlace,
): { code: "AMP_CSS_PROPERTY_DISALLOWED" | "AMP_CSS_VALUE_DISALLOWED"; message: string } | null {
  const doc = docCssSpec(cssStrict);
  if (place === "stylesheet" && doc.allowAllDeclarationInStyleTag) return null;
  // Without data-css-strict the official engine checks no declaration of a style="" either (its
  // own test css_declarations passes made-up properties there), so neither do we.
  if (!cssStrict) return null;
  const allowed = allowedDeclarations(cssStrict);
  const name = property.toLowerCase();
  const decl = allowed.get(name) ?? (cssStrict ? undefined : allowed.get(stripVendorPrefix(name)));
  if (!decl) return { code: "AMP_CSS_PROPERTY_DISALLOWED", message: `CSS property "${name}" is not allowed in email` };
  const v = value.trim();
  if (decl.values && !decl.values.has(v.toLowerCase())) {
    return {
      code: "AMP_CSS_VALUE_DISALLOWED",
      message: `"${name}: ${v.slice(0, 60)}" is not allowed; "${name}" may be ${[...decl.values].join(", ")}`,
    };
  }
  if (decl.regex && !decl.regex.test(v))
    return { code: "AMP_CSS_VALUE_DISALLOWED", message: `"${name}: ${v.slice(0, 60)}" is not an allowed value in email` };
  return null;
}

function urlFault(url: string, cssStrict: boolean): string | null {
  const u = url.trim();
  const protocols = docCssSpec(cssStrict).imageUrlProtocols;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u);
  if (scheme && protocols.includes(scheme[1].toLowerCase())) return null;
  return `CSS url("${u.slice(0, 80)}") must use ${protocols.map((p) => `${p}:`).join(" or ")}`;
}

function declarationFaults(decl: csstree.Declaration, line: number, out: CssFault[], cssStrict: boolean, place: CssPlace): void {
  const property = decl.property.toLowerCase();
  if (decl.important && !docCssSpec(cssStrict).allowImportant)
    out.push({ code: "AMP_CSS_IMPORTANT", line, message: `"!important" is not allowed (on "${property}")` });
  if (property.includes("i-amphtml-")) {
    out.push({ code: "AMP_CSS_PROPERTY_DISALLOWED", line, message: `CSS property "${property}" uses the reserved i-amphtml- prefix` });
    return;
  }
  const fault = declarationFault(property, cssTree().generate(decl.value), cssStrict, place);
  if (fault) {
    out.push({ code: fault.code, line, message: fault.message });
    if (fault.code === "AMP_CSS_PROPERTY_DISALLOWED") return;
  }
  cssTree().walk(decl.value, {
    visit: "Url",
    enter(node) {
      const f = urlFault(node.value, cssStrict);
      if (f) out.push({ code: "AMP_URL_PROTOCOL", line, message: f });
    },
  });
}

function lineOfNode(node: csstree.CssNode, fallback: number): number {
  return node.loc?.start.line ?? fallback;
}

function mediaFaults(node: csstree.Atrule, line: number, out: CssFault[], cssStrict: boolean): void {
  const rule = styleAmpCustomSpec(cssStrict)?.spec.cdata?.cssSpec?.atRules?.find((a) => a.name === "media");
  const mq = rule?.mediaQuery;
  if (!mq || !node.prelude) return;
  const types = new Set(mq.types);
  const features = new Set(mq.features);
  cssTree().walk(node.prelude, {
    enter(n: csstree.CssNode) {
      if (n.type === "MediaQuery") {
        const type = n.mediaType?.toLowerCase();
        if (type && !MEDIA_KEYWORDS.has(type) && !types.has(type)) {
          out.push({
            code: "AMP_CSS_AT_RULE_DISALLOWED",
            line,
            message: `media type "${n.mediaType}" is not allowed in email (allowed: ${mq.types.join(", ")})`,
          });
        }
      } else if (n.type === "Feature" && !features.has(n.name.toLowerCase())) {
        out.push({ code: "AMP_CSS_AT_RULE_DISALLOWED", line, message: `media feature "${n.name}" is not allowed in email` });
      }
    },
  });
}

/** Checks a stylesheet; `firstLine` is the document line the text starts on. */
export function checkStylesheet(text: string, firstLine: number, cssStrict = true): CssFault[] {
  const out: CssFault[] = [];
  const cssSpec = styleAmpCustomSpec(cssStrict)?.spec.cdata?.cssSpec;
  const atRules = new Set((cssSpec?.atRules ?? []).map((a) => a.name));
  const selector = cssSpec?.selector;
  const ast = cssTree().parse(text, {
    positions: true,
    line: firstLine,
    onParseError(error) {
      out.push({ code: "AMP_CSS_SYNTAX", line: error.line ?? firstLine, message: `CSS syntax error: ${error.message}` });
    },
  });
  cssTree().walk(ast, {
    enter(node: csstree.CssNode): void | symbol {
      const line = lineOfNode(node, firstLine);
      switch (node.type) {
        case "Atrule":
          if (!atRules.has(node.name.toLowerCase())) {
            out.push({
              code: "AMP_CSS_AT_RULE_DISALLOWED",
              line,
              message: `"@${node.name}" is not allowed; only ${[...atRules].map((a) => `@${a}`).join(", ")}`,
            });
            // its body goes with it, so faults inside it would only repeat this one
            return cssTree().walk.skip;
          }
          if (node.name.toLowerCase() === "media") mediaFaults(node, line, out, cssStrict);
          break;
        case "AttributeSelector": {
          const name = node.name.name.toLowerCase();
          if (selector && !selector.attributeNames.includes(name)) {
            out.push({ code: "AMP_CSS_SELECTOR_DISALLOWED", line, message: `attribute selector "[${name}]" is not allowed in email` });
          }
          break;
        }
        case "PseudoClassSelector":
          if (selector && !selector.pseudoClasses.includes(node.name.toLowerCase())) {
            out.push({ code: "AMP_CSS_SELECTOR_DISALLOWED", line, message: `pseudo-class ":${node.name}" is not allowed in email` });
          }
          break;
        case "PseudoElementSelector":
          if (selector && !selector.pseudoElements.includes(node.name.toLowerCase())) {
            out.push({ code: "AMP_CSS_SELECTOR_DISALLOWED", line, message: `pseudo-element "::${node.name}" is not allowed in email` });
          }
          break;
        case "ClassSelector":
        case "IdSelector":
        case "TypeSelector":
          if (/^i-amphtml-/i.test(node.name)) {
            out.push({
              code: "AMP_CSS_SELECTOR_DISALLOWED",
              line,
              message: `selector name "${node.name}" uses the reserved i-amphtml- prefix`,
            });
          }
          break;
        case "Declaration":
          declarationFaults(node, line, out, cssStrict, "stylesheet");
          break;
        default:
          break;
      }
    },
  });
  return out;
}

/** Checks the body of a style="" attribute. */
export function checkInlineStyle(text: string, line: number, cssStrict = true): CssFault[] {
  const out: CssFault[] = [];
  const ast = cssTree().parse(text, {
    context: "declarationList",
    onParseError(error) {
      out.push({ code: "AMP_CSS_SYNTAX", line, message: `inline style syntax error: ${error.message}` });
    },
  });
  cssTree().walk(ast, {
    visit: "Declaration",
    enter(node) {
      declarationFaults(node, line, out, cssStrict, "inline");
    },
  });
  return out;
}

function declarationAllowed(decl: csstree.Declaration, cssStrict: boolean, place: CssPlace): boolean {
  const out: CssFault[] = [];
  declarationFaults(decl, 1, out, cssStrict, place);
  return out.every((f) => f.code === "AMP_CSS_IMPORTANT");
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
export function cleanStylesheet(text: string, context: "stylesheet" | "declarationList", cssStrict = true): CssCleanResult {
  const result: CssCleanResult = { css: text, droppedImportant: 0, droppedDeclarations: [], droppedRules: [] };
  let ast: csstree.CssNode;
  try {
    ast = cssTree().parse(text, { context, onParseError: () => undefined });
  } catch {
    return result;
  }
  cssTree().walk(ast, {
    enter(node: csstree.CssNode, item: csstree.ListItem<csstree.CssNode>, list: csstree.List<csstree.CssNode>): void | symbol {
      if (node.type === "Raw" && list && item) {
        // what css-tree could not parse: the validator reports it as a syntax error
        result.droppedRules.push(`unparseable CSS "${node.value.trim().slice(0, 40)}"`);
        list.remove(item);
      } else if (node.type === "Declaration") {
        if (node.value.type === "Raw" && list && item) {
          result.droppedDeclarations.push(`${node.property}: ${node.value.value.trim().slice(0, 40)}`);
          list.remove(item);
          return cssTree().walk.skip;
        }
        if (node.important) {
          node.important = false;
          result.droppedImportant++;
        }
        if (!declarationAllowed(node, cssStrict, context === "stylesheet" ? "stylesheet" : "inline") && list && item) {
          result.droppedDeclarations.push(`${node.property}: ${cssTree().generate(node.value)}`);
          list.remove(item);
        }
      } else if (node.type === "Atrule" && list && item) {
        const prelude = node.prelude ? cssTree().generate(node.prelude) : "";
        const mediaOk = checkStylesheet(`@${node.name} ${prelude}{}`, 1, cssStrict).length === 0;
        if (!mediaOk) {
          result.droppedRules.push(`@${node.name} ${prelude}`.trim());
          list.remove(item);
          return cssTree().walk.skip;
        }
      } else if (node.type === "Rule" && list && item) {
        const faults: CssFault[] = [];
        const selector = cssTree().generate(node.prelude);
        for (const f of checkStylesheet(`${selector}{}`, 1, cssStrict)) faults.push(f);
        if (faults.some((f) => f.code === "AMP_CSS_SELECTOR_DISALLOWED")) {
          result.droppedRules.push(selector);
          list.remove(item);
        }
      }
    },
  });
  result.css = cssTree().generate(ast);
  return result;
}

/** A style attribute's declarations re-serialised, so it can sit safely inside a CSS rule block. */
export function normalizeDeclarations(text: string): string {
  try {
    return cssTree().generate(cssTree().parse(text, { context: "declarationList" }));
  } catch {
    return "";
  }
}
