import { DomHandler, Parser, type Options } from "htmlparser2";
import { cssBlockDepth, MAX_CSS_DEPTH } from "./css";
import { PARSE_OPTIONS, type DomDocument } from "./dom";

/**
 * Limits on HTML we accept from a client (docs/api.md "Input limits"), chosen so that the
 * heaviest use of one document (a refine: parse, edit and serialise, then the auto-fixes and the
 * 28 checks, each parsing again) stays well under 100 ms of event-loop time. The starter library's
 * largest email (96 KB) nests 22 levels and has 472 elements.
 */
export const HTML_LIMITS = {
  /** Characters of one HTML field. Gmail clips a message at 102 KB. */
  maxChars: 256_000,
  /**
   * Element nesting. htmlparser2 is iterative, but its open-element stack costs O(depth) per tag
   * (a 100,000-deep document is quadratic to parse), and the serialiser (dom-serializer) and a few
   * walks recurse once per level: past a few thousand levels they overflow the stack.
   */
  maxDepth: 200,
  /**
   * Elements, attributes, text nodes and comments together. Every fix and check is linear in
   * them; this is what bounds the work on markup made of tiny pieces within the character limit.
   */
  maxNodes: 6_000,
  /** Characters of CSS in <style> elements (Gmail drops a <style> block over 16 KB). */
  maxStyleChars: 32_000,
  /**
   * Nesting of `{ }` blocks in a <style> element: css-tree and the walks over its tree recurse per
   * level (3,000 nested @media overflowed the stack on every endpoint). Real CSS nests 3 or 4.
   */
  maxCssDepth: MAX_CSS_DEPTH,
} as const;

export type HtmlLimits = { -readonly [K in keyof typeof HTML_LIMITS]: number };

/**
 * Saved sections and a client blueprint's locked sections, together: they are placed into a
 * generated email, which is then parsed about eight times (auto-fixes, the 28 checks, the AMP
 * build, its repair, validation, parity and clipping), so they get a quarter to a third of one
 * document's budget. A saved header, footer or legal block is a few KB.
 */
export const PLACED_HTML_LIMITS: HtmlLimits = { ...HTML_LIMITS, maxChars: 64_000, maxNodes: 2_000, maxStyleChars: 8_000 };

export type HtmlLimitProblem =
  | { kind: "chars"; limit: number; size: number }
  | { kind: "depth"; limit: number }
  | { kind: "nodes"; limit: number }
  | { kind: "style"; limit: number }
  | { kind: "css-depth"; limit: number };

export interface HtmlShapeCounts {
  depth: number;
  elements: number;
  nodes: number;
  styleChars: number;
}

export type HtmlShape = ({ ok: true } & HtmlShapeCounts) | { ok: false; problem: HtmlLimitProblem };

const STOP = Symbol("html limit reached");

/**
 * Checks `html` against the limits in one pass that stops at the first limit crossed, building no
 * DOM. The depth is that of the tree htmlparser2 builds (the one parseEmail and parseDocument
 * build: implied end tags close elements, void elements hold nothing).
 */
export function checkHtmlShape(html: string, overrides: Partial<HtmlLimits> = {}): HtmlShape {
  const limits: HtmlLimits = { ...HTML_LIMITS, ...overrides };
  if (html.length > limits.maxChars) return { ok: false, problem: { kind: "chars", limit: limits.maxChars, size: html.length } };
  const counts: HtmlShapeCounts = { depth: 0, elements: 0, nodes: 0, styleChars: 0 };
  let depth = 0;
  let inStyle = 0;
  let inText = false;
  let styleText = "";
  let problem: HtmlLimitProblem | null = null;
  const stop = (p: HtmlLimitProblem): never => {
    problem = p;
    throw STOP;
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        inText = false;
        depth++;
        counts.elements++;
        counts.nodes++;
        for (const _ in attribs) counts.nodes++;
        if (name === "style") inStyle++;
        if (depth > counts.depth) counts.depth = depth;
        if (depth > limits.maxDepth) stop({ kind: "depth", limit: limits.maxDepth });
        if (counts.nodes > limits.maxNodes) stop({ kind: "nodes", limit: limits.maxNodes });
      },
      onclosetag(name) {
        inText = false;
        depth--;
        if (name === "style" && inStyle > 0) {
          inStyle--;
          if (cssBlockDepth(styleText, limits.maxCssDepth) > limits.maxCssDepth) stop({ kind: "css-depth", limit: limits.maxCssDepth });
          styleText = "";
        }
      },
      oncomment() {
        inText = false;
        if (++counts.nodes > limits.maxNodes) stop({ kind: "nodes", limit: limits.maxNodes });
      },
      ontext(text) {
        // One text node may arrive in several pieces (each entity is one): count it once.
        if (!inText) {
          inText = true;
          if (++counts.nodes > limits.maxNodes) stop({ kind: "nodes", limit: limits.maxNodes });
        }
        if (inStyle === 0) return;
        styleText += text;
        counts.styleChars += text.length;
        if (counts.styleChars > limits.maxStyleChars) stop({ kind: "style", limit: limits.maxStyleChars });
      },
    },
    PARSE_OPTIONS,
  );
  try {
    parser.end(html);
    // A <style> the document never closes.
    if (inStyle > 0 && cssBlockDepth(styleText, limits.maxCssDepth) > limits.maxCssDepth)
      stop({ kind: "css-depth", limit: limits.maxCssDepth });
  } catch (error) {
    if (error !== STOP) throw error;
  }
  return problem ? { ok: false, problem } : { ok: true, ...counts };
}

/** The problem in words, naming the field and the limit (the API's error message). */
export function describeHtmlProblem(field: string, p: HtmlLimitProblem): string {
  switch (p.kind) {
    case "chars":
      return `${field} is too large: ${p.size} characters, the limit is ${p.limit}`;
    case "depth":
      return `${field} is nested too deeply: more than ${p.limit} levels of elements`;
    case "nodes":
      return `${field} has too many nodes (elements, attributes, text nodes and comments): more than ${p.limit}`;
    case "style":
      return `${field} has too much CSS: more than ${p.limit} characters in <style> elements`;
    case "css-depth":
      return `${field} has CSS nested too deeply: more than ${p.limit} levels of { } blocks`;
  }
}

/**
 * parseDocument that gives up (null) as soon as the tree gets deeper than `maxDepth`, before the
 * parser's per-tag cost grows with the depth: for code that must cope with any HTML in one parse.
 */
export function parseDocumentWithin(html: string, maxDepth: number, options: Options = {}): DomDocument | null {
  const handler = new DomHandler(undefined, options);
  let depth = 0;
  const open = handler.onopentag.bind(handler);
  const close = handler.onclosetag.bind(handler);
  handler.onopentag = (name, attribs) => {
    if (++depth > maxDepth) throw STOP;
    open(name, attribs);
  };
  handler.onclosetag = () => {
    depth--;
    close();
  };
  try {
    new Parser(handler, options).end(html);
  } catch (error) {
    if (error === STOP) return null;
    throw error;
  }
  return handler.root;
}
