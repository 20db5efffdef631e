import type { AccordionModule } from "../blueprint/schema";
import { esc } from "../render/escape";
import { button, paragraphs } from "../render/theme";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";

function answer(item: AccordionModule["items"][number], theme: Theme): string {
  return paragraphs(item.body, theme.text) + (item.cta ? button(theme, item.cta) : "");
}

export const accordion: TechniqueRenderer<AccordionModule> = {
  technique: "accordion",

  renderInteractive(m, { ns, theme }) {
    const c = theme.design.colors;
    const t = theme.design.typography;
    return m.items
      .map(
        (it, i) =>
          `<input type="checkbox" id="${ns}-acc-${i}" class="${ns}-acc-input" style="display:none">` +
          `<label for="${ns}-acc-${i}" class="${ns}-acc-label kx-text kx-border" style="display:block;padding:14px 48px 14px 0;position:relative;${theme.headingFont};font-size:${Math.max(16, t.baseSize)}px;line-height:22px;font-weight:${t.weights.bold};color:${c.text};border-top:1px solid ${c.border};cursor:pointer">` +
          `${esc(it.label)}<span class="${ns}-acc-icon" aria-hidden="true" style="position:absolute;right:4px;top:12px;width:26px;height:26px;line-height:24px;text-align:center;border-radius:13px;background-color:${theme.tint};color:${c.text};${theme.font};font-size:18px;font-weight:400">+</span></label>` +
          `<div class="${ns}-panel" data-kx-item="${i}" style="display:none;padding:0 0 8px 0">${answer(it, theme)}</div>`,
      )
      .join("");
  },

  renderFallback(m, { theme }) {
    const c = theme.design.colors;
    return m.items
      .map(
        (it, i) =>
          `<div data-kx-item="${i}" class="kx-border" style="padding:16px 0 4px 0;border-top:1px solid ${c.border}">` +
          `<h3 class="kx-text" style="${theme.h3}">${esc(it.label)}</h3>${answer(it, theme)}</div>`,
      )
      .join("");
  },

  css(_m, { ns }) {
    return [
      `.${ns}-acc-input:checked + .${ns}-acc-label + .${ns}-panel{display:block !important}`,
      `.${ns}-acc-input:checked + .${ns}-acc-label .${ns}-acc-icon{transform:rotate(45deg)}`,
      `.${ns}-acc-label:hover{text-decoration:underline}`,
    ].join("\n");
  },
};
