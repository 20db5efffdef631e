import { expect, test } from "@playwright/test";
import { createToken, signIn, visit } from "./helpers";

test("an email sent through the API shows up in the admin outbox, sandboxed, with its .eml", async ({ page }) => {
  await signIn(page, "/tokens");
  const token = await createToken(page, "outbox-e2e");

  const subject = `Outbox check ${Date.now()}`;
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${subject}</title></head><body style="margin:0;font-family:Arial,sans-serif"><div class="kx-preheader" style="display:none">A preview</div><table role="presentation" width="100%"><tr><td style="padding:24px"><h1 style="color:#1f2937">Spring collection</h1><p>Hello {{RECIPIENT_EMAIL}}, this is the outbox end-to-end check.</p><p><a href="{{VIB_URL}}">View in browser</a> · <a href="{{UNSUBSCRIBE_URL}}">Unsubscribe</a></p><script>document.body.dataset.ran = "yes"</script></td></tr></table></body></html>`;
  const sent = await page.request.post("/api/send-email-esp", {
    headers: { Authorization: `Bearer ${token}` },
    data: { to: "reader@example.com", subject, html, from: "spoof@bank.example" },
  });
  expect(sent.status()).toBe(200);
  const { sendId } = (await sent.json()) as { sendId: string };

  await visit(page, "/admin/outbox");
  const row = page.getByTestId(`send-${sendId}`);
  await expect(row).toContainText("reader@example.com");
  await expect(row).toContainText("sent");
  await row.getByRole("link", { name: subject }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/outbox/${sendId}$`));
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  await expect(page.getByTestId("headers")).toContainText("List-Unsubscribe-Post");
  await expect(page.getByTestId("headers")).toContainText(`<${sendId}@`);
  await expect(page.getByTestId("headers")).not.toContainText("spoof@bank.example");

  const frame = page.getByTestId("email-frame");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame).toHaveAttribute("src", `/vib/${sendId}`);
  const email = page.frameLocator('[data-testid="email-frame"]');
  await expect(email.getByRole("heading", { name: "Spring collection" })).toBeVisible();
  await expect(email.getByText("Hello reader@example.com")).toBeVisible();
  await expect(email.getByText("Sent to you by")).toBeVisible();
  // The email's script never ran: the iframe is sandboxed and /vib sends CSP sandbox.
  await expect(email.locator("body")).not.toHaveAttribute("data-ran", "yes");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-eml").click()]);
  expect(download.suggestedFilename()).toBe(`${sendId}.eml`);
  const fs = await import("node:fs/promises");
  const eml = await fs.readFile(await download.path(), "utf8");
  expect(eml).toContain(`Subject: ${subject}`);
  expect(eml).toContain("Content-Type: multipart/alternative");
  const api = await page.request.get(`/api/admin/sends/${sendId}/raw`, { headers: { Authorization: `Bearer ${token}` } });
  expect(api.headers()["content-type"]).toBe("message/rfc822");
  expect(await api.text()).toBe(eml);

  await page.screenshot({ path: "test-results/app-screens/outbox.png", fullPage: true });
});
