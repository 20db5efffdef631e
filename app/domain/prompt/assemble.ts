import type { DesignTokens, Technique } from "~/domain/blueprint/schema";
import { resolveStyleTheory } from "~/domain/blueprint/styles";
import { parsePromptFacts, type PromptFacts } from "./facts";
import type { Complexity, ImageInput, SavedSectionInput } from "./inputs";

export interface AssemblePromptInput {
  prompt: string;
  emailType?: string | null;
  techniques: Technique[];
  designTokens?: DesignTokens;
  images?: ImageInput[];
  savedSections?: SavedSectionInput[];
  styleTheory?: string | null;
  complexity?: Complexity | string | null;
  /** Already parsed facts, to avoid parsing twice; parsed from `prompt` when absent. */
  facts?: PromptFacts;
}

const TECHNIQUE_BRIEF: Record<Technique, string> = {
  tabs: "tabs — radio-button tabbed interface, one panel visible at a time",
  accordion: "accordion — checkbox expand/collapse panels",
  carousel: "carousel — radio-button slides with previous/next and dots",
  survey: "survey — progressive-disclosure questions, one step at a time, thank-you at the end",
  quiz: "quiz — questions with options; right/wrong feedback revealed on choice",
  menu: "menu — hamburger toggle opening an overlay of links",
  itemCart: "itemCart — tap-to-add items with a running total",
};

/** Saved sections are fenced so the model (or a reader) can see where verbatim HTML starts and ends. */
export const SAVED_SECTION_OPEN = "<<<SAVED_SECTION";
export const SAVED_SECTION_CLOSE = "SAVED_SECTION>>>";

function lines(entries: Array<[string, unknown]>): string[] {
  return entries
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `- ${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
}

/**
 * The one structured prompt of step 2 (docs/generation.md "The pipeline"), assembled from every input. Stable section order and
 * headings, so the same inputs always produce the same text (LLM caching and tests rely on it).
 */
export function assemblePrompt(input: AssemblePromptInput): string {
  const facts = input.facts ?? parsePromptFacts(input.prompt, input.emailType);
  const out: string[] = [];

  out.push("## Request", input.prompt.trim(), "");

  out.push("## Email type");
  out.push(
    `${facts.emailType} (${facts.emailTypeSource === "hint" ? "given by the caller" : facts.emailTypeSource === "prompt" ? "read from the prompt" : "default"})`,
  );
  if (input.emailType && facts.emailTypeSource !== "hint")
    out.push(`Caller hint (not a known type, used as context only): ${input.emailType}`);
  out.push("");

  out.push("## Interactive feature selection");
  if (input.techniques.length === 1) {
    out.push(`Exactly one technique, used exclusively: ${TECHNIQUE_BRIEF[input.techniques[0]]}.`);
  } else {
    out.push("Two techniques, each built as its own namespaced module (k1, k2) in one email:");
    input.techniques.forEach((t, i) => out.push(`${i + 1}. ${TECHNIQUE_BRIEF[t]}`));
  }
  out.push(`Complexity: ${input.complexity ?? "intermediate"}`, "");

  out.push("## Colour scheme");
  const styleKey = resolveStyleTheory(input.styleTheory);
  out.push(
    `Style theory: ${styleKey}${input.styleTheory && styleKey === "auto" && input.styleTheory !== "auto" ? ` (unknown key "${input.styleTheory}" → auto)` : ""}`,
  );
  const colors = input.designTokens?.colors;
  if (colors && Object.keys(colors).length > 0) {
    out.push("Brand colours (use exactly; they override the style theory):", ...lines(Object.entries(colors)));
  } else {
    out.push("No brand colours given: use the style theory's palette.");
  }
  out.push("");

  out.push("## Brand style guide");
  const logo = input.images?.find((img) => /\blogo\b/i.test(`${img.name} ${img.description ?? ""}`));
  const typography = input.designTokens?.typography;
  out.push(
    ...lines([
      ["Brand", facts.brand],
      ["Product", facts.product],
      ["Fonts", typography ? [typography.fontFamily, typography.headingFontFamily].filter(Boolean).join(" / ") || undefined : undefined],
      ["Typography tokens", typography && Object.keys(typography).length > 0 ? typography : undefined],
      [
        "Buttons",
        input.designTokens?.buttons && Object.keys(input.designTokens.buttons).length > 0 ? input.designTokens.buttons : undefined,
      ],
      [
        "Spacing",
        input.designTokens?.spacing && Object.keys(input.designTokens.spacing).length > 0 ? input.designTokens.spacing : undefined,
      ],
      ["Tone", `${facts.tone}${facts.toneFromPrompt ? "" : " (default)"}`],
      ["Business context", facts.topic],
      ["Audience", facts.audience],
      ["Offer", facts.offer?.text],
      ["Codes", facts.codes.length > 0 ? facts.codes.join(", ") : undefined],
      ["Dates", facts.dates.length > 0 ? facts.dates.join("; ") : undefined],
      [
        "Listed items",
        facts.items.length > 0 ? facts.items.map((i) => (i.price ? `${i.name} (${i.price.display})` : i.name)).join("; ") : undefined,
      ],
      ["Links", facts.urls.length > 0 ? facts.urls.join(" ") : undefined],
      ["Call to action", facts.cta],
      ["Logo", logo ? `${logo.name} — ${logo.url}` : undefined],
    ]),
    "",
  );

  out.push("## Uploaded images");
  if (input.images && input.images.length > 0) {
    input.images.forEach((img, i) => {
      const size = img.width && img.height ? ` (${img.width}×${img.height})` : "";
      out.push(`${i + 1}. ${img.name}${size}: ${img.url}${img.description ? ` — ${img.description}` : ""}`);
    });
  } else {
    out.push("None.");
  }
  out.push("");

  out.push("## Saved sections (inject verbatim, do not edit)");
  if (input.savedSections && input.savedSections.length > 0) {
    input.savedSections.forEach((s, i) => {
      out.push(`${SAVED_SECTION_OPEN} ${i + 1}${s.name ? ` "${s.name}"` : ""}`, s.html, SAVED_SECTION_CLOSE);
    });
  } else {
    out.push("None.");
  }

  return out.join("\n");
}
