import type { StyleSheet } from "~/domain/html/css";
import type { DomElement } from "~/domain/html/dom";
import { type EmailDoc, indexEmail, parseEmail } from "~/domain/html/parse";
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

export interface AutofixedDoc extends AutofixResult {
  /** The fixed tree, indexed as parsing `html` would index it: QA scores it without a second parse. */
  doc: EmailDoc;
}

function styleText(el: DomElement): string {
  return el.children.map((c) => (c.type === "text" ? c.data : "")).join("");
}

/**
 * Re-establishes docs/email-markup.md on HTML written by anyone: tier 1 document structure,
 * tier 2 accessibility and content, tier 3 client compatibility. Deterministic, idempotent,
 * and never edits the email's words (it only adds the preheader, the view-in-browser and
 * unsubscribe links, and a static copy of an interactive block as its fallback).
 */
export function autofix(html: string, context: AutofixContext = {}): AutofixResult {
  const state = runFixes(html, context);
  return { html: serializeDocument(state.doc.document), fixesApplied: state.fixes, warnings: state.warnings };
}

function runFixes(html: string, context: AutofixContext, beforeFixes?: (doc: EmailDoc) => void): FixState {
  const doc = parseEmail(typeof html === "string" ? html : "");
  beforeFixes?.(doc);
  const state: FixState = { doc, context: parseAutofixContext(context), fixes: [], warnings: [], addedRules: [] };
  if (!doc.source.trim()) state.warnings.push("The input was empty; only the document skeleton was produced");
  fixStructure(state);
  fixContent(state);
  fixInteractive(state);
  return state;
}

/**
 * `autofix`, plus the fixed tree re-indexed in place of a parse of the output (parse once, issue
 * 16): every stylesheet whose text the fixes left alone keeps its parsed rules; one the fixes
 * appended to is parsed again, whole, so its rules are exactly what a parse of `html` reads.
 */
export function autofixDoc(html: string, context: AutofixContext = {}): AutofixedDoc {
  const parsed = new Map<DomElement, { text: string; sheet: StyleSheet }>();
  const state = runFixes(html, context, (doc) => {
    for (const s of doc.styleSheets) parsed.set(s.element, { text: styleText(s.element), sheet: s.sheet });
  });
  const out = serializeDocument(state.doc.document);
  const fixed = indexEmail(state.doc.document, out, (el, text) => {
    const before = parsed.get(el);
    return before && before.text === text ? before.sheet : undefined;
  });
  return { html: out, fixesApplied: state.fixes, warnings: state.warnings, doc: fixed };
}
