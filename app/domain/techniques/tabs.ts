import type { TabsModule } from "../blueprint/schema";
import { esc } from "../render/escape";
import { darkOnly } from "../render/stylesheet";
import { button, image, paragraphs } from "../render/theme";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";

function panelContent(item: TabsModule["items"][number], theme: Theme): string {
  return (
    (item.image ? `<div style="margin:0 0 16px 0">${image(theme, item.image, theme.contentWidth - 48, 8)}</div>` : "") +
    (item.headline ? `<h3 class="kx-text" style="${theme.h3}">${esc(item.headline)}</h3>` : "") +
    paragraphs(item.body, theme.text) +
    (item.cta ? button(theme, item.cta) : "")
  );
}

export const tabs: TechniqueRenderer<TabsModule> = {
  technique: "tabs",

  renderInteractive(m, { ns, theme }) {
    const c = theme.design.colors;
    const n = m.items.length;
    const inputs = m.items
      .map(
        (_, i) =>
          `<input type="radio" name="${ns}-tab" id="${ns}-tab-${i}" class="${ns}-tab-input ${ns}-tab-input-${i}"${i === 0 ? " checked" : ""} style="display:none">`,
      )
      .join("");
    const labels = m.items
      .map(
        (it, i) =>
          `<label for="${ns}-tab-${i}" class="${ns}-tab-label ${ns}-tab-label-${i} kx-muted kx-border" style="display:table-cell;width:${Math.floor(100 / n)}%;padding:12px 6px;${theme.font};font-size:15px;line-height:20px;font-weight:${theme.design.typography.weights.bold};text-align:center;color:${c.mutedText};border-bottom:3px solid ${c.border};cursor:pointer">${esc(it.label)}</label>`,
      )
      .join("");
    const panels = m.items
      .map(
        (it, i) =>
          `<div class="${ns}-panel ${ns}-panel-${i}" data-kx-item="${i}" style="display:none;padding:24px 0 8px 0">${panelContent(it, theme)}</div>`,
      )
      .join("");
    return `${inputs}<div class="${ns}-tab-bar" style="display:table;width:100%;table-layout:fixed;border-collapse:collapse">${labels}</div><div class="${ns}-panels">${panels}</div>`;
  },

  renderFallback(m, { theme }) {
    const c = theme.design.colors;
    return m.items
      .map(
        (it, i) =>
          `<div data-kx-item="${i}" style="padding:${i === 0 ? 0 : 20}px 0 4px 0;${i === 0 ? "" : `border-top:1px solid ${c.border};`}">` +
          `<p style="margin:0 0 8px 0;${theme.font};font-size:14px;line-height:20px;font-weight:700;letter-spacing:1px;text-transform:uppercase;color:${c.link}">${esc(it.label)}</p>` +
          `${panelContent(it, theme)}</div>`,
      )
      .join("");
  },

  css(m, { ns, theme }) {
    const c = theme.design.colors;
    const n = m.items.length;
    const rules: string[] = [];
    for (let i = 0; i < n; i++) {
      rules.push(
        `.${ns}-tab-input-${i}:checked ~ .${ns}-panels .${ns}-panel-${i}{display:block !important}`,
        `.${ns}-tab-input-${i}:checked ~ .${ns}-tab-bar .${ns}-tab-label-${i}{color:${c.text} !important;border-bottom-color:${c.primary} !important}`,
      );
    }
    rules.push(`.${ns}-tab-label:hover{text-decoration:underline}`);
    const d = theme.dark;
    if (d)
      rules.push(
        darkOnly(
          theme,
          m.items.map(
            (_, i) =>
              `.${ns}-tab-input-${i}:checked ~ .${ns}-tab-bar .${ns}-tab-label-${i}{color:${d.text} !important;border-bottom-color:${d.primary} !important}`,
          ),
        ),
      );
    return rules.join("\n");
  },
};
