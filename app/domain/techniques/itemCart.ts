import { currencyMinorDigits, formatMoney, moneyStyle } from "../blueprint/currency";
import type { ItemCartModule } from "../blueprint/schema";
import { esc } from "../render/escape";
import { darkOnly } from "../render/stylesheet";
import { button, image } from "../render/theme";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";

const NUM = "font-family:'Helvetica Neue',Helvetica,Arial,sans-serif;font-variant-numeric:tabular-nums";

function itemText(it: ItemCartModule["items"][number], currency: string, lang: string, theme: Theme): string {
  const c = theme.design.colors;
  return (
    `<p class="kx-text" style="margin:0;${theme.font};font-size:16px;line-height:22px;font-weight:${theme.design.typography.weights.bold};color:${c.text}">${esc(it.label)}</p>` +
    (it.description ? `<p class="kx-muted" style="margin:2px 0 0 0;${theme.small}">${esc(it.description)}</p>` : "") +
    `<p class="kx-text" style="margin:4px 0 0 0;${NUM};font-size:15px;line-height:20px;color:${c.text}">${esc(formatMoney(it.price, currency, lang))}</p>`
  );
}

function thumb(it: ItemCartModule["items"][number], theme: Theme): string {
  return it.image ? `<td width="72" valign="top" style="padding-right:12px">${image(theme, it.image, 64, 8)}</td>` : "";
}

/** In the grid layout an item is a card: its picture across the top, two cards per row. */
function cardImage(it: ItemCartModule["items"][number], theme: Theme): string {
  return it.image ? `<div style="margin:0 0 10px 0">${image(theme, it.image, Math.floor((theme.contentWidth - 48) / 2), 8)}</div>` : "";
}

const CARD = "display:inline-block;vertical-align:top;box-sizing:border-box;width:48%";

/** CSS `content` string literal for a currency prefix or suffix (letters, symbols and a space only). */
function cssString(s: string): string {
  return `"${s.replace(/["\\]/g, "")}"`;
}

/** The static cart as a table of cards, two per row on every screen, like a shop's product grid. */
function gridFallback(m: ItemCartModule, theme: Theme, lang: string, note: string): string {
  const c = theme.design.colors;
  const cells = m.items.map(
    (it, i) =>
      `<td data-kx-item="${i}" width="50%" valign="top" style="padding:0 ${i % 2 === 0 ? 8 : 0}px 16px ${i % 2 === 0 ? 0 : 8}px">` +
      `<div class="kx-border" style="padding:12px;border:1px solid ${c.border};border-radius:12px">${cardImage(it, theme)}${itemText(it, m.currency, lang, theme)}</div></td>`,
  );
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 2)
    rows.push(`<tr>${cells[i]}${cells[i + 1] ?? `<td width="50%" style="padding:0 0 16px 8px"></td>`}</tr>`);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 8px 0">${rows.join("")}</table>` +
    `<p class="kx-muted" style="margin:0 0 16px 0;${theme.small}">${esc(note)}</p>${m.checkout ? button(theme, m.checkout, { full: true }) : ""}`
  );
}

export const itemCart: TechniqueRenderer<ItemCartModule> = {
  technique: "itemCart",

  // Each checked .<ns>-add increments two counters on the item after it; the summary after all items
  // prints them. The total is in minor units, so the renderer shows it as two clipped copies of one
  // counter: all but the last two digits (major) and the last two (minor).
  renderInteractive(m, { ns, theme, lang, phrases }) {
    const c = theme.design.colors;
    const digits = currencyMinorDigits(m.currency);
    const money = moneyStyle(m.currency, lang);
    const maxTotal = m.items.reduce((s, it) => s + it.price, 0);
    const width = money.prefix.length + String(maxTotal).length + 1;
    const grid = theme.layout === "grid";
    const addLabel = (i: number, block: boolean) =>
      `<label for="${ns}-add-${i}" class="${ns}-add-label" style="display:${block ? "block" : "inline-block"};min-width:64px;padding:12px 14px;border:2px solid ${c.primary};border-radius:${Math.min(theme.design.buttons.radius, 22)}px;${theme.font};font-size:15px;line-height:16px;font-weight:${theme.design.typography.weights.bold};text-align:center;white-space:nowrap;color:${c.primary};background-color:${c.surface};cursor:pointer">` +
      `<span class="${ns}-add-text">${esc(phrases.add)}</span><span class="${ns}-remove-text" style="display:none">${esc(phrases.remove)}</span></label>`;
    // No whitespace between the cards: inline-block cards two to a row fill it exactly.
    const items = m.items
      .map(
        (it, i) =>
          `<input type="checkbox" id="${ns}-add-${i}" class="${ns}-add ${ns}-add-${i}" style="display:none">` +
          (grid
            ? `<div class="${ns}-item ${ns}-item-${i} kx-border kx-card" data-kx-item="${i}" data-kx-price="${it.price}" style="${CARD};margin:0 ${i % 2 === 0 ? "4%" : "0"} 12px 0;padding:12px;border:2px solid ${c.border};border-radius:12px">` +
              `${cardImage(it, theme)}${itemText(it, m.currency, lang, theme)}<div style="padding:12px 0 0 0">${addLabel(i, true)}</div></div>`
            : `<div class="${ns}-item ${ns}-item-${i} kx-border" data-kx-item="${i}" data-kx-price="${it.price}" style="margin:0 0 10px 0;padding:12px 14px;border:2px solid ${c.border};border-radius:12px">` +
              `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>${thumb(it, theme)}<td valign="middle">${itemText(it, m.currency, lang, theme)}</td>` +
              `<td valign="middle" align="right" width="110">${addLabel(i, false)}</td></tr></table></div>`),
      )
      .join("");
    const amount =
      digits === 2
        ? `<span class="${ns}-major" aria-hidden="true" style="display:inline-block;direction:rtl;overflow:hidden;width:${width}ch;vertical-align:top;text-align:right"></span><span style="display:inline-block;vertical-align:top">${money.decimal}</span><span class="${ns}-minor" aria-hidden="true" style="display:inline-block;direction:rtl;overflow:hidden;width:2ch;vertical-align:top"></span>` +
          (money.suffix ? `<span style="display:inline-block;vertical-align:top">${esc(money.suffix)}</span>` : "")
        : `<span class="${ns}-whole" style="display:inline-block;vertical-align:top"></span>`;
    const summary =
      `<div class="${ns}-summary kx-surface" style="margin:16px 0 16px 0;padding:16px;border-radius:12px;background-color:${theme.tint}">` +
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>` +
      `<td class="kx-text" style="${theme.font};font-size:15px;line-height:24px;color:${c.text}">${esc(phrases.items)} <span class="${ns}-count" style="${NUM};font-weight:700"></span></td>` +
      `<td align="right" class="kx-text" style="${theme.font};font-size:18px;line-height:24px;font-weight:700;color:${c.text};white-space:nowrap">${esc(phrases.total)}&nbsp; ` +
      `<span class="${ns}-total" style="${NUM};white-space:nowrap"><span class="${ns}-zero">${esc(formatMoney(0, m.currency, lang))}</span><span class="${ns}-sum" style="display:none;white-space:nowrap">${amount}</span></span></td>` +
      `</tr></table></div>`;
    return `<div class="${ns}-cart" style="counter-reset:${ns}-count ${ns}-total">${items}${summary}${m.checkout ? button(theme, m.checkout, { full: true }) : ""}</div>`;
  },

  renderFallback(m, { theme, lang, phrases }) {
    const c = theme.design.colors;
    if (theme.layout === "grid") return gridFallback(m, theme, lang, phrases.cartFallbackNote);
    const rows = m.items
      .map(
        (it, i) =>
          `<tr data-kx-item="${i}">${thumb(it, theme)}<td class="kx-border" style="padding:12px 0;border-bottom:1px solid ${c.border}">` +
          `<p class="kx-text" style="margin:0;${theme.font};font-size:16px;line-height:22px;font-weight:${theme.design.typography.weights.bold};color:${c.text}">${esc(it.label)}</p>` +
          (it.description ? `<p class="kx-muted" style="margin:2px 0 0 0;${theme.small}">${esc(it.description)}</p>` : "") +
          `</td><td align="right" class="kx-text kx-border" style="padding:12px 0;border-bottom:1px solid ${c.border};${NUM};font-size:16px;line-height:22px;color:${c.text};white-space:nowrap">${esc(formatMoney(it.price, m.currency, lang))}</td></tr>`,
      )
      .join("");
    // The interactive block's running "Items / Total" summary has no static equivalent; this line
    // tells the reader where it went (and keeps the fallback's words a superset of the block's).
    const summary = `<p class="kx-muted" style="margin:0 0 16px 0;${theme.small}">${esc(phrases.cartFallbackNote)}</p>`;
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 20px 0">${rows}</table>${summary}${m.checkout ? button(theme, m.checkout, { full: true }) : ""}`;
  },

  css(m, { ns, theme, lang }) {
    const c = theme.design.colors;
    const money = moneyStyle(m.currency, lang);
    const prefix = cssString(money.prefix);
    const rules = m.items.map(
      (it, i) => `.${ns}-add-${i}:checked + .${ns}-item-${i}{counter-increment:${ns}-count 1 ${ns}-total ${it.price}}`,
    );
    rules.push(
      `.${ns}-add:checked + .${ns}-item{border-color:${c.primary} !important;background-color:${theme.tint} !important}`,
      `.${ns}-add:checked + .${ns}-item .${ns}-add-label{background-color:${c.primary} !important;color:${c.onPrimary} !important}`,
      `.${ns}-add:checked + .${ns}-item .${ns}-add-text{display:none !important}`,
      `.${ns}-add:checked + .${ns}-item .${ns}-remove-text{display:inline !important}`,
      `.${ns}-add:checked ~ .${ns}-summary .${ns}-zero{display:none !important}`,
      `.${ns}-add:checked ~ .${ns}-summary .${ns}-sum{display:inline !important}`,
      `.${ns}-count::after{content:counter(${ns}-count)}`,
    );
    const d = theme.dark;
    if (d)
      rules.push(
        darkOnly(theme, [
          `.${ns}-add:checked + .${ns}-item{background-color:${d.tint} !important;border-color:${d.primary} !important}`,
          `.${ns}-add:checked + .${ns}-item .${ns}-add-label{background-color:${d.primary} !important;color:${d.onPrimary} !important;border-color:${d.primary} !important}`,
        ]),
      );
    if (currencyMinorDigits(m.currency) === 2) {
      rules.push(
        `.${ns}-major::before{content:${prefix} counter(${ns}-total);display:inline-block;direction:ltr;position:relative;left:2ch}`,
        `.${ns}-minor::before{content:counter(${ns}-total);display:inline-block;direction:ltr}`,
      );
    } else {
      rules.push(`.${ns}-whole::before{content:${prefix} counter(${ns}-total)${money.suffix ? ` ${cssString(money.suffix)}` : ""}}`);
    }
    return rules.join("\n");
  },
};
