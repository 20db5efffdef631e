import type { CarouselModule } from "../blueprint/schema";
import { mix } from "../blueprint/color";
import { esc } from "../render/escape";
import { button, image, paragraphs } from "../render/theme";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";

function slideContent(item: CarouselModule["items"][number], theme: Theme, imageWidth = theme.contentWidth): string {
  return (
    (item.image ? `<div style="margin:0 0 16px 0">${image(theme, { ...item.image, href: undefined }, imageWidth, 10)}</div>` : "") +
    `<h3 class="kx-text" style="${theme.h3}">${esc(item.headline)}</h3>` +
    (item.body ? paragraphs(item.body, theme.text) : "") +
    (item.cta ? button(theme, item.cta) : "")
  );
}

export const carousel: TechniqueRenderer<CarouselModule> = {
  technique: "carousel",

  renderInteractive(m, { ns, theme, phrases }) {
    const c = theme.design.colors;
    const n = m.items.length;
    const navBtn = (cls: string, target: number, glyph: string, name: string) =>
      `<label for="${ns}-slide-${target}" class="${cls}" aria-label="${name}" style="display:inline-block;width:44px;height:44px;line-height:42px;text-align:center;border-radius:22px;border:1px solid ${c.border};background-color:${c.surface};color:${c.text};${theme.font};font-size:20px;cursor:pointer">${glyph}</label>`;
    const inputs = m.items
      .map(
        (_, i) =>
          `<input type="radio" name="${ns}-slide" id="${ns}-slide-${i}" class="${ns}-slide-input ${ns}-slide-input-${i}"${i === 0 ? " checked" : ""} style="display:none">`,
      )
      .join("");
    const slides = m.items
      .map(
        (it, i) =>
          `<div class="${ns}-slide ${ns}-slide-${i}" data-kx-item="${i}" style="display:none">${slideContent(it, theme)}` +
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin-top:16px"><tr>` +
          `<td align="left" width="52">${navBtn(`${ns}-prev`, (i - 1 + n) % n, "&#8592;", esc(phrases.previous))}</td>` +
          `<td align="center" class="kx-muted" style="${theme.small}">${i + 1} / ${n}</td>` +
          `<td align="right" width="52">${navBtn(`${ns}-next`, (i + 1) % n, "&#8594;", esc(phrases.next))}</td>` +
          `</tr></table></div>`,
      )
      .join("");
    const dots = m.items
      .map(
        (it, i) =>
          `<label for="${ns}-slide-${i}" class="${ns}-dot ${ns}-dot-${i}" aria-label="${esc(it.label ?? phrases.slide(i + 1))}" style="display:inline-block;width:44px;height:44px;text-align:center;cursor:pointer">` +
          `<span class="${ns}-pip" style="display:inline-block;width:10px;height:10px;margin-top:17px;border-radius:5px;background-color:${mix(c.border, c.mutedText, 0.45)}"></span></label>`,
      )
      .join("");
    return `${inputs}<div class="${ns}-slides">${slides}</div><div class="${ns}-dots" style="text-align:center;font-size:0;line-height:0">${dots}</div>`;
  },

  renderFallback(m, { theme }) {
    const c = theme.design.colors;
    if (theme.layout === "grid") {
      // A catalogue shows its slides side by side, two per row; phones stack them (.kx-col).
      const half = Math.floor((theme.contentWidth - 64) / 2);
      const cells = m.items.map(
        (it, i) =>
          `<td class="kx-col" data-kx-item="${i}" width="50%" valign="top" style="padding:0 ${i % 2 === 0 ? 8 : 0}px 20px ${i % 2 === 0 ? 0 : 8}px">${slideContent(it, theme, half)}</td>`,
      );
      const rows: string[] = [];
      for (let i = 0; i < cells.length; i += 2)
        rows.push(`<tr>${cells[i]}${cells[i + 1] ?? `<td class="kx-col" width="50%" style="padding:0 0 20px 8px"></td>`}</tr>`);
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%">${rows.join("")}</table>`;
    }
    return m.items
      .map(
        (it, i) =>
          `<div data-kx-item="${i}" class="kx-border" style="padding:${i === 0 ? "0" : "24px"} 0 8px 0;${i === 0 ? "" : `border-top:1px solid ${c.border}`}">${slideContent(it, theme)}</div>`,
      )
      .join("");
  },

  css(m, { ns, theme }) {
    const c = theme.design.colors;
    const rules: string[] = [];
    m.items.forEach((_, i) => {
      rules.push(
        `.${ns}-slide-input-${i}:checked ~ .${ns}-slides .${ns}-slide-${i}{display:block !important}`,
        `.${ns}-slide-input-${i}:checked ~ .${ns}-dots .${ns}-dot-${i} .${ns}-pip{background-color:${c.primary} !important;width:24px !important}`,
      );
    });
    rules.push(`.${ns}-prev:hover,.${ns}-next:hover{border-color:${c.primary} !important}`);
    return rules.join("\n");
  },
};
