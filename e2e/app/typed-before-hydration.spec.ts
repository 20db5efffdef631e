// What a person types or picks before a page's scripts have run is kept (docs/conventions.md,
// "Typed before the page has hydrated"). Each test opens a page with its scripts held back and the
// CPU slowed, fills its fields while the page is not yet hydrated (checked), lets the scripts go,
// and checks that after hydration every value is still there and the page acts on it.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { failOnScriptErrors, hydrated, signIn, signInAsNewUser } from "./helpers";

failOnScriptErrors();

/**
 * Opens `path` as a slow device would: the CPU 4× slower, and the page's scripts (Vite's assets)
 * held back until `release` is called, so whatever is typed meanwhile is typed before hydration.
 * Waits for `ready`, a part of the page a person would see before typing.
 */
async function openBeforeScripts(page: Page, path: string, ready: (page: Page) => Locator) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not until "load": the page's module scripts are part of it, and they are held.
  await page.goto(path, { waitUntil: "commit" });
  await expect(ready(page)).toBeVisible();
  return {
    /** Lets the scripts load and waits until the page has hydrated. */
    async release() {
      await expect(page.locator("html[data-hydrated]"), "typed before the page hydrated").toHaveCount(0);
      letGo();
      await hydrated(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    },
  };
}

test("the add-a-user form keeps an address and a password typed before hydration, and checks them as typed", async ({ page }) => {
  await signIn(page, "/admin");
  const held = await openBeforeScripts(page, "/admin", (p) => p.getByRole("heading", { name: "Add a user" }));
  const email = `early-${Date.now()}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await held.release();

  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("short");
  let posts = 0;
  page.on("request", (r) => void (r.method() === "POST" && posts++));
  await page.getByRole("button", { name: "Create user" }).click();
  // The page's own check, of the password that was typed (an empty one would be "Enter a password").
  await expect(page.locator("#new-user-password-error")).toHaveText("Password must be at least 8 characters");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  expect(posts).toBe(0);
});

test("a saved brand field edited before hydration keeps the edit, and Save stores it", async ({ page }) => {
  // A user of its own: other specs edit the admin's profile.
  await signInAsNewUser(page, "early-brand");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brand" }).click();
  await expect(page.getByRole("heading", { name: "Brand and sender" })).toBeVisible();
  await page.getByLabel("Sender name").fill("Fern & Finch");
  await page.getByLabel(/^Postal address/).fill("Fern & Finch\n1 Old Road");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");

  // The server fills the field with what was saved; the edit replaces that text.
  const held = await openBeforeScripts(page, "/brand", (p) => p.getByRole("heading", { name: "Brand and sender" }));
  const address = page.getByLabel(/^Postal address/);
  await expect(address).toHaveValue("Fern & Finch\n1 Old Road");
  await address.fill("Fern & Finch\n2 New Street\nYork YO1 7HH");
  await held.release();

  await expect(address).toHaveValue("Fern & Finch\n2 New Street\nYork YO1 7HH");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await page.reload();
  await expect(page.getByLabel(/^Postal address/)).toHaveValue("Fern & Finch\n2 New Street\nYork YO1 7HH");
});

test("the eval start form keeps a set and a limit chosen before hydration, and its cost line follows them", async ({ page }) => {
  await signIn(page, "/admin/evals");
  const held = await openBeforeScripts(page, "/admin/evals", (p) => p.getByRole("heading", { name: "Start a run" }));
  const form = page.getByRole("region", { name: "Start a run" });
  const set = form.getByLabel("Prompt set");
  const first = await set.inputValue();
  const other = (await set.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).find(
    (v) => v !== first,
  )!;
  await set.selectOption(other);
  await form.getByLabel("Prompts to run").fill("3");
  await held.release();

  await expect(set).toHaveValue(other);
  await expect(form.getByLabel("Prompts to run")).toHaveValue("3");
  await expect(form.getByTestId("run-cost")).toContainText("3 generations · costs 3 credits");
  // And it goes on following them.
  await form.getByLabel("Prompts to run").fill("2");
  await expect(form.getByTestId("run-cost")).toContainText("2 generations · costs 2 credits");
});

test("the brief's technique count and the library's document type follow what was picked before hydration", async ({ page }) => {
  await signIn(page);
  const brief = await openBeforeScripts(page, "/builder", (p) => p.getByRole("heading", { name: "Builder", exact: true }));
  await page.getByLabel("Tabs", { exact: true }).check();
  await page.getByLabel("Accordion", { exact: true }).check();
  await brief.release();
  await expect(page.getByLabel("Tabs", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Accordion", { exact: true })).toBeChecked();
  await expect(page.getByText("2 of 2 chosen.")).toBeVisible();

  const library = await openBeforeScripts(page, "/admin/library", (p) => p.getByRole("heading", { name: "Library", exact: true }));
  await page.getByLabel("Type", { exact: true }).selectOption("blog");
  await library.release();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("blog");
  // The form is the article's: its fields, not the email's.
  await expect(page.getByLabel("Article HTML", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Article" })).toBeVisible();
});
