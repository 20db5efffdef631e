import { expect, test } from "@playwright/test";
import { signIn, visit } from "./helpers";

test("sign in, create an API token, call the API with it, sign out", async ({ page, request }) => {
  // Names of this run's own: the server may have served this spec before (--repeat-each).
  const tokenName = `playwright-${Date.now()}`;
  await visit(page, "/tokens");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftokens/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await page.getByLabel("Email").fill("e2e-admin@example.com");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("do not match");

  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();

  await page.getByLabel("Name").fill(tokenName);
  await page.getByLabel("Lifetime").selectOption("24h");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("token-value")).not.toBeEmpty();
  const token = (await page.getByTestId("token-value").textContent())?.trim() ?? "";
  expect(token.split(".")).toHaveLength(3);
  await expect(page.getByRole("cell", { name: tokenName })).toBeVisible();

  const me = await request.get("/api/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ success: true, user: { email: "e2e-admin@example.com", isAdmin: true } });

  // Shown once: a reload no longer shows the secret.
  await visit(page, "/tokens");
  await expect(page.getByRole("cell", { name: tokenName })).toBeVisible();
  await expect(page.getByTestId("token-value")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/tokens");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("an admin grants credits on the admin page", async ({ page }) => {
  const grantee = `grantee-${Date.now()}@example.com`;
  await signIn(page, "/admin");
  await page.getByLabel("Email").fill(grantee);
  await page.getByLabel("Password", { exact: true }).fill("grantee-password");
  await page.getByLabel("Credits", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${grantee}`);
  await expect(page.getByTestId(`credits-${grantee}`)).toHaveText("3");
  await page.getByLabel(`Credits for ${grantee}`).fill("7");
  await page.getByRole("row", { name: grantee }).getByRole("button", { name: "Grant" }).click();
  await expect(page.getByRole("status")).toContainText("balance 10");
  await expect(page.getByTestId(`credits-${grantee}`)).toHaveText("10");
  await page.screenshot({ path: "test-results/app-screens/admin.png", fullPage: true });
});
