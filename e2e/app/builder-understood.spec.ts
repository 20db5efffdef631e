// "What Kinetic understood": the prompt read into a brief the user checks and corrects before the
// copy is written from it — with JavaScript and without.
import { expect, test, type Page } from "@playwright/test";
import { failOnScriptErrors, signIn } from "./helpers";

const PROMPT =
  "Holiday sale for Northwind Coffee: Ethiopia Yirgacheffe ($18) and Colombia Huila ($16). Free shipping over $50 until Dec 20, and 15% off with code JOY15. Shop at https://northwind.example/shop";
const shots = "artifacts/screenshots";

/** Every value the copy step's fields hold, as one text. */
async function copyText(page: Page): Promise<string> {
  return (
    await page.locator("form input:not([type=hidden]), form textarea").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
  ).join("\n");
}

/** The prompt → the understood form showing what was read, with the places it was read marked. */
async function readThePrompt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page);
  await page.getByLabel("Prompt").fill(PROMPT);
  await page.getByRole("button", { name: "Continue →" }).click();
  await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Builder steps" }).locator("[aria-current=step]")).toContainText("Check");

  await expect(page.getByLabel("Brand")).toHaveValue("Northwind Coffee");
  await expect(page.locator("#bld-u-items-0-name")).toHaveValue("Ethiopia Yirgacheffe");
  await expect(page.locator("#bld-u-items-0-price")).toHaveValue("$18");
  await expect(page.locator("#bld-u-items-1-name")).toHaveValue("Colombia Huila");
  await expect(page.locator("#bld-u-items-1-price")).toHaveValue("$16");
  await expect(page.locator("#bld-u-offers-0-text")).toHaveValue("Free shipping");
  await expect(page.locator("#bld-u-offers-0-threshold")).toHaveValue("over $50");
  await expect(page.locator("#bld-u-offers-0-deadline")).toHaveValue("Dec 20");
  await expect(page.locator("#bld-u-offers-1-text")).toHaveValue("15% off");
  await expect(page.locator("#bld-u-offers-1-code")).toHaveValue("JOY15");
  await expect(page.locator("#bld-u-links-0")).toHaveValue("https://northwind.example/shop");

  // Every value read is a highlight of the prompt named by the field it filled; the field says it was read there.
  const marks = page.getByTestId("prompt-read").locator("mark");
  for (const words of [
    "Northwind Coffee",
    "Ethiopia Yirgacheffe",
    "$18",
    "$16",
    "Free shipping",
    "over $50",
    "Dec 20",
    "15% off",
    "JOY15",
    "https://northwind.example/shop",
  ])
    await expect(marks.filter({ hasText: words }).first()).toBeVisible();
  await expect(marks.filter({ hasText: "Northwind Coffee" }).locator(".bld-mark-tag")).toHaveText(/^Brand/);
  await expect(marks.filter({ hasText: "$16" }).locator(".bld-mark-tag")).toHaveText(/^Item 2 · price/);
  await expect(page.locator("label[for=bld-u-brand]")).toContainText("(in your prompt)");
  await expect(page.locator("#bld-u-brand")).toHaveClass(/bld-u-read/);
  await page.screenshot({ path: `${shots}/builder-understood-${width}.png`, fullPage: true });
  await page.screenshot({ path: `${shots}/builder-understood-${width}-top.png` });
}

/** Fix the brand, add an item, remove the second offer, change the first offer's deadline. */
async function correct(page: Page) {
  await page.getByLabel("Brand").fill("Northwind Roasters");
  await page.getByRole("button", { name: "+ Add an item" }).click();
  await expect(page.locator("#bld-u-items-2-name")).toBeVisible();
  // The add posted the form: the brand typed before it is kept, now as the user's own.
  await expect(page.getByLabel(/^Brand/)).toHaveValue("Northwind Roasters");
  await page.locator("#bld-u-items-2-name").fill("Kenya AA");
  await page.locator("#bld-u-items-2-price").fill("$21");
  await page.getByRole("button", { name: "Remove offer 2" }).click();
  await expect(page.locator("#bld-u-offers-1-text")).toHaveCount(0);
  await expect(page.locator("#bld-u-items-2-name")).toHaveValue("Kenya AA");
  await page.locator("#bld-u-offers-0-deadline").fill("until Dec 24");
}

async function expectCopyFromTheCorrectedBrief(page: Page) {
  await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
  const text = await copyText(page);
  expect(text).toContain("Northwind Roasters");
  expect(text).toContain("Kenya AA");
  expect(text).not.toContain("Northwind Coffee");
  expect(text).not.toContain("JOY15");
  expect(text).not.toContain("15%");
}

test.describe("with JavaScript", () => {
  failOnScriptErrors();

  test("read → correct → the copy is written from the corrected brief → back keeps the edits", async ({ page }) => {
    await readThePrompt(page, 1280);
    // Focusing a field lights up the words it was read from.
    await page.locator("#bld-u-items-0-price").focus();
    await expect(page.getByTestId("prompt-read").locator("mark.bld-mark-on")).toHaveText(/\$18$/);
    await correct(page);
    await page.screenshot({ path: `${shots}/builder-understood-edited-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expectCopyFromTheCorrectedBrief(page);

    await page.getByRole("button", { name: "← Back to what Kinetic understood" }).click();
    await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
    await expect(page.getByLabel(/^Brand/)).toHaveValue("Northwind Roasters");
    await expect(page.locator("#bld-u-items-2-name")).toHaveValue("Kenya AA");
    await expect(page.locator("#bld-u-offers-0-deadline")).toHaveValue("until Dec 24");
    await expect(page.locator("#bld-u-offers-1-text")).toHaveCount(0);
  });

  test("a newsletter with nothing to say: the form asks, and the copy waits for an answer", async ({ page }) => {
    await signIn(page);
    await page.getByLabel("Prompt").fill("Monthly newsletter for Lumen Yoga");
    await page.getByRole("button", { name: "Continue →" }).click();
    await expect(page.getByTestId("understood-ask")).toHaveText("What should this email say? Add a sentence to the reader, or an item");
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByTestId("field-errors")).toContainText("What should this email say?");
    await expect(page.getByRole("heading", { name: "Review the copy" })).toHaveCount(0);
    await page.getByRole("button", { name: "+ Add a sentence" }).click();
    await page.locator("#bld-u-message-0").fill("The studio reopens on Monday with evening classes.");
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("read → correct → the copy is written from the corrected brief", async ({ page }) => {
    await readThePrompt(page, 360);
    await correct(page);
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expectCopyFromTheCorrectedBrief(page);
  });

  test("a newsletter with nothing to say is refused until it says something; a question needs its options", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page);
    await page.getByLabel("Prompt").fill("Monthly newsletter for Lumen Yoga");
    await page.getByRole("button", { name: "Continue →" }).click();
    await expect(page.getByTestId("understood-ask")).toHaveText("What should this email say? Add a sentence to the reader, or an item");
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/builder"));
    await page.getByRole("button", { name: "Write the copy →" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.locator("#err-u-message")).toHaveText("What should this email say? Add a sentence to the reader, or an item");
    await page.screenshot({ path: `${shots}/builder-understood-ask-360.png`, fullPage: true });

    await page.getByRole("button", { name: "+ Add a question" }).click();
    await page.locator("#bld-u-questions-0-text").fill("Which class should we add?");
    await page.locator("#bld-u-questions-0-options-0").fill("");
    await page.locator("#bld-u-questions-0-options-1").fill("");
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.locator("#err-u-questions-0-options")).toHaveText("Add the answers to choose from, one per row");
    await page.locator("#bld-u-questions-0-options-0").fill("Yin");
    await page.locator("#bld-u-questions-0-options-1").fill("Vinyasa");
    await page.getByRole("button", { name: "Add an option" }).click();
    await page.locator("#bld-u-questions-0-options-2").fill("Pilates");
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
  });
});

test.describe("the email's language", () => {
  test.use({ javaScriptEnabled: false });

  test("Français picked in the Check step: the copy is written with the French phrases", async ({ page }) => {
    await readThePrompt(page, 1280);
    const language = page.getByLabel("Language");
    await expect(language).toHaveValue("en");
    await language.selectOption({ label: "Français" });
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
    // The frame's phrases (app/engines/copy/wording/fr.ts); the prompt's own words stay as written.
    const text = await copyText(page);
    expect(text).toContain("Voir la sélection");
    expect(text).toContain("Merci de votre lecture");
    expect(text).not.toContain("See the selection");
    expect(text).toContain("Ethiopia Yirgacheffe");

    await page.getByRole("button", { name: "← Back to what Kinetic understood" }).click();
    await expect(page.getByLabel("Language")).toHaveValue("fr");
  });
});
