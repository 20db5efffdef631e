// Refine understands content edits, all or nothing (docs/refine.md): a price changed in the refine
// panel shows in the preview; a request with an instruction not understood shows each problem,
// makes no version and leaves the balance as it was. A user of its own, so no other spec moves
// the balance this test watches. Screenshots: artifacts/screenshots/refine-content-*.png.
import { expect, test, type Page } from "@playwright/test";
import { failOnScriptErrors, signInAsNewUser, visit } from "./helpers";

const SHOTS = "artifacts/screenshots";
const PROMPT = "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off until May 3";

failOnScriptErrors();

async function balance(page: Page): Promise<string> {
  await visit(page, "/builder");
  const text = (await page.getByTestId("credit-cost").textContent()) ?? "";
  return /your balance: (\d+)/.exec(text)?.[1] ?? "";
}

test("a price refined in the panel shows in the preview; an instruction not understood changes and charges nothing", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A user of its own, so that no other spec's generation moves the balance this test watches.
  await signInAsNewUser(page, "refiner");

  await page.getByLabel("Prompt").fill(PROMPT);
  await page.getByLabel(/Use the library/).setChecked(false, { force: true });
  await page.getByRole("button", { name: "Generate directly" }).click();
  await expect(page).toHaveURL(/\/builder\/v\/[^/?]+/, { timeout: 60_000 });
  await expect(page.getByTestId("version-subject")).toBeVisible();
  const firstId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.frameLocator("[data-testid=preview-desktop]").getByText("$79").first()).toBeAttached();

  await page.getByTestId("tab-refine").click();
  await page.getByLabel("What should change?").fill("change the price of Shoes to $89");
  await page.getByRole("button", { name: "Apply changes" }).click();
  await expect(page.getByTestId("refine-result")).toContainText("Changes applied");
  const refinedId = new URL(page.url()).pathname.split("/").pop()!;
  expect(refinedId).not.toBe(firstId);
  await expect(page.getByTestId("refine-applied")).toContainText("$89");
  const preview = page.frameLocator("[data-testid=preview-desktop]");
  await expect(preview.getByText("$89").first()).toBeAttached();
  await expect(preview.getByText("$79")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/refine-content-price.png`, fullPage: true });

  const before = await balance(page);
  await visit(page, `/builder/v/${refinedId}?panel=refine`);
  await page.getByLabel("What should change?").fill("make it pop\nremove the Hats");
  await page.getByRole("button", { name: "Apply changes" }).click();
  const problems = page.getByTestId("refine-problems");
  await expect(problems).toContainText("I did not understand “make it pop”");
  await expect(problems).toContainText("There is no item “Hats”");
  await expect(page.getByTestId("refine-result")).toContainText("no credit was used");
  await expect(page.getByLabel("What should change?")).toHaveValue("make it pop\nremove the Hats");
  expect(new URL(page.url()).pathname).toBe(`/builder/v/${refinedId}`);
  await page.screenshot({ path: `${SHOTS}/refine-content-refused.png`, fullPage: false });
  expect(await balance(page)).toBe(before);
});
