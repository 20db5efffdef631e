import { expect, test } from "@playwright/test";

test("sign in, create an API token, call the API with it, sign out", async ({ page, request }) => {
  await page.goto("/tokens");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftokens/);

  await page.getByLabel("Email").fill("e2e-admin@example.com");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("do not match");

  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();

  await page.getByLabel("Name").fill("playwright");
  await page.getByLabel("Lifetime").selectOption("24h");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("token-value").textContent())?.trim() ?? "";
  expect(token.split(".")).toHaveLength(3);
  await expect(page.getByRole("cell", { name: "playwright" })).toBeVisible();

  const me = await request.get("/api/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ success: true, user: { email: "e2e-admin@example.com", isAdmin: true } });

  // Shown once: a reload no longer shows the secret.
  await page.goto("/tokens");
  await expect(page.getByTestId("token-value")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/tokens");
  await expect(page).toHaveURL(/\/login/);
});

test("an admin grants credits on the admin page", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("e2e-admin@example.com");
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.goto("/admin");
  await page.getByLabel("Email").fill("grantee@example.com");
  await page.getByLabel("Password", { exact: true }).fill("grantee-password");
  await page.getByLabel("Credits", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText("Created grantee@example.com");
  await expect(page.getByTestId("credits-grantee@example.com")).toHaveText("3");
  await page.getByLabel("Credits for grantee@example.com").fill("7");
  await page
    .getByRole("row", { name: /grantee@example.com/ })
    .getByRole("button", { name: "Grant" })
    .click();
  await expect(page.getByRole("status")).toContainText("balance 10");
  await expect(page.getByTestId("credits-grantee@example.com")).toHaveText("10");
  await page.screenshot({ path: "test-results/app-screens/admin.png", fullPage: true });
});
