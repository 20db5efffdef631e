import { applySplices, scanHtml, type ScannedAttribute, type Splice } from "./scan";

/** Tags whose `src`/`srcset` name an image (VML images live inside MSO conditional comments). */
const IMAGE_TAGS = new Set(["img", "amp-img", "amp-anim", "source", "input", "v:image", "v:fill"]);

/** Escapes just what the surrounding quote style needs, so rewritten values stay readable. */
function escapeAttribute(value: string, quote: '"' | "'"): string {
  const amp = value.replace(/&/g, "&amp;");
  return quote === '"' ? amp.replace(/"/g, "&quot;") : amp.replace(/'/g, "&#39;");
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function isRelative(value: string): boolean {
  const v = value.trim();
  if (v === "" || v.startsWith("#") || v.includes("{{")) return false;
  return !SCHEME.test(v);
}

/**
 * Resolves a relative reference under the base. Root-relative paths (`/img/a.png`) stay under the
 * base's path too, so a deployment at `https://host/kinetic` serves them from `/kinetic/img/a.png`.
 */
function resolveUnder(ref: string, base: URL): string {
  const v = ref.trim();
  if (v.startsWith("//")) return new URL(`${base.protocol}${v}`).toString();
  const rel = v.startsWith("/") ? v.replace(/^\/+/, "") : v;
  return new URL(rel, base).toString();
}

/** Parses a `srcset` into candidates the way the HTML spec does (URLs may contain commas). */
function rewriteSrcset(value: string, base: URL): string | null {
  const parts: string[] = [];
  let changed = false;
  let i = 0;
  const ws = (c: string | undefined) => c !== undefined && /\s/.test(c);
  while (i < value.length) {
    while (i < value.length && (ws(value[i]) || value[i] === ",")) i++;
    if (i >= value.length) break;
    let url = "";
    while (i < value.length && !ws(value[i])) url += value[i++];
    let descriptor = "";
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      while (i < value.length && value[i] !== ",") descriptor += value[i++];
    }
    if (isRelative(url)) {
      url = resolveUnder(url, base);
      changed = true;
    }
    const d = descriptor.trim();
    parts.push(d ? `${url} ${d}` : url);
  }
  return changed ? parts.join(", ") : null;
}

function collectSplices(html: string, offset: number, base: URL, out: Splice[], inComment = false): void {
  for (const token of scanHtml(html)) {
    if (token.kind === "comment") {
      // MSO conditional comments carry real markup (VML backgrounds) that Outlook renders. One
      // level only: comments do not nest, so a comment inside a comment's body is an unclosed one
      // running to the end, and following those ("<!--[if mso]>" × n) rescanned the rest of the
      // document per level: quadratic time and n levels of recursion.
      const body = html.slice(token.bodyStart, token.bodyEnd);
      if (!inComment && body.startsWith("[if")) collectSplices(body, offset + token.bodyStart, base, out, true);
      continue;
    }
    if (token.kind !== "open") continue;
    for (const attr of token.attributes) {
      const next = rewriteAttribute(token.name, attr, base);
      if (next === null) continue;
      const escaped = escapeAttribute(next, attr.quote === "single" ? "'" : '"');
      out.push(
        attr.quote === "unquoted"
          ? { start: offset + attr.valueStart, end: offset + attr.valueEnd, text: `"${escaped}"` }
          : { start: offset + attr.valueStart, end: offset + attr.valueEnd, text: escaped },
      );
    }
  }
}

/** `url(...)` references inside one inline `style` attribute value (CSS background images). */
function rewriteStyleUrls(style: string, base: URL): string | null {
  let changed = false;
  const out = style.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, quote: string, ref: string) => {
    if (!isRelative(ref)) return whole;
    changed = true;
    return `url(${quote}${resolveUnder(ref, base)}${quote})`;
  });
  return changed ? out : null;
}

function rewriteAttribute(tag: string, attr: ScannedAttribute, base: URL): string | null {
  if (attr.quote === "none") return null;
  if (attr.name === "style") return attr.value.includes("url(") ? rewriteStyleUrls(attr.value, base) : null;
  if (attr.name === "background") return isRelative(attr.value) ? resolveUnder(attr.value, base) : null;
  if (!IMAGE_TAGS.has(tag)) return null;
  if (attr.name === "src") return isRelative(attr.value) ? resolveUnder(attr.value, base) : null;
  if (attr.name === "srcset") return rewriteSrcset(attr.value, base);
  return null;
}

/**
 * Turns relative image references (`src`/`srcset` of images, `background` attributes, `url()` in
 * inline `style` attributes, VML images in MSO comments) into absolute URLs under `baseUrl`. Only those attribute values
 * change; the rest of the document is kept byte for byte. The scheme follows the base
 * (https in production). Throws a TypeError when `baseUrl` is not an absolute http(s) URL,
 * which is a configuration bug rather than an input problem.
 */
export function absolutizeImageUrls(html: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  if (base.protocol !== "https:" && base.protocol !== "http:") {
    throw new TypeError(`baseUrl must be http(s): ${baseUrl}`);
  }
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  base.search = "";
  base.hash = "";
  const splices: Splice[] = [];
  collectSplices(html, 0, base, splices);
  return applySplices(html, splices);
}
