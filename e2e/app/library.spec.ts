import { expect, test } from "@playwright/test";
import { TABS_EMAIL } from "../../test/fixtures/library/documents";
import { signIn } from "./helpers";

test("an admin browses the seeded library, adds an auto-tagged email, opens it and deletes it", async ({ page }) => {
  await signIn(page, "/admin/library");
  await expect(page.getByRole("heading", { name: "Library", exact: true })).toBeVisible();

  // The starter library was seeded on first start.
  const rows = page.getByTestId("library-table").locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(40);
  for (const type of ["html", "amp", "blog"]) await expect(rows.locator(".pill", { hasText: type }).first()).toBeVisible();

  // Auto-tag fills the fields from the HTML.
  await page.getByLabel("Email HTML", { exact: true }).fill(TABS_EMAIL);
  await page.getByRole("button", { name: "Auto-tag" }).click();
  await expect(page.getByRole("status")).toContainText("Fields filled from the tagger");
  await expect(page.getByLabel("Technique", { exact: true })).toHaveValue("tabs");
  await expect(page.getByLabel("Description", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("Email HTML", { exact: true })).toHaveValue(TABS_EMAIL);

  await page.getByLabel("Description", { exact: true }).fill("E2E shoe tabs: running, trail and walking");
  await page.getByLabel("Complexity", { exact: true }).selectOption("beginner");
  await page.getByRole("button", { name: "Add to library" }).click();

  await expect(page).toHaveURL(/\/admin\/library\/html-\d{13}-[a-z0-9]{8}$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { name: id })).toBeVisible();
  const meta = page.getByTestId("vector-metadata");
  await expect(meta.getByRole("row", { name: /description/ })).toContainText("E2E shoe tabs");
  await expect(meta.getByRole("row", { name: /technique/ })).toContainText("tabs");
  await expect(page.getByTestId("embedding-text")).toContainText("E2E shoe tabs");
  const frame = page.getByTestId("document-frame");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator("[data-testid=document-frame]").getByText("Light running shoes for the road")).toBeVisible();

  await page.getByRole("link", { name: "← Library" }).click();
  await expect(page.getByRole("heading", { name: "Library", exact: true })).toBeVisible();
  await expect(rows.first()).toContainText("E2E shoe tabs");
  await expect(rows.first()).toContainText("beginner");
  await page.screenshot({ path: "test-results/app-screens/library.png", fullPage: false });

  page.once("dialog", (d) => d.accept());
  await rows
    .first()
    .getByRole("button", { name: /^Delete E2E shoe tabs/ })
    .click();
  await expect(page.getByRole("status")).toContainText(`Deleted ${id}`);
  await expect(page.getByTestId("library-table")).not.toContainText("E2E shoe tabs");
});

test("the starter examples show their pictures, served by the app", async ({ page }) => {
  await signIn(page, "/admin/library");
  await page.getByRole("link", { name: /^Adventure travel newsletter with a four-slide destination carousel/ }).click();
  await expect(page).toHaveURL(/\/admin\/library\/html-/);
  const frame = page.frameLocator("[data-testid=document-frame]");
  await expect(frame.locator("img").first()).toBeVisible();
  const images = await frame.locator("img").evaluateAll((imgs) =>
    imgs.map((i) => ({
      src: i.getAttribute("src"),
      loaded: (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
    })),
  );
  expect(images.length).toBeGreaterThanOrEqual(4);
  for (const img of images) {
    expect(img.src, "an app path").toMatch(/^\/library\/.+\.png$/);
    expect(img.loaded, `${img.src} loads`).toBe(true);
  }
  await page.screenshot({ path: "test-results/app-screens/library-images.png", fullPage: true });
});

test("adding a document without a description marks the field, with JavaScript and without", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, "/admin/library");
    await page.getByLabel("Email HTML", { exact: true }).fill(TABS_EMAIL);
    await page.getByLabel("Key features (comma-separated)").fill("tabs, images");
    const posted = page.waitForResponse((r) => r.request().method() === "POST", { timeout: 5_000 }).catch(() => null);
    await page.getByRole("button", { name: "Add to library" }).click();
    const description = page.getByLabel("Description", { exact: true });
    await expect(description).toHaveAttribute("aria-invalid", "true");
    await expect(description).toHaveAccessibleDescription("Required");
    // With JavaScript the form is checked before it is sent; without, the server answers 400.
    const answer = await posted;
    if (javaScriptEnabled) expect(answer).toBeNull();
    else expect(answer?.status()).toBe(400);
    await expect(page.getByLabel("Key features (comma-separated)")).toHaveValue("tabs, images");
    await expect(page.getByLabel("Email HTML", { exact: true })).toHaveValue(TABS_EMAIL);
    if (!javaScriptEnabled)
      await page.getByRole("group", { name: "Email" }).screenshot({ path: "test-results/app-screens/library-field-error.png" });
    await context.close();
  }
});
