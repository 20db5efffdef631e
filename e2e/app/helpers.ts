// Shared by the app specs: the e2e admin (e2e/serve.sh creates it), signing in, a token, and the
// guard that fails a test on any script or hydration error in its pages.
import { expect, test, type Page } from "@playwright/test";

export const ADMIN = { email: "e2e-admin@example.com", password: "e2e-password-123" };

/** Signs the admin in and waits until the browser has landed on `to` (default: the builder). */
export async function signIn(page: Page, to = "/builder"): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`));
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
  // and /login sends it on to the builder.
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/login?redirectTo=%2Fbuilder");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/builder$/, { timeout: 30_000 });
  return user;
}

/** Creates an API token on the tokens page and returns it. */
export async function createToken(page: Page, name: string): Promise<string> {
  await page.goto("/tokens");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
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
