import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { TECHNIQUES, moduleNs } from "../../app/domain/blueprint/schema";
import type { Blueprint } from "../../app/domain/blueprint/schema";
import { LAYOUTS } from "../../app/domain/blueprint/layouts";
import { simulateWebmail } from "../../app/domain/html/webmail-simulation";
import { familyBlueprint } from "../../test/fixtures/blueprints";
import { DRIVERS } from "./drivers";
import { expectNoHorizontalOverflow, htmlOf, openEmail, screenshot } from "./helpers";

// Every layout family with every technique at 600 and 360 px; then, per family, dark mode and the
// two webmail simulations on an email with two modules. One test per family × technique drives
// both widths, so the matrix stays at 28 + 12 browser tests.

/** The technique each family's screenshots show. */
const SHOWCASE = { announcement: "carousel", grid: "itemCart", newsletter: "accordion", letter: "survey" } as const;

async function expectImagesSized(page: Page): Promise<void> {
  const bad = await page.evaluate(() =>
    [...document.images]
      .filter((i) => !i.getAttribute("width") || !i.getAttribute("height") || !i.alt || !(i.naturalWidth > 0))
      .map((i) => i.src),
  );
  expect(bad, "images without width, height, alt or pixels").toEqual([]);
}

for (const layout of LAYOUTS) {
  for (const technique of TECHNIQUES) {
    test(`${layout} layout with ${technique} works at 600 and 360 px`, async ({ page }) => {
      const bp = familyBlueprint(layout, technique);
      const html = htmlOf(bp);
      for (const width of [600, 360]) {
        await openEmail(page, html, width);
        await expect(page.locator("body")).toHaveAttribute("data-kx-layout", layout);
        // As the reader first sees it, before any control is clicked.
        if (technique === SHOWCASE[layout]) await screenshot(page, `layout-${layout}-${width}`);
        for (const [i, m] of bp.interactiveConfig.modules.entries()) {
          const ns = moduleNs(m, i);
          await expect(page.locator(`.${ns}-int`)).toBeVisible();
          await expect(page.locator(`.${ns}-fb`)).toBeHidden();
          await DRIVERS[m.technique](page, ns, m);
        }
        await expectNoHorizontalOverflow(page);
        await expectImagesSized(page);
      }
    });
  }

  const pair: Blueprint = familyBlueprint(layout, "tabs", "itemCart");
  const pairHtml = htmlOf(pair);

  test(`${layout} layout in dark mode: recoloured, logo on a light plate, modules work`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openEmail(page, pairHtml, 600);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(14, 15, 17)");
    expect(await page.locator(".kx-logo-plate").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
    expect(
      await page
        .locator("h1.kx-text")
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe("rgb(241, 242, 244)");
    for (const [i, m] of pair.interactiveConfig.modules.entries()) await DRIVERS[m.technique](page, moduleNs(m, i), m);
    await screenshot(page, `layout-${layout}-600-dark`);
  });

  for (const client of ["gmail", "outlook-com"] as const) {
    test(`${layout} layout as ${client} at 360 px shows every fallback without overflow`, async ({ page }) => {
      await openEmail(page, simulateWebmail(pairHtml, client).html, 360);
      const prefix = client === "outlook-com" ? "x_" : "";
      for (const [i, m] of pair.interactiveConfig.modules.entries()) {
        const ns = moduleNs(m, i);
        await expect(page.locator(`.${prefix}${ns}-fb`)).toBeVisible();
        await expect(page.locator(`.${prefix}${ns}-int`)).toBeHidden();
      }
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `layout-${layout}-360-${client}`);
    });
  }

  test(`${layout} layout with images off still reads: alt text on a tinted box`, async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.route("https://images.kinetic.example/**", (route) => route.abort());
    await page.setContent(pairHtml, { waitUntil: "load" });
    const hero = page.locator("img.kx-img").first();
    await expect(hero).toBeVisible();
    const look = await hero.evaluate((el) => ({
      bg: getComputedStyle(el).backgroundColor,
      font: getComputedStyle(el).fontSize,
      alt: (el as HTMLImageElement).alt,
    }));
    expect(look.alt.length).toBeGreaterThan(3);
    expect(look.bg).not.toBe("rgba(0, 0, 0, 0)");
    expect(look.font).toBe("14px");
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `layout-${layout}-600-images-off`);
  });
}
