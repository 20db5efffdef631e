import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import type { Module, Technique } from "../../app/domain/blueprint/schema";
import { formatMoney } from "../../app/domain/blueprint/currency";
import { parseAnswerSpec } from "../../app/domain/answers/placeholder";
import { phrasesFor } from "../../app/domain/copy/phrases";
import { generatedText } from "./helpers";

/** Clicks every control of one module (namespace ns) and checks what a reader would see change. */
export type Driver = (page: Page, ns: string, module: Module) => Promise<void>;

const items = (page: Page, ns: string, cls: string) => page.locator(`.${ns}-int .${ns}-${cls}`);

/**
 * An answer link points at its answer address (`{{ANSWER_URL:…:<ns>.<question>.<option>[:form]}}`,
 * as rendered or as generated), or at the option's own url when it has one.
 */
async function expectAnswerHref(link: Locator, ns: string, question: number, option: number, url?: string): Promise<void> {
  const href = (await link.getAttribute("href")) ?? "";
  if (url) {
    expect(href).toBe(url);
    return;
  }
  const spec = parseAnswerSpec(href.replace(/^\{\{|\}\}$/g, ""));
  expect(spec && { question: spec.question, option: spec.option }, `answer address of ${ns}.${question}.${option}: ${href}`).toEqual({
    question: `${ns}.${question}`,
    option,
  });
}

export const DRIVERS: Record<Technique, Driver> = {
  async tabs(page, ns, m) {
    if (m.technique !== "tabs") throw new Error("wrong module");
    const panels = items(page, ns, "panel");
    await expect(panels.nth(0)).toBeVisible();
    for (const order of [...m.items.keys()].reverse()) {
      await page.locator(`label[for="${ns}-tab-${order}"]`).click();
      for (let i = 0; i < m.items.length; i++) {
        if (i === order) await expect(panels.nth(i)).toBeVisible();
        else await expect(panels.nth(i)).toBeHidden();
      }
      await expect(panels.nth(order)).toContainText(m.items[order]!.body);
    }
  },

  async accordion(page, ns, m) {
    if (m.technique !== "accordion") throw new Error("wrong module");
    const panels = items(page, ns, "panel");
    for (let i = 0; i < m.items.length; i++) await expect(panels.nth(i)).toBeHidden();
    for (let i = 0; i < m.items.length; i++) {
      await page.locator(`label[for="${ns}-acc-${i}"]`).click();
      await expect(panels.nth(i)).toBeVisible();
      await expect(panels.nth(i)).toContainText(m.items[i]!.body);
    }
    await page.locator(`label[for="${ns}-acc-0"]`).click();
    await expect(panels.nth(0)).toBeHidden();
    await expect(panels.nth(1)).toBeVisible();
  },

  async carousel(page, ns, m) {
    if (m.technique !== "carousel") throw new Error("wrong module");
    const n = m.items.length;
    const slides = items(page, ns, "slide");
    const onlyVisible = async (k: number) => {
      for (let i = 0; i < n; i++) {
        if (i === k) await expect(slides.nth(i)).toBeVisible();
        else await expect(slides.nth(i)).toBeHidden();
      }
      await expect(slides.nth(k)).toContainText(m.items[k]!.headline);
    };
    await onlyVisible(0);
    for (let k = 0; k < n; k++) {
      await slides.nth(k).locator(`.${ns}-next`).click();
      await onlyVisible((k + 1) % n);
    }
    // Dots jump anywhere; from each slide, previous goes one back (wrapping from the first).
    for (let k = n - 1; k >= 0; k--) {
      await page.locator(`.${ns}-int .${ns}-dot-${k}`).click();
      await onlyVisible(k);
      await slides.nth(k).locator(`.${ns}-prev`).click();
      await onlyVisible((k - 1 + n) % n);
    }
  },

  // Each answer is a link to its answer address (how answers are collected); each step moves on
  // by its own button-like label, never nested in a link.
  async survey(page, ns, m) {
    if (m.technique !== "survey") throw new Error("wrong module");
    const steps = items(page, ns, "step");
    const done = page.locator(`.${ns}-int .${ns}-done`);
    const phrases = phrasesFor((await page.locator("html").getAttribute("lang")) ?? undefined);
    await expect(steps.nth(0)).toBeVisible();
    await expect(done).toBeHidden();
    for (let q = 0; q < m.questions.length; q++) {
      for (let i = 0; i < m.questions.length; i++) {
        if (i === q) await expect(steps.nth(i)).toBeVisible();
        else await expect(steps.nth(i)).toBeHidden();
      }
      const step = steps.nth(q);
      const question = m.questions[q]!;
      await expect(step).toContainText(question.question);
      const links = step.locator("a");
      await expect(links).toHaveCount(question.options.length);
      for (const [oi, option] of question.options.entries()) {
        await expect(links.nth(oi)).toBeVisible();
        await expect(links.nth(oi)).toHaveText(option.label);
        await expectAnswerHref(links.nth(oi), ns, q, oi, option.url);
      }
      await expect(step.locator("label a")).toHaveCount(0);
      const next = step.locator(`label[for="${ns}-q${q}-next"]`);
      await expect(next).toBeVisible();
      await expect(next).toContainText(q + 1 < m.questions.length ? phrases.nextQuestion : phrases.finish);
      expect(await next.evaluate((el) => el.closest("a") === null), "the step's control is not inside a link").toBe(true);
      expect((await next.boundingBox())?.height ?? 0, "the step's control is at least 44 px tall").toBeGreaterThanOrEqual(44);
      await next.click();
    }
    for (let i = 0; i < m.questions.length; i++) await expect(steps.nth(i)).toBeHidden();
    await expect(done).toBeVisible();
    await expect(done).toContainText(m.thanks.headline);
  },

  // The label reveals right or wrong; the verdict offers the chosen option's answer link.
  async quiz(page, ns, m) {
    if (m.technique !== "quiz") throw new Error("wrong module");
    const questions = items(page, ns, "question");
    for (let q = 0; q < m.questions.length; q++) {
      const box = questions.nth(q);
      const right = box.locator(`.${ns}-right`);
      const wrong = box.locator(`.${ns}-wrong`);
      await expect(box.locator("label a")).toHaveCount(0);
      await expect(right).toBeHidden();
      await expect(wrong).toBeHidden();
      const answer = m.questions[q]!.answer;
      const wrongPick = answer === 0 ? 1 : 0;
      const sent = async (oi: number) => {
        const send = box.locator(`.${ns}-send:visible`);
        await expect(send).toHaveCount(1);
        await expect(send).toHaveClass(new RegExp(`\\b${ns}-send-${q}-${oi}\\b`));
        await expectAnswerHref(send, ns, q, oi);
      };
      await box.locator(`label[for="${ns}-q${q}-o${wrongPick}"]`).click();
      await expect(wrong).toBeVisible();
      await expect(right).toBeHidden();
      await sent(wrongPick);
      await box.locator(`label[for="${ns}-q${q}-o${answer}"]`).click();
      await expect(right).toBeVisible();
      await expect(wrong).toBeHidden();
      await expect(right).toContainText(m.questions[q]!.explanation);
      await sent(answer);
    }
  },

  async menu(page, ns, m) {
    if (m.technique !== "menu") throw new Error("wrong module");
    const overlay = page.locator(`.${ns}-int .${ns}-overlay`);
    await expect(overlay).toBeHidden();
    await page.locator(`.${ns}-int .${ns}-burger`).click();
    await expect(overlay).toBeVisible();
    // An entry with a destination is a link to it; one without is its label alone, never a dead link.
    for (const entry of m.items) {
      if (entry.url) await expect(overlay.getByRole("link", { name: entry.label, exact: true })).toHaveAttribute("href", entry.url);
      else {
        await expect(overlay.getByText(entry.label, { exact: true })).toBeVisible();
        await expect(overlay.getByRole("link", { name: entry.label, exact: true })).toHaveCount(0);
      }
    }
    await overlay.locator(`.${ns}-close`).click();
    await expect(overlay).toBeHidden();
    await page.locator(`.${ns}-int .${ns}-burger`).click();
    await expect(overlay).toBeVisible();
  },

  // Every item on, then the first off and on again: the cart ends non-empty (a two-item cart
  // emptied again would hide the total it is meant to measure).
  async itemCart(page, ns, m) {
    if (m.technique !== "itemCart") throw new Error("wrong module");
    const zero = page.locator(`.${ns}-int .${ns}-zero`);
    const sum = page.locator(`.${ns}-int .${ns}-sum`);
    await expect(zero).toBeVisible();
    // Amounts are written the email's way: "$0.00" in English, "0,00 €" in French.
    const lang = (await page.locator("html").getAttribute("lang")) ?? undefined;
    await expect(zero).toHaveText(formatMoney(0, m.currency, lang));
    await expect(sum).toBeHidden();
    expect(await generatedText(page, `${ns}-count`)).toBe("0");
    const twoDigits = (await page.locator(`.${ns}-int .${ns}-minor`).count()) > 0;
    let total = 0;
    let count = 0;
    const toggle = async (i: number) => {
      const label = page.locator(`.${ns}-int .${ns}-item-${i} .${ns}-add-label`);
      const adding = await label.locator(`.${ns}-add-text`).isVisible();
      await label.click();
      total += adding ? m.items[i]!.price : -m.items[i]!.price;
      count += adding ? 1 : -1;
      await expect(label.locator(adding ? `.${ns}-remove-text` : `.${ns}-add-text`)).toBeVisible();
      expect(await generatedText(page, `${ns}-count`)).toBe(String(count));
      if (count > 0) {
        await expect(sum).toBeVisible();
        await expect(zero).toBeHidden();
        // The minor span shows the whole counter, clipped to its last two digits; zero-decimal
        // currencies print it once, after the currency sign.
        if (twoDigits) expect(await generatedText(page, `${ns}-minor`)).toBe(String(total));
        else expect(await generatedText(page, `${ns}-whole`)).toContain(String(total));
      } else {
        await expect(zero).toBeVisible();
        await expect(sum).toBeHidden();
      }
    };
    for (let i = 0; i < m.items.length; i++) await toggle(i);
    await toggle(0);
    await toggle(0);
    expect(total).toBe(m.items.reduce((s, it) => s + it.price, 0));
    if (twoDigits) {
      // What the reader sees: the clipped major part and the last two digits read as one amount.
      const major = await page.locator(`.${ns}-int .${ns}-major`).boundingBox();
      const minor = await page.locator(`.${ns}-int .${ns}-minor`).boundingBox();
      expect(major && minor && minor.x > major.x, "the major and minor parts of the total read left to right").toBeTruthy();
    }
  },
};
