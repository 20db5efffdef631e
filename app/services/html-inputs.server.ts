// The input limits on HTML a client sends (docs/api.md "Input limits"), checked before anything
// parses it for real and before any credit moves. A service check, so a service (AMP, the eval
// runner) applies it as a route does; routes answer a failure with serviceError.
import { LRUCache } from "lru-cache";
import {
  checkHtmlShape,
  describeHtmlProblem,
  HTML_LIMITS,
  type HtmlLimitProblem,
  type HtmlLimits,
  type HtmlShape,
} from "~/domain/html/limits";
import { render } from "~/domain/render";
import { documentDigest } from "~/lib/document-digest.server";
import { runDocumentTask } from "~/workers/off-thread.server";
import { failure, type ServiceFailure } from "./result";

/** 400 for nesting past the limit, 413 for markup over a size limit; the body names field and limit. */
export function htmlLimitFailure(field: string, problem: HtmlLimitProblem): ServiceFailure {
  const tooDeep = problem.kind === "depth" || problem.kind === "css-depth";
  return failure(tooDeep ? 400 : 413, describeHtmlProblem(field, problem), {
    extra: { field, limit: problem.limit, reason: problem.kind },
  });
}

// A campaign posts the same document once per recipient; measuring it again each time was a
// quarter of a send's CPU. Passing documents are remembered with the limits they passed (a
// document that fails is answered at once and need not be). Each entry is a digest and a few
// numbers, so the cache holds entries rather than documents.
const passedShapes = new LRUCache<string, Extract<HtmlShape, { ok: true }>>({ max: 256 });

async function shapeOf(html: string, limits: Partial<HtmlLimits>): Promise<HtmlShape> {
  // A digest, not the document: see documentDigest.
  const key = documentDigest(`${JSON.stringify(limits)}\u0000${html}`);
  const known = passedShapes.get(key);
  if (known) return known;
  const shape = await runDocumentTask("checkHtmlShape", { html, limits }, html.length);
  if (shape.ok) passedShapes.set(key, shape);
  return shape;
}

/**
 * Checks HTML a client sent against HTML_LIMITS. Several parts that end up in one email (saved
 * sections, locked blueprint sections) share one budget: each part's depth counts alone, its
 * characters, nodes and CSS add up. Returns the failure, or null when every part is within the limits.
 */
export async function checkHtmlInputs(
  parts: Array<{ field: string; html: string }>,
  together = "the HTML parts",
  overrides: Partial<HtmlLimits> = {},
): Promise<ServiceFailure | null> {
  const limits: HtmlLimits = { ...HTML_LIMITS, ...overrides };
  let chars = 0;
  let nodes = 0;
  let style = 0;
  for (const { field, html } of parts) {
    // Library documents have no size cap, so measuring one can itself take a while: big ones are
    // measured on the document worker.
    const remaining = {
      maxDepth: limits.maxDepth,
      maxChars: limits.maxChars - chars,
      maxNodes: limits.maxNodes - nodes,
      maxStyleChars: limits.maxStyleChars - style,
    };
    const shape = await shapeOf(html, remaining);
    if (!shape.ok) {
      const p = shape.problem;
      if (parts.length === 1 || p.kind === "depth" || p.kind === "css-depth")
        return htmlLimitFailure(field, p.kind === "chars" ? p : { ...p, limit: limits[limitKey[p.kind]] });
      const limit = limits[limitKey[p.kind]];
      return htmlLimitFailure(together, p.kind === "chars" ? { kind: "chars", limit, size: chars + html.length } : { ...p, limit });
    }
    chars += html.length;
    nodes += shape.nodes;
    style += shape.styleChars;
  }
  return null;
}

const limitKey = { chars: "maxChars", depth: "maxDepth", nodes: "maxNodes", style: "maxStyleChars", "css-depth": "maxCssDepth" } as const;

/**
 * A client's blueprint, rendered, must be an email within the HTML limits: the schema bounds each
 * field, not what they add up to (20 sections of 4,000-character bodies written as one-line
 * paragraphs render to some 48,000 nodes, which the auto-fixes, the checks and the AMP build then
 * parse again and again). Rendering is deterministic and takes a few milliseconds, so this runs
 * before any credit moves. An invalid blueprint is left to the schema's own errors.
 */
export function renderedBlueprintProblem(blueprint: unknown, overrides: Partial<HtmlLimits> = {}): ServiceFailure | null {
  const rendered = render(blueprint);
  if (!rendered.ok) return null;
  const shape = checkHtmlShape(rendered.html, overrides);
  if (shape.ok) return null;
  const p = shape.problem;
  return failure(p.kind === "depth" || p.kind === "css-depth" ? 400 : 413, describeHtmlProblem("the email this blueprint renders", p), {
    extra: { field: "blueprint", limit: p.limit, reason: p.kind },
  });
}
