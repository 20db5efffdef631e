import { contrastRatio } from "../blueprint/color";
import type { Theme } from "./theme";
import { WEBMAIL_FALLBACK_RULES } from "~/domain/html/webmail";

/**
 * The <style> block: resets, mobile and dark-mode rules, and the webmail overrides of
 * docs/email-markup.md. Everything else is inline; these rules need media queries or selectors.
 */
/** Wraps module rules that must differ in dark mode; nothing when the design is already dark. */
export function darkOnly(theme: Theme, rules: string[]): string {
  return theme.dark && rules.length ? `@media (prefers-color-scheme:dark){${rules.join("")}}` : "";
}

export function baseStylesheet(theme: Theme): string {
  const d = theme.dark;
  const c = theme.design.colors;
  const rules = [
    `:root{color-scheme:light dark;supported-color-schemes:light dark}`,
    `body,table,td,a{-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}`,
    `table,td{mso-table-lspace:0pt;mso-table-rspace:0pt}`,
    `img{-ms-interpolation-mode:bicubic;border:0;outline:none;text-decoration:none}`,
    `body{margin:0 !important;padding:0 !important;width:100% !important}`,
    `a[x-apple-data-detectors]{color:inherit !important;text-decoration:none !important;font-size:inherit !important;font-family:inherit !important;font-weight:inherit !important;line-height:inherit !important}`,
    `.kx-btn:hover{opacity:0.9}`,
    // Gmail and Outlook.com cannot run the :checked modules: their readers get the fallback.
    ...WEBMAIL_FALLBACK_RULES.gmail,
    ...WEBMAIL_FALLBACK_RULES.outlookCom,
    `@media (max-width:600px){` +
      `.kx-container{width:100% !important;max-width:100% !important}` +
      `.kx-pad{padding-left:20px !important;padding-right:20px !important}` +
      `.kx-outer{padding:0 !important}` +
      `.kx-img{width:100% !important;height:auto !important}` +
      // A section's picture fills the text column on phones, as wide as its words and buttons.
      `.kx-fluid{max-width:100% !important}` +
      `.kx-h1{font-size:${Math.max(24, Math.round(theme.design.typography.headingSizes.h1 * 0.82))}px !important;line-height:1.2 !important}` +
      // A long compound word ("Winterschlussverkauf") in a heading or a narrow cart column would widen a small screen: break it, hyphenated where the client can.
      `h1,h2,h3,p{word-break:break-word !important;-webkit-hyphens:auto !important;hyphens:auto !important}` +
      `.kx-module{padding:16px !important}` +
      `.kx-btn-table{width:100% !important}.kx-btn{display:block !important}` +
      `}`,
    // Layout columns (a grid's picture-and-words rows, slides side by side) stack on phones; cart cards stay two per row.
    `@media (max-width:480px){` +
      `.kx-col{display:block !important;width:100% !important;box-sizing:border-box;padding-left:0 !important;padding-right:0 !important}` +
      `.kx-col-pic{padding-bottom:16px !important}.kx-col .kx-img{max-width:100% !important}` +
      `}`,
  ];
  if (d) {
    const dark =
      `.kx-bg{background-color:${d.background} !important}` +
      `.kx-surface{background-color:${d.surface} !important}` +
      `.kx-text{color:${d.text} !important}` +
      `.kx-muted{color:${d.muted} !important}` +
      `.kx-border{border-color:${d.border} !important}` +
      `.kx-link{color:${d.link} !important}` +
      `.kx-tint,.kx-img-cell{background-color:${d.tint} !important}` +
      `.kx-img{background-color:${d.tint} !important;color:${d.muted} !important}` +
      `.kx-rule-strong{border-color:${d.text} !important}` +
      `.kx-accent,.kx-accent-bar{background-color:${d.primary} !important}` +
      // The logo keeps its light plate: a transparent logo drawn for light pages stays legible.
      `.kx-logo-plate{background-color:#ffffff !important}` +
      // A near-black brand colour would vanish on the dark card: such buttons flip to light.
      (contrastRatio(c.primary, d.surface) < 3
        ? `.kx-btn-cell,.kx-btn-outline{background-color:${d.text} !important}.kx-btn{color:${d.surface} !important;border-color:${d.text} !important}`
        : "");
    rules.push(`@media (prefers-color-scheme:dark){${dark}}`);
    // Outlook.com's dark mode marks recoloured elements with data-ogsc/data-ogsb.
    rules.push(
      `[data-ogsc] .kx-text{color:${d.text} !important}`,
      `[data-ogsc] .kx-muted{color:${d.muted} !important}`,
      `[data-ogsc] .kx-link{color:${d.link} !important}`,
      `[data-ogsb] .kx-bg{background-color:${d.background} !important}`,
      `[data-ogsb] .kx-surface{background-color:${d.surface} !important}`,
      `[data-ogsb] .kx-tint{background-color:${d.tint} !important}`,
      `[data-ogsb] .kx-logo-plate{background-color:#ffffff !important}`,
    );
  }
  return rules.join("\n");
}
