import { parseEmail } from "~/domain/html/parse";
import { serializeDocument } from "~/domain/html/serialize";
import { type AutofixContext, parseAutofixContext } from "./context";
import type { FixState } from "./state";
import { fixStructure } from "./tier1-structure";
import { fixContent } from "./tier2-content";
import { fixInteractive } from "./tier3-interactive";

export interface AutofixResult {
  html: string;
  fixesApplied: string[];
  warnings: string[];
}

/**
 * Re-establishes docs/email-markup.md on HTML written by anyone: tier 1 document structure,
 * tier 2 accessibility and content, tier 3 client compatibility. Deterministic, idempotent,
 * and never edits the email's words (it only adds the preheader, the view-in-browser and
 * unsubscribe links, and a static copy of an interactive block as its fallback).
 */
export function autofix(html: string, context: AutofixContext = {}): AutofixResult {
  const doc = parseEmail(typeof html === "string" ? html : "");
  const state: FixState = { doc, context: parseAutofixContext(context), fixes: [], warnings: [], addedRules: [] };
  if (!doc.source.trim()) state.warnings.push("The input was empty; only the document skeleton was produced");
  fixStructure(state);
  fixContent(state);
  fixInteractive(state);
  return { html: serializeDocument(doc.document), fixesApplied: state.fixes, warnings: state.warnings };
}
