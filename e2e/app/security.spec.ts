import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("an admin makes a user an admin and takes it back; every form carries the session's CSRF token", async ({ page }) => {
  // An address of this run's own: the server may have served this spec before (--repeat-each).
  const toggled = `toggled-${Date.now()}@example.com`;
  await signIn(page, "/admin");
  await page.getByLabel("Email").fill(toggled);
  await page.getByLabel("Password", { exact: true }).fill("toggled-password");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${toggled}`);
  const row = page.getByRole("row", { name: toggled });
  await row.getByRole("button", { name: "Make admin" }).click();
  await expect(page.getByRole("status")).toContainText(`${toggled} is now an admin`);
  await expect(row.locator(".pill")).toHaveText("admin");
  await row.getByRole("button", { name: "Remove admin" }).click();
  await expect(page.getByRole("status")).toContainText(`${toggled} is no longer an admin`);

  const tokens = await page
    .locator('form[method="post"] input[name="_csrf"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(tokens.length).toBeGreaterThan(3);
  expect(new Set(tokens).size).toBe(1);
});

test("another site cannot frame the pages", async ({ page, baseURL }) => {
  // A page that is not ours embeds the sign-in page and, as a control, /vib (email HTML, which may be framed).
  const frame = (id: string, src: string) => `<iframe id="${id}" src="${baseURL}${src}" onload="this.dataset.loaded = 'yes'"></iframe>`;
  await page.setContent(frame("login", "/login") + frame("vib", "/vib/no-such-send"));
  await expect(page.locator("#vib")).toHaveAttribute("data-loaded", "yes");
  await expect(page.frameLocator("#vib").getByRole("heading", { name: "Email not found" })).toBeVisible();
  await expect(page.locator("#login")).toHaveAttribute("data-loaded", "yes");
  await expect(page.frameLocator("#login").getByRole("button", { name: "Sign in" })).toHaveCount(0);
});

test("opened at another address than BASE_URL, the pages work and say where email links point", async ({ page, baseURL }) => {
  // The server's BASE_URL is http://127.0.0.1:PORT; localhost is the same server under another origin.
  const elsewhere = baseURL!.replace("127.0.0.1", "localhost");
  await page.goto(`${elsewhere}/login`);
  await expect(page.getByTestId("wrong-origin")).toContainText(`This app is set up for ${baseURL}`);
  await page.getByLabel("Email").fill("e2e-admin@example.com");
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  // A third origin is still refused.
  const res = await page.request.post(`${elsewhere}/login`, {
    headers: { Origin: "https://evil.example" },
    form: { email: "x@example.com", password: "y" },
  });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("was sent from https://evil.example");
});
