import { ampSeeds } from "./amp";
import { articleSeeds } from "./articles";
import { buildNegativeSeeds } from "./negatives";
import { positiveDocument, renderBlueprintSeeds } from "./positives";
import type { SeedDocument, SeedEntry } from "./types";

export type { AmpSeedDocument, BlogSeedDocument, HtmlSeedDocument, SeedComplexity, SeedDocument, SeedEntry } from "./types";
export { BLUEPRINT_SEED_FILES } from "./blueprints";
export { renderBlueprintSeed, renderBlueprintSeeds, SEED_IMAGE_ORIGIN, type RenderedSeed } from "./positives";
export { buildNegativeSeeds, type NegativeFault, type NegativeSeed } from "./negatives";

/**
 * The starter library with a stable key per document (the blueprint file name, `negative-…`,
 * `amp-…`, `blog-…`), so a first-start seeder can tell what it already stored.
 * Pure: no I/O; positives are rendered from their blueprints on every call, so their HTML always
 * matches the current renderer. Throws if a seed no longer validates — that is a bug to fix here.
 */
export function loadStarterLibraryEntries(): SeedEntry[] {
  return [
    ...renderBlueprintSeeds().map((s) => ({ key: s.key, document: positiveDocument(s) })),
    ...buildNegativeSeeds().map((n) => ({ key: n.key, document: n.document })),
    ...ampSeeds(),
    ...articleSeeds(),
  ];
}

/** Every starter document: positive and negative HTML examples, AMP emails and blog articles. */
export function loadStarterLibrary(): SeedDocument[] {
  return loadStarterLibraryEntries().map((e) => e.document);
}
