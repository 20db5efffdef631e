import type { DomElement } from "~/domain/html/dom";
import type { EmailDoc } from "~/domain/html/parse";
import type { QaCheckId } from "../catalogue";
import type { ParsedQaContext } from "../context";
import type { FidelityReport } from "../fidelity";
import type { TraceReport } from "../trace";

export interface CheckOutcome {
  passed: boolean;
  message: string;
}

export interface CheckInput {
  doc: EmailDoc;
  context: ParsedQaContext;
  /** UTF-8 size of the source, computed once. */
  bytes: number;
  /** The prompt's facts each view lacks, computed once (the score's brand cap reads it too). */
  fidelity: FidelityReport;
  /** Claims of the email that trace to neither the brief nor the user's words. */
  trace: TraceReport;
}

export type CheckFn = (input: CheckInput) => CheckOutcome;
export type CheckTable = Partial<Record<QaCheckId, CheckFn>>;

export const pass = (message: string): CheckOutcome => ({ passed: true, message });
export const fail = (message: string): CheckOutcome => ({ passed: false, message });

/** Lists at most `max` examples so a message stays one readable line. */
export function examples(items: string[], max = 3): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

export function describe(el: DomElement): string {
  const id = el.attribs.id ? `#${el.attribs.id}` : "";
  const src = el.attribs.src
    ? `[src=${el.attribs.src.slice(0, 40)}]`
    : el.attribs.href !== undefined
      ? `[href=${el.attribs.href.slice(0, 40)}]`
      : "";
  return `<${el.name}${id}${src}>`;
}
