/** Versioned prompt of the blueprint stage: the model decides structure only; words and brand tokens are placed by code. */
import { z } from "zod";
import { ColorsSchema, type Technique } from "~/domain/blueprint/schema";
import { STYLE_THEORY_KEYS } from "~/domain/blueprint/styles";
import type { CopyDoc } from "~/domain/copy/schema";
import type { PromptLanguage } from "~/domain/prompt/facts";
import type { ImageInput } from "~/domain/prompt/inputs";
import { languageInstruction } from "./language";

export const BLUEPRINT_PROMPT_VERSION = "blueprint.v2";

const index = z.number().int().min(0).max(50);

export const StructurePlanSchema = z.object({
  styleTheory: z.string().max(40).optional(),
  palette: ColorsSchema.partial().optional(),
  sectionOrder: z.array(index).max(20).optional(),
  moduleHosts: z.array(index).max(2).optional(),
  imagePlacements: z
    .array(
      z.object({
        image: index,
        section: index.optional(),
        moduleItem: z.object({ module: z.number().int().min(0).max(1), item: index }).optional(),
      }),
    )
    .max(20)
    .optional(),
});

export const BLUEPRINT_SYSTEM = `You are the art director of an interactive-email service. The words are final and will be placed verbatim by code; you decide structure only, and answer with one JSON object called StructurePlan:
{ "styleTheory"?: one of ${STYLE_THEORY_KEYS.map((k) => `"${k}"`).join(", ")},
  "palette"?: { "background"?, "surface"?, "text"?, "mutedText"?, "primary"?, "onPrimary"?, "accent"?, "border"?, "link"? } (hex colours, #rrggbb),
  "sectionOrder"?: [copy section indices in display order],
  "moduleHosts"?: [copy section index that hosts module 0, and module 1 if there are two],
  "imagePlacements"?: [{ "image": image index, "section"?: copy section index } or { "image": image index, "moduleItem": { "module": 0|1, "item": item index within that module } }] }
Rules: keep "hero" near the top and "closing" last; never drop a section (omitted indices are appended); host each module in the section named after it when there is one; put images where their description fits; choose a palette with WCAG AA contrast (text on surface and onPrimary on primary at least 4.5:1). Brand colours given by the caller override your palette anyway. No prose.`;

export function blueprintPrompt(input: {
  assembledPrompt: string;
  copyDoc: CopyDoc;
  techniques: Technique[];
  images?: ImageInput[];
  language?: PromptLanguage;
}): string {
  const sections = input.copyDoc.sections
    .map((s, i) => `${i}. [${s.role}] ${s.headline || "(no headline)"}${s.cta ? ` — button "${s.cta}"` : ""}`)
    .join("\n");
  const images =
    (input.images ?? []).map((img, i) => `${i}. ${img.name}${img.description ? ` — ${img.description}` : ""}`).join("\n") || "None.";
  return `${input.assembledPrompt}

## Modules
${input.techniques.map((t, i) => `${i}. ${t}`).join("\n")}

## Copy sections (by index)
${sections}

## Interactive items (${input.copyDoc.items.length}, in module order)
${input.copyDoc.items.map((it, i) => `${i}. ${it.label}${it.headline ? ` — ${it.headline}` : ""}`).join("\n") || "None."}

## Images (by index)
${images}
${input.language ? `\n## Language\n${languageInstruction(input.language)} The copy above is final; this tells you the language of the email, whose fixed labels code adds in it.\n` : ""}
Answer with the StructurePlan JSON.`;
}
