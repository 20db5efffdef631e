import type { AmpSeedDocument, SeedEntry } from "../types";
import { html as accordionFerry } from "./accordion-ferry";
import { html as cartBindBakery } from "./cart-bind-bakery";
import { html as carouselSurf } from "./carousel-surf";
import { html as quizSelectorBindBirds } from "./quiz-selector-bind-birds";
import { html as surveyFormCinema } from "./survey-form-cinema";
import { html as tabsSelectorGarden } from "./tabs-selector-garden";

// ampComponents lists every AMP component the document uses, built-ins and template included,
// the way the library's AMP analysis reports them.
const AMP: Array<{ key: string; document: AmpSeedDocument }> = [
  {
    key: "amp-carousel-surf",
    document: {
      uploadType: "amp",
      htmlContent: carouselSurf,
      description: "AMP surf shop email: amp-carousel of three surfboards (slides, controls, loop) with responsive amp-img and captions.",
      technique: "carousel",
      complexity: "beginner",
      ampComponents: ["amp-carousel", "amp-img"],
    },
  },
  {
    key: "amp-accordion-ferry",
    document: {
      uploadType: "amp",
      htmlContent: accordionFerry,
      description: "AMP ferry pre-travel email: amp-accordion with four travel-day questions, one section expanded, expand-single-section and animate.",
      technique: "accordion",
      complexity: "beginner",
      ampComponents: ["amp-accordion"],
    },
  },
  {
    key: "amp-tabs-selector-garden",
    document: {
      uploadType: "amp",
      htmlContent: tabsSelectorGarden,
      description: "AMP garden centre email: three tabs built with amp-selector (option and selected attributes, tablist roles) and a flex-order panel layout.",
      technique: "tabs",
      complexity: "intermediate",
      ampComponents: ["amp-selector"],
    },
  },
  {
    key: "amp-survey-form-cinema",
    document: {
      uploadType: "amp",
      htmlContent: surveyFormCinema,
      description: "AMP cinema feedback email: amp-form survey posted with action-xhr over https, radio fieldsets, a comment box and amp-mustache success and error messages.",
      technique: "survey",
      complexity: "intermediate",
      ampComponents: ["amp-form", "amp-mustache"],
    },
  },
  {
    key: "amp-cart-bind-bakery",
    document: {
      uploadType: "amp",
      htmlContent: cartBindBakery,
      description: "AMP bakery order email: amp-state cart with plus and minus buttons, amp-bind line counts and live total, and an amp-form checkout with hidden bound inputs.",
      technique: "itemCart",
      complexity: "advanced",
      ampComponents: ["amp-bind", "amp-form", "amp-img", "amp-mustache", "amp-state"],
    },
  },
  {
    key: "amp-quiz-selector-bind-birds",
    document: {
      uploadType: "amp",
      htmlContent: quizSelectorBindBirds,
      description: "AMP bird charity quiz email: amp-selector answers stored with AMP.setState, amp-bind hidden bindings for right and wrong feedback, and a bound score line.",
      technique: "quiz",
      complexity: "advanced",
      ampComponents: ["amp-bind", "amp-selector", "amp-state"],
    },
  },
];

export function ampSeeds(): SeedEntry[] {
  return AMP.map(({ key, document }) => ({ key, document: { ...document, ampComponents: [...(document.ampComponents ?? [])] } }));
}
