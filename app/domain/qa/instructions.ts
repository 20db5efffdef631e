// What the brief asks of the email beyond its facts, checked on what a reader sees (folded into
// copy-verbatim, docs/qa.md): nothing the prompt rules out ("do not mention free shipping") is in
// the email, and no instruction to Kinetic ("Keep it short.", "Say it takes under a minute.") is
// printed in it. Both views are read, as fidelity reads them; the preheader and hidden text are not.
import type { Brief } from "~/domain/brief/schema";
import type { EmailDoc } from "~/domain/html/parse";
import { fold, viewText } from "./fidelity";

export interface InstructionFault {
  kind: "ruled-out" | "instruction";
  /** The word ruled out, or the instruction as the prompt words it. */
  text: string;
  views: Array<"email" | "interactive view" | "fallback">;
}

export interface InstructionsReport {
  /** Ruled-out words and instructions looked for. */
  checked: number;
  faults: InstructionFault[];
}

/** A view read is cut here: far past what a client shows before clipping, and each look-up is one `includes`. */
const MAX_VIEW_CHARS = 200_000;
/** An instruction of fewer words ("Tabs.") could be the email's own words by chance: it is not looked for. */
const MIN_INSTRUCTION_WORDS = 3;

export function instructionsKept(doc: EmailDoc, brief: Brief | undefined): InstructionsReport {
  if (!brief) return { checked: 0, faults: [] };
  const wanted: Array<{ kind: InstructionFault["kind"]; text: string; folded: string }> = [];
  for (const r of brief.ruledOut) {
    const folded = fold(r.value);
    if (folded.trim()) wanted.push({ kind: "ruled-out", text: r.value, folded });
  }
  for (const i of brief.instructions) {
    // The instruction without its closing stop, as a run of whole words.
    const folded = fold(i.text.value);
    if (folded.trim().split(" ").length >= MIN_INSTRUCTION_WORDS) wanted.push({ kind: "instruction", text: i.text.value, folded });
  }
  if (wanted.length === 0) return { checked: 0, faults: [] };
  const views: Array<[InstructionFault["views"][number], string]> = doc.modules.length
    ? [
        ["interactive view", fold(viewText(doc, "interactive").slice(0, MAX_VIEW_CHARS))],
        ["fallback", fold(viewText(doc, "fallback").slice(0, MAX_VIEW_CHARS))],
      ]
    : [["email", fold(viewText(doc, "fallback").slice(0, MAX_VIEW_CHARS))]];
  const faults: InstructionFault[] = [];
  for (const w of wanted) {
    const seen = views.filter(([, text]) => text.includes(w.folded)).map(([view]) => view);
    if (seen.length > 0) faults.push({ kind: w.kind, text: w.text, views: seen });
  }
  return { checked: wanted.length, faults };
}

/** "“free shipping” is ruled out by the brief but in the email (fallback)" */
export function describeInstructionFault(f: InstructionFault): string {
  const where = f.views.join(" and ");
  return f.kind === "ruled-out"
    ? `“${f.text}” is ruled out by the brief but in the email (${where})`
    : `the instruction “${f.text}” is printed in the email (${where})`;
}
