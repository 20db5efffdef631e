import { ampComponentsUsed, validateAmp, type AmpValidation } from "~/domain/amp";
import { compileSendTemplate } from "~/domain/mime/send-template";
import { tagHtml } from "~/engines/tag/local";

/** The AMP facts the library stores for an AMP document. */
export interface AmpAnalysis {
  validation: AmpValidation;
  components: string[];
}

export function analyseAmp(html: string): AmpAnalysis {
  return { validation: validateAmp(html), components: ampComponentsUsed(html) };
}

/**
 * Pure work on one whole document that grows with its size (about 1 s per MB on this machine):
 * the server runs it on a worker thread for big documents so no request waits on another's
 * (app/lib/off-thread.server.ts). Inputs and results cross threads, so both are plain data.
 */
export const documentTasks = { tagHtml, analyseAmp, compileSendTemplate };

export type DocumentTasks = typeof documentTasks;
