import { rawData } from "caniemail";

/**
 * A compact feature table built once, at the first check, from caniemail's data, keyed the way our
 * parse already sees the email (property names, property:value pairs, functions, units,
 * elements, attributes, image formats), so a check is a handful of Map lookups instead of a
 * second parse of the document by the caniemail linter.
 */

/**
 * Clients whose lack of support fails the check: Gmail, Apple Mail and Outlook.com hold most
 * opens, and a property they drop changes the layout most readers see.
 */
export const MAJOR_CLIENTS = [
  "gmail.desktop-webmail",
  "gmail.ios",
  "gmail.android",
  "apple-mail.ios",
  "apple-mail.macos",
  "outlook.outlook-com",
] as const;

/**
 * Reported but never failing: smaller audiences, and Outlook for Windows, which is served by
 * MSO conditionals and VML rather than by CSS it ignores.
 */
export const WARN_CLIENTS = [
  "outlook.ios",
  "outlook.android",
  "yahoo.desktop-webmail",
  "samsung-email.android",
  "outlook.windows",
  "outlook.macos",
  "thunderbird.macos",
] as const;

export interface FeatureSupport {
  title: string;
  /** Major clients with no support at all. */
  unsupported: string[];
  /** Major clients with partial support, plus minor clients with none. */
  partial: string[];
}

type Stats = Record<string, Record<string, Record<string, string>>>;

function latest(stats: Stats, client: string): string | null {
  const [family, platform] = client.split(".");
  const versions = stats[family]?.[platform];
  if (!versions) return null;
  const keys = Object.keys(versions).sort();
  return keys.length ? versions[keys[keys.length - 1]] : null;
}

function support(title: string, stats: Stats): FeatureSupport | null {
  const unsupported: string[] = [];
  const partial: string[] = [];
  for (const c of MAJOR_CLIENTS) {
    const s = latest(stats, c);
    if (s?.startsWith("n")) unsupported.push(c);
    else if (s?.startsWith("a")) partial.push(c);
  }
  for (const c of WARN_CLIENTS) {
    const s = latest(stats, c);
    if (s?.startsWith("n")) partial.push(c);
  }
  return unsupported.length || partial.length ? { title, unsupported, partial } : null;
}

const PAIRS: Record<string, string> = {
  "css-display-flex": "pair:display:flex",
  "css-display-grid": "pair:display:grid",
  "css-display-none": "pair:display:none",
  "css-flex-direction": "pair:flex-direction:column",
  "css-flex-wrap": "pair:flex-wrap:wrap",
  "css-unit-calc": "fn:calc",
  "css-variables": "fn:var",
  "css-linear-gradient": "fn:linear-gradient",
  "css-radial-gradient": "fn:radial-gradient",
  "css-conic-gradient": "fn:conic-gradient",
  "css-rgb": "fn:rgb",
  "css-rgba": "fn:rgba",
  "css-important": "important",
  "css-at-font-face": "at:font-face",
  "css-at-import": "at:import",
  "css-at-keyframes": "at:keyframes",
  "css-at-media": "at:media",
  "css-at-supports": "at:supports",
  "html-image-maps": "el:map",
  "html-lists": "el:ul",
  "html-h1-h6": "el:h1",
  "html-input-checkbox": "input:checkbox",
  "html-input-radio": "input:radio",
  "html-input-text": "input:text",
  "html-input-hidden": "input:hidden",
  "html-input-submit": "input:submit",
  "html-input-reset": "input:reset",
  "html-button-submit": "button:submit",
  "html-button-reset": "button:reset",
  "html-srcset": "attr:srcset",
  "html-loading-attribute": "attr:loading",
};

const MULTI: Record<string, string[]> = {
  "css-left-right-top-bottom": ["prop:left", "prop:right", "prop:top", "prop:bottom"],
  "css-gap": ["prop:gap", "prop:column-gap", "prop:row-gap"],
  "css-grid-template": ["prop:grid-template-columns", "prop:grid-template-rows", "prop:grid-template-areas", "prop:grid-template"],
  "css-modern-color": ["fn:lch", "fn:oklch", "fn:lab", "fn:oklab"],
  "css-unit-calc": ["fn:calc"],
};

const HTML_ELEMENTS = new Set([
  "abbr",
  "acronym",
  "address",
  "audio",
  "base",
  "bdi",
  "blockquote",
  "body",
  "code",
  "del",
  "dfn",
  "dialog",
  "div",
  "form",
  "hr",
  "link",
  "marquee",
  "meter",
  "object",
  "p",
  "picture",
  "pre",
  "progress",
  "rp",
  "rt",
  "ruby",
  "select",
  "small",
  "span",
  "strike",
  "strong",
  "style",
  "svg",
  "table",
  "textarea",
  "video",
  "wbr",
  "img",
]);
const HTML_ATTRIBUTES = new Set([
  "align",
  "background",
  "cellpadding",
  "cellspacing",
  "dir",
  "height",
  "width",
  "lang",
  "valign",
  "role",
  "target",
  "hidden",
  "required",
  "popover",
]);

function keysFor(slug: string): string[] {
  if (MULTI[slug]) return MULTI[slug];
  if (PAIRS[slug]) return [PAIRS[slug]];
  if (slug.startsWith("css-at-media-")) return [];
  if (slug.startsWith("css-pseudo-class-")) return [`pseudo:${slug.slice(17)}`];
  if (slug.startsWith("css-pseudo-element-")) return [`pseudo:${slug.slice(19)}`];
  if (slug.startsWith("css-function-")) return [`fn:${slug.slice(13)}`];
  if (slug.startsWith("css-unit-")) return [`unit:${slug.slice(9)}`];
  if (slug.startsWith("css-selector-")) return [];
  if (slug.startsWith("css-")) return [`prop:${slug.slice(4)}`];
  // ARIA attributes degrade to nothing where unsupported; never a reason to fail.
  if (slug.startsWith("html-aria-")) return [];
  if (slug.startsWith("html-")) {
    const name = slug.slice(5);
    if (HTML_ELEMENTS.has(name)) return [`el:${name}`];
    if (HTML_ATTRIBUTES.has(name)) return [`attr:${name}`];
    return [];
  }
  if (slug.startsWith("image-")) return [`img:${slug.slice(6)}`];
  return [];
}

function buildTable(): Map<string, FeatureSupport> {
  const table = new Map<string, FeatureSupport>();
  const data = (rawData as unknown as { data: { slug: string; title: string; stats: Stats }[] }).data;
  for (const feature of data) {
    const s = support(feature.title, feature.stats);
    if (!s) continue;
    for (const key of keysFor(feature.slug)) table.set(key, s);
  }
  // Headings share one feature; lists cover ol and li too.
  for (const [from, to] of [
    ["el:h1", ["el:h2", "el:h3", "el:h4", "el:h5", "el:h6"]],
    ["el:ul", ["el:ol"]],
  ] as const) {
    const s = table.get(from);
    if (s) for (const k of to) table.set(k, s);
  }
  for (const key of GRACEFUL) {
    const s = table.get(key);
    if (s) table.set(key, { title: s.title, unsupported: [], partial: [...s.unsupported, ...s.partial] });
  }
  return table;
}

// Ignored where unsupported, with nothing lost for the reader: listed, never failed.
const GRACEFUL = ["attr:target", "prop:color-scheme", "prop:cursor", "prop:user-select", "prop:text-decoration-skip-ink", "prop:hyphens"];

let table: ReadonlyMap<string, FeatureSupport> | undefined;
let attributes: ReadonlySet<string> | undefined;

/** Built at the first check rather than when the server starts (docs/operations.md, "Start-up time"). */
export function featureTable(): ReadonlyMap<string, FeatureSupport> {
  table ??= buildTable();
  return table;
}

/** Attribute names with an entry, so the per-element loop skips the rest cheaply. */
export function attributesWithIssues(): ReadonlySet<string> {
  attributes ??= new Set([...featureTable().keys()].filter((k) => k.startsWith("attr:")).map((k) => k.slice(5)));
  return attributes;
}

const UNIT_RE = /\d(rem|vw|vh|vmin|vmax|ch|ex|cm|mm|in|pc|em)\b/g;
const FN_RE = /([a-z-]+)\(/g;

const STYLE_KEYS = new Map<string, FeatureSupport[]>();

/** The table entries one style attribute touches; emails repeat styles, so results are memoised. */
export function styleFeatures(style: string, decls: { property: string; value: string }[]): FeatureSupport[] {
  let hit = STYLE_KEYS.get(style);
  if (hit) return hit;
  hit = [];
  for (const d of decls) {
    for (const k of declarationKeys(d.property, d.value)) {
      const s = featureTable().get(k);
      if (s && !hit.includes(s)) hit.push(s);
    }
  }
  if (STYLE_KEYS.size > 5000) STYLE_KEYS.clear();
  STYLE_KEYS.set(style, hit);
  return hit;
}

/** Lookup keys a declaration touches: the property, a property:value pair, functions and units. */
export function declarationKeys(property: string, value: string): string[] {
  const keys = [`prop:${property}`];
  const v = value.toLowerCase();
  const first = v.split(/\s+/)[0];
  keys.push(`pair:${property}:${first}`);
  if (property.startsWith("--")) keys.push("fn:var");
  if (v.includes("(")) for (const m of v.matchAll(FN_RE)) keys.push(`fn:${m[1]}`);
  if (/\d[a-z]/.test(v)) for (const m of v.matchAll(UNIT_RE)) keys.push(`unit:${m[1]}`);
  return keys;
}
