import type { BlogSeedDocument, SeedEntry } from "../types";
import { accessibleInteractive } from "./accessible-interactive";
import { ampBeforeSending } from "./amp-before-sending";
import { cssOnlyTabs } from "./css-only-tabs";
import { fallbacks } from "./fallbacks";
import { measuringPerformance } from "./measuring-performance";
import { twoTechniques } from "./two-techniques";

const ARTICLES: Array<{ key: string; document: BlogSeedDocument }> = [
  { key: "blog-css-only-tabs", document: cssOnlyTabs },
  { key: "blog-fallbacks-gmail-outlook", document: fallbacks },
  { key: "blog-amp-before-sending", document: ampBeforeSending },
  { key: "blog-accessible-interactive", document: accessibleInteractive },
  { key: "blog-measuring-performance", document: measuringPerformance },
  { key: "blog-two-techniques", document: twoTechniques },
];

export function articleSeeds(): SeedEntry[] {
  return ARTICLES.map(({ key, document }) => ({ key, document: { ...document, techniquesCovered: [...document.techniquesCovered] } }));
}
