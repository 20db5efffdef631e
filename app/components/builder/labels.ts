// Words for the codes a version stores (its kind, its technique), so the pages never show a raw value.

const KIND: Record<string, string> = { generate: "Generated", regenerate: "Regenerated", refine: "Refined", restore: "Restored" };
const TECHNIQUE: Record<string, string> = {
  tabs: "Tabs",
  accordion: "Accordion",
  carousel: "Carousel",
  survey: "Survey",
  quiz: "Quiz",
  menu: "Menu",
  itemCart: "Cart",
};

export const versionKindLabel = (kind: string) => KIND[kind] ?? "Saved";

/** "tabs+carousel" or ["tabs", "carousel"] → "Tabs + Carousel". */
export function techniqueLabel(value: string | string[] | undefined | null): string {
  const list = Array.isArray(value) ? value : (value ?? "").split("+").filter(Boolean);
  return list.length ? list.map((t) => TECHNIQUE[t] ?? t).join(" + ") : "–";
}
