// Where the result of an action appears: after Send test, Refine and Save (feedback, library) the
// result notice has focus (and the URL ends in #vp-result, which scrolls to it without
// JavaScript); "Generate directly" marks the field it refuses; the AMP tab shows a static
// snapshot of the AMP email. Screenshots: artifacts/screenshots/builder-focus-*.png.
import { expect, test, type Page } from "@playwright/test";
import { failOnScriptErrors, hydrated, signIn, signInAsNewUser, visit } from "./helpers";

const SHOTS = "artifacts/screenshots";
const THREE =
  "Autumn menu for Olive & Vine: tabs for Starters, Mains and Desserts, an accordion of allergens and a carousel of the dining room";

async function makeVersion(page: Page, prompt: string): Promise<string> {
  await visit(page, "/builder");
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByLabel(/Use the library/).setChecked(false, { force: true });
  await page.getByLabel(/Also AMP/).setChecked(true, { force: true });
  await page.getByRole("button", { name: "Generate directly" }).click();
  await expect(page).toHaveURL(/\/builder\/v\/[^/?]+/, { timeout: 60_000 });
  // The version's page, drawn (the address changes first) and with its scripts running.
  await expect(page.getByTestId("version-subject")).toBeVisible();
  await hydrated(page);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test.describe("with JavaScript", () => {
  failOnScriptErrors();

  test("Generate directly marks the prompt when it asks for three techniques, before any credit is used", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // A user of its own, so that no other spec's generation moves the balance this test watches.
    await signInAsNewUser(page, "direct");
    const balance = await page.getByTestId("credit-cost").textContent();
    expect(balance).toContain("your balance: 5");
    await page.getByLabel("Prompt").fill(THREE);
    await page.getByRole("button", { name: "Generate directly" }).click();
    const prompt = page.getByLabel("Prompt");
    await expect(prompt).toHaveAttribute("aria-invalid", "true");
    await expect(prompt).toHaveAttribute("aria-describedby", /brief-prompt-error/);
    await expect(page.locator("#brief-prompt-error")).toContainText("At most 2 interactive techniques");
    await expect(page.getByTestId("field-errors")).toBeFocused();
    await expect(page.getByTestId("field-errors")).toContainText("Prompt:");
    await expect(page.getByTestId("generation-progress")).toHaveCount(0);
    await expect(prompt).toHaveValue(THREE);
    await page.screenshot({ path: `${SHOTS}/builder-focus-field-error.png`, fullPage: false });
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("credit-cost")).toHaveText(balance ?? "");
  });

  test("Continue → with an empty prompt is refused in the page: nothing posted, the prompt marked and focused", async ({ page }) => {
    await signIn(page);
    const prompt = page.getByLabel("Prompt");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByRole("button", { name: "Continue →" }).click();
    await expect(prompt).toHaveAttribute("aria-invalid", "true");
    await expect(prompt).toHaveAccessibleDescription(/Describe the email you want/);
    await expect(page.locator("#brief-prompt-error")).toHaveText("Describe the email you want");
    await expect(prompt).toBeFocused();
    expect(posts).toEqual([]);
    // Typed in, the mark goes as soon as the prompt says something.
    await prompt.fill("Spring sale for Bloom & Co");
    await expect(prompt).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an image row is checked in the page on its own row; a blank row before it is dropped", async ({ page }) => {
    await signIn(page);
    await page.getByLabel("Prompt").fill("Spring sale for Bloom & Co: 20% off dresses until May 3");
    await page.getByText("Images and saved sections").click();
    await page.getByLabel("Image 2 name").fill("hero");
    const url = page.locator('[name="images[1].url"]');
    await url.fill("ftp://cdn.example.com/hero.jpg");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByRole("button", { name: "Continue →" }).click();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription("Image url must be http(s) or a path starting with /");
    await expect(url).toBeFocused();
    await expect(page.locator('[name="images[0].url"]')).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
    await url.fill("https://cdn.example.com/hero.jpg");
    await expect(url).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Continue →" }).click();
    await expect(page.getByRole("button", { name: "Write the copy →" })).toBeVisible();
  });

  test("results take focus after Send test, Refine and Save; the AMP tab shows the email's first state", async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await makeVersion(
      page,
      "Summer lookbook for Bloom & Co: a carousel of Dresses ($49), Shoes ($79) and Bags ($59). Shop the lookbook: https://bloom.example/lookbook",
    );

    // Save (feedback)
    await page.getByText("5 Great").click();
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByTestId("feedback-result")).toBeFocused();
    await expect(page).toHaveURL(/#vp-result$/);

    // AMP: the snapshot, sandboxed and labelled, with the body visible and images drawn.
    await page.getByTestId("tab-amp").click();
    const frame = page.getByTestId("amp-frame");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.getByTestId("amp-preview-label")).toContainText("Static preview");
    const amp = page.frameLocator("[data-testid=amp-frame]");
    await expect(amp.locator("body")).toBeVisible();
    // The carousel's first slide shows and the others wait; no AMP element or script is left.
    const slides = amp.locator("[data-kx-technique=carousel] [data-kx-item]");
    expect(await slides.count()).toBeGreaterThan(1);
    await expect(slides.first()).toBeVisible();
    await expect(slides.nth(1)).toBeHidden();
    expect(await amp.locator("amp-img, script, [on]").count()).toBe(0);
    expect(((await amp.locator("body").innerText()) ?? "").length).toBeGreaterThan(100);
    const visibility = await amp.locator("body").evaluate((b) => getComputedStyle(b).visibility);
    expect(visibility).toBe("visible");
    await expect(page.getByTestId("amp-preview-notes")).toContainText("first slide");
    await frame.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/builder-focus-amp-preview.png`, fullPage: true });

    // Send test
    await page.getByTestId("tab-ship").click();
    await page.getByLabel("Recipient").fill("focus-reader@example.com");
    await page.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByTestId("send-result")).toContainText("Test sent to focus-reader@example.com");
    await expect(page.getByTestId("send-result")).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/builder-focus-send.png` });

    // Save to the library (admins): the notice names the email, not a document id.
    const subject = (await page.getByTestId("version-subject").textContent())?.trim() ?? "";
    await page.getByTestId("save-to-library").click();
    // A blank description is refused (400) and marked on the field; the tagger's other fields stay.
    const description = page.getByLabel("Description");
    const tagged = await description.inputValue();
    const technique = await page.getByLabel("Technique").inputValue();
    await description.fill("  ");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByTestId("library-submit").click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(description).toHaveAttribute("aria-invalid", "true");
    await expect(description).toHaveAccessibleDescription(/Required/);
    await expect(page.getByLabel("Technique")).toHaveValue(technique);
    await description.fill(tagged);
    await page.getByTestId("library-submit").click();
    await expect(page.getByTestId("library-result")).toBeFocused({ timeout: 30_000 });
    await expect(page.getByTestId("library-result")).toContainText(`Saved “${subject}” to the library`);
    await expect(page.getByTestId("library-result")).not.toContainText(/[a-z]+-\d+-[A-Za-z0-9]+/);

    // Refine
    await page.getByTestId("tab-refine").click();
    await page.getByLabel("What should change?").fill("make the button green");
    await page.getByRole("button", { name: "Apply changes" }).click();
    await expect(page.getByTestId("refine-result")).toContainText("Changes applied");
    await expect(page.getByTestId("refine-result")).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/builder-focus-refine.png` });
  });
});

test("without JavaScript: Continue → with an empty prompt answers 400 and marks the prompt", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  const prompt = page.getByLabel("Prompt");
  await prompt.evaluate((el) => el.removeAttribute("required"));
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Continue →" }).click(),
  ]);
  expect(answer.status()).toBe(400);
  await expect(prompt).toHaveAttribute("aria-invalid", "true");
  await expect(prompt).toHaveAccessibleDescription(/Describe the email you want/);
  await expect(page.locator("#brief-prompt-error")).toHaveText("Describe the email you want");
  await context.close();
});

test("without JavaScript: the field error and the #vp-result anchor", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  await page.getByLabel("Prompt").fill(THREE);
  await page.getByRole("button", { name: "Generate directly" }).click();
  await expect(page.getByLabel("Prompt")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#brief-prompt-error")).toContainText("At most 2 interactive techniques");

  await page.getByLabel("Prompt").fill("Spring sale for Bloom & Co: tabs for Dresses ($49) and Shoes ($79), 20% off until May 3");
  await page.getByRole("button", { name: "Generate directly" }).click();
  await expect(page).toHaveURL(/\/builder\/v\/[^/?]+$/, { timeout: 60_000 });
  await page.goto(`${page.url()}?panel=ship`);
  await page.getByLabel("Recipient").fill("nojs-reader@example.com");
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page).toHaveURL(/#vp-result$/);
  await expect(page.locator("#vp-result")).toContainText("Test sent to nojs-reader@example.com");
  await expect(page.locator("#vp-result")).toBeInViewport();
  await context.close();
});
