import { expect, test } from "@playwright/test";
import { TECHNIQUES } from "../../app/domain/blueprint/schema";
import type { Blueprint, Technique } from "../../app/domain/blueprint/schema";
import { moduleNs } from "../../app/domain/blueprint/schema";
import { sampleBlueprint } from "../../test/fixtures/blueprints";
import { DRIVERS } from "./drivers";
import { simulateWebmail } from "../../app/domain/html/webmail-simulation";
import { expectNoHorizontalOverflow, htmlOf, openEmail, screenshot } from "./helpers";

const WIDTHS = [600, 360] as const;
const CASES: Array<{ name: string; first: Technique; second?: Technique }> = [
  ...TECHNIQUES.map((t) => ({ name: t, first: t })),
  { name: "tabs+itemCart", first: "tabs", second: "itemCart" },
  { name: "carousel+quiz", first: "carousel", second: "quiz" },
];

for (const c of CASES) {
  const bp = sampleBlueprint(c.first, c.second);
  const html = htmlOf(bp);
  for (const width of WIDTHS) {
    test.describe(`${c.name} at ${width}px`, () => {
      test("every control changes what the reader sees", async ({ page }) => {
        await openEmail(page, html, width);
        for (const [i, m] of bp.interactiveConfig.modules.entries()) {
          const ns = moduleNs(m, i);
          await expect(page.locator(`.${ns}-int`)).toBeVisible();
          await expect(page.locator(`.${ns}-fb`)).toBeHidden();
          await DRIVERS[m.technique](page, ns, m);
        }
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `${c.name}-${width}`);
      });

      // The same transforms the builder's preview shows (app/domain/html/webmail-simulation.ts).
      test("in Gmail (no :checked, body wrapped) the fallback shows and the interactive block hides", async ({ page }) => {
        const gmail = simulateWebmail(html, "gmail");
        expect(gmail.changes[0]).toMatch(/^Removed \d+ CSS rules? using :checked$/);
        await openEmail(page, gmail.html, width);
        await expect(page.locator("u + div.body")).toHaveCount(1);
        for (const [i, m] of bp.interactiveConfig.modules.entries()) {
          const ns = moduleNs(m, i);
          await expect(page.locator(`.${ns}-fb`)).toBeVisible();
          await expect(page.locator(`.${ns}-int`)).toBeHidden();
        }
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `${c.name}-${width}-gmail`);
      });

      test("in Outlook.com (classes renamed x_…) the fallback shows and the interactive block hides", async ({ page }) => {
        await openEmail(page, simulateWebmail(html, "outlook-com").html, width);
        for (const [i, m] of bp.interactiveConfig.modules.entries()) {
          const ns = moduleNs(m, i);
          await expect(page.locator(`.x_${ns}-fb`)).toBeVisible();
          await expect(page.locator(`.x_${ns}-int`)).toBeHidden();
        }
        await expectNoHorizontalOverflow(page);
        await screenshot(page, `${c.name}-${width}-outlook-com`);
      });
    });
  }
}

// A survey as generation writes it: options that are answer links, an NPS question (one row of
// eleven links) and a question whose options keep their own urls.
function answerSurvey(): Blueprint {
  const bp = sampleBlueprint("survey");
  const m = bp.interactiveConfig.modules[0]!;
  if (m.technique !== "survey") throw new Error("survey");
  m.questions = [
    { question: "How was your visit?", options: [{ label: "Great" }, { label: "Okay" }, { label: "Not good" }] },
    { question: "How likely are you to recommend us to a friend?", options: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })) },
    m.questions[1]!,
  ];
  return bp;
}

for (const width of WIDTHS) {
  test(`a survey of answer links with an NPS question steps through every question at ${width}px`, async ({ page }) => {
    const bp = answerSurvey();
    const html = htmlOf(bp);
    await openEmail(page, html, width);
    await screenshot(page, `survey-nps-${width}-step1`);
    await page.locator(`label[for="k1-q0-next"]`).click();
    await expect(page.locator(".k1-int .k1-step-1 .kx-nps a")).toHaveCount(11);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `survey-nps-${width}-step2`);
    await openEmail(page, html, width);
    await DRIVERS.survey(page, "k1", bp.interactiveConfig.modules[0]!);
    await expectNoHorizontalOverflow(page);
    await openEmail(page, simulateWebmail(html, "gmail").html, width);
    await expect(page.locator(".k1-fb")).toBeVisible();
    await expect(page.locator(".k1-fb a[href^='{{ANSWER_URL:']")).toHaveCount(3 + 11);
  });
}

for (const [first, second] of [["accordion"], ["tabs", "itemCart"]] as Array<[Technique, Technique?]>) {
  const name = second ? `${first}+${second}` : first;
  test(`dark mode recolours a light design and keeps ${name} working`, async ({ page }) => {
    const bp = sampleBlueprint(first, second);
    await page.emulateMedia({ colorScheme: "dark" });
    await openEmail(page, htmlOf(bp), 600);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(14, 15, 17)");
    const heading = page.locator("h1.kx-text").first();
    expect(await heading.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(241, 242, 244)");
    for (const [i, m] of bp.interactiveConfig.modules.entries()) await DRIVERS[m.technique](page, moduleNs(m, i), m);
    await screenshot(page, `${name}-600-dark`);
  });
}
