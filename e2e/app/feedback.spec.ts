import { expect, test } from "@playwright/test";
import { createToken, failOnScriptErrors, signIn, visit } from "./helpers";

failOnScriptErrors();

test("feedback submitted through the API is listed, filtered by rating and retrieval (linkable), and counted", async ({ page }) => {
  await signIn(page, "/tokens");
  const token = await createToken(page, "feedback-e2e");
  const tag = `fb-${Date.now()}`;
  const entries = [
    {
      prompt: `${tag} Spring sale tabs for Bloom & Co`,
      rating: "up",
      ragUsed: true,
      ragExamplesCount: 4,
      comment: "Tabs worked in Apple Mail",
    },
    { prompt: `${tag} Newsletter accordion of races`, rating: 5, ragUsed: true, ragExamplesCount: 3 },
    {
      prompt: `${tag} Carousel launch for a thermostat`,
      rating: "down",
      ragUsed: false,
      ragExamplesCount: 0,
      comment: "Carousel clipped on mobile",
    },
    { prompt: `${tag} Survey after a support ticket`, rating: "3", ragUsed: false, ragExamplesCount: 0 },
  ];
  for (const e of entries) {
    const res = await page.request.post("/api/admin/submit-feedback", { headers: { Authorization: `Bearer ${token}` }, data: e });
    expect(res.status()).toBe(200);
  }

  await visit(page, "/admin/feedback");
  await expect(page.getByRole("heading", { name: "Feedback", level: 1 })).toBeVisible();
  const table = page.getByTestId("feedback");
  for (const e of entries) await expect(table).toContainText(e.prompt);
  const first = table.getByRole("row", { name: new RegExp(`${tag} Spring sale`) });
  await expect(first).toContainText("Thumbs up");
  await expect(first).toContainText("Tabs worked in Apple Mail");
  await expect(first).toContainText("4 examples");
  await expect(first).toContainText("e2e-admin@example.com");

  // Counts over everything (this server's feedback is ours, but other specs may add some: compare with the API).
  const api = (await (
    await page.request.get("/api/admin/submit-feedback?limit=500", { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    aggregates: { overall: { count: number; positive: number; positiveShare: number }; withRag: { count: number } };
    items: Array<{ rating: string }>;
  };
  await expect(page.getByTestId("stat-total")).toContainText(String(api.aggregates.overall.count));
  await expect(page.getByTestId("stat-positive")).toContainText(`${Math.round(api.aggregates.overall.positiveShare * 100)}%`);
  await expect(page.getByTestId("stat-with-rag")).toContainText(`of ${api.aggregates.withRag.count} rating`);
  const downs = api.items.filter((i) => i.rating === "down").length;
  await expect(page.getByTestId("rating-down")).toHaveText(new RegExp(`Thumbs down\\s*${downs}$`));

  // Filters are GET parameters: the form, then the same view from a link.
  await page.getByLabel("Rating", { exact: true }).selectOption("positive");
  await page.getByLabel("Retrieval", { exact: true }).selectOption("yes");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\/feedback\?rating=positive&rag=yes$/);
  await expect(table).toContainText(`${tag} Spring sale`);
  await expect(table).toContainText(`${tag} Newsletter`);
  await expect(table).not.toContainText(`${tag} Carousel`);
  await expect(table).not.toContainText(`${tag} Survey`);
  await expect(page.getByTestId("feedback-matching")).toContainText("match of");

  await visit(page, "/admin/feedback?rating=down&rag=no");
  await expect(page.getByLabel("Rating", { exact: true })).toHaveValue("down");
  await expect(page.getByLabel("Retrieval", { exact: true })).toHaveValue("no");
  await expect(table).toContainText(`${tag} Carousel`);
  await expect(table).not.toContainText(`${tag} Spring sale`);

  await visit(page, "/admin/feedback?rating=1&rag=yes");
  await expect(page.getByText("No rating matches these filters")).toBeVisible();
  await page.getByRole("link", { name: "Clear the filters" }).click();
  await expect(page).toHaveURL(/\/admin\/feedback$/);
  // A rating's bar links to its filter.
  await page.getByTestId("rating-3").click();
  await expect(page).toHaveURL(/rating=3/);
  await expect(table).toContainText(`${tag} Survey`);
  await expect(table).not.toContainText(`${tag} Spring sale`);

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await visit(page, "/admin/feedback");
    await expect(page.getByRole("heading", { name: "Feedback", level: 1 })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/e2e-feedback-${width}.png`, fullPage: true });
  }
});

test("a user's credit ledger shows a grant made on the Admin page", async ({ page }) => {
  await signIn(page, "/admin");
  const email = `ledger-${Date.now()}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("ledger-password");
  await page.getByLabel("Credits", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${email}`);
  const row = page.getByRole("row", { name: new RegExp(email) });
  await row.getByLabel(`Credits for ${email}`).fill("12");
  await row.getByRole("button", { name: "Grant" }).click();
  await expect(page.getByRole("status")).toContainText(`Granted 12 credits to ${email}; balance 17.`);

  // The user's email in the table opens the ledger.
  await row.getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { name: email, level: 1 })).toBeVisible();
  await expect(page.getByTestId("stat-balance")).toContainText("17");
  await expect(page.getByTestId("stat-granted")).toContainText("5 to start, 12 granted");
  const ledger = page.getByTestId("ledger");
  const rows = ledger.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Grant");
  await expect(rows.nth(0)).toContainText("+12");
  await expect(rows.nth(0)).toContainText("17");
  await expect(rows.nth(0)).toContainText("By e2e-admin@example.com");
  await expect(rows.nth(1)).toContainText("Starting credits");
  await expect(rows.nth(1)).toContainText("+5");

  await visit(page, "/admin/users/00000000-0000-0000-0000-000000000000");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await visit(page, `/admin/users/${id}`);
    await expect(page.getByRole("heading", { name: email, level: 1 })).toBeVisible();
    await page.screenshot({ path: `artifacts/screenshots/e2e-user-${width}.png`, fullPage: true });
  }
});
