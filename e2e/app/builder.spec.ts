import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

const PROMPT = "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off with code BLOOM20 until May 3";
const shots = "artifacts/screenshots";

// Playwright emulates `prefers-color-scheme: light` in every frame by default, which would hide
// what the dark mode toggle does (the iframe's `color-scheme: dark` sets its document's preference).
test.use({ colorScheme: null });

test("brief → edited copy → streamed progress → preview, Gmail, dark mode → history", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Builder", exact: true })).toBeVisible();
  await expect(page.getByTestId("credit-cost")).toContainText(/costs 1 credit · your balance: \d+/);

  await page.getByLabel("Prompt").fill(PROMPT);
  await page.getByLabel("Tabs", { exact: true }).check();
  await page.getByLabel(/^Bold/).check();
  await page.getByLabel("Primary (buttons)").fill("#0f5132");
  await expect(page.getByLabel("Use my brand colours (instead of the style's palette)")).toBeChecked();
  await page.screenshot({ path: `${shots}/builder-brief-1280.png`, fullPage: true });

  await page.getByRole("button", { name: "Continue →" }).click();
  await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
  await expect(page.getByLabel("Brand")).toHaveValue("Bloom & Co");
  await page.getByRole("button", { name: "Write the copy →" }).click();
  await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
  await expect(page.getByLabel("Subject")).not.toHaveValue("");
  await page.getByLabel("Subject").fill("E2E subject, edited by hand");
  await page.getByLabel("Section 1 headline").fill("A headline written in the copy step");
  await page.screenshot({ path: `${shots}/builder-copy-1280.png`, fullPage: true });

  // Record every stage the progress list ticks off (the page navigates as soon as the email is saved).
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __stages: string[] }).__stages = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-stage][data-status=done]")) {
        if (!seen.includes(el.dataset.stage!)) seen.push(el.dataset.stage!);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole("button", { name: "Accept copy and generate" }).click();
  await expect(page.getByTestId("generation-progress")).toBeVisible();
  await page.screenshot({ path: `${shots}/builder-progress-1280.png` });
  await expect(page).toHaveURL(/\/builder\/v\/[0-9a-f-]{36}$/);
  const stages = await page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
  expect(stages).toEqual(expect.arrayContaining(["copy", "blueprint", "credits", "techniques", "retrieval", "code", "autofix", "qa"]));
  const versionUrl = page.url();

  // Preview: sandboxed frames at 600 and 360 px with the edited words inside.
  await expect(page.getByTestId("version-subject")).toHaveText("E2E subject, edited by hand");
  const desktop = page.getByTestId("preview-desktop");
  const mobile = page.getByTestId("preview-mobile");
  for (const frame of [desktop, mobile]) {
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(frame).not.toHaveAttribute("sandbox", /allow-/);
  }
  await expect(desktop).toHaveAttribute("width", "600");
  await expect(mobile).toHaveAttribute("width", "360");
  expect((await desktop.boundingBox())!.width).toBeGreaterThanOrEqual(600);
  expect(Math.round((await mobile.boundingBox())!.width)).toBeLessThanOrEqual(380);
  const inDesktop = page.frameLocator("[data-testid=preview-desktop]");
  await expect(inDesktop.getByText("A headline written in the copy step")).toBeVisible();
  await expect(page.frameLocator("[data-testid=preview-mobile]").getByText("A headline written in the copy step")).toBeVisible();
  expect(await inDesktop.locator("title").textContent()).toBe("E2E subject, edited by hand");
  // Interactive: only the first tab's panel shows.
  await expect(inDesktop.getByText("$79", { exact: true }).filter({ visible: true })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/builder-version-1280.png`, fullPage: false });

  // As Gmail: the static fallback shows every item, with the explanation and the changes.
  await page.getByRole("link", { name: /As Gmail/ }).click();
  await expect(page).toHaveURL(/view=gmail/);
  await expect(page.getByTestId("simulation-explains")).toContainText("Gmail drops every CSS rule that uses :checked");
  await expect(page.getByTestId("simulation-explains")).toContainText(/Removed \d+ CSS rules? using :checked/);
  await expect(inDesktop.getByText("$79", { exact: true }).filter({ visible: true })).toHaveCount(1);
  await page.screenshot({ path: `${shots}/builder-gmail-1280.png`, fullPage: false });

  // Dark mode: the frame's colour scheme turns dark and the email's dark @media applies.
  const surface = inDesktop.locator(".kx-surface").first();
  const lightBg = await surface.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole("switch", { name: /Dark mode/ }).click();
  await expect(page).toHaveURL(/dark=1/);
  await expect(desktop).toHaveCSS("color-scheme", "dark");
  await expect.poll(() => surface.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(lightBg);
  await page.getByRole("link", { name: /Interactive/ }).click();
  await expect(page).toHaveURL(/\?dark=1$/);
  await page.screenshot({ path: `${shots}/builder-dark-1280.png`, fullPage: false });

  // History lists the version and reopens it.
  await page.getByRole("main").getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/builder\/history$/);
  const item = page.getByTestId("history-list").getByRole("listitem").filter({ hasText: "E2E subject, edited by hand" }).first();
  await expect(item).toContainText("Generated");
  await page.screenshot({ path: `${shots}/builder-history-1280.png`, fullPage: true });
  await item.getByRole("link", { name: "E2E subject, edited by hand" }).click();
  await expect(page).toHaveURL(versionUrl);

  // At 390 px wide the page still reads: frames stacked.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(desktop).toBeVisible();
  await page.screenshot({ path: `${shots}/builder-version-390.png`, fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("brief → generate directly → preview", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    // A missing prompt is refused next to the field (the browser's own check is bypassed here).
    await page.getByLabel("Prompt").evaluate((el) => el.removeAttribute("required"));
    await page.getByRole("button", { name: "Generate directly" }).click();
    await expect(page.locator("#brief-prompt-error")).toHaveText("Describe the email you want");
    await page.screenshot({ path: `${shots}/builder-nojs-error-390.png`, fullPage: true });

    await page.getByLabel("Prompt").fill("Welcome email for Lumen Yoga with an accordion FAQ: classes, pricing and what to bring");
    await page.getByRole("button", { name: "Generate directly" }).click();
    await expect(page).toHaveURL(/\/builder\/v\/[0-9a-f-]{36}$/);
    const frame = page.getByTestId("preview-mobile");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.frameLocator("[data-testid=preview-mobile]").getByText("Lumen Yoga").first()).toBeVisible();
    await page.screenshot({ path: `${shots}/builder-nojs-version-390.png`, fullPage: true });

    // The client views are plain links: they work without JavaScript too.
    await page.getByRole("link", { name: /As Outlook\.com/ }).click();
    await expect(page).toHaveURL(/view=outlook-com/);
    await expect(page.getByTestId("simulation-explains")).toContainText("Outlook.com renames every class");
  });
});
