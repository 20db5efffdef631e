import type { ZodIssue } from "zod";
import { contrastRatio } from "../blueprint/color";
import { BlueprintSchema } from "../blueprint/schema";
import { phrasesFor } from "../copy/phrases";
import type { Blueprint, Design, Section } from "../blueprint/schema";
import { chooseLayout, type Layout } from "../blueprint/layouts";
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

/** Heading sizes and column width per family: the typographic scale is part of the layout. */
function layoutDesign(design: Design, layout: Layout): Design {
  const h = design.typography.headingSizes;
  const scale = (n: number, f: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(n * f)));
  const sizes =
    layout === "announcement"
      ? { h1: scale(h.h1, 1.15, 20, 56), h2: h.h2, h3: h.h3 }
      : layout === "grid"
        ? { h1: scale(h.h1, 0.9, 20, 56), h2: scale(h.h2, 0.9, 16, 40), h3: h.h3 }
        : layout === "newsletter"
          ? { h1: scale(h.h1, 1.05, 20, 56), h2: scale(h.h2, 1.05, 16, 40), h3: h.h3 }
          : { h1: scale(h.h1, 0.8, 20, 56), h2: scale(h.h2, 0.85, 16, 40), h3: h.h3 };
  // A letter reads best in a narrower column.
  const containerWidth = layout === "letter" ? Math.min(design.spacing.containerWidth, 560) : design.spacing.containerWidth;
  return { ...design, typography: { ...design.typography, headingSizes: sizes }, spacing: { ...design.spacing, containerWidth } };
}

/** A blueprint without a layout: a grid when it carries a cart, else hero-led (the look before layouts existed). */
export function layoutOf(bp: Blueprint): Layout {
  return bp.layout ?? chooseLayout({ techniques: bp.interactiveConfig.modules.map((m) => m.technique) });
}

interface Ctx {
  bp: Blueprint;
  theme: Theme;
  layout: Layout;
  modules: RenderedModule[];
}

type Align = "left" | "center";

function sectionAttrs(s: Section): string {
  return `class="kx-section" data-kx-section="${esc(s.id)}" data-kx-role="${esc(s.role)}"`;
}

/** Headline, body, button and module of a section, in that order. */
function sectionText(s: Section, ctx: Ctx, opts: { h1: boolean; align?: Align; beforeBody?: string }): string {
  const { theme } = ctx;
  const align = opts.align ?? "left";
  const ta = align === "center" ? ";text-align:center" : "";
  const parts: string[] = [];
  if (ctx.layout === "newsletter" && !opts.h1 && s.headline) {
    // The editorial accent: a short bar over each section's headline.
    parts.push(
      `<div class="kx-accent" style="width:40px;height:3px;margin:0 0 14px 0;font-size:0;line-height:0;background-color:${theme.design.colors.primary}">&nbsp;</div>`,
    );
  }
  if (s.headline) {
    parts.push(
      opts.h1
        ? `<h1 class="kx-text kx-h1" style="${theme.h1}${ta}">${esc(s.headline)}</h1>`
        : `<h2 class="kx-text" style="${theme.h2}${ta}">${esc(s.headline)}</h2>`,
    );
  }
  if (opts.beforeBody) parts.push(opts.beforeBody);
  if (s.body) parts.push(paragraphs(s.body, theme.text + ta));
  if (s.cta) parts.push(`<div style="padding:8px 0 0 0">${button(theme, s.cta, { align })}</div>`);
  if (s.moduleIndex !== undefined && ctx.modules[s.moduleIndex])
    parts.push(`<div style="padding:16px 0 0 0;text-align:left">${ctx.modules[s.moduleIndex]!.html}</div>`);
  return parts.join("");
}

function padCell(ctx: Ctx, inner: string, top: number, bottom: number, extra = "", cls = "kx-surface"): string {
  const c = ctx.theme.design.colors;
  const pad = ctx.theme.pad;
  const bg = cls.includes("kx-tint") ? ctx.theme.tint : c.surface;
  return `<td class="kx-pad ${cls}" bgcolor="${bg}" style="padding:${top}px ${pad}px ${bottom}px ${pad}px;background-color:${bg}${extra}">${inner}</td>`;
}

function row(s: Section, cells: string[]): string {
  return `<tr ${sectionAttrs(s)}><td style="padding:0"><table ${TABLE} width="100%">${cells.map((c) => `<tr>${c}</tr>`).join("")}</table></td></tr>`;
}

/** The full-bleed image of a hero: its cell is tinted, so with images off the alt text sits on a band. */
function bleedImage(s: Section, ctx: Ctx): string {
  return `<td class="kx-img-cell" bgcolor="${ctx.theme.tint}" style="padding:0;background-color:${ctx.theme.tint}">${image(ctx.theme, s.image!, ctx.theme.design.spacing.containerWidth)}</td>`;
}

function inlineImage(s: Section, ctx: Ctx, radius: number, margin = "0 0 20px 0"): string {
  return s.image ? `<div style="margin:${margin}">${image(ctx.theme, s.image, ctx.theme.contentWidth, radius, true)}</div>` : "";
}

const CLOSING_ROLES = new Set(["closing", "cta", "signoff", "sign-off", "outro"]);

function sectionRow(s: Section, i: number, ctx: Ctx, isClosing: boolean): string {
  if (s.lockedHtml !== undefined) return `<tr ${sectionAttrs(s)} data-kx-locked="true"><td>${s.lockedHtml}</td></tr>`;
  const { theme, layout } = ctx;
  const pad = theme.pad;
  const lead = s.role === "hero" || i === 0;
  const h1 = lead;
  const c = theme.design.colors;
  switch (layout) {
    case "announcement": {
      if (lead) {
        const cells = s.image ? [bleedImage(s, ctx)] : [];
        cells.push(padCell(ctx, sectionText(s, ctx, { h1, align: "center" }), pad + 8, pad));
        return row(s, cells);
      }
      if (isClosing && s.moduleIndex === undefined) {
        return row(s, [padCell(ctx, inlineImage(s, ctx, 10) + sectionText(s, ctx, { h1, align: "center" }), pad, pad, "", "kx-tint")]);
      }
      return row(s, [padCell(ctx, inlineImage(s, ctx, 10) + sectionText(s, ctx, { h1 }), Math.round(pad * 0.5), Math.round(pad * 0.75))]);
    }
    case "grid": {
      if (lead) {
        const cells = s.image ? [bleedImage(s, ctx)] : [];
        cells.push(padCell(ctx, sectionText(s, ctx, { h1 }), Math.round(pad * 0.75), Math.round(pad * 0.5)));
        return row(s, cells);
      }
      if (s.image && s.moduleIndex === undefined) {
        // A catalogue row: picture and words side by side, alternating sides; phones stack them.
        const half = Math.floor((theme.contentWidth - 24) / 2);
        // The picture comes first in the markup so phones show it above the words; dir="rtl" on
        // the row puts it on the right in every other row on wider screens.
        const flip = i % 2 === 0;
        const d = ctx.bp.dir;
        const pic = `<td class="kx-col kx-col-pic" dir="${d}" width="50%" valign="top" style="padding:0">${image(theme, s.image, half, 8)}</td>`;
        const words = `<td class="kx-col" dir="${d}" width="50%" valign="middle" style="padding:0 ${flip ? 24 : 0}px 0 ${flip ? 0 : 24}px">${sectionText(s, ctx, { h1 })}</td>`;
        const inner = `<table ${TABLE} width="100%" dir="${flip ? (d === "rtl" ? "ltr" : "rtl") : d}"><tr>${pic}${words}</tr></table>`;
        return row(s, [padCell(ctx, inner, Math.round(pad * 0.5), Math.round(pad * 0.5))]);
      }
      return row(s, [padCell(ctx, sectionText(s, ctx, { h1 }), Math.round(pad * 0.5), Math.round(pad * 0.5))]);
    }
    case "newsletter": {
      if (lead) {
        return row(s, [padCell(ctx, sectionText(s, ctx, { h1, beforeBody: inlineImage(s, ctx, 0) }), pad, Math.round(pad * 0.5))]);
      }
      const inner = `<div class="kx-border" style="border-top:1px solid ${c.border};padding:${Math.round(pad * 0.75)}px 0 0 0">${sectionText(s, ctx, { h1, beforeBody: inlineImage(s, ctx, 0) })}</div>`;
      return row(s, [padCell(ctx, inner, Math.round(pad * 0.25), Math.round(pad * 0.5))]);
    }
    case "letter": {
      return row(s, [
        padCell(ctx, inlineImage(s, ctx, 6) + sectionText(s, ctx, { h1 }), lead ? Math.round(pad * 0.75) : 4, Math.round(pad * 0.5)),
      ]);
    }
  }
}

function logoCell(ctx: Ctx, targetHeight: number, align: Align): string {
  const { bp, theme } = ctx;
  const logo = bp.logo!;
  let h = Math.min(logo.height, targetHeight);
  let w = Math.round((logo.width * h) / logo.height);
  if (w > 240) {
    w = 240;
    h = Math.max(1, Math.round((logo.height * 240) / logo.width));
  }
  const c = theme.design.colors;
  // width/height attributes give Outlook its size; browsers keep the file's own ratio within the box.
  // A transparent logo drawn for a light page vanishes on a dark one: it always sits on a light
  // plate (the card itself on a light design; white on a dark design and in dark mode).
  const plate = theme.dark ? c.surface : "#ffffff";
  const img = `<img class="kx-logo" src="${esc(logo.src)}" alt="${esc(logo.alt || bp.brandName)}" width="${w}" height="${h}" style="display:block;width:auto;height:auto;max-width:${w}px;max-height:${h}px;border:0;outline:none;text-decoration:none;${theme.font};font-size:13px;line-height:16px;font-weight:700;color:#111111">`;
  return `<table ${TABLE} align="${align}" style="${align === "center" ? "margin:0 auto" : "margin:0"}"><tr><td class="kx-logo-plate" bgcolor="${plate}" style="padding:6px 10px;border-radius:6px;background-color:${plate}">${img}</td></tr></table>`;
}

function masthead(ctx: Ctx): string {
  const { bp, theme, layout } = ctx;
  const c = theme.design.colors;
  const t = theme.design.typography;
  const pad = theme.pad;
  const name = (size: number, align: Align, extra = "") =>
    `<p class="kx-text" style="margin:0;${theme.headingFont};font-size:${size}px;line-height:${Math.round(size * 1.2)}px;font-weight:${t.weights.heading};color:${c.text};text-align:${align}${extra}">${esc(bp.brandName)}</p>`;
  switch (layout) {
    case "announcement":
      return (
        `<tr><td class="kx-accent-bar" bgcolor="${c.primary}" style="height:6px;padding:0;font-size:0;line-height:0;background-color:${c.primary}">&nbsp;</td></tr>` +
        `<tr>${padCell(ctx, bp.logo ? logoCell(ctx, 48, "center") : name(22, "center", ";letter-spacing:1px"), 24, 20, ";text-align:center")}</tr>`
      );
    case "grid":
      return `<tr>${padCell(ctx, bp.logo ? logoCell(ctx, 36, "left") : name(20, "left", ";letter-spacing:0.5px"), 18, 18, `;border-bottom:1px solid ${c.border}`, "kx-surface kx-border")}</tr>`;
    case "newsletter": {
      const size = Math.max(28, Math.min(44, Math.round(t.headingSizes.h1 * 1.1)));
      const inner =
        `<div class="kx-rule-strong" style="border-top:4px solid ${c.text};border-bottom:1px solid ${c.text};padding:16px 0 14px 0;text-align:center">` +
        (bp.logo ? logoCell(ctx, 56, "center") : name(size, "center", ";letter-spacing:-0.5px")) +
        `</div>`;
      return `<tr>${padCell(ctx, inner, pad, 8)}</tr>`;
    }
    case "letter":
      return `<tr>${padCell(ctx, bp.logo ? logoCell(ctx, 32, "left") : name(16, "left"), 16, 8)}</tr>`;
  }
}

function buildHtml(bp: Blueprint): string {
  const layout = layoutOf(bp);
  const theme = makeTheme(layoutDesign(bp.design, layout), layout);
  const c = bp.design.colors;
  const width = theme.design.spacing.containerWidth;
  const modules = bp.interactiveConfig.modules.map((m, i) => renderModule(m, i, theme, bp.lang));
  const placed = new Set(
    bp.sections
      .filter((s) => s.lockedHtml === undefined)
      .map((s) => s.moduleIndex)
      .filter((i) => i !== undefined),
  );
  const ctx: Ctx = { bp, theme, layout, modules };
  // A letter is not boxed: its card is the page.
  const page = layout === "letter" ? c.surface : c.background;
  const onBg = readableOn(page, [c.mutedText, c.text, c.surface]);
  const lastOpen = bp.sections.reduce((last, s, i) => (s.lockedHtml === undefined ? i : last), -1);

  const rows: string[] = [masthead(ctx)];
  for (let i = 0; i < bp.sections.length; i++) {
    const s = bp.sections[i]!;
    rows.push(sectionRow(s, i, ctx, i === lastOpen && i > 0 && CLOSING_ROLES.has(s.role)));
    if (i === 0) {
      // Modules no section claims go right after the opening section, where readers look first.
      modules.forEach((m, mi) => {
        if (placed.has(mi)) return;
        rows.push(
          `<tr class="kx-section" data-kx-section="module-${m.ns}" data-kx-role="interactive"><td class="kx-pad kx-surface" bgcolor="${c.surface}" style="padding:8px ${theme.pad}px ${theme.pad}px ${theme.pad}px;background-color:${c.surface}">${m.html}</td></tr>`,
        );
      });
    }
  }
  if (layout !== "announcement")
    rows.push(
      `<tr><td class="kx-surface" bgcolor="${c.surface}" style="height:${Math.round(theme.pad * 0.5)}px;padding:0;font-size:0;line-height:0;background-color:${c.surface}">&nbsp;</td></tr>`,
    );

  const footAlign = layout === "letter" ? "left" : "center";
  const footerText = `margin:0 0 8px 0;${theme.font};font-size:14px;line-height:21px;color:${onBg}`;
  const footer =
    `<table ${TABLE} class="kx-container" width="${width}" align="center" style="width:100%;max-width:${width}px;margin:0 auto"><tr>` +
    `<td class="kx-footer kx-pad" align="${footAlign}" style="padding:28px ${theme.pad}px 8px ${theme.pad}px;text-align:${footAlign}${layout === "letter" ? `;border-top:1px solid ${c.border}` : ""}">` +
    `<p class="kx-muted" style="${footerText};font-weight:700">${esc(bp.brandName)}</p>` +
    `<p class="kx-muted" style="${footerText}">${esc(bp.footer.address)}</p>` +
    (bp.footer.note ? `<p class="kx-muted" style="${footerText}">${esc(bp.footer.note)}</p>` : "") +
    // The sender's postal address and website come from their brand profile at send time.
    `<p class="kx-muted kx-sender" style="${footerText}">${SENDER_FOOTER}</p>` +
    `<p style="${footerText}"><a class="kx-unsubscribe kx-muted" href="{{UNSUBSCRIBE_URL}}" target="_blank" style="display:inline-block;padding:12px 8px;color:${onBg};text-decoration:underline">${esc(bp.footer.unsubscribeText ?? phrasesFor(bp.lang).unsubscribe)}</a></p>` +
    `</td></tr></table>`;

  const css = [baseStylesheet(theme), ...modules.map((m) => m.css)].join("\n");
  const radius = layout === "letter" || layout === "newsletter" ? 0 : layout === "grid" ? 12 : 16;

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
    `<body class="body kx-bg" data-kx-layout="${layout}" style="margin:0;padding:0;width:100%;background-color:${page}">\n` +
    `<div class="kx-preheader" style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${esc(bp.preheader)}${PREHEADER_FILL}</div>\n` +
    `<div class="kx-vib-bar kx-bg" dir="${bp.dir}" style="background-color:${page};text-align:center;padding:8px 12px 0 12px">` +
    `<a class="kx-vib kx-muted" href="{{VIB_URL}}" target="_blank" style="display:inline-block;padding:12px 8px;${theme.font};font-size:14px;line-height:20px;color:${onBg};text-decoration:underline">${esc(phrasesFor(bp.lang).viewInBrowser)}</a></div>\n` +
    `<table ${TABLE} width="100%" class="kx-bg kx-outer" bgcolor="${page}" style="background-color:${page}" dir="${bp.dir}"><tr><td align="center" class="kx-outer" style="padding:8px 12px 32px 12px">\n` +
    `<!--[if mso]><table ${TABLE} width="${width}" align="center"><tr><td><![endif]-->\n` +
    `<table ${TABLE} class="kx-container kx-surface" width="${width}" align="center" bgcolor="${c.surface}" style="width:100%;max-width:${width}px;margin:0 auto;background-color:${c.surface};border-radius:${radius}px;overflow:hidden">\n` +
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
