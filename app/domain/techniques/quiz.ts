import type { QuizModule } from "../blueprint/schema";
import type { Phrases } from "../copy/phrases";
import { esc } from "../render/escape";
import type { Theme } from "../render/theme";
import type { TechniqueRenderer } from "./types";
import { answerPlaceholder } from "../answers/placeholder";

const RIGHT = { bg: "#e7f6ec", fg: "#14532d", edge: "#15803d" };
const WRONG = { bg: "#fdecec", fg: "#7f1d1d", edge: "#b91c1c" };

/** The signed answer address of an option, filled per recipient at send time (docs/answers.md). */
function answerHref(lang: string, ns: string, qi: number, oi: number): string {
  return answerPlaceholder(lang.slice(0, 2).toLowerCase(), ns, qi, oi);
}

function optionStyle(theme: Theme): string {
  const c = theme.design.colors;
  return `display:block;margin:0 0 10px 0;padding:12px 16px;border:2px solid ${c.border};border-radius:${Math.min(theme.design.buttons.radius, 12)}px;background-color:${c.surface};${theme.font};font-size:16px;line-height:20px;color:${c.text};cursor:pointer`;
}

function feedback(cls: string, tone: typeof RIGHT, title: string, body: string, theme: Theme, hidden: boolean, after = ""): string {
  return (
    `<div ${cls ? `class="${cls}" ` : ""}style="${hidden ? "display:none;" : ""}margin:4px 0 0 0;padding:14px 16px;border-radius:10px;border-left:4px solid ${tone.edge};background-color:${tone.bg}">` +
    `<p style="margin:0 0 4px 0;${theme.font};font-size:16px;line-height:22px;font-weight:700;color:${tone.fg}">${esc(title)}</p>` +
    `<p style="margin:0;${theme.font};font-size:15px;line-height:22px;color:${tone.fg}">${esc(body)}</p>${after}</div>`
  );
}

/**
 * The link that sends the chosen option to its signed answer address, inside the verdict: shown
 * only with that option's radio checked (css), 48 px tall.
 */
function sendLink(ns: string, qi: number, oi: number, href: string, tone: typeof RIGHT, theme: Theme, phrases: Phrases): string {
  return (
    `<a href="${esc(href)}" target="_blank" class="${ns}-send ${ns}-send-${qi}-${oi} kx-answer-control" style="display:none;margin:12px 0 0 0;padding:12px 16px;border:2px solid ${tone.edge};border-radius:8px;background-color:#ffffff;` +
    `${theme.font};font-size:15px;line-height:20px;font-weight:700;color:${tone.fg};text-decoration:none">${esc(phrases.sendAnswer)}&nbsp;&#8594;</a>`
  );
}

function questionHead(q: QuizModule["questions"][number], qi: number, n: number, theme: Theme, phrases: Phrases): string {
  return (
    `<p class="kx-muted" style="margin:0 0 8px 0;${theme.small};letter-spacing:1px;text-transform:uppercase">${esc(phrases.questionOf(qi + 1, n))}</p>` +
    `<h3 class="kx-text" style="${theme.h3}">${esc(q.question)}</h3>`
  );
}

export const quiz: TechniqueRenderer<QuizModule> = {
  technique: "quiz",

  // The option's label is the reveal control and holds no link (a link inside a label takes the
  // click from it); the verdict then offers the chosen option's signed answer link, so a quiz
  // answered in the received email is collected too (docs/email-markup.md).
  renderInteractive(m, { ns, theme, phrases, lang }) {
    const n = m.questions.length;
    return m.questions
      .map((q, qi) => {
        const inputs = q.options
          .map(
            (_, oi) =>
              `<input type="radio" name="${ns}-q${qi}" id="${ns}-q${qi}-o${oi}" class="${ns}-q${qi} ${ns}-q${qi}-o${oi} ${oi === q.answer ? `${ns}-correct` : `${ns}-incorrect`}" style="display:none">`,
          )
          .join("");
        const labels = q.options
          .map(
            (o, oi) =>
              `<label for="${ns}-q${qi}-o${oi}" class="${ns}-opt ${ns}-opt-${qi}-${oi} kx-text" style="${optionStyle(theme)}">${esc(o)}</label>`,
          )
          .join("");
        const sends = (tone: typeof RIGHT, right: boolean) =>
          q.options
            .map((_, oi) => ((oi === q.answer) === right ? sendLink(ns, qi, oi, answerHref(lang, ns, qi, oi), tone, theme, phrases) : ""))
            .join("");
        const right = q.options[q.answer] ?? "";
        return (
          `<div class="${ns}-question" data-kx-item="${qi}" style="margin:0 0 ${qi + 1 < n ? 28 : 0}px 0">${questionHead(q, qi, n, theme, phrases)}${inputs}` +
          `<div class="${ns}-options">${labels}</div>` +
          feedback(`${ns}-right`, RIGHT, phrases.correct, q.explanation, theme, true, sends(RIGHT, true)) +
          feedback(`${ns}-wrong`, WRONG, phrases.notQuite(right), q.explanation, theme, true, sends(WRONG, false)) +
          `</div>`
        );
      })
      .join("");
  },

  renderFallback(m, { ns, theme, phrases, lang }) {
    const n = m.questions.length;
    return m.questions
      .map(
        (q, qi) =>
          `<div data-kx-item="${qi}" style="margin:0 0 ${qi + 1 < n ? 28 : 0}px 0">${questionHead(q, qi, n, theme, phrases)}` +
          // Each option is the signed link of that answer (filled per recipient at send time).
          q.options
            .map(
              (o, oi) =>
                `<a href="${esc(answerHref(lang, ns, qi, oi))}" target="_blank" class="kx-text" style="${optionStyle(theme)};text-decoration:none">${esc(o)}</a>`,
            )
            .join("") +
          feedback("", RIGHT, phrases.answer(q.options[q.answer] ?? ""), q.explanation, theme, false) +
          `</div>`,
      )
      .join("");
  },

  css(m, { ns }) {
    const rules = [
      `.${ns}-correct:checked ~ .${ns}-right{display:block !important}`,
      `.${ns}-incorrect:checked ~ .${ns}-wrong{display:block !important}`,
    ];
    m.questions.forEach((q, qi) => {
      q.options.forEach((_, oi) => {
        const tone = oi === q.answer ? RIGHT : WRONG;
        rules.push(
          `.${ns}-q${qi}-o${oi}:checked ~ .${ns}-options .${ns}-opt-${qi}-${oi}{border-color:${tone.edge} !important;background-color:${tone.bg} !important;color:${tone.fg} !important}`,
        );
        rules.push(
          `.${ns}-q${qi}-o${oi}:checked ~ .${ns}-${oi === q.answer ? "right" : "wrong"} .${ns}-send-${qi}-${oi}{display:inline-block !important}`,
        );
      });
      // Once any answer is chosen, the right option is marked too, so a wrong guess still teaches.
      rules.push(`.${ns}-q${qi}:checked ~ .${ns}-options .${ns}-opt-${qi}-${q.answer}{border-color:${RIGHT.edge} !important}`);
    });
    return rules.join("\n");
  },
};
