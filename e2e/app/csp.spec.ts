import { expect, test, type Page } from "@playwright/test";
import { failOnScriptErrors, signIn } from "./helpers";

// Every page carries `script-src 'nonce-…' 'strict-dynamic'` (app/entry.server.tsx): Remix's own
// scripts carry the nonce and load the rest, and nothing else runs.

/** Records the page's CSP violations from the first script on (an init script is not subject to the policy). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test.describe("with the policy in force", () => {
  failOnScriptErrors();

  test("the pages hydrate and run under the script policy: sign in, client-side navigation, a builder step", async ({ page }) => {
    await watchViolations(page);
    const policies: string[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "document") policies.push(res.headers()["content-security-policy"] ?? "");
    });

    await signIn(page);
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies)
      expect(policy).toMatch(
        /^script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'$/,
      );

    // A client-side navigation keeps the window (a marker set now survives): the router and the
    // route modules it imports ran.
    await page.evaluate(() => ((window as unknown as { __sameWindow: boolean }).__sameWindow = true));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/builder\/history$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Builder" }).click();
    await expect(page).toHaveURL(/\/builder$/);
    expect(await page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow)).toBe(true);

    // The copy step is a fetcher: only hydrated JavaScript shows its result in place.
    await page.getByLabel("Prompt").fill("Spring sale for Bloom & Co: tabs for Dresses, Shoes and Bags, 20% off until May 3");
    await page.getByLabel("Tabs", { exact: true }).check();
    await page.getByRole("button", { name: "Continue →" }).click();
    await expect(page.getByRole("heading", { name: "What Kinetic understood" })).toBeVisible();
    await page.getByRole("button", { name: "Write the copy →" }).click();
    await expect(page.getByRole("heading", { name: "Review the copy" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow)).toBe(true);

    expect(await violations(page)).toEqual([]);
  });
});

// Injected markup also breaks React's hydration of that page (expected), so script errors are not checked here.
test("an inline script injected into a page, or an injected event handler, does not run", async ({ page }) => {
  await watchViolations(page);
  // As stored XSS would: markup in the server's HTML that the page did not mean to carry. The
  // response keeps its own headers, so its policy (and nonce) is the server's.
  let served = false;
  await page.route("**/login", async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace("<body>", "<body><script>window.__injectedScript = true</script>");
    served = html.includes("__injectedScript") && /'nonce-/.test(res.headers()["content-security-policy"] ?? "");
    await route.fulfill({ response: res, body: html });
  });
  await page.goto("/login");
  expect(served).toBe(true);
  // The page's own scripts still run: the sign-in form is hydrated (React attached its handlers).
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter))).toBe(true);

  // As DOM XSS would: markup with a handler put into the page by innerHTML.
  await page.evaluate(() => {
    const holder = document.createElement("div");
    holder.innerHTML = '<img src="data:," onerror="window.__injectedHandler = true" onload="window.__injectedHandler = true">';
    document.body.append(holder);
  });
  await expect.poll(async () => (await violations(page)).length).toBeGreaterThanOrEqual(2);
  const state = await page.evaluate(() => {
    const w = window as unknown as { __injectedScript?: boolean; __injectedHandler?: boolean };
    return { script: w.__injectedScript ?? false, handler: w.__injectedHandler ?? false };
  });
  expect(state).toEqual({ script: false, handler: false });
  const seen = await violations(page);
  expect(seen).toContain("script-src-elem inline");
  expect(seen).toContain("script-src-attr inline");
});
