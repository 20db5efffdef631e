// Links in a real browser: every link of a generated email goes somewhere real. A brand
// website is set on /brand, a brief with links and an https image (answered by the browser from a starter image the app serves) is written, a
// button's link is typed in the copy step (a bad one first: a field error), and the email is
// generated. In the preview every button and item leads to one of the brief's URLs or the website;
// then a test send is read from the outbox and each of its links resolves: the app's own (hosted
// copy, unsubscribe) answer 200, the others are the brief's or the profile's URLs.
import { expect, test, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { failOnScriptErrors, signIn, visit } from "./helpers";

const SHOTS = "artifacts/screenshots";
failOnScriptErrors();
// brand.spec.ts edits the same admin's profile: the same values here, so the two never disagree.
const WEBSITE = "https://bloom.example/";
const SALE = "https://bloom.example/sale";
const DRESSES = "https://bloom.example/dresses";
const SHOES = "https://bloom.example/shoes";

async function setBrand(page: Page, baseURL: string) {
  await visit(page, "/brand");
  await page.getByLabel("Sender name").fill("Bloom & Co");
  await page.getByLabel(/^From address/).fill("");
  await page.getByLabel(/^Reply-To address/).fill("hello@bloom.example");
  await page.getByLabel(/^Postal address/).fill("Bloom & Co\n12 Garden Row\nLeeds LS1 4AB");
  await page.getByLabel(/^Logo address/).fill(`${baseURL}/favicon.svg`);
  await page.getByLabel(/^Website address/).fill(WEBSITE);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
}

test("brand website + a brief with links → every button and item leads to a real destination, in the preview and in the sent message", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await setBrand(page, baseURL!);

  // Emails take https images only; this one is answered by the browser from a starter image the app
  // serves (no network here), for the preview and for the received email alike.
  const served = `${baseURL}/library/atlastrail-alta-via-536x320.png`;
  const png = await (await page.request.get(served)).body();
  const image = "https://images.bloom.example/spring-hero.png";
  await page.context().route(image, (route) => route.fulfill({ status: 200, contentType: "image/png", body: png }));
  const prompt =
    `Spring sale for Bloom & Co: tabs for Dresses ($49) ${DRESSES}, Shoes ($79) ${SHOES} and Bags ($59). ` +
    `20% off until May 3. Shop the sale: ${SALE}.`;
  const allowed = new Set([WEBSITE, SALE, DRESSES, SHOES]);

  await visit(page, "/builder");
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByLabel("Tabs", { exact: true }).check();
  await page.getByLabel(/Use the library/).setChecked(false, { force: true });
  await page.getByText("Images and saved sections").click();
  await page.locator('[name="images[0].name"]').fill("hero");
  await page.locator('[name="images[0].description"]').fill("Spring dresses on a rail in the shop window");
  await page.locator('[name="images[0].url"]').fill(image);
  await page.getByRole("button", { name: "Continue →" }).click();
  await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
  await page.getByRole("button", { name: "Write the copy →" }).click();
  await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();

  // A link without its scheme is refused next to the field; the words typed stay.
  const link = page.getByLabel("Section 1 link");
  await expect(link).toBeVisible();
  await page.getByLabel("Section 1 button").fill("Shop the sale");
  await link.fill("bloom.example/sale");
  await page.getByRole("button", { name: "Accept copy and generate" }).click();
  await expect(link).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await link.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-err"))!;
  await expect(page.locator(`[id="${errorId}"]`)).toContainText("https://");
  await expect(link).toHaveValue("bloom.example/sale");
  await page.screenshot({ path: `${SHOTS}/links-copy-error-1280.png`, fullPage: true });
  await link.fill(SALE);
  await page.getByRole("button", { name: "Accept copy and generate" }).click();
  await expect(page).toHaveURL(/\/builder\/v\/[0-9a-f-]{36}$/, { timeout: 120_000 });

  // The preview: each button and item link is the brief's or the website; the top link is the hosted copy.
  const desktop = page.frameLocator("[data-testid=preview-desktop]");
  await expect(desktop.locator(".kx-btn").first()).toBeVisible();
  const previewLinks = await desktop
    .locator("a[href]")
    .evaluateAll((as) =>
      as.map((a) => ({ href: a.getAttribute("href") ?? "", cls: a.getAttribute("class") ?? "", text: (a.textContent ?? "").trim() })),
    );
  expect(previewLinks.filter((l) => l.cls.includes("kx-btn")).length).toBeGreaterThan(0);
  for (const l of previewLinks) {
    if (l.cls.includes("kx-vib")) expect(l.href).toBe("{{VIB_URL}}");
    else if (l.cls.includes("kx-unsubscribe")) expect(l.href).toBe("{{UNSUBSCRIBE_URL}}");
    else expect(allowed, `${l.text} → ${l.href}`).toContain(l.href);
  }
  const hero = previewLinks.find((l) => l.text === "Shop the sale");
  expect(hero?.href).toBe(SALE);
  // The brief's image is in the email, shown, and leads where its section's button leads.
  const picture = desktop.locator(`img[src="${image}"]`).first();
  await expect(picture).toBeVisible();
  expect(allowed).toContain(await desktop.locator(`a:has(img[src="${image}"])`).first().getAttribute("href"));
  await page.getByTestId("preview-desktop").screenshot({ path: `${SHOTS}/links-preview-600.png` });
  await page.getByTestId("preview-mobile").screenshot({ path: `${SHOTS}/links-preview-360.png` });

  // A test send, read back from the outbox as a mail client would.
  await page.getByTestId("tab-ship").click();
  await page.getByLabel("Recipient").fill("links-reader@example.com");
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("send-result")).toContainText("Test sent to links-reader@example.com");
  const outboxHref = (await page.getByTestId("send-result").getByRole("link", { name: "See it in the outbox" }).getAttribute("href"))!;
  const raw = await page.request.get(`${outboxHref}/raw`);
  expect(raw.status()).toBe(200);
  const mail = await simpleParser(await raw.text());
  const received = String(mail.html);
  expect(received).not.toContain("{{");
  const hrefs = [...new Set(Array.from(received.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g), (m) => m[1].replace(/&amp;/g, "&")))];
  expect(hrefs.length).toBeGreaterThan(3);
  let appLinks = 0;
  for (const href of hrefs) {
    if (href.startsWith(baseURL!)) {
      appLinks++;
      // The hosted copy, the unsubscribe page (a GET only shows it) and any answer page answer 200.
      expect((await page.request.get(href)).status(), href).toBe(200);
    } else {
      expect(allowed, href).toContain(href);
    }
  }
  expect(appLinks).toBeGreaterThanOrEqual(2);

  // The received email at 600 and 360 px.
  for (const width of [600, 360]) {
    const reader = await browser.newPage({ viewport: { width, height: 900 } });
    await reader.route(image, (route) => route.fulfill({ status: 200, contentType: "image/png", body: png }));
    await reader.setContent(received);
    await reader.screenshot({ path: `${SHOTS}/links-received-${width}.png`, fullPage: true });
    await reader.close();
  }
});
