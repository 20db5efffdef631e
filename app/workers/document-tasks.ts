import { ampComponentsUsed, type AmpValidation } from "~/domain/amp";
import { ampComponentsIn, checkAmp } from "~/domain/amp/validate";
import { checkHtmlShape as measure, type HtmlLimits, type HtmlShape } from "~/domain/html/limits";
import { compileSendTemplate } from "~/domain/mime/send-template";
import { tagHtml } from "~/engines/tag/local";

/** What the library stores of its AMP validation: the status and the first errors. */
const STORED_AMP_ERRORS = 20;

/** The AMP facts the library stores for an AMP document. */
export interface AmpAnalysis {
  /** `errors` holds the first STORED_AMP_ERRORS: a document can have one per attribute, and every one would cross threads. */
  validation: AmpValidation;
  components: string[];
}

export function analyseAmp(html: string): AmpAnalysis {
  // One parse for both (a document refused unparsed as too deep is read by ampComponentsUsed as before).
  const { validation, parsed } = checkAmp(html);
  const components = parsed ? ampComponentsIn(parsed.root) : ampComponentsUsed(html);
  return { validation: { ...validation, errors: validation.errors.slice(0, STORED_AMP_ERRORS) }, components };
}

/** The HTML limit check (app/domain/html/limits.ts) with its limits as one input. */
export function checkHtmlShape(input: { html: string; limits: Partial<HtmlLimits> }): HtmlShape {
  return measure(input.html, input.limits);
}

/**
 * Pure work on one whole document that grows with its size (about 1 s per MB on this machine):
 * the server runs it on a worker thread for big documents so no request waits on another's
 * (app/workers/off-thread.server.ts). Inputs and results cross threads, so both are plain data.
 */
export const documentTasks = { tagHtml, analyseAmp, compileSendTemplate, checkHtmlShape };

export type DocumentTasks = typeof documentTasks;
