export type QaCategory = "document" | "layout" | "images-links" | "safety" | "compatibility" | "interactivity" | "readability" | "content";

export interface QaCheckInfo {
  id: string;
  title: string;
  category: QaCategory;
  weight: number;
}

/** The 28 checks in report order; weights sum to 100, so the score is the weight passed. */
export const QA_CHECKS = [
  { id: "size-under-gmail-clip", title: "HTML under Gmail's 102 KB clipping limit", category: "document", weight: 5 },
  { id: "doctype", title: "Has a doctype", category: "document", weight: 3 },
  { id: "charset", title: "UTF-8 charset declared first in <head>", category: "document", weight: 3 },
  { id: "viewport", title: "Viewport and x-apple-disable-message-reformatting meta tags", category: "document", weight: 2 },
  { id: "lang", title: "<html> has lang and dir", category: "document", weight: 2 },
  { id: "title", title: "<title> present and matches the subject", category: "document", weight: 2 },
  { id: "preheader", title: "Hidden preheader present", category: "content", weight: 3 },
  { id: "vib-link", title: "View-in-browser link to {{VIB_URL}} at the top", category: "content", weight: 4 },
  {
    id: "presentation-tables",
    title: "Layout tables have role=presentation and zero cellpadding/cellspacing/border",
    category: "layout",
    weight: 3,
  },
  { id: "container-width", title: "Fixed-width container no wider than 640 px", category: "layout", weight: 3 },
  { id: "img-alt", title: "Every image has an alt attribute", category: "images-links", weight: 4 },
  { id: "img-dimensions", title: "Every image has width and height", category: "images-links", weight: 2 },
  { id: "https", title: "Links and images use https", category: "images-links", weight: 4 },
  { id: "no-empty-links", title: "No empty, # or javascript: links", category: "images-links", weight: 3 },
  { id: "unsubscribe", title: "Unsubscribe link to {{UNSUBSCRIBE_URL}}", category: "content", weight: 5 },
  { id: "no-unsafe-elements", title: "No script, iframe, embedded object or external stylesheet", category: "safety", weight: 5 },
  { id: "placeholders", title: "No unknown {{…}} placeholders", category: "content", weight: 4 },
  {
    id: "caniemail",
    title: "CSS and HTML supported by Gmail, Apple Mail and Outlook.com (caniemail)",
    category: "compatibility",
    weight: 3,
  },
  { id: "technique-module", title: "Each selected technique has its module and controls", category: "interactivity", weight: 5 },
  { id: "label-for", title: "Every label's for matches an input id", category: "interactivity", weight: 3 },
  { id: "interactive-hidden", title: "Interactive block hidden where :checked is unsupported", category: "interactivity", weight: 5 },
  { id: "fallback", title: "Static fallback present with the same content", category: "interactivity", weight: 6 },
  { id: "namespacing", title: "Two techniques are namespaced without collisions", category: "interactivity", weight: 3 },
  { id: "contrast", title: "Text and button contrast at least 4.5:1", category: "readability", weight: 4 },
  { id: "font-size", title: "Body text at least 14 px", category: "readability", weight: 3 },
  { id: "tap-targets", title: "Buttons at least 44 px tall", category: "readability", weight: 3 },
  { id: "dark-mode", title: "Dark-mode support (color-scheme meta and dark styles)", category: "readability", weight: 3 },
  // Also prompt fidelity: folded in rather than a 29th check, see docs/qa.md.
  { id: "copy-verbatim", title: "Copy placed verbatim; the prompt's facts visible in both views", category: "content", weight: 5 },
] as const satisfies readonly QaCheckInfo[];

export type QaCheckId = (typeof QA_CHECKS)[number]["id"];
