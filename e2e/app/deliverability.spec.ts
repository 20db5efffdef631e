import { expect, test, type Page } from "@playwright/test";
import { createToken, failOnScriptErrors, signIn, visit } from "./helpers";

failOnScriptErrors();

async function send(page: Page, token: string, to: string) {
  const res = await page.request.post("/api/send-email-esp", {
    headers: { Authorization: `Bearer ${token}` },
    data: { to, subject: "Deliverability check", html: "<p>Hello {{RECIPIENT_EMAIL}}</p>" },
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

test("an admin suppresses an address (sends refused), reads its state, lifts it after confirming (sends accepted again)", async ({
  page,
}) => {
  await signIn(page, "/tokens");
  const token = await createToken(page, "deliverability-e2e");
  const address = `Suppress.Me.${Date.now()}@Example.com`;
  const email = address.toLowerCase();
  expect((await send(page, token, email)).status).toBe(200);

  await visit(page, "/admin/deliverability/suppressions");
  await expect(page.getByRole("heading", { name: "Deliverability", level: 1 })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a suppression" });
  await add.getByLabel("Email address").fill(address);
  await add.getByLabel("Reason").selectOption("manual");
  await add.getByRole("button", { name: "Suppress address" }).click();
  await expect(page.getByRole("status")).toContainText(`${email} is suppressed permanently`);
  const row = page.getByTestId(`suppression-${email}`);
  await expect(row).toContainText("Manual");
  await expect(row).toContainText("Permanent");
  await expect(row).toContainText("Admin e2e-admin@example.com");
  // The form is empty again for the next address.
  await expect(add.getByLabel("Email address")).toHaveValue("");

  const refused = await send(page, token, email);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ success: false, error: "Recipient suppressed", reason: "suppressed", suppression: "manual" });
  expect(refused.body.retry_after).toBeUndefined();

  // The search finds it; a filter that excludes it says so.
  await page.getByLabel("Address contains").fill("suppress.me");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=suppress\.me/);
  await expect(row).toBeVisible();
  await page.getByLabel("Reason", { exact: true }).last().selectOption("hard_bounce");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No suppression matches these filters")).toBeVisible();
  await page.getByRole("link", { name: "Clear", exact: true }).click();

  // The recipient's page: state in the machine, the entry, no bounces yet.
  await page.getByTestId(`suppression-${email}`).getByRole("link", { name: email, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/deliverability\/recipient\?email=/);
  await expect(page.getByRole("heading", { name: email })).toBeVisible();
  await expect(page.getByTestId("recipient-state")).toHaveText("Suppressed");
  await expect(page.getByTestId("send-verdict")).toContainText("Sends are refused (manual) permanently");
  await expect(page.getByTestId("machine-state")).toContainText("Temporary failures in a row");
  await expect(page.getByTestId("suppression-entry")).toContainText("Manual");
  await expect(page.getByText("No bounces logged")).toBeVisible();

  // Lift from the list: the dialog asks first; Cancel changes nothing.
  await page.getByRole("link", { name: "Suppressions" }).click();
  // The recipient page has a "Lift…" link of the same name: wait until the list has replaced it.
  await expect(page).toHaveURL(/\/admin\/deliverability\/suppressions/);
  await expect(page.getByTestId(`suppression-${email}`)).toBeVisible();
  const lift = page.getByRole("link", { name: `Lift the suppression of ${email}` });
  await lift.click();
  const dialog = page.getByRole("dialog", { name: `Lift the suppression of ${email}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Manual · permanent");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(lift).toBeFocused();
  expect((await send(page, token, email)).status).toBe(400);

  await lift.click();
  await dialog.getByRole("button", { name: "Lift suppression" }).click();
  await expect(page).toHaveURL(/\/admin\/deliverability\/suppressions\?lifted=/);
  await expect(page.getByRole("status")).toContainText(`Lifted the suppression of ${email}. The send endpoint accepts it again.`);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`suppression-${email}`)).toHaveCount(0);

  const accepted = await send(page, token, email);
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ success: true });

  await page.getByRole("textbox", { name: "Look up a recipient" }).fill(email);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("recipient-state")).toHaveText("Deliverable");
  await expect(page.getByTestId("send-verdict")).toContainText("Sends are accepted.");
});

test("a timed suppression answers retry_after with its end date", async ({ page }) => {
  await signIn(page, "/tokens");
  const token = await createToken(page, "deliverability-timed");
  const email = `timed-${Date.now()}@example.com`;
  const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await visit(page, "/admin/deliverability/suppressions");
  const add = page.getByRole("form", { name: "Add a suppression" });
  await add.getByLabel("Email address").fill(email);
  await add.getByLabel("Reason").selectOption("unsubscribe");
  await add.getByLabel("Until (optional)").fill(end);
  await add.getByRole("button", { name: "Suppress address" }).click();
  await expect(page.getByRole("status")).toContainText(`${email} is suppressed until`);
  await expect(page.getByTestId(`suppression-${email}`)).toContainText("Unsubscribed");
  await expect(page.getByTestId(`suppression-${email}`)).toContainText("in 9 days");
  const refused = await send(page, token, email);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ error: "Recipient suppressed", suppression: "unsubscribe", retry_after: `${end}T00:00:00.000Z` });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("suppressing and lifting work as plain forms, the lift through its confirmation page", async ({ page }) => {
    await signIn(page, "/admin/deliverability/suppressions");
    const email = `nojs-${Date.now()}@example.com`;
    const add = page.getByRole("form", { name: "Add a suppression" });
    await add.getByLabel("Email address").fill(email);
    await add.getByRole("button", { name: "Suppress address" }).click();
    await expect(page.getByRole("status")).toContainText(`${email} is suppressed permanently`);

    await page.getByRole("link", { name: `Lift the suppression of ${email}` }).click();
    await expect(page).toHaveURL(/\/admin\/deliverability\/lift\?email=/);
    const confirm = page.getByTestId("lift-confirm");
    await expect(confirm.getByRole("heading", { name: `Lift the suppression of ${email}?` })).toBeVisible();
    await expect(confirm).toContainText("The send endpoint accepts this address again");
    await confirm.getByRole("button", { name: "Lift suppression" }).click();
    await expect(page).toHaveURL(/\/admin\/deliverability\/suppressions\?lifted=/);
    await expect(page.getByRole("status")).toContainText(`Lifted the suppression of ${email}.`);
    await expect(page.getByTestId(`suppression-${email}`)).toHaveCount(0);
  });
});

test("the overview and alerts pages say what to do when there is nothing yet; screenshots", async ({ page }) => {
  await signIn(page, "/admin/deliverability");
  await expect(page.getByRole("navigation", { name: "Deliverability sections" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("Nothing needs attention")).toBeVisible();
  await expect(page.getByText(/No delivery events in the last 14 days/)).toBeVisible();
  await page.getByRole("link", { name: "Alerts", exact: true }).click();
  await expect(page.getByText("No alerts yet")).toBeVisible();

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    for (const [name, path] of [
      ["deliverability", "/admin/deliverability"],
      ["suppressions", "/admin/deliverability/suppressions"],
      ["events", "/admin/deliverability/events"],
    ]) {
      await visit(page, path);
      await expect(page.getByRole("heading", { name: "Deliverability", level: 1 })).toBeVisible();
      await page.screenshot({ path: `artifacts/screenshots/e2e-${name}-${width}.png`, fullPage: true });
    }
  }
});
