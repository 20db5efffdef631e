/** Versioned prompt of the refine stage: the model edits existing HTML and reports what it did. */
import { z } from "zod";
import { documentLanguage, languageInstruction } from "./language";

export const REFINE_PROMPT_VERSION = "refine.v2";

export const RefineOutputSchema = z.object({
  html: z.string().min(1),
  applied: z.array(z.string()),
  notApplied: z.array(z.object({ instruction: z.string(), reason: z.string() })),
});

export const REFINE_SYSTEM = `You edit existing HTML emails. Apply the user's change instructions and nothing else: keep every other word, link, style, placeholder ({{…}}), class, id, data-kx-* attribute and the interactive modules' structure exactly as they are. Keep locked sections (data-kx-locked="true") byte for byte. Change text in both the interactive block (.kx-int) and the static fallback (.kx-fb) when it appears in both.
Answer with one JSON object: { "html": the complete edited document, "applied": [each instruction you applied, with what you changed], "notApplied": [{ "instruction": ..., "reason": why you could not apply it }] }. No prose outside the JSON.`;

export function refinePrompt(input: { html: string; instructions: string; lang?: string }): string {
  const lang = input.lang ?? documentLanguage(input.html);
  const language = lang ? `## Language\n${languageInstruction(lang)} Any words you add or change are in this language.\n\n` : "";
  return `## Instructions\n${input.instructions.trim()}\n\n${language}## Current HTML\n${input.html}`;
}
