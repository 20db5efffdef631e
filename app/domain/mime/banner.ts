import { applySplices, escapeHtml, scanHtml, type ScannedToken } from "./scan";

const BANNER_CSS =
  "background-color:#f3f4f6;padding:8px 12px;font-family:Arial,Helvetica,sans-serif;" +
  "font-size:14px;line-height:20px;color:#374151;text-align:center";

function bannerText(senderEmail: string, brandName: string): string {
  return `Sent to you by <strong>${escapeHtml(senderEmail)}</strong> using ${escapeHtml(brandName)}`;
}

function hasClass(token: ScannedToken, cls: string): boolean {
  return token.kind === "open" && token.attributes.some((a) => a.name === "class" && a.value.split(/\s+/).includes(cls));
}

/**
 * Where the banner goes: right after `<body>`, or after the hidden preheader when the body starts
 * with one, so the inbox preview still shows the preheader rather than the banner. Without a
 * `<body>` tag the banner goes first. The scan stops as soon as that is settled: the banner needs
 * only the top of the document, and scanning all of it was a fifth of a new template's cost.
 */
function insertionPoint(html: string): number {
  let bodyEnd = -1;
  let preheader: { name: string; depth: number } | null = null;
  let at: number | null = null;
  scanHtml(html, (t) => {
    if (bodyEnd < 0) {
      if (t.kind === "open" && t.name === "body") bodyEnd = t.end;
      return false;
    }
    if (!preheader) {
      if (t.kind === "comment") return false;
      if (t.kind !== "open" || !hasClass(t, "kx-preheader")) {
        at = bodyEnd;
        return true;
      }
      preheader = { name: t.name, depth: 0 };
    }
    if (t.kind === "comment" || t.name !== preheader.name) return false;
    preheader.depth += t.kind === "open" ? 1 : -1;
    if (preheader.depth !== 0) return false;
    at = t.end;
    return true;
  });
  return at ?? (bodyEnd < 0 ? 0 : bodyEnd);
}

/**
 * Inserts the "Sent to you by <sender>" bar into an HTML email. The sender and brand are
 * escaped; the bar is a presentation table with inline styles (the markup contract inlines
 * everything that is not interactive).
 */
export function attributionBanner(html: string, senderEmail: string, brandName: string): string {
  const banner =
    `<table role="presentation" class="kx-attribution" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;">` +
    `<tr><td align="center" style="${BANNER_CSS}">${bannerText(senderEmail, brandName)}</td></tr></table>`;
  const at = insertionPoint(html);
  return applySplices(html, [{ start: at, end: at, text: banner }]);
}

/**
 * The same bar for an AMP4EMAIL document. AMP forbids inline `style` attributes, so the bar uses
 * the class `kx-attribution`, whose rule goes into `<style amp-custom>` (created in `<head>` when
 * the document has none).
 */
export function attributionBannerAmp(ampHtml: string, senderEmail: string, brandName: string): string {
  const tokens = scanHtml(ampHtml);
  const rule = `.kx-attribution{${BANNER_CSS}}`;
  const splices = [];
  const styleAt = tokens.findIndex((t) => t.kind === "open" && t.name === "style" && t.attributes.some((a) => a.name === "amp-custom"));
  const styleClose = styleAt >= 0 ? tokens.slice(styleAt + 1).find((t) => t.kind === "close" && t.name === "style") : undefined;
  if (styleClose && styleClose.kind === "close") {
    splices.push({ start: styleClose.start, end: styleClose.start, text: rule });
  } else {
    const headClose = tokens.find((t) => t.kind === "close" && t.name === "head");
    const bodyOpen = tokens.find((t) => t.kind === "open" && t.name === "body");
    const at = headClose && headClose.kind === "close" ? headClose.start : bodyOpen && bodyOpen.kind === "open" ? bodyOpen.start : 0;
    splices.push({ start: at, end: at, text: `<style amp-custom>${rule}</style>` });
  }
  const at = insertionPoint(ampHtml);
  splices.push({ start: at, end: at, text: `<div class="kx-attribution">${bannerText(senderEmail, brandName)}</div>` });
  return applySplices(ampHtml, splices);
}
