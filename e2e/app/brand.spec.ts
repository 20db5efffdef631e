// The brand profile as a user meets it: set it on /brand (a From on a domain the deployment may not
// send from is refused with a field error), send a test from the builder, and find the branded
// From and footer in the admin outbox's raw message; the email's unsubscribe page shows the brand,
// its logo allowed by the page's policy, and its Unsubscribe button works.
import { expect, test } from "@playwright/test";
import { failOnScriptErrors, signIn, visit } from "./helpers";

const SHOTS = "artifacts/screenshots";
failOnScriptErrors();
// Both tests sign in as the same admin and edit the same profile: one at a time.
test.describe.configure({ mode: "serial" });

test("brand profile → test send → branded From and footer in the raw message → branded unsubscribe page", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);

  // The header links to the brand page.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brand" }).click();
  await expect(page.getByRole("heading", { name: "Brand and sender" })).toBeVisible();
  await page.getByLabel("Sender name").fill("Bloom & Co");
  await page.getByLabel(/^From address/).fill("news@bloom.example");
  await page.getByLabel(/^Reply-To address/).fill("hello@bloom.example");
  await page.getByLabel(/^Postal address/).fill("Bloom & Co\n12 Garden Row\nLeeds LS1 4AB");
  // A logo the app itself serves (no network here).
  await page.getByLabel(/^Logo address/).fill(`${baseURL}/favicon.svg`);
  await page.getByLabel(/^Website address/).fill("https://bloom.example/");
  await page.getByRole("button", { name: "Save" }).click();

  // bloom.example is not a domain this deployment may send from: the field says so.
  const from = page.getByLabel(/^From address/);
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#brand-fromAddress-error")).toContainText("which this deployment may not send from");
  await expect(from).toHaveAttribute("aria-describedby", "brand-fromAddress-error brand-fromAddress-description");
  await page.screenshot({ path: `${SHOTS}/brand-page-error-1280.png`, fullPage: true });

  // Leave it empty: the deployment's address under the brand's name.
  await from.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved. Your next emails use this sender.");
  await expect(page.getByText(/Until you save it/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/brand-page-1280.png`, fullPage: true });

  // A test send from the builder.
  await visit(page, "/builder");
  await page
    .getByLabel("Prompt")
    .fill("Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off until May 3");
  await page.getByLabel(/Use the library/).setChecked(false, { force: true });
  await page.getByRole("button", { name: "Generate directly" }).click();
  await expect(page).toHaveURL(/\/builder\/v\/[^/?]+/, { timeout: 60_000 });
  await expect(page.getByTestId("version-subject")).toBeVisible();
  // The preview shows the author's own footer, not a placeholder.
  const preview = page.frameLocator("iframe").first();
  await expect(preview.locator(".kx-sender")).toHaveText("Bloom & Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/");
  await page.getByTestId("tab-ship").click();
  await page.getByLabel("Recipient").fill("brand-reader@example.com");
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("send-result")).toContainText("Test sent to brand-reader@example.com");
  const outboxHref = (await page.getByTestId("send-result").getByRole("link", { name: "See it in the outbox" }).getAttribute("href"))!;

  // The admin outbox: the From header and the footer, then the raw message itself.
  await visit(page, outboxHref);
  await expect(page.getByTestId("from-header")).toHaveText(/^"Bloom & Co" <no-reply@kinetic\.local>$/);
  await expect(page.frameLocator("[data-testid=email-frame]").locator(".kx-sender")).toHaveText(
    "Bloom & Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/",
  );
  await page.screenshot({ path: `${SHOTS}/brand-outbox-1280.png`, fullPage: true });
  const footer = page.frameLocator("[data-testid=email-frame]").locator(".kx-footer");
  await footer.scrollIntoViewIfNeeded();
  await footer.screenshot({ path: `${SHOTS}/brand-outbox-footer-1280.png` });
  const rawRes = await page.request.get(`${outboxHref}/raw`);
  expect(rawRes.status()).toBe(200);
  const raw = await rawRes.text();
  expect(raw).toMatch(/^From: "Bloom & Co" <no-reply@kinetic\.local>\r$/m);
  expect(raw).toMatch(/^Reply-To: hello@bloom\.example\r$/m);
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  // The parts are quoted-printable: undo soft line breaks and =XX escapes to read the footer.
  const decoded = Buffer.from(
    raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
  expect(decoded).toContain(`<p class="kx-muted kx-sender"`);
  expect(decoded).toContain("Bloom &amp; Co, 12 Garden Row, Leeds LS1 4AB https://bloom.example/</p>");
  expect(raw).not.toContain("{{SENDER_");

  // The unsubscribe page of that email shows the brand, not the deployment.
  const unfolded = raw.replace(/\r\n[ \t]+/g, " ");
  const unsubscribe = /^List-Unsubscribe: .*<(http[^>]+)>\r$/m.exec(unfolded)![1];
  await page.goto(unsubscribe);
  await expect(page).toHaveTitle("Unsubscribe · Bloom & Co");
  await expect(page.locator("header")).toContainText("Bloom & Co");
  await expect(page.locator("header img")).toHaveAttribute("src", `${baseURL}/favicon.svg`);
  expect(await page.locator("header img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/brand-unsubscribe-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: `${SHOTS}/brand-unsubscribe-390.png`, fullPage: true });

  // The page's policy allows the logo's site and nothing that stops its form: the button unsubscribes.
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|sandbox/i.test(m.text())) violations.push(m.text());
  });
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page).toHaveTitle("You're unsubscribed · Bloom & Co");
  await expect(page.getByRole("status")).toContainText(
    "brand-reader@example.com will not receive emails sent through this service any more",
  );
  await expect(page.locator("header img")).toHaveAttribute("src", `${baseURL}/favicon.svg`);
  expect(violations).toEqual([]);
});

test("the brand page refuses a logo address whose host a page's policy could not name", async ({ page }) => {
  await signIn(page, "/brand");
  await page.getByLabel("Sender name").fill("Bloom & Co");
  await page.getByLabel(/^Logo address/).fill("https://cdn.bloom.example;sandbox/logo.png");
  await page.getByRole("button", { name: "Save" }).click();
  const logo = page.getByLabel(/^Logo address/);
  await expect(logo).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#brand-logoUrl-error")).toContainText("must name its site with letters, digits, hyphens and dots only");
  await expect(page.getByText("Saved. Your next emails use this sender.")).toHaveCount(0);
});

test("the brand page saves without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, "/brand");
  await page.getByLabel("Sender name").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Sender name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#brand-senderName-error")).toHaveText("Enter the sender name your recipients will see.");
  await page.getByLabel("Sender name").fill("Bloom Garden Shop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. Your next emails use this sender.")).toBeVisible();
  await context.close();
});
