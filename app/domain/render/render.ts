import type { ZodIssue } from "zod";
import { contrastRatio } from "../blueprint/color";
import { BlueprintSchema } from "../blueprint/schema";
import { phrasesFor } from "../copy/phrases";
import type { Blueprint, Section } from "../blueprint/schema";
import { renderModule } from "../techniques";
import type { RenderedModule } from "../techniques";
import { esc } from "./escape";
import { baseStylesheet } from "./stylesheet";
import { button, image, makeTheme, paragraphs } from "./theme";
import type { Theme } from "./theme";

export type RenderResult = { ok: true; html: string; blueprint: Blueprint } | { ok: false; issues: ZodIssue[] };

const TABLE = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';
// Zero-width fillers stop clients from pulling body text into the inbox preview after the preheader.
const PREHEADER_FILL = "&#847;&zwnj;&nbsp;".repeat(40);

/** Filled per send from the sender's brand profile (docs/sending.md, "Brand profile"). */
const SENDER_FOOTER = "{{SENDER_POSTAL_ADDRESS}} {{SENDER_WEBSITE}}";

/** The most readable of the candidates on a background (footer and view-in-browser sit on it). */
function readableOn(bg: string, candidates: string[]): string {
  for (const c of candidates) if (contrastRatio(c, bg) >= 4.5) return c;
  return contrastRatio("#ffffff", bg) >= contrastRatio("#111111", bg) ? "#ffffff" : "#111111";
}

function sectionInner(s: Section, theme: Theme, isFirst: boolean, modules: RenderedModule[]): string {
  const hero = s.role === "hero";
  const parts: string[] = [];
  if (s.headline) {
    parts.push(hero || isFirst ? `<h1 class="kx-text kx-h1" style="${theme.h1}">${esc(s.headline)}</h1>` : `<h2 class="kx-text" style="${theme.h2}">${esc(s.headline)}</h2>`);
  }
  if (s.body) parts.push(paragraphs(s.body, theme.text));
  if (s.cta) parts.push(`<div style="padding:8px 0 0 0">${button(theme, s.cta)}</div>`);
  if (s.moduleIndex !== undefined && modules[s.moduleIndex]) parts.push(`<div style="padding:16px 0 0 0">${modules[s.moduleIndex]!.html}</div>`);
  return parts.join("");
}

function sectionRow(s: Section, theme: Theme, isFirst: boolean, modules: RenderedModule[]): string {
  const attrs = `class="kx-section" data-kx-section="${esc(s.id)}" data-kx-role="${esc(s.role)}"`;
  if (s.lockedHtml !== undefined) return `<tr ${attrs} data-kx-locked="true"><td>${s.lockedHtml}</td></tr>`;
  const c = theme.design.colors;
  const pad = theme.pad;
  const hero = s.role === "hero";
  // A hero image runs edge to edge; any other image sits inside the padding.
  const img = s.image
    ? hero
      ? `<tr><td class="kx-surface" bgcolor="${c.surface}" style="padding:0;background-color:${c.surface}">${image(s.image, theme.design.spacing.containerWidth)}</td></tr>`
      : ""
    : "";
  const inlineImg = s.image && !hero ? `<div style="margin:0 0 20px 0">${image(s.image, theme.contentWidth, 10)}</div>` : "";
  const body = `<td class="kx-pad kx-surface" bgcolor="${c.surface}" style="padding:${isFirst || hero ? pad : Math.round(pad * 0.5)}px ${pad}px ${Math.round(pad * 0.75)}px ${pad}px;background-color:${c.surface}">${inlineImg}${sectionInner(s, theme, isFirst, modules)}</td>`;
  return `<tr ${attrs}><td style="padding:0"><table ${TABLE} width="100%">${img}<tr>${body}</tr></table></td></tr>`;
}

function buildHtml(bp: Blueprint): string {
  const theme = makeTheme(bp.design);
  const c = bp.design.colors;
  const width = bp.design.spacing.containerWidth;
  const modules = bp.interactiveConfig.modules.map((m, i) => renderModule(m, i, theme, bp.lang));
  const placed = new Set(bp.sections.filter((s) => s.lockedHtml === undefined).map((s) => s.moduleIndex).filter((i) => i !== undefined));
  const onBg = readableOn(c.background, [c.mutedText, c.text, c.surface]);

  const rows: string[] = [];
  rows.push(
    `<tr><td class="kx-pad kx-surface" bgcolor="${c.surface}" style="padding:20px ${theme.pad}px;background-color:${c.surface};border-bottom:1px solid ${c.border}">` +
      `<p class="kx-text" style="margin:0;${theme.headingFont};font-size:20px;line-height:24px;font-weight:${bp.design.typography.weights.heading};letter-spacing:0.5px;color:${c.text}">${esc(bp.brandName)}</p></td></tr>`,
  );
  bp.sections.forEach((s, i) => {
    rows.push(sectionRow(s, theme, i === 0, modules));
    if (i === 0) {
      // Modules no section claims go right after the opening section, where readers look first.
      modules.forEach((m, mi) => {
        if (placed.has(mi)) return;
        rows.push(
          `<tr class="kx-section" data-kx-section="module-${m.ns}" data-kx-role="interactive"><td class="kx-pad kx-surface" bgcolor="${c.surface}" style="padding:8px ${theme.pad}px ${theme.pad}px ${theme.pad}px;background-color:${c.surface}">${m.html}</td></tr>`,
        );
      });
    }
  });

  const footerText = `margin:0 0 8px 0;${theme.font};font-size:14px;line-height:21px;color:${onBg}`;
  const footer =
    `<table ${TABLE} class="kx-container" width="${width}" align="center" style="width:100%;max-width:${width}px;margin:0 auto"><tr>` +
    `<td class="kx-footer kx-pad" align="center" style="padding:28px ${theme.pad}px 8px ${theme.pad}px;text-align:center">` +
    `<p class="kx-muted" style="${footerText};font-weight:700">${esc(bp.brandName)}</p>` +
    `<p class="kx-muted" style="${footerText}">${esc(bp.footer.address)}</p>` +
    (bp.footer.note ? `<p class="kx-muted" style="${footerText}">${esc(bp.footer.note)}</p>` : "") +
    // The sender's postal address and website come from their brand profile at send time.
    `<p class="kx-muted kx-sender" style="${footerText}">${SENDER_FOOTER}</p>` +
    `<p style="${footerText}"><a class="kx-unsubscribe kx-muted" href="{{UNSUBSCRIBE_URL}}" target="_blank" style="display:inline-block;padding:12px 8px;color:${onBg};text-decoration:underline">${esc(bp.footer.unsubscribeText ?? phrasesFor(bp.lang).unsubscribe)}</a></p>` +
    `</td></tr></table>`;

  const css = [baseStylesheet(theme), ...modules.map((m) => m.css)].join("\n");

  return (
    `<!DOCTYPE html>\n` +
    `<html lang="${esc(bp.lang)}" dir="${bp.dir}" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">\n<head>\n` +
    `<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<meta name="x-apple-disable-message-reformatting">\n<meta http-equiv="X-UA-Compatible" content="IE=edge">\n` +
    `<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">\n` +
    `<meta name="color-scheme" content="light dark">\n<meta name="supported-color-schemes" content="light dark">\n` +
    `<title>${esc(bp.subject)}</title>\n` +
    `<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->\n` +
    `<style>\n${css}\n</style>\n</head>\n` +
    `<body class="body kx-bg" style="margin:0;padding:0;width:100%;background-color:${c.background}">\n` +
    `<div class="kx-preheader" style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${esc(bp.preheader)}${PREHEADER_FILL}</div>\n` +
    `<div class="kx-vib-bar kx-bg" dir="${bp.dir}" style="background-color:${c.background};text-align:center;padding:8px 12px 0 12px">` +
    `<a class="kx-vib kx-muted" href="{{VIB_URL}}" target="_blank" style="display:inline-block;padding:12px 8px;${theme.font};font-size:14px;line-height:20px;color:${onBg};text-decoration:underline">${esc(phrasesFor(bp.lang).viewInBrowser)}</a></div>\n` +
    `<table ${TABLE} width="100%" class="kx-bg kx-outer" bgcolor="${c.background}" style="background-color:${c.background}" dir="${bp.dir}"><tr><td align="center" class="kx-outer" style="padding:8px 12px 32px 12px">\n` +
    `<!--[if mso]><table ${TABLE} width="${width}" align="center"><tr><td><![endif]-->\n` +
    `<table ${TABLE} class="kx-container kx-surface" width="${width}" align="center" bgcolor="${c.surface}" style="width:100%;max-width:${width}px;margin:0 auto;background-color:${c.surface};border-radius:16px;overflow:hidden">\n` +
    rows.join("\n") +
    `\n</table>\n${footer}\n<!--[if mso]></td></tr></table><![endif]-->\n</td></tr></table>\n</body>\n</html>\n`
  );
}

/** Blueprint → complete email document per docs/email-markup.md. Invalid input comes back as zod issues. */
export function render(input: unknown): RenderResult {
  const parsed = BlueprintSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  return { ok: true, html: buildHtml(parsed.data), blueprint: parsed.data };
}
