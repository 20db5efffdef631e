import { type EmailDoc, parseEmail } from "~/domain/html/parse";
import { QA_CHECKS, type QaCategory, type QaCheckId } from "./catalogue";
import { compatChecks } from "./checks/compat";
import { contentChecks } from "./checks/content";
import { documentChecks } from "./checks/document";
import { layoutChecks } from "./checks/layout";
import { readabilityChecks } from "./checks/readability";
import { techniqueChecks } from "./checks/techniques";
import type { CheckFn, CheckInput } from "./checks/types";
import { type ParsedQaContext, type QaContext, QaContextSchema, parseQaContext } from "./context";
import { describeMissing, HARD_FACT_KINDS, promptFidelity, viewBlocks } from "./fidelity";
import { createTracer, describeUntraced, type Tracer, type TraceReport, type TraceView } from "./trace";

export interface QaCheckResult {
  id: QaCheckId;
  title: string;
  category: QaCategory;
  weight: number;
  passed: boolean;
  message: string;
}

export interface QaFailedCheck {
  id: QaCheckId;
  title: string;
  message: string;
}

export interface QaResult {
  score: number;
  checks: QaCheckResult[];
  failedChecks: QaFailedCheck[];
  qualifiesForFreeRegen: boolean;
  /** Why the score was held below the weight passed (e.g. the brand is missing), when it was. */
  scoreCap?: string;
}

/** Below this score a build qualifies for one free regeneration (docs/api.md "States"). */
export const FREE_REGEN_BELOW = 70;

export { READY_TO_SEND_MIN_SCORE } from "./bands";

/** An email that lost the prompt's brand is not one a marketer would send, whatever else passes. */
export const BRAND_MISSING_MAX_SCORE = 85;

/** Nor one that claims what the brief never said, or gives an offer's condition to another: below "Ready to send". */
export const UNTRACED_CLAIM_MAX_SCORE = 85;

/**
 * Each further fault of the brief (a fact lost, a claim untraced) holds the score 3 points lower,
 * down to 55: an email with two wrong facts is worse than one with one, so fixing one shows.
 */
export const BRIEF_FAULT_STEP = 3;
export const BRIEF_FAULT_MIN_SCORE = 55;

/** The faults of the brief an email holds: each fact it lost (once, whatever the views) and each claim it cannot trace. */
export function briefFaults(fidelity: ReturnType<typeof promptFidelity>, trace: TraceReport): number {
  const lost = new Set(fidelity.missing.map((m) => `${m.kind}:${m.fact.toLowerCase()}`));
  return lost.size + trace.untraced.length;
}

/** Nor one with a link or a button that goes nowhere (the no-empty-links check): below "Ready to send". */
export const DEAD_LINK_MAX_SCORE = 85;

/** The views a reader can get of the email itself, with the edges of blocks marked. */
function ownViews(doc: EmailDoc): TraceView[] {
  return doc.modules.length
    ? [
        { view: "interactive view", text: viewBlocks(doc, "interactive"), doc },
        { view: "fallback", text: viewBlocks(doc, "fallback"), doc },
      ]
    : [{ view: "email", text: viewBlocks(doc, "fallback"), doc }];
}

/** The AMP version's view. */
function ampView(ampHtml: string): TraceView {
  const amp = parseEmail(ampHtml);
  return { view: "AMP version", text: viewBlocks(amp, "interactive"), doc: amp };
}

/** The email's own views traced against the context's brief and user text (nothing to trace without either). */
function ownTrace(doc: EmailDoc, context: ParsedQaContext): Tracer | null {
  if (!context.brief && !context.userText?.length) return null;
  const tracer = createTracer({ brief: context.brief, userText: context.userText });
  for (const v of ownViews(doc)) tracer.add(v);
  return tracer;
}

function traced(tracer: Tracer | null, ampHtml: string | undefined): TraceReport {
  return tracer ? tracer.report(ampHtml ? [ampView(ampHtml)] : []) : { checked: 0, untraced: [] };
}

const CHECK_FNS: Record<QaCheckId, CheckFn> = {
  ...documentChecks,
  ...contentChecks,
  ...layoutChecks,
  ...compatChecks,
  ...techniqueChecks,
  ...readabilityChecks,
} as Record<QaCheckId, CheckFn>;

const TOTAL_WEIGHT = QA_CHECKS.reduce((s, c) => s + c.weight, 0);

/** UTF-8 length without allocating an encoded copy of the document. */
function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Scores already-parsed HTML; lets a caller that parsed once (autofix, the bench) share the tree. */
export function qaDoc(doc: EmailDoc, context: QaContext = {}): QaResult {
  return qaRun(doc, context).result;
}

/** A QA report, and the same email's report once its AMP version is built. */
export interface QaRun {
  result: QaResult;
  /**
   * What qaDoc(doc, { ...context, ampHtml }) gives (for a context without ampHtml): the context,
   * the fidelity and the trace of the email's own views are reused, only the AMP version is read.
   */
  withAmp(ampHtml: string): QaResult;
}

export function qaRun(doc: EmailDoc, context: QaContext = {}): QaRun {
  const parsed = parseQaContext(context);
  const fidelity = promptFidelity(doc, parsed.facts, parsed.brief, parsed.userText?.slice(0, 1));
  const bytes = utf8Bytes(doc.source);
  const tracer = ownTrace(doc, parsed);
  const report = (ctx: ParsedQaContext) => scored({ doc, context: ctx, bytes, fidelity, trace: traced(tracer, ctx.ampHtml) });
  return {
    result: report(parsed),
    withAmp: (ampHtml) => report({ ...parsed, ampHtml: QaContextSchema.shape.ampHtml.parse(ampHtml) }),
  };
}

/** The 28 checks and the score, with the caps the brief's faults and dead links put on it. */
function scored(input: CheckInput): QaResult {
  const { fidelity, trace } = input;
  const checks: QaCheckResult[] = QA_CHECKS.map((info) => {
    let outcome;
    try {
      outcome = CHECK_FNS[info.id](input);
    } catch (e) {
      // A check that trips over pathological markup fails itself, never the whole report.
      outcome = { passed: false, message: `Could not be evaluated: ${e instanceof Error ? e.message : String(e)}` };
    }
    return { ...info, ...outcome };
  });
  const passedWeight = checks.reduce((s, c) => s + (c.passed ? c.weight : 0), 0);
  let score = Math.round((passedWeight / TOTAL_WEIGHT) * 100);
  // An email that does not keep the brief is not one a marketer would send, whatever else passes:
  // a lost fact (the brand, an item, a price, an option, a link) or a claim nobody made holds it
  // below "Ready to send", and lower for each further fault.
  const faults = briefFaults(fidelity, trace);
  const hard = trace.untraced.length > 0 || fidelity.missing.some((m) => HARD_FACT_KINDS.has(m.kind));
  let scoreCap: string | undefined;
  if (hard) {
    const cap = Math.max(
      BRIEF_FAULT_MIN_SCORE,
      Math.min(BRAND_MISSING_MAX_SCORE, UNTRACED_CLAIM_MAX_SCORE) - BRIEF_FAULT_STEP * (faults - 1),
    );
    const brandLost = fidelity.missing.find((m) => m.kind === "brand");
    const hardLost = fidelity.missing.find((m) => HARD_FACT_KINDS.has(m.kind));
    const first = brandLost
      ? `the brand “${brandLost.fact}” is missing from the ${brandLost.view}`
      : hardLost
        ? describeMissing(hardLost)
        : describeUntraced(trace.untraced[0]!);
    if (score > cap) {
      score = cap;
      scoreCap = `Held at ${cap}: ${first}${faults > 1 ? ` (and ${faults - 1} more fault${faults > 2 ? "s" : ""} of the brief)` : ""}`;
    }
  }
  // A link or a button that leads nowhere is not sendable either (the no-empty-links check).
  const deadLinks = checks.find((c) => c.id === "no-empty-links" && !c.passed);
  if (deadLinks && score > DEAD_LINK_MAX_SCORE) {
    score = DEAD_LINK_MAX_SCORE;
    scoreCap = `Held at ${DEAD_LINK_MAX_SCORE}: ${deadLinks.message}`;
  }
  return {
    score,
    ...(scoreCap ? { scoreCap } : {}),
    checks,
    failedChecks: checks.filter((c) => !c.passed).map(({ id, title, message }) => ({ id, title, message })),
    qualifiesForFreeRegen: score < FREE_REGEN_BELOW,
  };
}

/** The fact trace alone, as qaDoc folds it into copy-verbatim (for reports such as `generate:check`). */
export function traceEmail(doc: EmailDoc, context: QaContext): TraceReport {
  const parsed = parseQaContext(context);
  return traced(ownTrace(doc, parsed), parsed.ampHtml);
}

/** The 28 checks over any string; junk input scores low rather than throwing. */
export function qa(html: string, context: QaContext = {}): QaResult {
  return qaDoc(parseEmail(typeof html === "string" ? html : ""), context);
}
