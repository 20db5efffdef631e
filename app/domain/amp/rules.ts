// The AMP4EMAIL allowlists, taken from the AMP for Email specification (amphtml
// docs/spec/email: amp-email-format, -html, -css, -components) and the validator's email rules.
// Kept as data so docs/amp.md, the validator and the repair loop agree on one list.

export const AMP_RUNTIME_SRC = "https://cdn.ampproject.org/v0.js";
export const MAX_DOCUMENT_BYTES = 200_000;
export const MAX_CSS_BYTES = 75_000;
export const MAX_INLINE_STYLE_BYTES = 1_000;
export const BOILERPLATE_CSS = "body{visibility:hidden}";

/** HTML tags allowed in AMP for Email besides AMP components (amp-email-html.md). */
export const HTML_TAGS = new Set([
  "a", "abbr", "address", "article", "aside", "b", "bdo", "blockquote", "body", "br", "button",
  "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn",
  "div", "dl", "dt", "em", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
  "h4", "h5", "h6", "head", "header", "hr", "html", "i", "input", "ins", "kbd", "label", "legend",
  "li", "main", "mark", "meta", "meter", "nav", "ol", "optgroup", "option", "output", "p", "pre",
  "progress", "q", "rb", "rp", "rt", "ruby", "s", "samp", "script", "section", "select", "small",
  "span", "strong", "style", "sub", "summary", "sup", "table", "tbody", "td", "template",
  "textarea", "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
]);

export interface ComponentRule {
  /** Extension script needed, or null for built-ins (amp-img, amp-layout). */
  script: { attr: "custom-element" | "custom-template"; versions: string[] } | null;
  attrs: string[];
}

const LAYOUT_ATTRS = ["layout", "width", "height", "heights", "sizes", "media", "noloading", "placeholder", "fallback"];

/** AMP components allowed in email (amp-email-components.md). */
export const COMPONENTS: Record<string, ComponentRule> = {
  "amp-img": { script: null, attrs: ["alt", "attribution", "src", "srcset", "object-fit", "object-position", ...LAYOUT_ATTRS] },
  "amp-layout": { script: null, attrs: [...LAYOUT_ATTRS] },
  "amp-anim": { script: { attr: "custom-element", versions: ["0.1"] }, attrs: ["alt", "attribution", "src", "srcset", ...LAYOUT_ATTRS] },
  "amp-accordion": { script: { attr: "custom-element", versions: ["0.1"] }, attrs: ["animate", "disable-session-states", "expand-single-section", ...LAYOUT_ATTRS] },
  "amp-carousel": {
    script: { attr: "custom-element", versions: ["0.2", "0.1"] },
    attrs: ["type", "controls", "loop", "autoplay", "delay", "slide", ...LAYOUT_ATTRS],
  },
  "amp-selector": { script: { attr: "custom-element", versions: ["0.1"] }, attrs: ["disabled", "form", "multiple", "name", "keyboard-select-mode", ...LAYOUT_ATTRS] },
  "amp-sidebar": { script: { attr: "custom-element", versions: ["0.1"] }, attrs: ["side", "layout"] },
  "amp-fit-text": { script: { attr: "custom-element", versions: ["0.1"] }, attrs: ["min-font-size", "max-font-size", ...LAYOUT_ATTRS] },
  "amp-timeago": { script: { attr: "custom-element", versions: ["0.1"] }, attrs: ["datetime", "locale", "cutoff", ...LAYOUT_ATTRS] },
  "amp-list": {
    script: { attr: "custom-element", versions: ["0.1"] },
    attrs: ["src", "items", "max-items", "single-item", "binding", "credentials", "template", "reset-on-refresh", ...LAYOUT_ATTRS],
  },
  "amp-state": { script: null, attrs: [] },
  "amp-bind-macro": { script: null, attrs: ["arguments", "expression"] },
};

/** Extensions that are not elements of their own name. */
export const PSEUDO_EXTENSIONS: Record<string, { attr: "custom-element" | "custom-template"; versions: string[] }> = {
  "amp-form": { attr: "custom-element", versions: ["0.1"] },
  "amp-bind": { attr: "custom-element", versions: ["0.1"] },
  "amp-mustache": { attr: "custom-template", versions: ["0.2"] },
};

/** amp-state and amp-bind-macro are part of the amp-bind extension. */
export const EXTENSION_OF: Record<string, string> = { "amp-state": "amp-bind", "amp-bind-macro": "amp-bind" };

/** Components a web page may use but an email may not; named so the error says why. */
export const KNOWN_NON_EMAIL_COMPONENTS = new Set([
  "amp-analytics", "amp-pixel", "amp-iframe", "amp-video", "amp-audio", "amp-ad", "amp-embed",
  "amp-youtube", "amp-twitter", "amp-instagram", "amp-facebook", "amp-script", "amp-story",
  "amp-lightbox", "amp-image-lightbox", "amp-social-share", "amp-user-notification",
  "amp-install-serviceworker", "amp-web-push", "amp-access", "amp-consent", "amp-geo",
  "amp-experiment", "amp-live-list", "amp-next-page", "amp-position-observer", "amp-animation",
]);

export const GLOBAL_ATTRS = new Set([
  "class", "id", "style", "dir", "lang", "title", "hidden", "tabindex", "role", "translate",
  "accesskey", "draggable", "spellcheck", "itemid", "itemprop", "itemref", "itemscope", "itemtype",
  "on",
]);

/** Per-tag attributes beyond the global ones. */
export const TAG_ATTRS: Record<string, string[]> = {
  html: ["⚡4email", "amp4email", "data-css-strict"],
  a: ["href", "target", "rel", "hreflang", "type", "name", "border"],
  bdo: ["dir"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
  button: ["disabled", "name", "type", "value", "form"],
  col: ["span", "width", "align", "valign", "bgcolor"],
  colgroup: ["span", "width", "align", "valign", "bgcolor"],
  data: ["value"],
  time: ["datetime"],
  details: ["open"],
  fieldset: ["disabled", "name"],
  form: ["action-xhr", "method", "target", "name", "novalidate", "enctype", "autocomplete", "accept-charset", "custom-validation-reporting"],
  input: [
    "accept", "autocomplete", "checked", "disabled", "inputmode", "list", "max", "maxlength", "min",
    "minlength", "multiple", "name", "pattern", "placeholder", "readonly", "required", "size", "step",
    "type", "value", "form", "no-verify",
  ],
  label: ["for", "form"],
  li: ["value"],
  ol: ["reversed", "start", "type"],
  ul: ["type"],
  meta: ["charset", "name", "content"],
  meter: ["value", "min", "max", "low", "high", "optimum", "form"],
  progress: ["value", "max"],
  output: ["for", "form", "name"],
  optgroup: ["disabled", "label"],
  option: ["disabled", "label", "selected", "value"],
  select: ["disabled", "multiple", "name", "required", "size", "form", "autocomplete"],
  textarea: ["autocomplete", "cols", "disabled", "maxlength", "minlength", "name", "placeholder", "readonly", "required", "rows", "wrap", "form"],
  table: ["align", "bgcolor", "border", "cellpadding", "cellspacing", "width", "summary"],
  tr: ["align", "bgcolor", "height", "valign"],
  td: ["abbr", "align", "bgcolor", "colspan", "headers", "height", "rowspan", "valign", "width", "scope"],
  th: ["abbr", "align", "bgcolor", "colspan", "headers", "height", "rowspan", "valign", "width", "scope"],
  tbody: ["align", "valign"],
  thead: ["align", "valign"],
  tfoot: ["align", "valign"],
  template: ["type"],
  section: ["expanded"],
  script: ["async", "src", "custom-element", "custom-template", "type"],
  style: ["amp-custom", "amp4email-boilerplate"],
};

/** Bindings a component accepts that are not plain attributes of it. */
export const COMPONENT_BINDINGS: Record<string, string[]> = {
  "amp-selector": ["selected"],
  "amp-list": ["is-layout-container", "state"],
};

/** Attributes amp-selector gives meaning to on its option children. */
export const SELECTOR_OPTION_ATTRS = ["option", "selected", "disabled"];

export const DISALLOWED_INPUT_TYPES = new Set(["file", "password", "image", "button"]);

/** Bindings an email may not use: they could rewrite where a link or a request goes. */
export const DISALLOWED_BINDINGS = new Set(["href", "src", "srcset", "action-xhr"]);
export const DISALLOWED_ACTIONS = ["AMP.navigateTo", "AMP.print", "AMP.goBack"];

export const LAYOUTS = new Set(["nodisplay", "fixed", "fixed-height", "responsive", "container", "fill", "flex-item", "intrinsic"]);

/** CSS properties allowed in AMP for Email (amp-email-css.md). */
export const CSS_PROPERTIES = new Set([
  "-moz-appearance", "-webkit-appearance", "-webkit-tap-highlight-color", "align-content",
  "align-items", "align-self", "appearance", "azimuth", "background", "background-attachment",
  "background-blend-mode", "background-clip", "background-color", "background-image",
  "background-origin", "background-position", "background-repeat", "background-size", "border",
  "border-bottom", "border-bottom-color", "border-bottom-left-radius", "border-bottom-right-radius",
  "border-bottom-style", "border-bottom-width", "border-collapse", "border-color", "border-left",
  "border-left-color", "border-left-style", "border-left-width", "border-radius", "border-right",
  "border-right-color", "border-right-style", "border-right-width", "border-spacing",
  "border-style", "border-top", "border-top-color", "border-top-left-radius",
  "border-top-right-radius", "border-top-style", "border-top-width", "border-width", "bottom",
  "box-shadow", "box-sizing", "break-after", "break-before", "break-inside", "caption-side",
  "caret-color", "clear", "color", "color-adjust", "column-count", "column-fill", "column-gap",
  "column-rule", "column-rule-color", "column-rule-style", "column-rule-width", "column-span",
  "column-width", "columns", "counter-increment", "counter-reset", "cursor", "direction",
  "display", "elevation", "empty-cells", "filter", "flex", "flex-basis", "flex-direction",
  "flex-flow", "flex-grow", "flex-shrink", "flex-wrap", "float", "font", "font-family",
  "font-feature-settings", "font-kerning", "font-size", "font-size-adjust", "font-stretch",
  "font-style", "font-synthesis", "font-variant", "font-variant-alternates", "font-variant-caps",
  "font-variant-east-asian", "font-variant-ligatures", "font-variant-numeric",
  "font-variation-settings", "font-weight", "gap", "grid", "grid-area", "grid-auto-columns",
  "grid-auto-flow", "grid-auto-rows", "grid-column", "grid-column-end", "grid-column-start",
  "grid-row", "grid-row-end", "grid-row-start", "grid-template", "grid-template-areas",
  "grid-template-columns", "grid-template-rows", "height", "hyphens", "image-orientation",
  "image-resolution", "inline-size", "isolation", "justify-content", "justify-items",
  "justify-self", "left", "letter-spacing", "line-break", "line-height", "list-style",
  "list-style-position", "list-style-type", "margin", "margin-bottom", "margin-left",
  "margin-right", "margin-top", "max-height", "max-width", "min-height", "min-width",
  "mix-blend-mode", "object-fit", "object-position", "offset-distance", "opacity", "order",
  "outline", "outline-color", "outline-offset", "outline-style", "outline-width", "overflow",
  "overflow-x", "overflow-y", "overflow-wrap", "padding", "padding-bottom", "padding-left",
  "padding-right", "padding-top", "pause", "pause-after", "pause-before", "perspective",
  "perspective-origin", "pitch", "pitch-range", "place-items", "position", "quotes", "resize",
  "richness", "right", "row-gap", "speak", "speak-header", "speak-numeral", "speak-punctuation",
  "speech-rate", "stress", "table-layout", "text-align", "text-align-last",
  "text-combine-upright", "text-decoration", "text-decoration-color", "text-decoration-line",
  "text-decoration-skip", "text-decoration-style", "text-emphasis", "text-emphasis-color",
  "text-emphasis-position", "text-emphasis-style", "text-indent", "text-justify",
  "text-orientation", "text-overflow", "text-shadow", "text-transform", "text-underline-position",
  "top", "transform", "transform-box", "transform-origin", "transform-style", "transition",
  "transition-delay", "transition-duration", "transition-property", "transition-timing-function",
  "unicode-bidi", "vertical-align", "visibility", "voice-family", "white-space", "width",
  "word-break", "word-spacing", "word-wrap", "writing-mode", "z-index",
]);

export const CSS_PSEUDO_CLASSES = new Set([
  "active", "checked", "default", "disabled", "empty", "enabled", "first-child", "first-of-type",
  "focus", "focus-within", "hover", "in-range", "indeterminate", "invalid", "last-child",
  "last-of-type", "not", "nth-child", "nth-last-child", "nth-last-of-type", "nth-of-type",
  "only-child", "only-of-type", "optional", "out-of-range", "read-only", "read-write", "required",
  "valid",
]);

export const CSS_MEDIA_FEATURES = new Set([
  "device-width", "max-device-width", "min-device-width", "hover", "orientation", "pointer",
  "resolution", "max-resolution", "min-resolution", "width", "max-width", "min-width",
]);

export const TRANSITION_PROPERTIES = new Set(["opacity", "transform", "visibility", "offset-distance", "all", "none"]);

/** Placeholders substituted at send time (docs/email-markup.md); accepted where a URL goes. */
export const SEND_PLACEHOLDERS = new Set([
  "VIB_URL", "UNSUBSCRIBE_URL", "UUID", "SEND_ID", "RECIPIENT_EMAIL", "EMAIL_NAME", "PROJECT_ID", "DATABASE_ID",
  "SENDER_NAME", "SENDER_POSTAL_ADDRESS", "SENDER_WEBSITE",
]);

/** Every extension name the validator knows how to load. */
export function extensionRule(name: string): { attr: "custom-element" | "custom-template"; versions: string[] } | null {
  return PSEUDO_EXTENSIONS[name] ?? COMPONENTS[name]?.script ?? null;
}

export function extensionScriptSrc(name: string): string {
  const rule = extensionRule(name);
  const version = rule ? rule.versions[0] : "0.1";
  return `https://cdn.ampproject.org/v0/${name}-${version}.js`;
}
