import { moduleNs } from "../blueprint/schema";
import { phrasesFor } from "../copy/phrases";
import type { Module, Technique } from "../blueprint/schema";
import { esc } from "../render/escape";
import type { Theme } from "../render/theme";
import { accordion } from "./accordion";
import { carousel } from "./carousel";
import { itemCart } from "./itemCart";
import { menu } from "./menu";
import { quiz } from "./quiz";
import { survey } from "./survey";
import { tabs } from "./tabs";
import type { ModuleContext, TechniqueRenderer } from "./types";

export type { ModuleContext, TechniqueRenderer } from "./types";

type RendererMap = { [T in Technique]: TechniqueRenderer<Extract<Module, { technique: T }>> };

export const TECHNIQUE_RENDERERS: RendererMap = { tabs, accordion, carousel, survey, quiz, menu, itemCart };

function rendererFor<M extends Module>(m: M): TechniqueRenderer<M> {
  return TECHNIQUE_RENDERERS[m.technique] as unknown as TechniqueRenderer<M>;
}

/** Square boxes in the newsletter's ruled columns, soft ones elsewhere. */
const MODULE_RADIUS: Record<Theme["layout"], number> = { announcement: 16, grid: 16, newsletter: 0, letter: 8 };

export interface RenderedModule {
  ns: string;
  html: string;
  /** Rules for the <style> block: the probe reveal and the technique's interactive rules. */
  css: string;
}

/**
 * One module in the wrapper of docs/email-markup.md: a pre-checked probe reveals the interactive
 * block only where :checked works; everywhere else the static fallback stays visible.
 */
export function renderModule(module: Module, index: number, theme: Theme, lang = "en"): RenderedModule {
  const ns = moduleNs(module, index);
  const ctx: ModuleContext = { ns, theme, lang, phrases: phrasesFor(lang) };
  const r = rendererFor(module);
  const c = theme.design.colors;
  const head =
    (module.title ? `<h2 class="kx-text" style="${theme.h2}">${esc(module.title)}</h2>` : "") +
    (module.intro ? `<p class="kx-muted" style="${theme.muted}">${esc(module.intro)}</p>` : "");
  const html =
    `<div class="kx-module kx-border" data-kx-technique="${module.technique}" data-kx-ns="${ns}" style="margin:8px 0 8px 0;padding:24px;border:1px solid ${c.border};border-radius:${MODULE_RADIUS[theme.layout]}px">` +
    head +
    `<!--[if !mso]><!-->` +
    `<input type="checkbox" class="kx-probe ${ns}-probe" id="${ns}-probe" checked style="display:none!important;mso-hide:all">` +
    `<div class="kx-int ${ns}-int" style="display:none;max-height:0;overflow:hidden;mso-hide:all">${r.renderInteractive(module, ctx)}</div>` +
    `<!--<![endif]-->` +
    `<div class="kx-fb ${ns}-fb">${r.renderFallback(module, ctx)}</div>` +
    `</div>`;
  const css = [
    `.${ns}-probe:checked ~ .${ns}-int{display:block !important;max-height:none !important;overflow:visible !important}`,
    `.${ns}-probe:checked ~ .${ns}-fb{display:none !important}`,
    r.css(module, ctx),
  ].join("\n");
  return { ns, html, css };
}
