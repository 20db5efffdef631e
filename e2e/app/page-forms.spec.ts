// Page forms with and without JavaScript (docs/conventions.md, "Page forms"): a wrong field is
// marked aria-invalid and described by its error, shown next to it. With JavaScript the page checks
// before posting and the server's own refusals land on the same field; without, the server answers
// 400 with the page. Screenshot: artifacts/screenshots/page-forms-account-error.png.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, failOnScriptErrors, signIn, visit } from "./helpers";

failOnScriptErrors();

/** The post a click sends (without JavaScript, the page's own; with it, Remix's `.data` request). */
async function postedBy(page: Page, click: () => Promise<void>) {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), click()]);
  return response;
}

async function expectFieldError(page: Page, label: string, errorId: string, text: string | RegExp) {
  const control = page.getByLabel(label, { exact: true });
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAttribute("aria-describedby", new RegExp(`(^| )${errorId}( |$)`));
  await expect(page.locator(`#${errorId}`)).toHaveText(text);
}

async function withoutScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test.describe("sign-in", () => {
  test("with JavaScript: empty fields are marked before anything is posted; a wrong password is the form's alert", async ({ page }) => {
    let posts = 0;
    page.on("request", (r) => void (r.method() === "POST" && posts++));
    await visit(page, "/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectFieldError(page, "Email", "login-email-error", "Enter your email.");
    await expectFieldError(page, "Password", "login-password-error", "Enter your password.");
    await expect(page.getByLabel("Email")).toBeFocused();
    expect(posts).toBe(0);
    // Fixed as it is typed, before leaving the field.
    await page.getByLabel("Email").fill(ADMIN.email);
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#login-email-error")).toHaveCount(0);

    await page.getByLabel("Password").fill("not-the-password");
    const refused = await postedBy(page, () => page.getByRole("button", { name: "Sign in" }).click());
    expect(refused.status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("That email and password do not match an account.");
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);
  });

  test("without JavaScript: an address that is not one answers 400 with the error next to the field", async ({ browser }) => {
    const { context, page } = await withoutScript(browser);
    await page.goto("/login");
    await page.getByLabel("Email").fill("someone@localhost");
    await page.getByLabel("Password").fill("whatever-it-is");
    const res = await postedBy(page, () => page.getByRole("button", { name: "Sign in" }).click());
    expect(res.status()).toBe(400);
    await expectFieldError(page, "Email", "login-email-error", "Enter an email address, like name@example.com.");
    await expect(page.getByLabel("Email")).toHaveValue("someone@localhost");
    await expect(page.getByLabel("Password")).toHaveValue("");
    await context.close();
  });
});

test.describe("account: change your password", () => {
  test("with JavaScript: different new passwords are refused on the second one before posting", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, "/account");
    let posts = 0;
    page.on("request", (r) => void (r.method() === "POST" && posts++));
    await page.getByLabel("Current password").fill("e2e-password-wrong");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
    await page.getByLabel("New password again").fill("brand-new-password-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectFieldError(page, "New password again", "acc-confirm-error", "The two new passwords are not the same.");
    await expect(page.getByLabel("New password again")).toBeFocused();
    expect(posts).toBe(0);
    // A short one is told on leaving the field; its hint stays in its description, after the error.
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("New password again").focus();
    await expectFieldError(page, "New password", "acc-password-error", "Password must be at least 8 characters");
    await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute(
      "aria-describedby",
      "acc-password-error acc-password-description",
    );
    await page.screenshot({ path: "artifacts/screenshots/page-forms-account-error.png", fullPage: true });
    expect(posts).toBe(0);
  });

  test("without JavaScript: different new passwords answer 400 with the error next to the second one", async ({ browser }) => {
    const { context, page } = await withoutScript(browser);
    await signIn(page, "/account");
    await page.getByLabel("Current password").fill(ADMIN.password);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
    await page.getByLabel("New password again").fill("brand-new-password-2");
    const res = await postedBy(page, () => page.getByRole("button", { name: "Change password" }).click());
    expect(res.status()).toBe(400);
    await expectFieldError(page, "New password again", "acc-confirm-error", "The two new passwords are not the same.");
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await context.close();
  });
});

test.describe("tokens: create one", () => {
  test("with JavaScript: a token with no name is refused on the name before posting", async ({ page }) => {
    await signIn(page, "/tokens");
    let posts = 0;
    page.on("request", (r) => void (r.method() === "POST" && posts++));
    await page.getByRole("button", { name: "Create token" }).click();
    await expectFieldError(page, "Name", "new-token-name-error", "Give the token a name");
    expect(posts).toBe(0);
    await page.getByLabel("Name").fill("page-forms");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByTestId("token-value")).not.toBeEmpty();
    await expect(page.getByLabel("Name")).toHaveValue("");
  });

  test("without JavaScript: a blank name answers 400 with the error next to the field", async ({ browser }) => {
    const { context, page } = await withoutScript(browser);
    await signIn(page, "/tokens");
    await page.getByLabel("Name").fill("   ");
    const res = await postedBy(page, () => page.getByRole("button", { name: "Create token" }).click());
    expect(res.status()).toBe(400);
    await expectFieldError(page, "Name", "new-token-name-error", "Give the token a name");
    await context.close();
  });
});

test.describe("admin: add a user", () => {
  test("with JavaScript: a short password is refused before posting; a taken address comes back from the server on the email field", async ({
    page,
  }) => {
    await signIn(page, "/admin");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create user" }).click();
    await expectFieldError(page, "Password", "new-user-password-error", "Password must be at least 8 characters");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

    await page.getByLabel("Password", { exact: true }).fill("long-enough-password");
    const taken = await postedBy(page, () => page.getByRole("button", { name: "Create user" }).click());
    expect(taken.status()).toBe(409);
    await expectFieldError(page, "Email", "new-user-email-error", /already/);
    // The server sent no password back; the one typed is still in this browser's field.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("long-enough-password");
    await expect(page.getByLabel("Password", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  });
});
