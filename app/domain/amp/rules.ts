// What the AMP4EMAIL engine knows besides the rule data: the required markup it checks by hand
// (the mandatory tag specs of rules.generated.json: doctype, html, head, body, charset, runtime,
// boilerplate), the amp-bind actions email forbids and Kinetic's send-time placeholders. Tag,
// attribute, layout, placement, CSS and extension rules come from the data (spec.ts).
export { MAX_DOCUMENT_BYTES, extensionRule, extensionScriptSrc } from "./spec";
import { KNOWN_PLACEHOLDERS } from "~/domain/html/placeholders";

export const AMP_RUNTIME_SRC = "https://cdn.ampproject.org/v0.js";
export const BOILERPLATE_CSS = "body{visibility:hidden}";

/** Spec names of the mandatory tags the structural checks of validate.ts stand for. */
export const STRUCTURAL_SPECS = [
  "html doctype",
  "HTML",
  "HEAD",
  "BODY",
  "meta charset=utf-8",
  "amphtml engine script [AMP4EMAIL]",
  "head > style[amp4email-boilerplate]",
];

/** Actions the email runtime does not offer (amp-bind/amp-actions in AMP4EMAIL). */
export const DISALLOWED_ACTIONS = ["AMP.navigateTo", "AMP.print", "AMP.goBack"];

/** Placeholders substituted at send time (docs/email-markup.md); accepted where a URL goes. */
export const SEND_PLACEHOLDERS: ReadonlySet<string> = new Set(KNOWN_PLACEHOLDERS);
