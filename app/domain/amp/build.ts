// Blueprint → AMP4EMAIL: the same email as the HTML renderer writes (same words, links, items and
// design tokens), with each technique rebuilt from components email allows. The static fallback
// of the HTML version has no counterpart: in an AMP client the interactive block always works.
import { isNpsScale } from "../answers/questions";
import type { ZodIssue } from "zod";
import { currencyMinorDigits, formatMoney, moneyStyle } from "../blueprint/currency";
import { phrasesFor, type Phrases } from "../copy/phrases";
import { BlueprintSchema, moduleNs } from "../blueprint/schema";
import type {
  AccordionModule,
  Blueprint,
  CarouselModule,
  Image,
  ItemCartModule,
  Link,
  MenuModule,
  Module,
  QuizModule,
  Section,
  SurveyModule,
  TabsModule,
} from "../blueprint/schema";
import { esc } from "../render/escape";
import { makeTheme, type Theme } from "../render/theme";
import { repairAmp } from "./repair";
import { AMP_RUNTIME_SRC, BOILERPLATE_CSS, extensionRule, extensionScriptSrc } from "./rules";
import { requiredExtensions, type AmpCheck } from "./validate";
import { parseAmp } from "./dom";

export interface BuildAmpOptions {
  /** Absolute https URL the survey form posts to (action-xhr); the lead wires /api/amp/survey. */
  surveyActionUrl: string;
}

/** `checked`: the document's built-in verdict and tree, when the build already validated it (saved sections). */
export type BuildAmpResult = { ok: true; ampHtml: string; blueprint: Blueprint; checked?: AmpCheck } | { ok: false; issues: ZodIssue[] };

/** The widest an AMP email should be laid out; narrower than Gmail's 800px limit, as the HTML. */
export const AMP_MAX_WIDTH = 600;

interface Ctx {
  ns: string;
  theme: Theme;
  surveyActionUrl: string;
  /** The email's language tag and its fixed phrases (the same as the HTML version's). */
  lang: string;
  phrases: Phrases;
}

interface BuiltModule {
  html: string;
  css: string[];
  state: Record<string, unknown>;
}

const q = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function paragraphs(text: string, cls = "kx-text"): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p class="${cls}">${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

function button(link: Link, full = false): string {
  return `<p class="kx-btn-wrap"><a class="kx-btn${full ? " kx-btn-full" : ""}" href="${esc(link.url)}" target="_blank">${esc(link.label)}</a></p>`;
}

function ampImg(img: Image, maxWidth: number, cls = "kx-img"): string {
  const w = Math.min(img.width, maxWidth);
  const h = Math.max(1, Math.round((img.height * w) / img.width));
  const tag = `<amp-img class="${cls}" src="${esc(img.src)}" alt="${esc(img.alt)}" width="${w}" height="${h}" layout="intrinsic"></amp-img>`;
  return img.href ? `<a class="kx-img-link" href="${esc(img.href)}" target="_blank">${tag}</a>` : tag;
}

// ---- techniques ------------------------------------------------------------------------------

function tabs(m: TabsModule, { ns, theme }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const n = m.items.length;
  const body = m.items
    .map(
      (it, i) =>
        `<div class="${ns}-tab" role="tab" option="${i}"${i === 0 ? " selected" : ""}>${esc(it.label)}</div>` +
        `<div class="${ns}-panel" role="tabpanel" data-kx-item="${i}">` +
        (it.image ? `<div class="kx-media">${ampImg(it.image, theme.contentWidth - 48)}</div>` : "") +
        (it.headline ? `<h3 class="kx-h3">${esc(it.headline)}</h3>` : "") +
        paragraphs(it.body) +
        (it.cta ? button(it.cta) : "") +
        `</div>`,
    )
    .join("");
  return {
    html: `<amp-selector class="${ns}-tabs" layout="container" role="tablist" keyboard-select-mode="focus">${body}</amp-selector>`,
    css: [
      `.${ns}-tabs{display:flex;flex-wrap:wrap}`,
      `.${ns}-tab{flex:1 1 ${Math.floor(100 / n) - 1}%;padding:12px 6px;text-align:center;font-weight:${theme.design.typography.weights.bold};color:${c.mutedText};border-bottom:3px solid ${c.border};cursor:pointer;outline:none}`,
      `.${ns}-tab[selected]{color:${c.text};border-bottom-color:${c.primary}}`,
      `.${ns}-panel{display:none;width:100%;order:1;padding:24px 0 8px 0}`,
      `.${ns}-tab[selected] + .${ns}-panel{display:block}`,
    ],
    state: {},
  };
}

function accordion(m: AccordionModule, { ns, theme }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const sections = m.items
    .map(
      (it, i) =>
        `<section data-kx-item="${i}"><h3 class="${ns}-acc-label">${esc(it.label)}</h3>` +
        `<div class="${ns}-panel">${paragraphs(it.body)}${it.cta ? button(it.cta) : ""}</div></section>`,
    )
    .join("");
  return {
    html: `<amp-accordion class="${ns}-acc" animate>${sections}</amp-accordion>`,
    css: [
      `.${ns}-acc-label{margin:0;padding:14px 0;background-color:${c.surface};border:0;border-top:1px solid ${c.border};${theme.headingFont};font-size:${Math.max(16, theme.design.typography.baseSize)}px;line-height:22px;font-weight:${theme.design.typography.weights.bold};color:${c.text};cursor:pointer}`,
      `.${ns}-panel{padding:0 0 8px 0}`,
    ],
    state: {},
  };
}

function carousel(m: CarouselModule, { ns, theme, phrases }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const n = m.items.length;
  const width = Math.min(theme.contentWidth - 48, AMP_MAX_WIDTH);
  const first = m.items.find((it) => it.image)?.image;
  const allImages = m.items.every((it) => it.image);
  const height = first ? Math.round((first.height * width) / first.width) : 240;
  // Photos scale with the width; text cards keep a fixed height so their words are never cut off.
  // (No object-fit: AMP4EMAIL's amp-img does not take it, so slides fill the carousel's box.)
  const layout = allImages ? `layout="responsive" width="${width}" height="${height}"` : `layout="fixed-height" height="${height}"`;
  const slides = m.items
    .map((it) =>
      it.image
        ? `<amp-img src="${esc(it.image.src)}" alt="${esc(it.image.alt)}" layout="fill"></amp-img>`
        : `<div class="${ns}-card"><p class="${ns}-card-text">${esc(it.label ?? it.headline)}</p></div>`,
    )
    .join("");
  const texts = m.items
    .map(
      (it, i) =>
        `<div class="${ns}-slide" data-kx-item="${i}"${i === 0 ? "" : " hidden"} [hidden]="${ns}.slide != ${i}">` +
        `<h3 class="kx-h3">${esc(it.headline)}</h3>${it.body ? paragraphs(it.body) : ""}${it.cta ? button(it.cta) : ""}` +
        `<p class="kx-small ${ns}-count">${i + 1} / ${n}</p></div>`,
    )
    .join("");
  const go = (expr: string) => `tap:AMP.setState({${ns}: {slide: ${expr}}})`;
  const nav =
    `<div class="${ns}-nav">` +
    `<button type="button" class="${ns}-prev" aria-label="${esc(phrases.previous)}" on="${go(`(${ns}.slide + ${n - 1}) % ${n}`)}">&#8592;</button>` +
    `<button type="button" class="${ns}-next" aria-label="${esc(phrases.next)}" on="${go(`(${ns}.slide + 1) % ${n}`)}">&#8594;</button></div>`;
  const dots =
    `<amp-selector class="${ns}-dots" layout="container" [selected]="${ns}.slide" on="select:AMP.setState({${ns}: {slide: event.targetOption * 1}})">` +
    m.items
      .map(
        (it, i) =>
          `<span class="${ns}-dot" option="${i}"${i === 0 ? " selected" : ""} aria-label="${esc(it.label ?? phrases.slide(i + 1))}"></span>`,
      )
      .join("") +
    `</amp-selector>`;
  return {
    html:
      `<amp-carousel class="${ns}-carousel" type="slides" ${layout} controls [slide]="${ns}.slide" on="slideChange:AMP.setState({${ns}: {slide: event.index}})">${slides}</amp-carousel>` +
      dots +
      `<div class="${ns}-texts">${texts}</div>` +
      nav,
    css: [
      `.${ns}-carousel{margin:0 0 8px 0;border-radius:10px;overflow:hidden;background-color:${theme.tint}}`,
      `.${ns}-card{display:flex;align-items:center;justify-content:center;height:100%;padding:24px;box-sizing:border-box;background-color:${theme.tint}}`,
      `.${ns}-card-text{margin:0;${theme.headingFont};font-size:22px;line-height:28px;font-weight:${theme.design.typography.weights.heading};text-align:center;color:${c.text}}`,
      `.${ns}-dots{text-align:center;font-size:0;line-height:0;margin:0 0 12px 0}`,
      `.${ns}-dot{display:inline-block;width:10px;height:10px;margin:8px;border-radius:5px;background-color:${c.border};cursor:pointer;outline:none}`,
      `.${ns}-dot[selected]{background-color:${c.primary};width:24px}`,
      `.${ns}-nav{display:flex;align-items:center;justify-content:space-between;margin-top:8px}`,
      `.${ns}-count{margin:0;text-align:center}`,
      `.${ns}-prev,.${ns}-next{width:44px;height:44px;border-radius:22px;border:1px solid ${c.border};background-color:${c.surface};color:${c.text};font-size:20px;cursor:pointer}`,
    ],
    state: { slide: 0 },
  };
}

function survey(m: SurveyModule, { ns, theme, surveyActionUrl, phrases }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const n = m.questions.length;
  const steps = m.questions
    .map((qu, qi) => {
      const last = qi === n - 1;
      const on = last ? `change:${ns}-form.submit` : `change:AMP.setState({${ns}: {step: ${qi + 1}}})`;
      return (
        `<div class="${ns}-step" data-kx-item="${qi}"${qi === 0 ? "" : " hidden"} [hidden]="${ns}.step != ${qi}">` +
        `<p class="kx-small ${ns}-progress">${esc(phrases.questionOf(qi + 1, n))}</p><h3 class="kx-h3">${esc(qu.question)}</h3>` +
        (isNpsScale(qu.options.map((o) => o.label))
          ? // 0–10 in one row of eleven cells that fits 360 px (the radio is hidden; the cell is its label).
            `<div class="${ns}-nps">` +
            qu.options
              .map(
                (o) =>
                  `<label class="${ns}-nps-cell"><input type="radio" name="q${qi}" value="${esc(o.label)}" on="${on}">${esc(o.label)}</label>`,
              )
              .join("") +
            `</div>`
          : qu.options
              .map(
                (o) =>
                  `<label class="${ns}-option"><input type="radio" name="q${qi}" value="${esc(o.label)}" on="${on}"> ${esc(o.label)}</label>`,
              )
              .join("")) +
        `</div>`
      );
    })
    .join("");
  const thanks =
    `<h3 class="kx-h3">${esc(m.thanks.headline)}</h3>` +
    (m.thanks.body ? paragraphs(m.thanks.body) : "") +
    (m.thanks.cta ? button(m.thanks.cta) : "");
  return {
    html:
      `<form id="${ns}-form" class="${ns}-form" method="post" action-xhr="${esc(surveyActionUrl)}" on="submit-success:AMP.setState({${ns}: {step: ${n}}})">` +
      `<input type="hidden" name="survey" value="${ns}"><input type="hidden" name="sendId" value="{{SEND_ID}}">` +
      steps +
      `<div submit-success data-kx-item="${n}"><template type="amp-mustache">${thanks}</template></div>` +
      `<div submit-error><template type="amp-mustache"><p class="kx-text">${esc(phrases.surveyNotSaved)}</p></template></div>` +
      `</form>`,
    css: [
      `.${ns}-option{display:block;margin:0 0 10px 0;padding:12px 16px;border:2px solid ${c.border};border-radius:${Math.min(theme.design.buttons.radius, 12)}px;background-color:${c.surface};${theme.font};font-size:16px;line-height:20px;font-weight:${theme.design.typography.weights.bold};color:${c.text};cursor:pointer}`,
      `.${ns}-option:hover{border-color:${c.primary};background-color:${theme.tint}}`,
      `.${ns}-progress{letter-spacing:1px;text-transform:uppercase;margin:0 0 8px 0}`,
      `.${ns}-nps{display:flex;width:100%;margin:0 0 10px 0}`,
      `.${ns}-nps-cell{flex:1 1 0;min-width:0;margin:0 1px;padding:8px 0;border:1px solid ${c.border};border-radius:6px;background-color:${c.surface};${theme.font};font-size:14px;line-height:16px;font-weight:${theme.design.typography.weights.bold};color:${c.text};text-align:center;cursor:pointer}`,
      `.${ns}-nps-cell input{position:absolute;opacity:0;width:1px;height:1px;margin:0}`,
      `.${ns}-nps-cell:hover{border-color:${c.primary};background-color:${theme.tint}}`,
    ],
    state: { step: 0 },
  };
}

const RIGHT = { bg: "#e7f6ec", fg: "#14532d", edge: "#15803d" };
const WRONG = { bg: "#fdecec", fg: "#7f1d1d", edge: "#b91c1c" };

function quiz(m: QuizModule, { ns, theme, phrases }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const n = m.questions.length;
  const state: Record<string, number> = {};
  const questions = m.questions
    .map((qu, qi) => {
      const key = `${ns}.q${qi}`;
      state[`q${qi}`] = -1;
      const options = qu.options
        .map((o, oi) => {
          const cls =
            oi === qu.answer
              ? `${key} == -1 ? '${ns}-opt' : '${ns}-opt ${ns}-opt-right'`
              : `${key} == ${oi} ? '${ns}-opt ${ns}-opt-wrong' : '${ns}-opt'`;
          return `<button type="button" class="${ns}-opt" [class]="${cls}" on="tap:AMP.setState({${ns}: {q${qi}: ${oi}}})">${esc(o)}</button>`;
        })
        .join("");
      const right = qu.options[qu.answer] ?? "";
      return (
        `<div class="${ns}-question" data-kx-item="${qi}">` +
        `<p class="kx-small ${ns}-progress">${esc(phrases.questionOf(qi + 1, n))}</p><h3 class="kx-h3">${esc(qu.question)}</h3>` +
        `<div class="${ns}-options">${options}</div>` +
        `<div class="${ns}-right" hidden [hidden]="${key} != ${qu.answer}"><p class="${ns}-fb-title">${esc(phrases.correct)}</p><p class="${ns}-fb-body">${esc(qu.explanation)}</p></div>` +
        `<div class="${ns}-wrong" hidden [hidden]="${key} == -1 || ${key} == ${qu.answer}"><p class="${ns}-fb-title">${esc(phrases.notQuite(right))}</p><p class="${ns}-fb-body">${esc(qu.explanation)}</p></div>` +
        `</div>`
      );
    })
    .join("");
  return {
    html: questions,
    css: [
      `.${ns}-question{margin:0 0 28px 0}`,
      `.${ns}-progress{letter-spacing:1px;text-transform:uppercase;margin:0 0 8px 0}`,
      `.${ns}-opt{display:block;width:100%;margin:0 0 10px 0;padding:12px 16px;border:2px solid ${c.border};border-radius:${Math.min(theme.design.buttons.radius, 12)}px;background-color:${c.surface};${theme.font};font-size:16px;line-height:20px;text-align:left;color:${c.text};cursor:pointer}`,
      `.${ns}-opt-right{border-color:${RIGHT.edge};background-color:${RIGHT.bg};color:${RIGHT.fg}}`,
      `.${ns}-opt-wrong{border-color:${WRONG.edge};background-color:${WRONG.bg};color:${WRONG.fg}}`,
      `.${ns}-right,.${ns}-wrong{margin:4px 0 0 0;padding:14px 16px;border-radius:10px}`,
      `.${ns}-right{border-left:4px solid ${RIGHT.edge};background-color:${RIGHT.bg};color:${RIGHT.fg}}`,
      `.${ns}-wrong{border-left:4px solid ${WRONG.edge};background-color:${WRONG.bg};color:${WRONG.fg}}`,
      `.${ns}-fb-title{margin:0 0 4px 0;${theme.font};font-size:16px;line-height:22px;font-weight:700}`,
      `.${ns}-fb-body{margin:0;${theme.font};font-size:15px;line-height:22px}`,
    ],
    state,
  };
}

function menu(m: MenuModule, { ns, theme, phrases }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const label = m.label ?? phrases.menu;
  // An entry without a destination is its label alone, as in the HTML version.
  const links = m.items
    .map((l) =>
      l.url
        ? `<a class="${ns}-link" href="${esc(l.url)}" target="_blank">${esc(l.label)}</a>`
        : `<span class="${ns}-link">${esc(l.label)}</span>`,
    )
    .join("");
  return {
    html:
      `<amp-accordion id="${ns}-menu" class="${ns}-menu" animate><section id="${ns}-menu-s">` +
      `<h3 class="${ns}-burger"><span class="${ns}-bars">&#9776;</span> ${esc(label)}</h3>` +
      `<div class="${ns}-overlay">${links}<p class="${ns}-close-wrap"><button type="button" class="${ns}-close kx-small" on="tap:${ns}-menu.collapse(section='${ns}-menu-s')">${esc(phrases.close)} &#10005;</button></p></div>` +
      `</section></amp-accordion>`,
    css: [
      `.${ns}-burger{display:inline-block;margin:0;padding:12px 14px;border:1px solid ${c.border};border-radius:${Math.min(theme.design.buttons.radius, 22)}px;background-color:${c.surface};${theme.font};font-size:15px;line-height:20px;font-weight:${theme.design.typography.weights.bold};color:${c.text};cursor:pointer}`,
      `.${ns}-overlay{margin:12px 0 0 0;padding:8px 20px 16px 20px;border:1px solid ${c.border};border-radius:12px;background-color:${c.surface}}`,
      `.${ns}-link{display:block;padding:12px 4px;${theme.font};font-size:17px;line-height:20px;font-weight:${theme.design.typography.weights.bold};color:${c.text};text-decoration:none;border-bottom:1px solid ${c.border}}`,
      `.${ns}-close-wrap{margin:0;text-align:right}`,
      `.${ns}-close{padding:12px 4px;border:0;background-color:${c.surface};cursor:pointer}`,
    ],
    state: {},
  };
}

function itemCart(m: ItemCartModule, { ns, theme, lang, phrases }: Ctx): BuiltModule {
  const c = theme.design.colors;
  const state: Record<string, boolean> = {};
  const items = m.items
    .map((it, i) => {
      const key = `${ns}.a${i}`;
      state[`a${i}`] = false;
      return (
        `<div class="${ns}-item" data-kx-item="${i}" data-kx-price="${it.price}" [class]="${key} ? '${ns}-item ${ns}-item-on' : '${ns}-item'">` +
        (it.image
          ? `<div class="${ns}-thumb">${ampImg({ ...it.image, width: 64, height: Math.round((it.image.height * 64) / it.image.width) }, 64)}</div>`
          : "") +
        `<div class="${ns}-info"><p class="${ns}-name">${esc(it.label)}</p>` +
        (it.description ? `<p class="kx-small ${ns}-desc">${esc(it.description)}</p>` : "") +
        `<p class="${ns}-price">${esc(formatMoney(it.price, m.currency, lang))}</p></div>` +
        `<button type="button" class="${ns}-add" on="tap:AMP.setState({${ns}: {a${i}: !${key}}})">` +
        `<span [hidden]="${key}">${esc(phrases.add)}</span><span hidden [hidden]="!${key}">${esc(phrases.remove)}</span></button></div>`
      );
    })
    .join("");
  const count = m.items.map((_, i) => `(${ns}.a${i} ? 1 : 0)`).join(" + ");
  const sum = m.items.map((it, i) => `(${ns}.a${i} ? ${it.price} : 0)`).join(" + ");
  const money = moneyStyle(m.currency, lang);
  // amp-bind has no locale formatting: a decimal comma is the fixed-point string split at "." and joined with ",".
  const amount =
    currencyMinorDigits(m.currency) === 2
      ? money.decimal === "."
        ? `((${sum}) / 100).toFixed(2)`
        : `((${sum}) / 100).toFixed(2).split('.').join(',')`
      : `(${sum})`;
  const total = `${q(money.prefix)} + ${amount}${money.suffix ? ` + ${q(money.suffix)}` : ""}`;
  const summary =
    `<div class="${ns}-summary"><span class="kx-text ${ns}-count">${esc(phrases.items)} <span [text]="${count}">0</span></span>` +
    `<span class="${ns}-total">${esc(phrases.total)}&nbsp; <span [text]="${total}">${esc(formatMoney(0, m.currency, lang))}</span></span></div>`;
  return {
    html: `<div class="${ns}-cart">${items}${summary}${m.checkout ? button(m.checkout, true) : ""}</div>`,
    css: [
      `.${ns}-item{display:flex;align-items:center;margin:0 0 10px 0;padding:12px 14px;border:2px solid ${c.border};border-radius:12px}`,
      `.${ns}-item-on{border-color:${c.primary};background-color:${theme.tint}}`,
      `.${ns}-thumb{flex:0 0 64px;margin-right:12px}`,
      `.${ns}-info{flex:1 1 auto}`,
      `.${ns}-name{margin:0;${theme.font};font-size:16px;line-height:22px;font-weight:${theme.design.typography.weights.bold};color:${c.text}}`,
      `.${ns}-desc{margin:2px 0 0 0}`,
      `.${ns}-price{margin:4px 0 0 0;${theme.font};font-size:15px;line-height:20px;color:${c.text}}`,
      `.${ns}-add{flex:0 0 auto;min-width:92px;white-space:nowrap;padding:12px 14px;border:2px solid ${c.primary};border-radius:${Math.min(theme.design.buttons.radius, 22)}px;${theme.font};font-size:15px;line-height:16px;font-weight:${theme.design.typography.weights.bold};color:${c.primary};background-color:${c.surface};cursor:pointer}`,
      `.${ns}-item-on .${ns}-add{background-color:${c.primary};color:${c.onPrimary}}`,
      `.${ns}-summary{display:flex;justify-content:space-between;margin:16px 0;padding:16px;border-radius:12px;background-color:${theme.tint}}`,
      `.${ns}-count{margin:0}`,
      `.${ns}-total{${theme.font};font-size:18px;line-height:24px;font-weight:700;color:${c.text};white-space:nowrap}`,
    ],
    state,
  };
}

function buildModule(module: Module, ctx: Ctx): BuiltModule {
  switch (module.technique) {
    case "tabs":
      return tabs(module, ctx);
    case "accordion":
      return accordion(module, ctx);
    case "carousel":
      return carousel(module, ctx);
    case "survey":
      return survey(module, ctx);
    case "quiz":
      return quiz(module, ctx);
    case "menu":
      return menu(module, ctx);
    case "itemCart":
      return itemCart(module, ctx);
  }
}

// ---- document --------------------------------------------------------------------------------

function baseCss(theme: Theme, width: number): string[] {
  const { colors: c, buttons: b, typography: t } = theme.design;
  const outline = b.style === "outline";
  return [
    `body{margin:0;padding:0;background-color:${c.background}}`,
    `.kx-outer{padding:8px 12px 32px 12px;background-color:${c.background}}`,
    `.kx-vib-bar{text-align:center;padding:8px 12px 0 12px}`,
    `.kx-vib,.kx-unsubscribe{display:inline-block;padding:12px 8px;${theme.font};font-size:14px;line-height:20px;color:${c.mutedText};text-decoration:underline}`,
    `.kx-container{max-width:${width}px;margin:0 auto;background-color:${c.surface};border-radius:16px;overflow:hidden}`,
    `.kx-brand{margin:0;padding:20px ${theme.pad}px;border-bottom:1px solid ${c.border};${theme.headingFont};font-size:20px;line-height:24px;font-weight:${t.weights.heading};letter-spacing:0.5px;color:${c.text}}`,
    `.kx-section{padding:${Math.round(theme.pad * 0.5)}px ${theme.pad}px ${Math.round(theme.pad * 0.75)}px ${theme.pad}px}`,
    `.kx-section-first{padding-top:${theme.pad}px}`,
    `.kx-hero-media{margin:0}`,
    `.kx-media{margin:0 0 20px 0}`,
    `.kx-img{display:block;border-radius:10px}`,
    `.kx-img-link{display:block;text-decoration:none}`,
    `.kx-h1{${theme.h1}}`,
    `.kx-h2{${theme.h2}}`,
    `.kx-h3{${theme.h3}}`,
    `.kx-text{${theme.text}}`,
    `.kx-muted{${theme.muted}}`,
    `.kx-small{${theme.small}}`,
    `a{${theme.link}}`,
    `.kx-btn-wrap{margin:8px 0 16px 0}`,
    `.kx-btn{display:inline-block;padding:${b.paddingY}px ${b.paddingX}px;border:2px solid ${c.primary};border-radius:${b.radius}px;background-color:${outline ? c.surface : c.primary};${theme.font};font-size:${Math.max(15, t.baseSize)}px;line-height:20px;font-weight:${t.weights.bold};color:${outline ? c.primary : c.onPrimary};text-decoration:none;text-align:center}`,
    `.kx-btn-full{display:block}`,
    `.kx-module{margin:8px 0;padding:24px;border:1px solid ${c.border};border-radius:16px}`,
    `.kx-footer{padding:28px ${theme.pad}px 8px ${theme.pad}px;text-align:center}`,
    `.kx-footer p{margin:0 0 8px 0;${theme.font};font-size:14px;line-height:21px;color:${c.mutedText}}`,
    `.kx-footer .kx-footer-brand{font-weight:700}`,
    `@media (max-width:600px){.kx-outer{padding:0}.kx-container{border-radius:0}.kx-section,.kx-brand,.kx-footer{padding-left:20px;padding-right:20px}.kx-module{padding:16px}.kx-btn{display:block}.kx-h1{font-size:${Math.max(24, Math.round(t.headingSizes.h1 * 0.82))}px;line-height:1.2}}`,
  ];
}

function moduleWrapper(module: Module, ns: string, inner: string): string {
  const head =
    (module.title ? `<h2 class="kx-h2">${esc(module.title)}</h2>` : "") +
    (module.intro ? `<p class="kx-muted">${esc(module.intro)}</p>` : "");
  return `<div class="kx-module" data-kx-technique="${module.technique}" data-kx-ns="${ns}">${head}${inner}</div>`;
}

function sectionHtml(s: Section, theme: Theme, isFirst: boolean, modules: string[], width: number): string {
  const attrs = `data-kx-section="${esc(s.id)}" data-kx-role="${esc(s.role)}"`;
  if (s.lockedHtml !== undefined) return `<div class="kx-locked" ${attrs} data-kx-locked="true">${s.lockedHtml}</div>`;
  const hero = s.role === "hero";
  const heroImg = s.image && hero ? `<div class="kx-hero-media">${ampImg(s.image, width, "kx-hero-img")}</div>` : "";
  const parts: string[] = [];
  if (s.image && !hero) parts.push(`<div class="kx-media">${ampImg(s.image, theme.contentWidth)}</div>`);
  if (s.headline) parts.push(hero || isFirst ? `<h1 class="kx-h1">${esc(s.headline)}</h1>` : `<h2 class="kx-h2">${esc(s.headline)}</h2>`);
  if (s.body) parts.push(paragraphs(s.body));
  if (s.cta) parts.push(button(s.cta));
  if (s.moduleIndex !== undefined && modules[s.moduleIndex]) parts.push(modules[s.moduleIndex]);
  return `<div ${attrs}>${heroImg}<div class="kx-section${isFirst || hero ? " kx-section-first" : ""}">${parts.join("")}</div></div>`;
}

function extensionScripts(body: string): string {
  const { root } = parseAmp(`<body>${body}</body>`);
  return [...requiredExtensions(root).keys()]
    .sort()
    .map((ext) => {
      const rule = extensionRule(ext);
      return rule ? `<script async ${rule.attr}="${ext}" src="${extensionScriptSrc(ext)}"></script>` : "";
    })
    .join("\n");
}

function buildDocument(bp: Blueprint, surveyActionUrl: string): string {
  const theme = makeTheme(bp.design);
  const phrases = phrasesFor(bp.lang);
  const width = Math.min(bp.design.spacing.containerWidth, AMP_MAX_WIDTH);
  const css = baseCss(theme, width);
  const states: string[] = [];
  const modules = bp.interactiveConfig.modules.map((m, i) => {
    const ns = moduleNs(m, i);
    const built = buildModule(m, { ns, theme, surveyActionUrl, lang: bp.lang, phrases });
    css.push(...built.css);
    if (Object.keys(built.state).length) {
      states.push(`<amp-state id="${ns}"><script type="application/json">${JSON.stringify(built.state)}</script></amp-state>`);
    }
    return moduleWrapper(m, ns, built.html);
  });
  const placed = new Set(bp.sections.filter((s) => s.lockedHtml === undefined).map((s) => s.moduleIndex));
  const sections: string[] = [];
  bp.sections.forEach((s, i) => {
    sections.push(sectionHtml(s, theme, i === 0, modules, width));
    if (i === 0) {
      modules.forEach((m, mi) => {
        if (!placed.has(mi)) {
          sections.push(
            `<div data-kx-section="module-${moduleNs(bp.interactiveConfig.modules[mi], mi)}" data-kx-role="interactive"><div class="kx-section">${m}</div></div>`,
          );
        }
      });
    }
  });
  const footer =
    `<div class="kx-footer"><p class="kx-footer-brand">${esc(bp.brandName)}</p><p>${esc(bp.footer.address)}</p>` +
    (bp.footer.note ? `<p>${esc(bp.footer.note)}</p>` : "") +
    // Filled per send from the sender's brand profile, as in the HTML footer.
    `<p class="kx-sender">{{SENDER_POSTAL_ADDRESS}} {{SENDER_WEBSITE}}</p>` +
    `<p><a class="kx-unsubscribe" href="{{UNSUBSCRIBE_URL}}" target="_blank">${esc(bp.footer.unsubscribeText ?? phrases.unsubscribe)}</a></p></div>`;
  const body =
    states.join("") +
    `<div class="kx-vib-bar"><a class="kx-vib" href="{{VIB_URL}}" target="_blank">${esc(phrases.viewInBrowser)}</a></div>\n` +
    `<div class="kx-outer"><div class="kx-container">\n<p class="kx-brand">${esc(bp.brandName)}</p>\n` +
    sections.join("\n") +
    `\n</div>\n${footer}\n</div>`;
  return (
    `<!doctype html>\n<html ⚡4email data-css-strict lang="${esc(bp.lang)}" dir="${bp.dir}">\n<head>\n<meta charset="utf-8">\n` +
    `<script async src="${AMP_RUNTIME_SRC}"></script>\n${extensionScripts(body)}\n` +
    `<style amp4email-boilerplate>${BOILERPLATE_CSS}</style>\n<style amp-custom>\n${css.join("\n")}\n</style>\n</head>\n` +
    `<body>\n${body}\n</body>\n</html>\n`
  );
}

/**
 * Blueprint → AMP4EMAIL document. Invalid blueprints come back as zod issues. Saved sections
 * (lockedHtml) are HTML written for the HTML part, so a document holding them goes through the
 * repair loop once before it is returned.
 */
export function buildAmp(input: unknown, options: BuildAmpOptions): BuildAmpResult {
  const parsed = BlueprintSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  if (!/^https:\/\/[^\s"<>]+$/i.test(options.surveyActionUrl)) {
    return {
      ok: false,
      issues: [
        {
          code: "custom",
          path: ["surveyActionUrl"],
          message: "surveyActionUrl must be an absolute https URL (AMP forms post over https only)",
        },
      ],
    };
  }
  const ampHtml = buildDocument(parsed.data, options.surveyActionUrl);
  if (!parsed.data.sections.some((s) => s.lockedHtml !== undefined)) return { ok: true, ampHtml, blueprint: parsed.data };
  const repaired = repairAmp(ampHtml);
  return {
    ok: true,
    ampHtml: repaired.html,
    blueprint: parsed.data,
    checked: { validation: repaired.validation, parsed: repaired.parsed },
  };
}
