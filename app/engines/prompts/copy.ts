/** Versioned prompt of the copy stage (llm copywriter). Bump the version with any wording change. */
import type { Technique } from "~/domain/blueprint/schema";
import type { Brief } from "~/domain/brief/schema";
import type { PromptLanguage } from "~/domain/prompt/facts";
import { languageInstruction } from "./language";

export const COPY_PROMPT_VERSION = "copy.v3";

export const COPY_SYSTEM = `You are the copywriter of an interactive-email service. You write the complete words of one email as a JSON object called CopyDoc, and nothing else.

CopyDoc shape:
{ "subject": string, "preheader": string,
  "sections": [{ "role": string, "headline": string, "body": string, "cta": string }],
  "items": [{ "label": string, "headline": string, "body": string }] }

Rules:
- Use the request's own words wherever it gives them: brand, product, offer, discount codes, dates, listed items and their prices, audience, tone, button wording. Never invent a different brand or price for something the request names.
- Subject at most 60 characters; the preheader says something the subject does not.
- Sections in reading order. Roles are single lower-case words: "hero" first (headline, body, cta), then optional "offer", then one section per interactive module whose role is the module's name ("tabs", "accordion", "carousel", "survey", "quiz", "menu", "cart") with a short headline and one-line intro, then "closing" (with a cta), then "footer" (body: why the reader gets this email). A survey also has a "thanks" section (headline, body). A "menu" section comes first and has empty strings.
- Empty strings, not nulls, for anything a section does not have. Bodies are plain text; a blank line separates paragraphs. No HTML, no markdown, no placeholders, no lorem ipsum, no "Item 1".
- items hold the words of the interactive modules, in module order, each module's items together:
  - tabs: 3–4 items (label ≤ 40 chars, headline, body). carousel: 3–5 slides (label, headline, body). accordion: 3–6 panels (label = the question or title, headline "", body = the answer).
  - survey: 2–4 questions: label "Question N", headline = the question, body = 2–5 options separated by " / ".
  - quiz: 2–4 questions: label "Question N", headline = the question, body = "Option A / Option B / Option C" on the first line, then a second line "Answer: <the right option, exactly as written>. <one-sentence explanation>". Only state facts you are sure of.
  - menu: 3–6 links: label = link text, headline "", body = the link URL if the request gives one, else "".
  - cart (itemCart): 2–6 products: label = product name, headline = the price alone (e.g. "$18" or "€3.50"), body = a short description. The cart section's cta is the checkout button label.
  - Two content modules (tabs, accordion, carousel together): give both the same number of items.`;

/** The brief without its spans: the model needs the facts, not where they were read. */
function briefFacts(brief: Brief): unknown {
  return JSON.parse(JSON.stringify(brief, (key, value) => (key === "span" ? undefined : value)));
}

export const BRIEF_INSTRUCTION =
  'Use only the facts of this brief: every price, amount, percentage, date, code, number, link and promise (shipping, delivery, returns, refunds, guarantees, warranties, gifts, support, stock or scarcity, "new", superlatives) in the copy must be in it. Each offer keeps its own conditions (code, threshold, deadline, scope). Every item, offer, question and option of the brief appears. Where the brief says too little, say less; never invent.';

export function copyPrompt(input: { assembledPrompt: string; techniques: Technique[]; language?: PromptLanguage; brief?: Brief }): string {
  const modules = input.techniques.map((t) => (t === "itemCart" ? "cart (itemCart)" : t)).join(" + ");
  const language = input.language ? `\n\n## Language\n${languageInstruction(input.language)}` : "";
  const brief = input.brief ? `\n\n## Brief\n${BRIEF_INSTRUCTION}\n\n${JSON.stringify(briefFacts(input.brief))}` : "";
  return `${input.assembledPrompt}${brief}${language}\n\n## Task\nWrite the CopyDoc for this email. Interactive modules, in order: ${modules}.`;
}

/** The one repair request after a copy that made claims the brief does not: the claims named. */
export function copyRepairPrompt(prompt: string, copy: unknown, claims: string[]): string {
  return `${prompt}\n\n## Repair\nYour CopyDoc below makes claims the brief does not. Write it again without them, using only the brief's facts:\n${claims.map((c) => `- ${c}`).join("\n")}\n\nYour CopyDoc:\n${JSON.stringify(copy)}`;
}
