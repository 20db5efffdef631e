import { z } from "zod";
import { DesignTokensSchema, TECHNIQUES, type Blueprint, type Technique } from "~/domain/blueprint/schema";
import { STYLE_PRESETS, mergeDesign, type PresetKey } from "~/domain/blueprint/styles";
import { render } from "~/domain/render";
import { BLUEPRINT_SEED_FILES } from "./blueprints";
import type { HtmlSeedDocument } from "./types";

const PRESET_KEYS = Object.keys(STYLE_PRESETS) as [PresetKey, ...PresetKey[]];
const words = z.array(z.string().trim().min(1)).min(1);

/**
 * A seed file: the library metadata, the style theory (plus brand tokens) and a blueprint without
 * its design — the design is resolved here exactly as generation resolves `styleTheory` +
 * `designTokens`, so seeds follow the presets as they evolve.
 */
export const BlueprintSeedFileSchema = z
  .object({
    complexity: z.enum(["beginner", "intermediate", "advanced"]),
    emailPurpose: z.string().trim().min(1),
    styleTheory: z.enum(PRESET_KEYS),
    designTokens: DesignTokensSchema.optional(),
    description: z.string().trim().min(20),
    keyFeatures: words,
    bestPracticeTags: words,
    blueprint: z.record(z.unknown()),
  })
  .strict();

export type BlueprintSeedFile = z.infer<typeof BlueprintSeedFileSchema>;

export interface RenderedSeed {
  key: string;
  file: BlueprintSeedFile;
  blueprint: Blueprint;
  html: string;
  /** Techniques of the modules, in order (two for the pair emails). */
  techniques: Technique[];
}

/**
 * Seed pictures are served by the app itself (public/library, made by `npm run library:images`),
 * so their blueprints hold app paths such as `/library/kiln-bowl-536x340.png`. The blueprint
 * schema wants https images (an email's pictures must be absolute), so a seed renders with this
 * stand-in origin and the finished HTML gets the app path back: the library's preview (an iframe
 * on the app's own page) loads it from the app.
 */
export const SEED_IMAGE_ORIGIN = "https://seed-images.kinetic.invalid";

function mapSrc(value: unknown, fn: (src: string) => string, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => mapSrc(v, fn, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "src" && typeof v === "string" ? fn(v) : mapSrc(v, fn, depth + 1)]));
}

/** Renders one seed file; a broken seed is our bug, so it throws with the file name and the issues. */
export function renderBlueprintSeed(key: string): RenderedSeed {
  const raw = BLUEPRINT_SEED_FILES[key];
  if (raw === undefined) throw new Error(`starter library: no blueprint seed "${key}"`);
  const parsed = BlueprintSeedFileSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`starter library: ${key}.json: ${JSON.stringify(parsed.error.issues)}`);
  const file = parsed.data;
  const design = mergeDesign(structuredClone(STYLE_PRESETS[file.styleTheory]), file.designTokens);
  const absolute = mapSrc(file.blueprint, (src) => (src.startsWith("/library/") ? SEED_IMAGE_ORIGIN + src : src)) as Record<string, unknown>;
  const result = render({ ...absolute, design });
  if (!result.ok) throw new Error(`starter library: ${key}.json does not render: ${JSON.stringify(result.issues)}`);
  const techniques = result.blueprint.interactiveConfig.modules.map((m) => m.technique);
  const html = result.html.split(`src="${SEED_IMAGE_ORIGIN}/library/`).join(`src="/library/`);
  const blueprint = mapSrc(result.blueprint, (src) => (src.startsWith(`${SEED_IMAGE_ORIGIN}/`) ? src.slice(SEED_IMAGE_ORIGIN.length) : src)) as Blueprint;
  return { key, file, blueprint, html, techniques };
}

export function renderBlueprintSeeds(): RenderedSeed[] {
  return Object.keys(BLUEPRINT_SEED_FILES).map(renderBlueprintSeed);
}

/** The library document of a positive seed; the primary technique (first module) is the filterable one. */
export function positiveDocument(seed: RenderedSeed): HtmlSeedDocument {
  return {
    uploadType: "html",
    htmlContent: seed.html,
    description: seed.file.description,
    technique: seed.blueprint.technique,
    complexity: seed.file.complexity,
    emailPurpose: seed.file.emailPurpose,
    exampleType: "positive",
    keyFeatures: [...seed.file.keyFeatures],
    bestPracticeTags: [...seed.file.bestPracticeTags],
  };
}

export const SEED_TECHNIQUES: readonly Technique[] = TECHNIQUES;
