// Account access: an admin sets a temporary password (the user's sessions end; they sign in with
// it), unlocks an account locked by failed sign-ins, and a user changes their own password (other
// sessions end, this one stays). Screenshots: artifacts/screenshots/account-*.png.
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { failOnScriptErrors, hydrated, signIn, visit } from "./helpers";

const SHOTS = "artifacts/screenshots";
// Every password check is a deliberate scrypt hash (hundreds of ms, more on a busy machine).
const expect = baseExpect.configure({ timeout: 30_000 });
failOnScriptErrors();

/** Tries a password; what follows (the builder, or the form's alert) is for the caller to wait for. */
async function signInAs(page: Page, email: string, password: string) {
  await visit(page, "/login?redirectTo=%2Fbuilder");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signed in: the builder, as a person sees it (its header offers to sign out). */
async function expectOnBuilder(page: Page) {
  await expect(page).toHaveURL(/\/builder$/);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

async function newUserPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("admin sets a temporary password and unlocks an account; the user changes their password", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `reader-${Date.now()}@example.com`;

  // The admin creates the account.
  await signIn(page, "/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first-password-1");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${email}`);

  // The user signs in in their own browser.
  const user = await newUserPage(browser);
  await signInAs(user, email, "first-password-1");
  await expectOnBuilder(user);

  // Admin → the user's page → temporary password.
  await page.getByRole("link", { name: email }).click();
  await expect(page.getByTestId("lock-state")).toContainText("Not locked");
  // The page checks the password's rules before posting (the service checks them again).
  await page.getByLabel(`New password for ${email}`).fill("short");
  await page.getByRole("button", { name: "Set temporary password" }).click();
  await expect(page.getByLabel(`New password for ${email}`)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(`New password for ${email}`)).toHaveAttribute(
    "aria-describedby",
    "temp-password-error temp-password-description",
  );
  await expect(page.locator("#temp-password-error")).toContainText("at least 8 characters");
  await page.getByLabel(`New password for ${email}`).fill("temporary-pass-9");
  await page.getByRole("button", { name: "Set temporary password" }).click();
  await expect(page.getByRole("status")).toContainText(`Temporary password set for ${email}`);
  await expect(page.getByRole("status")).toContainText("signed out of 1 session");
  await expect(page.locator("#access-result")).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/account-admin-temporary-password.png`, fullPage: true });

  // The user's session has ended; the old password no longer works, the temporary one does.
  await user.goto("/builder");
  await expect(user).toHaveURL(/\/login/);
  await signInAs(user, email, "first-password-1");
  await expect(user.getByRole("alert")).toContainText("do not match", { timeout: 30_000 });
  await signInAs(user, email, "temporary-pass-9");
  await expectOnBuilder(user);

  // Locked out by failed sign-ins (in another browser), then unlocked by the admin.
  const guesser = await newUserPage(browser);
  for (let i = 0; i < 5; i++) {
    await signInAs(guesser, email, `wrong-guess-${i}`);
    await expect(guesser.getByRole("alert")).toBeVisible({ timeout: 30_000 });
  }
  await signInAs(guesser, email, "temporary-pass-9");
  await expect(guesser.getByRole("alert")).toContainText("locked", { timeout: 30_000 });
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("lock-state")).toContainText("Locked");
  await page.screenshot({ path: `${SHOTS}/account-admin-locked.png`, fullPage: true });
  await page.getByTestId("unlock").click();
  await expect(page.getByRole("status")).toContainText(`${email} is unlocked`);
  await expect(page.locator("#access-result")).toBeFocused();
  await expect(page.getByTestId("lock-state")).toContainText("Not locked");
  await signInAs(guesser, email, "temporary-pass-9");
  await expectOnBuilder(guesser);

  // The user changes their password from the Account page (linked in the header).
  await user.setViewportSize({ width: 1280, height: 900 });
  await user.getByRole("link", { name: "Account" }).click();
  await expect(user).toHaveURL(/\/account$/);
  await expect(user.getByRole("heading", { level: 1 })).toHaveText(email);
  await user.getByLabel("Current password").fill("not-my-password");
  await user.getByLabel("New password", { exact: true }).fill("my-own-password-7");
  await user.getByLabel("New password again").fill("my-own-password-7");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });
  await expect(user.locator("#acc-current-error")).toContainText("not your current password");
  await expect(user.getByLabel("Current password")).toBeFocused();
  await user.screenshot({ path: `${SHOTS}/account-change-password-error.png`, fullPage: true });

  await user.getByLabel("Current password").fill("temporary-pass-9");
  await user.getByLabel("New password", { exact: true }).fill("my-own-password-7");
  await user.getByLabel("New password again").fill("my-own-password-8");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user.getByLabel("New password again")).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });

  await user.getByLabel("Current password").fill("temporary-pass-9");
  await user.getByLabel("New password", { exact: true }).fill("my-own-password-7");
  await user.getByLabel("New password again").fill("my-own-password-7");
  await user.getByRole("button", { name: "Change password" }).click();
  await expect(user.getByTestId("account-result")).toContainText("Your password is changed", { timeout: 30_000 });
  await expect(user.getByTestId("account-result")).toContainText("One other session was signed out");
  await expect(user.getByTestId("account-result")).toBeFocused();
  await user.screenshot({ path: `${SHOTS}/account-change-password-done.png`, fullPage: true });

  // The other browser is signed out; this one is still signed in; the new password works.
  await guesser.goto("/builder");
  await expect(guesser).toHaveURL(/\/login/);
  await visit(user, "/account");
  await expect(user.getByRole("heading", { level: 1 })).toHaveText(email);
  await signInAs(guesser, email, "my-own-password-7");
  await expectOnBuilder(guesser);
});

test("the account page works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, "/account");
  await page.getByLabel("Current password").fill("wrong-password-0");
  await page.getByLabel("New password", { exact: true }).fill("another-password-1");
  await page.getByLabel("New password again").fill("another-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account#acc-result$/);
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-describedby", /current-error/);
  await context.close();
});
