import type { SurveyModule } from "../blueprint/schema";
import type { Phrases } from "../copy/phrases";
import { esc } from "../render/escape";
import { button, labelButton, paragraphs } from "../render/theme";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";
import { answerPlaceholder } from "../answers/placeholder";
import { isNpsScale } from "../answers/questions";

/** The signed answer address of an option, filled per recipient at send time (docs/answers.md). */
function answerHref(lang: string, ns: string, qi: number, oi: number): string {
  return answerPlaceholder(lang.slice(0, 2).toLowerCase(), ns, qi, oi);
}

/**
 * A 0–10 scale as one row of eleven cells that fits 360 px: each cell is a link (9.09 % of the
 * row, 46 px high: a tap target, however narrow), so no option wraps to a second line or is cut off.
 */
function npsRow(theme: Theme, hrefs: string[]): string {
  const c = theme.design.colors;
  const cells = hrefs
    .map(
      (href, i) =>
        `<td width="9%" align="center" style="padding:0 1px"><a href="${esc(href)}" target="_blank" class="kx-answer kx-text kx-nps-cell" data-kx-score="${i}" style="display:block;padding:14px 0;border:1px solid ${c.border};border-radius:6px;background-color:${c.surface};${theme.font};font-size:14px;line-height:16px;font-weight:${theme.design.typography.weights.bold};color:${c.text};text-decoration:none;text-align:center">${i}</a></td>`,
    )
    .join("");
  return `<table role="presentation" class="kx-nps" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;table-layout:fixed;margin:0 0 10px 0"><tr>${cells}</tr></table>`;
}

function optionStyle(theme: Theme): string {
  const c = theme.design.colors;
  return `display:block;margin:0 0 10px 0;padding:12px 16px;border:2px solid ${c.border};border-radius:${Math.min(theme.design.buttons.radius, 12)}px;background-color:${c.surface};${theme.font};font-size:16px;line-height:20px;font-weight:${theme.design.typography.weights.bold};color:${c.text};text-decoration:none;cursor:pointer`;
}

function progress(theme: Theme, phrases: Phrases, q: number, n: number): string {
  return `<p class="kx-muted" style="margin:0 0 8px 0;${theme.small};letter-spacing:1px;text-transform:uppercase">${esc(phrases.questionOf(q + 1, n))}</p>`;
}

function thanks(m: SurveyModule, theme: Theme): string {
  return (
    `<h3 class="kx-text" style="${theme.h3}">${esc(m.thanks.headline)}</h3>` +
    (m.thanks.body ? paragraphs(m.thanks.body, theme.text) : "") +
    (m.thanks.cta ? button(theme, m.thanks.cta) : "")
  );
}

/**
 * A question's answers, the same in both views: links to each option's signed answer address (or
 * the option's own url), a 0–10 scale as the compact NPS row.
 */
function answerLinks(q: SurveyModule["questions"][number], qi: number, ns: string, theme: Theme, lang: string): string {
  const hrefs = q.options.map((o, oi) => o.url ?? answerHref(lang, ns, qi, oi));
  if (isNpsScale(q.options.map((o) => o.label))) return npsRow(theme, hrefs);
  return q.options
    .map(
      (o, oi) =>
        `<a href="${esc(hrefs[oi]!)}" target="_blank" class="${ns}-option kx-answer kx-text" style="${optionStyle(theme)}">${esc(o.label)}</a>`,
    )
    .join("");
}

export const survey: TechniqueRenderer<SurveyModule> = {
  technique: "survey",

  // An answer is a link (that is how it is collected), and a link inside a <label> takes the
  // click from it: so each step has its own control, a label for a radio before .<ns>-steps whose
  // :checked hides the step and reveals the next (docs/email-markup.md).
  renderInteractive(m, { ns, theme, phrases, lang }) {
    const n = m.questions.length;
    const inputs = m.questions
      .map((_, qi) => `<input type="radio" name="${ns}-q${qi}" id="${ns}-q${qi}-next" class="${ns}-q${qi}" style="display:none">`)
      .join("");
    const steps = m.questions
      .map(
        (q, qi) =>
          `<div class="${ns}-step ${ns}-step-${qi}" data-kx-item="${qi}" style="display:${qi === 0 ? "block" : "none"}">${progress(theme, phrases, qi, n)}` +
          `<h3 class="kx-text" style="${theme.h3}">${esc(q.question)}</h3>` +
          answerLinks(q, qi, ns, theme, lang) +
          `<div style="margin:16px 0 0 0">` +
          labelButton(
            theme,
            `${ns}-q${qi}-next`,
            `${ns}-next ${ns}-next-${qi} kx-answer-control`,
            qi + 1 < n ? `${esc(phrases.nextQuestion)}&nbsp;&#8594;` : esc(phrases.finish),
          ) +
          `</div></div>`,
      )
      .join("");
    return `${inputs}<div class="${ns}-steps">${steps}<div class="${ns}-done" data-kx-item="${n}" style="display:none">${thanks(m, theme)}</div></div>`;
  },

  renderFallback(m, { ns, theme, phrases, lang }) {
    const c = theme.design.colors;
    const n = m.questions.length;
    return (
      m.questions
        .map(
          (q, qi) =>
            `<div data-kx-item="${qi}" style="margin:0 0 16px 0">${progress(theme, phrases, qi, n)}<h3 class="kx-text" style="${theme.h3}">${esc(q.question)}</h3>` +
            answerLinks(q, qi, ns, theme, lang) +
            `</div>`,
        )
        .join("") +
      `<div data-kx-item="${n}" class="kx-border" style="padding-top:16px;border-top:1px solid ${c.border}">${thanks(m, theme)}</div>`
    );
  },

  css(m, { ns, theme }) {
    const c = theme.design.colors;
    const n = m.questions.length;
    const show: string[] = [];
    const hide: string[] = [];
    for (let qi = 0; qi < n; qi++) {
      const next = qi + 1 < n ? `.${ns}-step-${qi + 1}` : `.${ns}-done`;
      show.push(`.${ns}-q${qi}:checked ~ .${ns}-steps ${next}{display:block !important}`);
      // Hides come after shows: same specificity, so the later rule wins once a step is left.
      hide.push(`.${ns}-q${qi}:checked ~ .${ns}-steps .${ns}-step-${qi}{display:none !important}`);
    }
    return [...show, ...hide, `.${ns}-option:hover{border-color:${c.primary} !important}`].join("\n");
  },
};
