// The technique dictionary shared by the embedding-text builder, the local embedder's vocabulary
// expansion, the local query rewriter and the auto-tagger. One place, so that the words a document
// is indexed under and the words a query is expanded into stay the same words.

export const TECHNIQUES = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart", "amp4email"] as const;

export type Technique = (typeof TECHNIQUES)[number];

export function isTechnique(value: unknown): value is Technique {
  return typeof value === "string" && (TECHNIQUES as readonly string[]).includes(value);
}

export interface TechniqueDescription {
  /** What the reader sees and does. */
  what: string;
  /** How the interaction is built in email-safe CSS/HTML. */
  mechanism: string;
  useCases: string;
  /** Words a person uses when asking for this technique (lower case, single words or phrases). */
  vocabulary: readonly string[];
  /** Technical terms appended to a rewritten query. */
  queryTerms: readonly string[];
}

export const TECHNIQUE_DESCRIPTIONS: Record<Technique, TechniqueDescription> = {
  tabs: {
    what: "Tabbed interface: a row of tab labels switches between content panels so one panel is visible at a time.",
    mechanism:
      "Radio buttons sharing one name, each tab a label for a radio; :checked with the general sibling combinator (~) shows the matching panel; static fallback lists every panel.",
    useCases: "product showcase by category, feature comparison, plan tiers, multi-topic newsletter sections.",
    vocabulary: [
      "tab",
      "tabs",
      "tabbed",
      "tabbing",
      "tab bar",
      "tabbed interface",
      "switcher",
      "segmented",
      "toggle between",
      "categories",
    ],
    queryTerms: ["tabbed interface", "radio button tabs", "tab labels", "content panels", ":checked sibling selector"],
  },
  accordion: {
    what: "Accordion: collapsible sections that expand and collapse when their headings are tapped.",
    mechanism:
      "One checkbox per section, heading as its label; :checked ~ panel reveals the body with max-height/display; fallback shows every panel open.",
    useCases: "FAQ, terms and details, shipping information, long content kept short, itinerary days.",
    vocabulary: [
      "accordion",
      "accordions",
      "collapsible",
      "collapse",
      "expand",
      "expandable",
      "faq",
      "faqs",
      "show more",
      "read more",
      "toggle sections",
      "disclosure",
    ],
    queryTerms: ["accordion", "collapsible sections", "checkbox expand collapse", "faq panels", ":checked max-height"],
  },
  carousel: {
    what: "Carousel: a slider of images or content cards moved with previous/next arrows and dots.",
    mechanism:
      "Radio buttons per slide sharing one name; labels as arrows and dots; :checked ~ slide shows the current slide; fallback stacks the slides.",
    useCases: "product gallery, lookbook, image slideshow, featured collection, hero slider.",
    vocabulary: [
      "carousel",
      "carousels",
      "slider",
      "slideshow",
      "slide",
      "slides",
      "gallery",
      "swipe",
      "lookbook",
      "rotating",
      "image gallery",
    ],
    queryTerms: ["image carousel", "radio button slides", "previous next arrows", "slide dots", "slideshow gallery"],
  },
  survey: {
    what: "Survey: a progressive-disclosure form where answering one question reveals the next step.",
    mechanism:
      "Radio inputs per question; :checked reveals the following step; the last answer shows a thank-you state; fallback lists the questions with answer links.",
    useCases: "customer feedback, NPS score, preference centre, poll, onboarding questions, rating.",
    vocabulary: [
      "survey",
      "surveys",
      "feedback",
      "poll",
      "nps",
      "rating",
      "rate",
      "questionnaire",
      "form",
      "vote",
      "opinion",
      "satisfaction",
    ],
    queryTerms: ["progressive disclosure survey", "feedback form", "rating scale radio inputs", "multi step questions", "thank you state"],
  },
  quiz: {
    what: "Quiz: questions with answer choices that reveal right or wrong feedback when chosen.",
    mechanism:
      "Radio inputs per question; :checked on the correct or incorrect input reveals feedback blocks; fallback states the answers.",
    useCases: "trivia, product finder, personality quiz, knowledge check, gamified engagement.",
    vocabulary: [
      "quiz",
      "quizzes",
      "trivia",
      "question",
      "questions",
      "answer",
      "answers",
      "test your",
      "guess",
      "knowledge",
      "personality",
      "product finder",
    ],
    queryTerms: ["interactive quiz", "answer reveal", "right wrong feedback", "radio answer choices", "trivia questions"],
  },
  menu: {
    what: "Hamburger menu: a navigation toggle that opens an overlay of links.",
    mechanism:
      "A checkbox toggle with a hamburger label; :checked ~ overlay displays the navigation links; fallback shows the links as a list.",
    useCases: "site navigation in email, category links, mobile navigation, store departments.",
    vocabulary: ["menu", "menus", "hamburger", "navigation", "nav", "navbar", "drawer", "overlay", "links menu", "dropdown"],
    queryTerms: ["hamburger menu", "navigation overlay", "checkbox toggle", "mobile nav links"],
  },
  itemCart: {
    what: "Item cart: tap-to-add products with a running item count and total price.",
    mechanism:
      "One checkbox per item; CSS counters increment on :checked to show count and total in minor units; fallback is a price list.",
    useCases: "shopping cart, order builder, bundle builder, add to cart, checkout preview.",
    vocabulary: [
      "cart",
      "carts",
      "basket",
      "add to cart",
      "shopping cart",
      "checkout",
      "total",
      "running total",
      "order",
      "bundle",
      "tap to add",
      "shop",
    ],
    queryTerms: ["add to cart", "item cart", "css counters running total", "checkbox per product", "price total"],
  },
  amp4email: {
    what: "AMP for Email: dynamic email built with AMP components, sent as a text/x-amp-html part.",
    mechanism:
      "AMP components such as amp-carousel, amp-accordion, amp-selector, amp-form, amp-bind and amp-list with the AMP4EMAIL runtime; HTML part as fallback.",
    useCases: "live content, forms that submit inside the inbox, real-time data, interactive lists.",
    vocabulary: [
      "amp",
      "amp4email",
      "amp email",
      "amp for email",
      "amp-carousel",
      "amp-form",
      "amp-bind",
      "amp-list",
      "dynamic email",
      "live data",
    ],
    queryTerms: ["amp4email", "amp components", "amp-form", "amp-bind", "amp-list", "dynamic email"],
  },
};

export const EMAIL_PURPOSES = [
  "ecommerce",
  "newsletter",
  "transactional",
  "promotional",
  "event",
  "onboarding",
  "announcement",
  "education",
] as const;

/** Words that point at an email purpose; used by the embedder's concept features, the rewriter and the tagger. */
export const PURPOSE_VOCABULARY: Record<string, readonly string[]> = {
  ecommerce: [
    "product",
    "products",
    "shop",
    "store",
    "sale",
    "buy",
    "price",
    "collection",
    "sneaker",
    "sneakers",
    "apparel",
    "ecommerce",
    "retail",
    "catalog",
    "catalogue",
  ],
  newsletter: ["newsletter", "digest", "weekly", "monthly", "roundup", "articles", "stories", "editorial", "issue"],
  transactional: ["receipt", "order confirmation", "shipping", "invoice", "password", "account", "transactional", "delivery"],
  promotional: ["promo", "promotion", "discount", "offer", "coupon", "deal", "launch", "black friday", "limited time"],
  event: ["event", "webinar", "conference", "rsvp", "agenda", "invitation", "meetup", "schedule"],
  onboarding: ["welcome", "onboarding", "getting started", "setup", "tour", "new user"],
  announcement: ["announcement", "announcing", "news", "update", "release", "introducing"],
  education: ["course", "lesson", "learn", "tutorial", "guide", "education", "training"],
};
