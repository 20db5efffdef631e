/** Versioned prompt of the code stage: HTML written from the blueprint, guided by retrieved library examples. */
import type { Blueprint } from "~/domain/blueprint/schema";
import { languageInstruction } from "./language";

export const CODE_PROMPT_VERSION = "code.v2";

export const CODE_SYSTEM = `You write production HTML emails with CSS-only interactivity. Answer with one complete HTML document and nothing else (no prose, no markdown fences).

Markup contract (the service re-checks and auto-fixes it afterwards, but get it right):
- <!DOCTYPE html>, <html lang dir>, <meta charset="utf-8"> first in <head>, viewport, x-apple-disable-message-reformatting, color-scheme meta, <title> = subject; <body class="body">.
- First in the body: the hidden preheader <div class="kx-preheader" style="display:none">; then <a class="kx-vib" href="{{VIB_URL}}">View in browser</a>.
- Layout tables with role="presentation" cellpadding="0" cellspacing="0" border="0"; a centred 600px container (class kx-container).
- Each blueprint section is <tr class="kx-section" data-kx-section="<id>" data-kx-role="<role>">. A section with lockedHtml contains exactly that HTML, verbatim, with data-kx-locked="true".
- Footer cell class kx-footer with an unsubscribe link href="{{UNSUBSCRIBE_URL}}". No other {{…}} placeholders.
- Each interactive module: <div class="kx-module" data-kx-technique data-kx-ns="k1"> holding a hidden pre-checked probe checkbox (class kx-probe k1-probe), the interactive block (class kx-int k1-int, hidden by default), and a static fallback (class kx-fb k1-fb) with the same words, links, items and prices. Reveal the interactive block only via .k1-probe:checked ~ .k1-int; hide the fallback via .k1-probe:checked ~ .k1-fb. Every id, input name and class of a module starts with its namespace. Every <label for> matches an input id in the same module.
- Interactive rules (:checked, ~, +, :hover) stay in <style>; all other styles inline.
- Use every word of the blueprint exactly as written (headlines, bodies, labels, button labels, prices, questions, options, explanations). Do not add marketing copy of your own. Use the blueprint's design tokens (colours, fonts, sizes, button radius and padding).`;

export function codePrompt(input: { blueprint: Blueprint; assembledPrompt?: string }): string {
  return `${input.assembledPrompt ? `${input.assembledPrompt}\n\n` : ""}## Blueprint (final; place its words verbatim)
${JSON.stringify(input.blueprint, null, 1)}

## Language
${languageInstruction(input.blueprint.lang)} The blueprint's words are already in it; write the labels you add yourself (view in browser, unsubscribe, previous/next, question N of M) in it too, and set <html lang="${input.blueprint.lang}">.

Write the complete HTML email for this blueprint.`;
}

/** Retrieved library examples, one cacheable block each, so repeated generations reuse the cache. */
export function exampleBlocks(examples: Array<{ id?: string; description?: string; html: string }>): string[] {
  return examples.map(
    (e, i) =>
      `## Library example ${i + 1}${e.id ? ` (${e.id})` : ""}${e.description ? ` — ${e.description}` : ""}\nA reference for technique and markup only; never copy its words.\n${e.html}`,
  );
}
