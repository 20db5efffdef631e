import type { MenuModule } from "../blueprint/schema";
import { esc } from "../render/escape";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";

function linkStyle(theme: Theme): string {
  const c = theme.design.colors;
  return `display:block;padding:12px 4px;${theme.font};font-size:17px;line-height:20px;font-weight:${theme.design.typography.weights.bold};color:${c.text};text-decoration:none;border-bottom:1px solid ${c.border}`;
}

export const menu: TechniqueRenderer<MenuModule> = {
  technique: "menu",

  renderInteractive(m, { ns, theme, phrases }) {
    const c = theme.design.colors;
    const label = m.label ?? phrases.menu;
    const bar = (w: number) => `<span style="display:block;width:18px;height:2px;margin:${w}px 0 0 0;background-color:${c.text}"></span>`;
    const burger =
      `<label for="${ns}-toggle" class="${ns}-burger kx-text" style="display:inline-block;padding:12px 14px;min-width:44px;border:1px solid ${c.border};border-radius:${Math.min(theme.design.buttons.radius, 22)}px;${theme.font};font-size:15px;line-height:20px;font-weight:${theme.design.typography.weights.bold};color:${c.text};cursor:pointer;white-space:nowrap">` +
      `<span style="display:inline-block;vertical-align:middle;width:18px;margin-right:8px">${bar(0)}${bar(4)}${bar(4)}</span><span style="vertical-align:middle">${esc(label)}</span></label>`;
    // An entry the copy and the brief give no destination is its label alone, never a dead link.
    const links = m.items
      .map((l) =>
        l.url
          ? `<a href="${esc(l.url)}" target="_blank" class="${ns}-link kx-text" style="${linkStyle(theme)}">${esc(l.label)}</a>`
          : `<span class="${ns}-link kx-text" style="${linkStyle(theme)}">${esc(l.label)}</span>`,
      )
      .join("");
    return (
      `<input type="checkbox" id="${ns}-toggle" class="${ns}-toggle" style="display:none">` +
      `<div class="${ns}-bar" style="text-align:right">${burger}</div>` +
      `<div class="${ns}-overlay kx-surface" style="display:none;margin:12px 0 0 0;padding:8px 20px 16px 20px;border:1px solid ${c.border};border-radius:12px;background-color:${c.surface};box-shadow:0 12px 32px rgba(0,0,0,0.12)">` +
      `<div style="text-align:right"><label for="${ns}-toggle" class="${ns}-close kx-muted" style="display:inline-block;padding:12px 4px;${theme.small};cursor:pointer">${esc(phrases.close)} &#10005;</label></div>${links}</div>`
    );
  },

  renderFallback(m, { theme }) {
    const c = theme.design.colors;
    const sep = `<span class="kx-muted" style="color:${c.mutedText}"> &middot; </span>`;
    return (
      `<p style="margin:0;${theme.font};font-size:16px;line-height:24px;text-align:center">` +
      m.items
        .map((l) => {
          const style = `display:inline-block;padding:12px 6px;color:${c.link};text-decoration:none;font-weight:${theme.design.typography.weights.bold}`;
          return l.url
            ? `<a href="${esc(l.url)}" target="_blank" class="kx-link" style="${style}">${esc(l.label)}</a>`
            : `<span class="kx-text" style="${style};color:${c.text}">${esc(l.label)}</span>`;
        })
        .join(sep) +
      `</p>`
    );
  },

  css(_m, { ns, theme }) {
    return [
      `.${ns}-toggle:checked ~ .${ns}-overlay{display:block !important}`,
      `.${ns}-toggle:checked ~ .${ns}-bar .${ns}-burger{border-color:${theme.design.colors.primary} !important}`,
      `.${ns}-link:hover{text-decoration:underline !important}`,
    ].join("\n");
  },
};
