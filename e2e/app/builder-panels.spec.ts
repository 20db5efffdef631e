// The panels under a builder version: QA, refine with before/after and undo, AMP, a test send that
// reaches the admin outbox, the two downloads and feedback; screenshots at 1280 and 390 px.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, signIn, visit } from "./helpers";

const SHOTS = "artifacts/screenshots";

/** A version made through the builder page (brief → generate directly), with AMP. */
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

test("a version's panels: QA, refine and undo, AMP, test send, downloads, feedback", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const firstId = await makeVersion(
    page,
    "Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off until May 3. Shop the sale: https://bloom.example/sale",
  );

  // QA: the score and the 28 checks in their groups.
  const panels = page.getByTestId("version-panels");
  await expect(panels.getByTestId("panel-qa")).toBeVisible();
  await expect(panels.getByTestId("panel-qa-score")).toContainText(/\d+\s*\/ 100/);
  await expect(panels.locator("[data-testid^=qa-check-]")).toHaveCount(28);
  await expect(panels.getByTestId("qa-group-interactivity")).toContainText("passed");
  await expect(panels.getByTestId("qa-check-doctype")).toContainText("Passed:");
  await panels.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/builder-panels-qa-1280.png`, fullPage: true });

  // Feedback, stored where the admin feedback page reads it.
  const comment = `Panels e2e ${Date.now()}`;
  await panels.getByText("4 Good").click();
  await panels.getByLabel("Comment (optional)").fill(comment);
  await panels.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByTestId("feedback-result")).toContainText("saved");

  // Refine: a new version whose parent is the first, with the before/after of the text.
  await page.getByTestId("tab-refine").click();
  await expect(page.getByTestId("panel-refine")).toBeVisible();
  await page.getByLabel("What should change?").fill('make the button green\nchange the headline to "Spring starts now"');
  await page.getByRole("button", { name: "Apply changes" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/builder/v/${firstId}\\?`));
  await expect(page.getByTestId("refine-result")).toContainText("Changes applied");
  const refinedId = new URL(page.url()).pathname.split("/").pop()!;
  expect(refinedId).not.toBe(firstId);
  await expect(page.getByTestId("refine-applied")).toContainText(/button/i);
  await expect(page.getByTestId("before-after")).toBeVisible();
  await expect(page.getByTestId("diff-added").first()).toContainText("Spring starts now");
  await expect(page.getByTestId("diff-removed").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-panels-refine-1280.png`, fullPage: true });

  // Undo: one more version, a copy of the first.
  await page.getByTestId("undo").click();
  await expect(page.getByTestId("refine-result")).toContainText("Undone");
  const restoredId = new URL(page.url()).pathname.split("/").pop()!;
  expect([firstId, refinedId]).not.toContain(restoredId);
  await expect(page.getByTestId("diff-removed").first()).toContainText("Spring starts now");

  // AMP: the restored version carries the first one's AMP and its validation.
  await page.getByTestId("tab-amp").click();
  await expect(page.getByTestId("amp-status")).toContainText(/Valid AMP4EMAIL|Not valid AMP4EMAIL/);
  await expect(page.getByTestId("amp-status")).toContainText("validator");
  await expect(page.getByTestId("amp-frame")).toHaveAttribute("sandbox", "");
  await page.screenshot({ path: `${SHOTS}/builder-panels-amp-1280.png`, fullPage: true });

  // Ship: a test send that shows up in the outbox.
  await page.getByTestId("tab-ship").click();
  await page.getByLabel("Recipient").fill("panel-reader@example.com");
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("send-result")).toContainText("Test sent to panel-reader@example.com");
  const outboxHref = await page.getByTestId("send-result").getByRole("link", { name: "See it in the outbox" }).getAttribute("href");
  const sendId = outboxHref!.split("/").pop()!;
  await page.screenshot({ path: `${SHOTS}/builder-panels-ship-1280.png`, fullPage: true });

  // Downloads: attachments that can never run in the app's origin.
  const html = await page.request.get((await page.getByTestId("download-html").getAttribute("href")) as string);
  expect(html.status()).toBe(200);
  expect(html.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.html"$/);
  expect(html.headers()["content-security-policy"]).toBe("sandbox");
  expect(html.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await html.text()).toMatch(/^<!DOCTYPE html>/i);
  const eml = await page.request.get((await page.getByTestId("download-eml").getAttribute("href")) as string);
  expect(eml.headers()["content-type"]).toBe("message/rfc822");
  expect(eml.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.eml"$/);
  expect(eml.headers()["content-security-policy"]).toBe("sandbox");
  expect(eml.headers()["x-content-type-options"]).toBe("nosniff");
  const raw = await eml.text();
  expect(raw).toContain("Content-Type: multipart/alternative");
  expect(raw).toContain("text/x-amp-html");
  expect(raw).toMatch(new RegExp(`^X-Kinetic-Version-Id: ${restoredId}\r?$`, "im"));

  // At a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/builder/v/${restoredId}?panel=qa`);
  await expect(page.getByTestId("panel-qa-score")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-panels-qa-390.png`, fullPage: true });
  await visit(page, `/builder/v/${refinedId}?panel=refine`);
  await expect(page.getByTestId("text-diff")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-panels-refine-390.png`, fullPage: true });
  await visit(page, `/builder/v/${restoredId}?panel=ship`);
  await expect(page.getByLabel("Recipient")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-panels-ship-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The send in the admin outbox, and the feedback on the admin page.
  await visit(page, "/admin/outbox");
  await expect(page.getByTestId(`send-${sendId}`)).toContainText("panel-reader@example.com");
  await visit(page, "/admin/feedback");
  await expect(page.getByText(comment)).toBeVisible();
});

test("the panels work without JavaScript: tabs are links and a refine that applies nothing says so", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  const id = await makeVersion(page, "Autumn newsletter for Fern Books: accordion with Fiction, Poetry and Essays");
  await page.getByTestId("tab-refine").click();
  await expect(page).toHaveURL(/panel=refine/);
  await page.getByLabel("What should change?").fill("frobnicate the widget");
  await page.getByRole("button", { name: "Apply changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/builder/v/${id}\\?panel=refine&refine=none`));
  await expect(page.getByTestId("refine-result")).toContainText("Nothing was changed and no credit was used");
  await expect(page.getByLabel("What should change?")).toHaveValue("frobnicate the widget");
  await page.getByTestId("tab-ship").click();
  await page.getByText("Show the HTML source").click();
  await expect(page.getByLabel(/HTML source/)).toHaveValue(/^<!DOCTYPE html>/i);
  await context.close();
});
