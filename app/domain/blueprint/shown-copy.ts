import type { CopyDoc } from "~/domain/copy/schema";
import type { Blueprint } from "./schema";

/**
 * The copy as the email shows it: a button the blueprint left out for want of a destination
 * (docs/blueprint.md "Links") is not one QA should find placed word for word.
 */
export function shownCopy(copyDoc: CopyDoc, blueprint: Blueprint): CopyDoc {
  const labels = new Set<string>();
  for (const s of blueprint.sections) if (s.cta) labels.add(s.cta.label);
  for (const m of blueprint.interactiveConfig.modules) if (m.technique === "itemCart" && m.checkout) labels.add(m.checkout.label);
  return {
    ...copyDoc,
    sections: copyDoc.sections.map((s) => (s.cta.trim() && !labels.has(s.cta.trim().slice(0, 80)) ? { ...s, cta: "" } : s)),
  };
}

/** The interactive techniques the email holds: a module the brief had nothing for was left out, not broken. */
export function shownTechniques(blueprint: Blueprint): Blueprint["interactiveConfig"]["modules"][number]["technique"][] {
  return blueprint.interactiveConfig.modules.map((m) => m.technique);
}
