// Shared by the app specs: the e2e admin (e2e/serve.sh creates it), signing in, a token, waiting
// for a page as a person would (CONTRIBUTING.md, "How the browser specs wait"), and the guard that
// fails a test on any script or hydration error in its pages.
import { expect, test, type Page } from "@playwright/test";

export const ADMIN = { email: "e2e-admin@example.com", password: "e2e-password-123" };

/**
 * Resolves once the page's scripts have taken over: the root marks `<html data-hydrated>` in its
 * first effect. A click before that is the browser's own (a form posts natively), so a spec of what
 * the scripts do (a field checked before posting, focus moved, a dialog) waits for it after each
 * page load; nothing a person sees tells the two apart. A page without scripts (a context with
 * `javaScriptEnabled: false`, a page that is not the app's) has none to wait for.
 */
export async function hydrated(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "__remixContext" in window))) return;
  // A bound on a hang, not on speed: a loaded machine (or a throttled CPU) takes seconds to run a page's scripts.
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
}

/** Opens a page of the app and waits until its scripts have taken over. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Signs in (the admin unless `who` says otherwise) and waits until the browser shows `to` (default:
 * the builder). The address changes before the page is drawn, so a spec that went on at once could
 * type into the sign-in form: it waits for the header's Sign out button, which the sign-in page has
 * not, and for the page's scripts.
 */
export async function signIn(page: Page, to = "/builder", who: { email: string; password: string } = ADMIN): Promise<void> {
  await visit(page, `/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`), { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await hydrated(page);
}

/**
 * Has the admin create a user of its own (with `credits`), then signs that user in on the builder:
 * a spec that watches a balance must not share the admin's, which other specs spend.
 */
export async function signInAsNewUser(page: Page, prefix: string, credits = 5): Promise<{ email: string; password: string }> {
  const user = { email: `${prefix}-${Date.now()}@example.com`, password: `${prefix}-password-1` };
  await signIn(page, "/admin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Credits", { exact: true }).fill(String(credits));
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${user.email}`);
  await page.getByRole("button", { name: "Sign out" }).click();
  // The sign-out must land before the next navigation, or that navigation still carries the session
  // and /login sends it on to the builder: the sign-in page, as a person sees it.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await signIn(page, "/builder", user);
  return user;
}

/** Creates an API token on the tokens page and returns it. */
export async function createToken(page: Page, name: string): Promise<string> {
  await visit(page, "/tokens");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("token-value")).not.toBeEmpty();
  return ((await page.getByTestId("token-value").textContent()) ?? "").trim();
}

/**
 * Every page of the calling spec must hydrate and run without a script error (a server-only value
 * used in the browser, a hydration mismatch): collected for each test and checked after it.
 */
export function failOnScriptErrors(): void {
  const scriptErrors = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    const errors: string[] = [];
    scriptErrors.set(page, errors);
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat|did not match|server-rendered/i.test(m.text())) errors.push(m.text());
    });
  });
  test.afterEach(({ page }) => {
    expect(scriptErrors.get(page)).toEqual([]);
  });
}
