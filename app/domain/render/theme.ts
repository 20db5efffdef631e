import { contrastRatio, luminance, mix } from "../blueprint/color";
import type { Layout } from "../blueprint/layouts";
import type { Design, Image, Link } from "../blueprint/schema";
import { esc } from "./escape";

/**
 * Inline style strings derived once per render from the design tokens. Non-interactive CSS is
 * written straight into style="" (Gmail's app drops <style> in some cases), so every element
 * builder reads from here instead of a stylesheet.
 */
export interface Theme {
  design: Design;
  /** The layout family: modules read it to lay items out (cards two per row in `grid`). */
  layout: Layout;
  /** Inner content width in px (container minus side padding). */
  contentWidth: number;
  pad: number;
  font: string;
  headingFont: string;
  text: string;
  muted: string;
  small: string;
  h1: string;
  h2: string;
  h3: string;
  link: string;
  /** A soft tint of the primary colour on the surface, for selected states and cards. */
  tint: string;
  /** Dark-mode palette, or null when the design is already dark. */
  dark: {
    background: string;
    surface: string;
    text: string;
    muted: string;
    border: string;
    link: string;
    tint: string;
    primary: string;
    onPrimary: string;
  } | null;
}

export function makeTheme(design: Design, layout: Layout = "announcement"): Theme {
  const { colors: c, typography: t, spacing: s } = design;
  const pad = Math.min(s.sectionPadding, 48);
  const lh = Math.round(t.baseSize * t.lineHeight);
  const font = `font-family:${t.fontFamily}`;
  const headingFont = `font-family:${t.headingFontFamily}`;
  const heading = (size: number) =>
    `margin:0 0 ${Math.round(s.unit * 1.5)}px 0;${headingFont};font-size:${size}px;line-height:${Math.round(size * 1.25)}px;font-weight:${t.weights.heading};color:${c.text}`;
  const isLight = luminance(c.surface) > 0.4;
  return {
    design,
    layout,
    contentWidth: s.containerWidth - pad * 2,
    pad,
    font,
    headingFont,
    text: `margin:0 0 ${s.unit * 2}px 0;${font};font-size:${t.baseSize}px;line-height:${lh}px;font-weight:${t.weights.body};color:${c.text}`,
    muted: `margin:0 0 ${s.unit * 2}px 0;${font};font-size:${Math.max(14, t.baseSize - 1)}px;line-height:${Math.round(Math.max(14, t.baseSize - 1) * t.lineHeight)}px;color:${c.mutedText}`,
    small: `${font};font-size:14px;line-height:20px;color:${c.mutedText}`,
    h1: heading(t.headingSizes.h1),
    h2: heading(t.headingSizes.h2),
    h3: heading(t.headingSizes.h3),
    link: `color:${c.link};text-decoration:underline`,
    tint: mix(c.surface, c.primary, isLight ? 0.1 : 0.18),
    dark: isLight
      ? {
          background: "#0e0f11",
          surface: "#1a1c20",
          text: "#f1f2f4",
          muted: "#c3c7cf",
          border: "#33363d",
          link: mix(c.link, "#ffffff", 0.55),
          tint: mix("#1a1c20", c.primary, 0.28),
          // Selected states keep the brand colour unless it would vanish on the dark card.
          primary: contrastRatio(c.primary, "#1a1c20") >= 3 ? c.primary : "#f1f2f4",
          onPrimary: contrastRatio(c.primary, "#1a1c20") >= 3 ? c.onPrimary : "#1a1c20",
        }
      : null,
  };
}

/** Text with blank-line paragraphs and single line breaks; every character escaped. */
export function paragraphs(text: string, style: string, cls = "kx-text"): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p class="${cls}" style="${style}">${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * The table, cell and face of a button; `face` writes the control (a link or a label) with the
 * style it is given. Filled, or outlined when the design's buttons are (or `outline` asks).
 */
function buttonFrame(
  theme: Theme,
  opts: { align?: "left" | "center"; full?: boolean; outline?: boolean; minPaddingY?: number },
  face: (style: string) => string,
): string {
  const { colors: c, buttons: b, typography: t } = theme.design;
  const outline = opts.outline ?? b.style === "outline";
  const bg = outline ? c.surface : c.primary;
  const fg = outline ? c.primary : c.onPrimary;
  const padY = Math.max(b.paddingY, opts.minPaddingY ?? 0);
  const align = opts.align ?? "left";
  const width = opts.full ? ' width="100%"' : "";
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" class="kx-btn-table"${width} style="border-collapse:separate;${align === "center" ? "margin:0 auto" : "margin:0"}">` +
    `<tr><td align="center" bgcolor="${bg}" class="${outline ? "kx-btn-outline" : "kx-btn-cell"}" style="border-radius:${b.radius}px;background-color:${bg};mso-padding-alt:${padY}px ${b.paddingX}px">` +
    face(
      `display:${opts.full ? "block" : "inline-block"};padding:${padY}px ${b.paddingX}px;border:2px solid ${c.primary};border-radius:${b.radius}px;${theme.font};font-size:${Math.max(15, t.baseSize)}px;line-height:20px;font-weight:${t.weights.bold};color:${fg};text-decoration:none;text-align:center;mso-padding-alt:0`,
    ) +
    `</td></tr></table>`
  );
}

/** A bulletproof (table-based) button: the whole padded cell is the link, ≥ 44px tall. */
export function button(theme: Theme, link: Link, opts: { align?: "left" | "center"; full?: boolean } = {}): string {
  return buttonFrame(
    theme,
    opts,
    (style) => `<a class="kx-btn" href="${esc(link.url)}" target="_blank" style="${style}">${esc(link.label)}</a>`,
  );
}

/**
 * A CSS-only control that looks like a secondary (outlined) button: a <label> for a hidden input,
 * never inside a link, at least 48 px tall (12 px padding, 20 px line, 2 px borders). `html` is
 * already escaped.
 */
export function labelButton(theme: Theme, forId: string, cls: string, html: string): string {
  return buttonFrame(
    theme,
    { outline: true, minPaddingY: 12 },
    (style) => `<label for="${esc(forId)}" class="kx-btn ${cls}" style="${style};cursor:pointer">${html}</label>`,
  );
}

/**
 * An image that scales down on small screens. The width attribute is the display width (a file
 * twice that size stays sharp on high-density screens), height follows the aspect ratio, and CSS
 * lets it shrink (max-width, height:auto). With images off, the alt text shows in the email's font
 * on a tinted box, so the reader still learns what was there.
 */
export function image(theme: Theme, img: Image, maxWidth: number, radius = 0, fluid = false): string {
  const w = Math.min(img.width, maxWidth);
  const h = Math.max(1, Math.round((img.height * w) / img.width));
  const t = theme.design.typography;
  const tag =
    `<img class="kx-img${fluid ? " kx-fluid" : ""}" src="${esc(img.src)}" alt="${esc(img.alt)}" width="${w}" height="${h}" ` +
    `style="display:block;width:100%;max-width:${w}px;height:auto;border:0;outline:none;text-decoration:none;${radius ? `border-radius:${radius}px;` : ""}` +
    `background-color:${theme.tint};font-family:${t.fontFamily};font-size:14px;color:${theme.design.colors.mutedText}">`;
  // A block link adds no spacing; the alt text keeps its own colour and font when images are off.
  return img.href ? `<a href="${esc(img.href)}" target="_blank" style="display:block;text-decoration:none">${tag}</a>` : tag;
}
